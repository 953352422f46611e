/* SPDX-License-Identifier: MIT */
/* One user address space as the riscv64 MMU sees it (arch/riscv/mm.c). */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_MMU_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_MMU_H

#include <trapdoor/types.h>

struct arch_mm {
	u64 *pgd;		/* root page table (kernel virtual = physical address) */
	unsigned long asid;	/* address-space id in satp; 0: none left, flush on every switch */
	bool stale;		/* tables changed or ASID reused since this mm's last TLB flush */
};

#endif
