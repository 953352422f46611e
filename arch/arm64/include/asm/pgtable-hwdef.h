/* SPDX-License-Identifier: MIT */
/*
 * VMSAv8-64 translation table descriptors, 4 KiB granule (Arm ARM, "VMSAv8-64
 * translation table format descriptors"). The kernel's map uses level 2
 * blocks of 2 MiB; user address spaces use level 3 pages of 4 KiB.
 */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PGTABLE_HWDEF_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PGTABLE_HWDEF_H

#include <asm/page.h>
#include <asm/sysreg.h>

/*
 * 39-bit virtual addresses in each half (TCR_EL1.T0SZ = T1SZ = 25): with 4 KiB pages the walk
 * starts at level 1, whose 512 entries each cover 1 GiB, then level 2 (2 MiB
 * each) and level 3 (4 KiB pages) (Arm ARM, "Translation granule").
 */
#define VA_BITS	       39
#define PUD_SHIFT      30 /* level 1: one entry maps 1 GiB */
#define PUD_SIZE       (UL(1) << PUD_SHIFT)
#define PMD_SHIFT      21 /* level 2: one entry maps 2 MiB */
#define PMD_SIZE       (UL(1) << PMD_SHIFT)
#define PTRS_PER_TABLE 512 /* 4 KiB / 8-byte descriptors */

/* Which entry of each level translates va. */
#define PUD_INDEX(va) (((va) >> PUD_SHIFT) & (PTRS_PER_TABLE - 1))
#define PMD_INDEX(va) (((va) >> PMD_SHIFT) & (PTRS_PER_TABLE - 1))
#define PTE_INDEX(va) (((va) >> PAGE_SHIFT) & (PTRS_PER_TABLE - 1))

/*
 * The kernel's level 1 table (TTBR1_EL1) uses entries 0-3: the linear map of
 * the first 4 GiB of physical addresses at PAGE_OFFSET (asm/page.h, head.S).
 */
#define KERNEL_PUD_ENTRIES 4
#define KERNEL_MAP_END	   (KERNEL_PUD_ENTRIES * PUD_SIZE)

/* Descriptor type, bits [1:0]. */
#define PTE_VALID      UL(1) /* bit 0 clear: invalid, the walk faults */
#define PMD_TYPE_SECT  UL(1) /* level 1/2 block: maps memory directly */
#define PMD_TYPE_TABLE UL(3) /* level 1/2: points at the next-level table */
#define PTE_TYPE_PAGE  UL(3) /* level 3: a 4 KiB page */
/* The next-level table or output address: bits [47:12] (48-bit physical addresses). */
#define PTE_ADDR_MASK  UL(0x0000fffffffff000)

/*
 * Hierarchical attributes of a table descriptor (Arm ARM, "Table descriptor
 * format"): they restrict everything mapped below it, whatever the block and
 * page descriptors say. A second fence around the kernel and the user range.
 */
#define TABLE_PXN	BIT(59) /* PXNTable: nothing below runs at EL1 */
#define TABLE_UXN	BIT(60) /* UXNTable: nothing below runs at EL0 */
#define TABLE_AP_NO_EL0 BIT(61) /* APTable = 01: nothing below is EL0-accessible */

/* Lower attributes of a block or page, bits [11:2]. */
#define PTE_ATTRINDX(mt) (UL(mt) << 2) /* which MAIR_EL1 attribute (sysreg.h) */
#define PTE_AP_USER	 BIT(6)	       /* AP[1]: EL0 may access */
#define PTE_AP_RDONLY	 BIT(7)	       /* AP[2]: read-only */
#define PTE_SH_INNER	 (UL(3) << 8)  /* inner shareable */
#define PTE_AF		 BIT(10)       /* access flag: clear would fault on first use */
#define PTE_NG		 BIT(11)       /* not global: tagged with the ASID */
/* Upper attributes, bits [63:50]. */
#define PTE_PXN		 BIT(53) /* never execute at EL1 */
#define PTE_UXN		 BIT(54) /* never execute at EL0 */

/*
 * The kernel's map (head.S): RAM blocks EL1 read/write but never executable
 * (PXN), devices never executable either; AP[1] = 0 in all, so EL0 cannot
 * touch any of it. Global (nG = 0): one TLB entry serves every ASID. Its
 * tables add the same fences. The kernel image itself is mapped with 4 KiB
 * pages instead (PROT_PAGE_KERNEL, below).
 */
#define PROT_SECT_NORMAL \
	(PMD_TYPE_SECT | PTE_ATTRINDX(MT_NORMAL) | PTE_SH_INNER | PTE_AF | PTE_PXN | PTE_UXN)
#define PROT_SECT_DEVICE \
	(PMD_TYPE_SECT | PTE_ATTRINDX(MT_DEVICE_nGnRE) | PTE_AF | PTE_PXN | PTE_UXN)
#define PROT_TABLE_KERNEL (PMD_TYPE_TABLE | TABLE_UXN | TABLE_AP_NO_EL0)

/*
 * The kernel image's pages: head.S maps the 2 MiB blocks that hold it with
 * level 3 tables of its own, KERNEL_PTE_BLOCKS of them (kernel.lds checks
 * that the image fits), all EL1 read/write/execute like the blocks were.
 * kernel_protect() (kernel/traps.c) then narrows each page through
 * arch_kernel_map_prot() (mm.c): adding PTE_AP_RDONLY or PTE_PXN, or
 * clearing the entry, changes only permissions or validity, which needs no
 * break-before-make, only a TLB invalidation. Splitting a live block that
 * holds the running code, its stack and its page tables could not be done in
 * place: the break would unmap the code doing it. So the split happens in
 * head.S, before the MMU is on.
 */
#define KERNEL_PTE_BLOCKS 8
#define PROT_PAGE_KERNEL  (PTE_TYPE_PAGE | PTE_ATTRINDX(MT_NORMAL) | PTE_SH_INNER | PTE_AF | PTE_UXN)

/*
 * A user page (mm.c): EL0-accessible (AP[1] = 1), read-only unless writable,
 * never executable at EL1 (PXN: the kernel never runs user code) and at EL0
 * only if asked (UXN), not global: tagged with the address space's ASID.
 * Access flag set, so no access-flag faults to handle.
 */
#define PROT_PAGE_USER                                                                        \
	(PTE_TYPE_PAGE | PTE_ATTRINDX(MT_NORMAL) | PTE_SH_INNER | PTE_AF | PTE_NG | PTE_PXN | \
	 PTE_AP_USER)
#define PROT_TABLE_USER (PMD_TYPE_TABLE | TABLE_PXN)

#endif
