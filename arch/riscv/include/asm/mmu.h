/* SPDX-License-Identifier: MIT */
/* One user address space as the riscv64 MMU sees it (arch/riscv/mm.c). */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_MMU_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_MMU_H

#include <trapdoor/types.h>

/*
 * The two CPU masks have one bit per logical CPU (include/trapdoor/smp.h, NR_CPUS); each CPU
 * sets and clears its own bits in live_cpus, any CPU sets bits in stale_cpus.
 */
struct arch_mm {
	u64 *pgd;		 /* root page table (kernel virtual = physical address) */
	unsigned long asid;	 /* address-space id in satp; 0: none left, flush on every switch */
	unsigned long live_cpus; /* the CPUs whose satp holds it now */
	unsigned long stale_cpus; /* the CPUs that must flush its ASID before they use it */
};

#endif
