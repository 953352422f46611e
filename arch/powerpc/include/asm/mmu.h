/* SPDX-License-Identifier: MIT */
/*
 * One user address space as the ppc64 hash MMU sees it (arch/powerpc/mm.c): a segment id
 * of its own and its software page table, from which the hashed page table (the
 * hypervisor's, shared by every address space) is filled on demand.
 */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_MMU_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_MMU_H

#include <trapdoor/types.h>

struct arch_mm {
	unsigned long vsid; /* virtual segment id: the "ASID" of this mm */
	unsigned long *pgd; /* the software page table's top level (mm.c) */
	/*
	 * The image is ELFv1 (arch_elf_entry()): its function pointers, signal handlers
	 * included, point at function descriptors. Linux keeps this per task (TIF_ELF2ABI).
	 */
	bool elfv1;
};

struct mm_struct;

/*
 * A user data or instruction storage interrupt at ea, for an access that needs access
 * (PROT_READ, PROT_WRITE or PROT_EXEC): true if current's page table maps the page for
 * it, and its HPT entry is now made (retry the access); false for a real page fault
 * (traps.c).
 */
bool hash_page(unsigned long ea, unsigned int access);

/* Boot: switch the partition to the hash MMU and find the HPT's size (from arch_setup). */
void hash_mmu_init(void);
/* A secondary CPU (smp.c): no user segment in its SLB yet. */
void hash_mmu_init_secondary(void);

#endif
