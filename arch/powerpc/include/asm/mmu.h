/* SPDX-License-Identifier: MIT */
/*
 * One user address space as the ppc64 hash MMU sees it (arch/powerpc/mm.c): a segment id
 * of its own and the hashed-page-table entries it owns. There is no page table to
 * allocate: the HPT belongs to the hypervisor and is shared by every address space.
 */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_MMU_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_MMU_H

#include <trapdoor/types.h>

/* One HPT entry per user page: at least MAX_USER_PAGES (mm.c checks). */
#define ARCH_MM_MAX_HPTES 512

struct arch_mm {
	unsigned long vsid; /* virtual segment id: the "ASID" of this mm */
	bool icache_dirty;  /* code pages mapped since the last icache sync */
	unsigned int nr_hptes;
	unsigned long hptes[ARCH_MM_MAX_HPTES]; /* HPT indices of its entries, for H_REMOVE */
};

struct mm_struct;

/* Boot: switch the partition to the hash MMU and find the HPT's size (from arch_setup). */
void hash_mmu_init(void);
/* A secondary CPU (smp.c): no user segment in its SLB yet. */
void hash_mmu_init_secondary(void);

#endif
