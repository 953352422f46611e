/* SPDX-License-Identifier: MIT */
/*
 * 4-level paging (SDM Vol. 3A §4.5): PML4 -> PDPT -> PD -> PT, 512 entries of
 * 8 bytes per 4 KiB table. A PD entry with PS set maps a 2 MiB page directly,
 * which is all the boot identity map uses. Usable from assembly and C.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PGTABLE_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PGTABLE_H

#include <asm/page.h> /* PAGE_SHIFT, PAGE_SIZE */

#define PTRS_PER_TABLE	 512 /* 4 KiB / 8-byte entries */
#define PTE_SIZE	 8
#define PMD_SHIFT	 21 /* a PD entry maps 2 MiB */
#define PMD_SIZE	 (1 << PMD_SHIFT)
#define PUD_SHIFT	 30		      /* a PDPT entry spans 1 GiB */
#define PGDIR_SHIFT	 39		      /* a PML4 entry spans 512 GiB */
#define TABLE_INDEX_MASK (PTRS_PER_TABLE - 1) /* 9 bits of index per level */

/* Entry bits (SDM Vol. 3A §4.5, Tables 4-15 to 4-18) */
#define _PAGE_PRESENT  (1 << 0)
#define _PAGE_RW       (1 << 1) /* writable */
#define _PAGE_USER     (1 << 2) /* ring 3 may access */
#define _PAGE_PWT      (1 << 3) /* write-through */
#define _PAGE_PCD      (1 << 4) /* cache disable */
#define _PAGE_ACCESSED (1 << 5)
#define _PAGE_DIRTY    (1 << 6)
#define _PAGE_PSE      (1 << 7) /* in a PD entry: this is a 2 MiB page */
#define _PAGE_GLOBAL   (1 << 8) /* with CR4.PGE: stays in the TLB on CR3 writes */

/* A table entry pointing at the next-level table: present and writable. */
#define _PAGE_TABLE	   (_PAGE_PRESENT | _PAGE_RW)
/*
 * A 2 MiB kernel page: present, writable, large, global; user bit clear. Global
 * because the kernel's map is the same in every address space: a CR3 write on a
 * context switch need not flush it (mm.c turns CR4.PGE on).
 */
#define _PAGE_KERNEL_LARGE (_PAGE_PRESENT | _PAGE_RW | _PAGE_PSE | _PAGE_GLOBAL)

#ifndef __ASSEMBLY__
/*
 * Bit 63, execute-disable: only with EFER.NXE set; without it the bit is
 * reserved and a set one faults (SDM Vol. 3A §4.5, Table 4-20).
 */
#define _PAGE_NX     (1UL << 63)
/* Bits 51:12 of an entry: the physical address of the next table or the page. */
#define PTE_PFN_MASK 0x000ffffffffff000UL
#endif

/*
 * The kernel's maps (asm/page.h): the direct map's page directories, one per
 * GiB, and the PML4 and PDPT entries of the two maps. PD 0 is also the image
 * map's page directory.
 */
#define DIRECT_MAP_PDS	       4   /* one PD per GiB */
#define PML4_DIRECT_MAP_INDEX  273 /* (PAGE_OFFSET >> PGDIR_SHIFT) % 512 */
#define PML4_KERNEL_INDEX      511 /* (__START_KERNEL_map >> PGDIR_SHIFT) % 512 */
#define PDPT_KERNEL_INDEX      510 /* (__START_KERNEL_map >> PUD_SHIFT) % 512 */
#define PML4_KERNEL_HALF_START 256 /* the first entry of the upper half: the kernel's */

#endif
