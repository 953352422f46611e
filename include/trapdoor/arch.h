/* SPDX-License-Identifier: MIT */
/*
 * The per-architecture contract (DESIGN.md §3): the only functions common code
 * may call into arch/<arch>/. Every architecture defines every one of them,
 * under these names; the inline ones live in arch/<arch>/include/asm/.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_ARCH_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_ARCH_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>
#include <asm/ptrace.h>		/* struct pt_regs, instruction_pointer(), user_mode() */
#include <asm/processor.h>	/* current_stack_pointer(), arch_undefined_instruction() */

/*
 * The stack pointer's alignment at every C call, as the ABI promises it:
 * 16 bytes on x86_64, arm64, riscv, powerpc64 and loongarch64; the s390x ELF
 * ABI promises only 8, and its asm/processor.h says so. The kernel-stack
 * offset (a multiple of 16) then randomises SP[9:4] on every one of them.
 */
#ifndef KSTACK_ALIGN
#define KSTACK_ALIGN 16
#endif

/*
 * Boot. head.S reaches start_kernel() with a stack, a cleared bss and the
 * firmware's handoff stored. arch_setup() then brings up the console first
 * (so that everything after it can print), installs the trap vectors (so that
 * any exception from here on ends in die() with a register dump), and fills in
 * boot_info (include/trapdoor/setup.h).
 */
void arch_setup(void);

/* Console: polling, no interrupts. getc returns -1 when nothing is waiting. */
void arch_console_putc(char c);
int arch_console_getc(void);

/*
 * Power off. The QEMU process must exit with a status that tells the runner
 * whether status was 0; where the machine can carry the number itself it does
 * (see each arch's QEMU_EXIT_* in Makefile.arch and docs/boot.md).
 */
__noreturn void arch_poweroff(int status);

/* Print every register of a trap frame, one dump format per architecture. */
void arch_show_regs(const struct pt_regs *regs);

/* A free-running counter and its frequency (cycles or timebase ticks). */
u64 arch_get_cycles(void);
u64 arch_cycles_per_sec(void);

/* --- user mode, tasks and memory (issue 4) -------------------------------- */

struct task_struct;
struct mm_struct;

/*
 * pt_regs accessors, static inline in asm/ptrace.h, following Linux's
 * per-arch syscall ABI:
 *	unsigned long regs_syscall_nr(const struct pt_regs *regs);
 *	unsigned long regs_syscall_arg(const struct pt_regs *regs, unsigned int n);  n = 0..5
 *	void regs_set_return_value(struct pt_regs *regs, long ret);
 *	unsigned long user_stack_pointer(const struct pt_regs *regs);
 */

/*
 * Tasks. arch_task_init() prepares t's kernel stack so that the first
 * arch_switch_to(..., t) returns to user mode at entry with sp = user_sp,
 * through the same exit path a syscall takes (ret_from_fork in entry.S).
 * arch_switch_to() saves prev's kernel context in prev->thread, loads next's,
 * and points the trap entry at next's kernel stack.
 */
void arch_task_init(struct task_struct *t, unsigned long entry, unsigned long user_sp);
void arch_switch_to(struct task_struct *prev, struct task_struct *next);

/*
 * User address spaces (arch/<arch>/mm.c). The kernel stays reachable in
 * every address space (mapped supervisor-only, or running untranslated), so
 * a syscall never switches page tables (DESIGN.md §5); only arch_switch_mm()
 * on a context switch does. arch_switch_mm(NULL) leaves no user mapping live.
 */
int arch_mm_init(struct mm_struct *mm);
int arch_map_user(struct mm_struct *mm, unsigned long va, unsigned long pa, unsigned int prot);
void arch_switch_mm(struct mm_struct *mm);
void arch_mm_destroy(struct mm_struct *mm);

#endif
