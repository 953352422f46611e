/* SPDX-License-Identifier: MIT */
/* The two halves of an exception: entry.S saves the registers, traps.c decides what happened. */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_TRAPS_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_TRAPS_H

struct pt_regs;

/* entry.S: the vector table VBAR_EL1 points at (head.S installs it). */
extern char vectors[];

/*
 * traps.c, called by entry.S with the frame it saved: do_trap() for every
 * exception and interrupt but svc from EL0 (which goes to do_syscall()),
 * handle_bad_stack() for an EL1 exception whose frame would have landed in a
 * stack guard.
 */
void do_trap(struct pt_regs *regs);
void handle_bad_stack(struct pt_regs *regs);

#endif
