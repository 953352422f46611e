/* SPDX-License-Identifier: MIT */
/*
 * 4-level paging (SDM Vol. 3A §4.5): PML4 -> PDPT -> PD -> PT, 512 entries of
 * 8 bytes per 4 KiB table. A PD entry with PS set maps a 2 MiB page directly,
 * which is all the boot identity map uses. Usable from assembly and C.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PGTABLE_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PGTABLE_H

#define PAGE_SHIFT		12
#define PAGE_SIZE		(1 << PAGE_SHIFT)
#define PTRS_PER_TABLE		512		/* 4 KiB / 8-byte entries */
#define PTE_SIZE		8
#define PMD_SHIFT		21		/* a PD entry maps 2 MiB */
#define PMD_SIZE		(1 << PMD_SHIFT)
#define PUD_SHIFT		30		/* a PDPT entry spans 1 GiB */

/* Entry bits (SDM Vol. 3A §4.5, Tables 4-15 to 4-18) */
#define _PAGE_PRESENT		(1 << 0)
#define _PAGE_RW		(1 << 1)	/* writable */
#define _PAGE_USER		(1 << 2)	/* ring 3 may access */
#define _PAGE_PWT		(1 << 3)	/* write-through */
#define _PAGE_PCD		(1 << 4)	/* cache disable */
#define _PAGE_ACCESSED		(1 << 5)
#define _PAGE_DIRTY		(1 << 6)
#define _PAGE_PSE		(1 << 7)	/* in a PD entry: this is a 2 MiB page */
#define _PAGE_GLOBAL		(1 << 8)

/* A table entry pointing at the next-level table: present and writable. */
#define _PAGE_TABLE		(_PAGE_PRESENT | _PAGE_RW)
/* A 2 MiB kernel page: present, writable, large; user bit clear. */
#define _PAGE_KERNEL_LARGE	(_PAGE_PRESENT | _PAGE_RW | _PAGE_PSE)

/*
 * head.S identity-maps the first 4 GiB (virtual == physical): RAM, and the
 * local APIC, I/O APIC and HPET MMIO just below 4 GiB for later issues.
 */
#define IDENTITY_MAP_PDS	4		/* one PD per GiB */
#ifdef __ASSEMBLY__
#define IDENTITY_MAP_SIZE	(IDENTITY_MAP_PDS << PUD_SHIFT)
#else
#define IDENTITY_MAP_SIZE	((unsigned long)IDENTITY_MAP_PDS << PUD_SHIFT)
#endif

#endif
