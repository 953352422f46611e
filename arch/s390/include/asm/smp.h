/* SPDX-License-Identifier: MIT */
/* This CPU's struct cpu_info (include/trapdoor/smp.h). */
#ifndef TRAPDOOR_ASM_SMP_H
#define TRAPDOOR_ASM_SMP_H

/* One CPU only, for now: CPU 0's (arch/<arch>/smp.c starts no other). */
static inline struct cpu_info *arch_this_cpu(void)
{
	return &cpu_info[0];
}

#endif
