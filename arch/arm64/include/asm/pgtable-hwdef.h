/* SPDX-License-Identifier: MIT */
/*
 * VMSAv8-64 translation table descriptors, 4 KiB granule (Arm ARM, "VMSAv8-64
 * translation table format descriptors"). trapdoor's boot map uses level 1
 * block descriptors only: each maps 1 GiB.
 */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PGTABLE_HWDEF_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PGTABLE_HWDEF_H

#include <asm/sysreg.h>

#define PAGE_SHIFT		12
#define PAGE_SIZE		(UL(1) << PAGE_SHIFT)

/*
 * 39-bit virtual addresses (TCR_EL1.T0SZ = 25): with 4 KiB pages the walk
 * starts at level 1, whose 512 entries each cover 1 GiB (Arm ARM, "Translation granule").
 */
#define VA_BITS			39
#define PUD_SHIFT		30		/* level 1: one entry maps 1 GiB */
#define PUD_SIZE		(UL(1) << PUD_SHIFT)
#define PTRS_PER_TABLE		512		/* 4 KiB / 8-byte descriptors */

/* Descriptor type, bits [1:0]. */
#define PMD_TYPE_SECT		UL(1)		/* a block: maps memory directly */
#define PMD_TYPE_TABLE		UL(3)		/* points at the next-level table */

/* Lower attributes of a block or page, bits [11:2]. */
#define PTE_ATTRINDX(mt)	(UL(mt) << 2)	/* which MAIR_EL1 attribute (sysreg.h) */
#define PTE_AP_USER		BIT(6)		/* AP[1]: EL0 may access */
#define PTE_AP_RDONLY		BIT(7)		/* AP[2]: read-only */
#define PTE_SH_INNER		(UL(3) << 8)	/* inner shareable */
#define PTE_AF			BIT(10)		/* access flag: clear would fault on first use */
#define PTE_NG			BIT(11)		/* not global: tagged with the ASID */
/* Upper attributes, bits [63:50]. */
#define PTE_PXN			BIT(53)		/* never execute at EL1 */
#define PTE_UXN			BIT(54)		/* never execute at EL0 */

/* The two kinds of boot block: kernel RAM (EL1 read/write/execute) and devices. */
#define PROT_SECT_NORMAL	(PMD_TYPE_SECT | PTE_ATTRINDX(MT_NORMAL) | PTE_SH_INNER | \
				 PTE_AF | PTE_UXN)
#define PROT_SECT_DEVICE	(PMD_TYPE_SECT | PTE_ATTRINDX(MT_DEVICE_nGnRE) | PTE_AF | \
				 PTE_PXN | PTE_UXN)

#endif
