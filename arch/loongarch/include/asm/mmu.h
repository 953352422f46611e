/* SPDX-License-Identifier: MIT */
/* A user address space, as the loongarch code sees it (mm.c). */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_MMU_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_MMU_H

#include <trapdoor/types.h>

struct arch_mm {
	unsigned long *pgd;	/* root table (asm/pgtable.h), a kernel (DMW1) address */
	unsigned int asid;	/* tags this space's TLB entries; 0 is never a task's */
	bool has_run;		/* has been live, so the TLB may hold entries tagged asid */
};

#endif
