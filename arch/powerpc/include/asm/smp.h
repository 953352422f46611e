/* SPDX-License-Identifier: MIT */
/* This CPU's struct cpu_info (include/trapdoor/smp.h). */
#ifndef TRAPDOOR_ASM_SMP_H
#define TRAPDOOR_ASM_SMP_H

#include <asm/paca.h>

/*
 * One load through r13, this CPU's paca (asm/paca.h): arch_set_this_cpu() (smp.c) stored
 * the pointer there. User mode cannot change it: every entry reloads r13 from SPRG0.
 */
static __always_inline struct cpu_info *arch_this_cpu(void)
{
	return local_paca->cpu_info;
}

/* smp.c, for arch_setup(): which thread booted; it becomes logical CPU 0. */
void smp_find_boot_cpu(void);
/* smp.c: a started CPU's first C, called by secondary_entry (head.S). */
__noreturn void start_secondary(void);

#endif
