/* SPDX-License-Identifier: MIT */
/* The time base and the decrementer tick (arch/powerpc/time.c). */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_TIME_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_TIME_H

struct pt_regs;

/* traps.c: a decrementer interrupt (0x900) from user mode; re-arms it and counts the tick. */
void decrementer_interrupt(struct pt_regs *regs);
/*
 * This CPU's own tick, at the rate arch_timer_init() chose: CPU 0's from there, every
 * other CPU's from start_secondary() (smp.c).
 */
void cpu_timer_init(void);

#endif
