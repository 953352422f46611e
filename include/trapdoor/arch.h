/* SPDX-License-Identifier: MIT */
/*
 * The per-architecture contract (docs/design.md, "The per-arch contract"): the only
 * functions common code
 * may call into arch/<arch>/. Every architecture defines every one of them,
 * under these names; the inline ones live in arch/<arch>/include/asm/.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_ARCH_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_ARCH_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>
#include <asm/ptrace.h>	   /* struct pt_regs, instruction_pointer(), user_mode() */
#include <asm/processor.h> /* current_stack_pointer(), cpu_relax(), arch_undefined_instruction() */

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

/* Console: putc waits until the byte is sent; getc returns -1 when nothing is waiting. */
void arch_console_putc(char c);
int arch_console_getc(void);

/*
 * Console input by interrupt. arch_console_irq_init() enables the console's
 * receive interrupt and returns true, or returns false where the console
 * cannot interrupt (then common code polls on every timer tick). The arch's
 * interrupt handler calls console_rx_interrupt() (include/trapdoor/console.h)
 * when the receive interrupt fires; that drains arch_console_getc().
 */
bool arch_console_irq_init(void);

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
/*
 * The machine's real-time clock, read once at boot (kernel/time.c): seconds
 * since 1970-01-01 00:00 UTC, or 0 on a machine without one.
 */
u64 arch_read_rtc(void);

/* --- user mode, tasks and memory ------------------------------------------ */

struct task_struct;
struct mm_struct;

/*
 * pt_regs accessors, static inline in asm/ptrace.h, following Linux's
 * per-arch syscall ABI:
 *	unsigned long regs_syscall_nr(const struct pt_regs *regs);
 *	unsigned long regs_syscall_arg(const struct pt_regs *regs, unsigned int n);  n = 0..5
 *	void regs_set_return_value(struct pt_regs *regs, long ret);
 *	unsigned long user_stack_pointer(const struct pt_regs *regs);
 *	void regs_syscall_restart(struct pt_regs *regs);
 * regs_syscall_restart() makes the return to user mode run the syscall
 * instruction again, with its number and arguments as they were (the pc
 * back over the instruction, the first argument back from its orig_ copy):
 * a call a signal interrupted, restarted under SA_RESTART.
 * The signal frames are in include/trapdoor/signal.h.
 */

/*
 * Tasks.
 * arch_init_user_regs() fills regs with a fresh user-mode register state:
 * pc = entry, sp = user_sp, user mode with interrupts enabled, every other
 * register zero. spawn and execve use it.
 * arch_task_init() prepares t's kernel context so that the first
 * arch_switch_to(..., t) runs ret_from_fork in entry.S, which calls
 * exit_to_user_mode() and returns to user mode from task_pt_regs(t) through
 * the same path a syscall takes. fork copies the parent's pt_regs first.
 * arch_switch_to() saves prev's kernel context in prev->thread, loads next's,
 * and points the trap entry at next's kernel stack.
 */
void arch_init_user_regs(struct pt_regs *regs, unsigned long entry, unsigned long user_sp);
void arch_task_init(struct task_struct *t);
void arch_switch_to(struct task_struct *prev, struct task_struct *next);

/*
 * Entry and exit, called FROM entry.S:
 *	do_syscall(regs)		for a syscall instruction from user mode
 *	exit_to_user_mode(regs)		on EVERY return to user mode (after a
 *					syscall, an interrupt, ret_from_fork), once
 *					the handler's own frame is gone, right
 *					before the user registers are restored
 * and from the arch's trap C code:
 *	do_user_fault(regs, kind, addr)	a fault in user mode
 *	timer_interrupt(regs)		each tick of the arch timer
 * The regs pointer is always task_pt_regs(current) for traps from user mode.
 */

/*
 * The timer: a periodic interrupt at hz ticks per second, delivered while
 * user code runs (the kernel itself runs with interrupts masked and is never
 * preempted). Its handler acknowledges and re-arms the timer, then calls
 * timer_interrupt(regs). Preemption happens in exit_to_user_mode().
 */
void arch_timer_init(unsigned int hz);

/*
 * Boot entropy (kernel/random.c takes it):
 * arch_get_random_seed_longs() fills up to max_longs words from a hardware
 * random-number instruction or device and returns how many it filled (0 if
 * the machine has none) — Linux's name and meaning.
 * arch_boot_entropy() hands whatever the firmware offers (a DTB rng-seed, a
 * virtio-rng device, a hypervisor call) to add_bootloader_randomness() or
 * add_hwgenerator_randomness(), crediting what it is worth.
 */
unsigned int arch_get_random_seed_longs(unsigned long *v, unsigned int max_longs);
void arch_boot_entropy(void);

/*
 * User address spaces (arch/<arch>/mm.c). The kernel stays reachable in
 * every address space (mapped supervisor-only, or running untranslated), so
 * a syscall never switches page tables (docs/design.md); only arch_switch_mm()
 * on a context switch does. arch_switch_mm(NULL) leaves no user mapping live.
 */
int arch_mm_init(struct mm_struct *mm);
int arch_map_user(struct mm_struct *mm, unsigned long va, unsigned long pa, unsigned int prot);
void arch_switch_mm(struct mm_struct *mm);
void arch_mm_destroy(struct mm_struct *mm);

/*
 * The user pages of an address space. The page tables (whatever the MMU, or
 * the arch's refill handler, reads) are the one record of which user page is
 * mapped where; mm/ keeps only the areas (VMAs) and asks these for pages.
 * The user range is [USER_BASE, TASK_SIZE) of asm/page.h.
 *	arch_map_user()		maps page va to pa with prot; -EBUSY if mapped
 *	arch_user_page()	0 and *pa, *prot of mapped page va; -ENOENT if not
 *	arch_protect_user()	gives mapped page va prot; -ENOENT if not mapped
 *	arch_unmap_user()	removes page va's mapping; returns the pa it had,
 *				0 if there was none
 * protect and unmap return only once no CPU can still use the old entry:
 * every CPU whose TLB may hold it has invalidated it (or will, before it runs
 * this address space's user code again). prot 0 (PROT_NONE) keeps the page
 * mapped with no access: lookup gives it with prot 0, unmap returns it. A va
 * outside the user range, or (but for a lookup) not page-aligned, is -EINVAL
 * (unmap: 0). A lookup reports the access the hardware gives: on most arches
 * a page that may be written or executed may also be read.
 */
int arch_user_page(struct mm_struct *mm, unsigned long va, unsigned long *pa, unsigned int *prot);
int arch_protect_user(struct mm_struct *mm, unsigned long va, unsigned int prot);
unsigned long arch_unmap_user(struct mm_struct *mm, unsigned long va);

/*
 * A task's own user state outside pt_regs: its FP/SIMD registers (switched
 * eagerly: arch_switch_to() saves the outgoing task's and loads the incoming
 * one's on every switch, never lazily; docs/hardening.md) and its thread
 * pointer where that is not in pt_regs.
 *	arch_dup_task_struct(dst, src)	fork: dst's state becomes src's; src is
 *					current, whose live registers are read
 *	arch_flush_thread()		execve: current's state is zeroed, in the
 *					CPU and in what a switch would save
 *	arch_set_tls(t, tls)		clone's CLONE_SETTLS: t's thread pointer
 */
void arch_dup_task_struct(struct task_struct *dst, struct task_struct *src);
void arch_flush_thread(void);
void arch_set_tls(struct task_struct *t, unsigned long tls);

/*
 * ELF images (mm/exec). arch_elf_entry() runs once a new image is loaded
 * into mm and arch_init_user_regs() has set pc to its e_entry: it returns
 * -ENOEXEC for an image this arch cannot run (e_flags names an ABI it does
 * not have), and may rewrite regs where the ABI's entry is not e_entry
 * itself (ppc64 ELFv1: a function descriptor). The auxiliary vector's view of
 * the CPU: Linux's ELF_HWCAP, ELF_HWCAP2 (only what is enabled for user mode)
 * and ELF_PLATFORM (NULL where Linux gives none).
 */
int arch_elf_entry(struct mm_struct *mm, struct pt_regs *regs, u32 e_flags);
unsigned long arch_elf_hwcap(void);
unsigned long arch_elf_hwcap2(void);
const char *arch_elf_platform(void);

/*
 * Idle. Called with interrupts masked when no task can run; waits (wfi, hlt,
 * idle, ...) until an interrupt is pending, so an idle machine costs the host
 * no CPU, and returns with interrupts masked again. The interrupt may have
 * been taken meanwhile (its handler runs as a trap from kernel mode) or only
 * be left pending; either way the caller looks at the clock again.
 */
void arch_cpu_idle(void);

/*
 * Kernel memory protection (kernel/traps.c, kernel_protect()). Sets the
 * kernel's own mapping of [start, end) (page-aligned) to prot: PROT_READ,
 * PROT_WRITE and PROT_EXEC of include/trapdoor/mm.h, 0 for no mapping at all (a
 * guard page). Returns 0, or -ENOSYS where the arch does not page its kernel
 * (its docs say why). The kernel's sections are the symbols of
 * include/trapdoor/sections.h, each page-aligned where this hook works.
 */
int arch_kernel_map_prot(unsigned long start, unsigned long end, unsigned int prot);

/* --- several CPUs (docs/smp.md) ------------------------------------------- */

struct cpu_info;

/*
 * This CPU's struct cpu_info (include/trapdoor/smp.h), static inline in
 * asm/smp.h: one read of a register that each CPU has its own copy of and
 * user mode cannot change. arch_set_this_cpu() sets it on the calling CPU:
 * start_kernel() calls it first thing for CPU 0; for the others the arch's
 * own start-up code does, before it calls secondary_start_kernel().
 *	struct cpu_info *arch_this_cpu(void);
 */
void arch_set_this_cpu(struct cpu_info *c);

/*
 * How many CPUs the machine has, the boot CPU included (from the device
 * tree, ACPI, the firmware, ...), at most NR_CPUS; 1 where the arch starts no
 * other CPU (docs/smp.md says why).
 */
unsigned int arch_smp_probe(void);

/*
 * Starts logical CPU cpu (1 .. arch_smp_probe() - 1). It runs with interrupts
 * masked, on idle's kernel stack (task_stack_top(idle) down; or below its
 * pt_regs, task_pt_regs(idle) down, where arch_switch_to() reads the next
 * task's pt_regs: schedule() switches back to an idle task as to any task,
 * and alloc_idle_task() zeroed them and passed them through
 * arch_task_init()), with
 * arch_this_cpu() == &cpu_info[cpu], its own trap vectors, the kernel's page
 * tables, its timer ticking at the hz arch_timer_init() was given and IPIs
 * enabled, and calls secondary_start_kernel(). Returns 0 once the request is
 * on its way (smp_init() waits for cpu_info[cpu].online), or a negative errno.
 */
int arch_cpu_up(unsigned int cpu, struct task_struct *idle);

/* Interrupts CPU cpu; its handler calls ipi_interrupt() (kernel/smp.c). */
void arch_send_ipi(unsigned int cpu);

#endif
