/* SPDX-License-Identifier: MIT */
/* The two halves of a trap: entry.S saves the registers, traps.c decides what happened. */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_TRAPS_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_TRAPS_H

struct pt_regs;

/* entry.S: the one trap entry point stvec points at (assembly: C only takes its address). */
void handle_exception(void);

/* entry.S: where a new task's first arch_switch_to() returns, then ret_from_exception. */
void ret_from_fork(void);

/* traps.c: called by entry.S for every trap but a system call, with the frame it saved. */
void do_trap(struct pt_regs *regs);

/* time.c: the supervisor timer interrupt from U-mode: re-arm, then timer_interrupt(). */
void riscv_timer_interrupt(struct pt_regs *regs);

#endif
