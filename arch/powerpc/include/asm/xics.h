/* SPDX-License-Identifier: MIT */
/* XICS, the pseries interrupt controller (arch/powerpc/drivers/xics.c). */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_XICS_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_XICS_H

#include <trapdoor/types.h>

struct pt_regs;

/* Routes source irq to the boot CPU and unmasks it; false where the machine has no XICS. */
bool xics_enable_irq(u32 irq);
/* traps.c: the external interrupt (0x500), from user mode or from arch_cpu_idle. */
void xics_external_interrupt(struct pt_regs *regs);
/* This CPU accepts every priority, so IPIs get through; false where there is no XICS. */
bool xics_init_this_cpu(void);
/* An IPI to the CPU whose interrupt server number is server (smp.c). */
void xics_cause_ipi(u32 server);

#endif
