/* SPDX-License-Identifier: MIT */
/* A user address space, as the loongarch code sees it (mm.c). */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_MMU_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_MMU_H

#include <trapdoor/types.h>

struct arch_mm {
	unsigned long *pgd; /* root table (asm/pgtable.h), a kernel (DMW1) address */
	unsigned int asid;  /* tags this space's TLB entries; 0 is never a task's */
	bool has_run;	    /* has been live, so a TLB may hold entries tagged asid */
	/*
	 * The CPUs (bit n: logical CPU n) whose TLB may hold entries tagged asid that these
	 * tables no longer say: each drops them when it next switches to this space (mm.c).
	 */
	unsigned long tlb_stale;
};

#endif
