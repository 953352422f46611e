/* SPDX-License-Identifier: MIT */
/* The arm64 part of a user address space (struct mm_struct, trapdoor/mm.h); mm.c fills it. */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_MMU_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_MMU_H

#include <trapdoor/types.h>

struct arch_mm {
	/*
	 * The level 1 table TTBR0_EL1 points at while this address space is
	 * live: the kernel's four entries, then the task's own (asm/page.h).
	 */
	u64 *pgd;
	/*
	 * Address space identifier, 1..255 (0 is the kernel-only map): TLB
	 * entries of user pages carry it, so a switch needs no TLB flush.
	 */
	u16 asid;
	/* Executable pages were written since the last switch to it: sync the I-cache. */
	bool icache_stale;
};

#endif
