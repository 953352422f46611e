/* SPDX-License-Identifier: MIT */
/* The two halves of a trap: entry.S saves the registers, traps.c decides what happened. */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_TRAPS_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_TRAPS_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

struct pt_regs;

/* entry.S: the two entry points head.S installs (assembly: C only takes their addresses). */
void handle_exception(void);  /* EENTRY: every general exception and interrupt */
void handle_tlb_refill(void); /* TLBRENTRY (as a physical address): TLB misses */
void ret_from_fork(void);     /* where a new task's first arch_switch_to() returns to */
/* The idle instruction of arch_cpu_idle(): the one place an interrupt may hit the kernel. */
extern const u32 cpu_idle_insn[];

/* traps.c: called by entry.S with the frame it saved. */
void do_trap(struct pt_regs *regs);
__noreturn void do_tlb_refill(struct pt_regs *regs);

/* time.c: the constant timer's interrupt line fired (from do_trap()). */
void loongarch_timer_tick(struct pt_regs *regs);
/* time.c: this CPU's timer ticks at the rate arch_timer_init() chose. */
void loongarch_timer_start(void);

/* smp.c: the IPI line fired (from do_trap()). */
void loongarch_ipi_interrupt(void);
/* smp.c: this CPU may take IPIs. */
void loongarch_ipi_enable(void);

#endif
