/* SPDX-License-Identifier: MIT */
/* The two halves of an exception: entry.S saves the registers, traps.c decides what happened. */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_TRAPS_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_TRAPS_H

struct pt_regs;

/* entry.S: the vector table VBAR_EL1 points at (head.S installs it). */
extern char vectors[];

/*
 * traps.c, called by the entry.S stub of each vector with the frame it saved;
 * named after the vector (Linux's names: el<level><t|h>_<64|32>_<kind>).
 */
void el1h_64_sync_handler(struct pt_regs *regs);	/* the kernel faulted */
void el0t_64_sync_handler(struct pt_regs *regs);	/* a user fault (svc: do_syscall) */
void el0t_64_irq_handler(struct pt_regs *regs);		/* an interrupt in user mode */
void el1h_64_irq_handler(struct pt_regs *regs);		/* an interrupt in the idle loop */
void handle_bad_stack(struct pt_regs *regs);		/* an EL1 trap with sp in a guard */
void unhandled_exception(struct pt_regs *regs);		/* a vector that should never fire */

#endif
