/* SPDX-License-Identifier: MIT */
/*
 * The user page tables on loongarch64: three levels of tables, each one page of 8-byte
 * entries. With 16 KiB pages (asm/page.h) that is 2048 entries, 11 bits of address each, so
 * 47-bit user addresses — the whole lower half (the same shape as Linux's 16 KiB layout):
 *
 *   VA bits   46..36      35..25      24..14      13..0
 *             PGD index   PMD index   PTE index   byte in the page
 *
 * The CPU never reads these tables: LoongArch has a software-managed TLB. On a miss it takes a
 * TLB refill exception, and our handler (entry.S) walks the tables and writes the TLB with
 * tlbfill. So the format is ours. We make each leaf entry exactly the value TLBELO wants
 * (below), so the handler copies two neighbours into TLBRELO0/1 untouched, and each directory
 * entry the physical address of the next table, because the handler runs untranslated.
 * Shared by C (mm.c) and assembly (entry.S).
 */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PGTABLE_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PGTABLE_H

#include <asm/page.h>

#define PTE_SIZE_SHIFT	 3				  /* log2(8), the size of one entry */
#define TABLE_INDEX_BITS (PAGE_SHIFT - PTE_SIZE_SHIFT)	  /* 11: a table is one page */
#define PTRS_PER_TABLE	 (1 << TABLE_INDEX_BITS)	  /* 2048 */
#define PMD_SHIFT	 (PAGE_SHIFT + TABLE_INDEX_BITS)  /* 25: one PMD entry maps 32 MiB */
#define PGDIR_SHIFT	 (PMD_SHIFT + TABLE_INDEX_BITS)	  /* 36: one PGD entry maps 64 GiB */
#define USER_VA_BITS	 (PGDIR_SHIFT + TABLE_INDEX_BITS) /* 47: 128 TiB */

/*
 * A TLB entry maps an even/odd PAIR of pages (manual §5.4, "Page Table Mapping Storage
 * Management": one VPPN, two TLBELO halves), so the refill handler loads two neighbouring
 * PTEs at once: VA bits 24..15 pick the pair, bit 14 the half.
 */
#define PTE_PAIR_SHIFT (PAGE_SHIFT + 1) /* the pair's index starts at VA bit 15 */

#ifndef __ASSEMBLY__

/*
 * Leaf entry bits = TLBELO0/TLBELO1 (manual §7.5, "TLB Entry Low-order Bits"; the same
 * layout in QEMU's target/loongarch/cpu-csr.h, TLBENTRY).
 */
#define PTE_V	      (1UL << 0) /* valid: 0 makes any access a page-invalid fault */
#define PTE_D	      (1UL << 1) /* "dirty": stores allowed; 0 makes a store a PME fault */
#define PTE_PLV_SHIFT 2		 /* PLV[3:2]: the privilege level the page belongs to */
#define PTE_PLV_USER  (3UL << PTE_PLV_SHIFT)
#define PTE_MAT_CC    (1UL << 4) /* MAT[5:4] = 1: coherent cached, like RAM in DMW1 */
#define PTE_G	      (1UL << 6) /* global: matches every ASID (never set for user pages) */
#define PTE_PPN_MASK  0x0000fffffffff000UL /* PPN: physical address bits 47:12 */
#define PTE_NR	      (1UL << 61)	   /* not readable: a load is a PNR fault */
#define PTE_NX	      (1UL << 62)	   /* not executable: a fetch is a PNX fault */
#define PTE_RPLV      (1UL << 63)	   /* restricted: ONLY level PLV may access, not below */

#endif /* !__ASSEMBLY__ */

#endif
