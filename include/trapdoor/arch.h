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

#endif
