/* SPDX-License-Identifier: MIT */
/*
 * Pages and the arm64 virtual address map. Also read by user/user.lds.S and
 * the kernel's linker script through cpp with __ASSEMBLY__ defined: outside
 * the C-only block everything is a plain number the linker understands
 * (UL() adds the suffix only in C).
 *
 * One translation regime, EL1&0 stage 1, split in two halves as Linux splits
 * it: TTBR0_EL1 translates the low half, user space, and TTBR1_EL1 the upper
 * half, the kernel. TCR_EL1.T0SZ = T1SZ = 25: each half has 39 bits (512 GiB),
 * and with 4 KiB pages each walk starts at level 1, whose 512 entries cover
 * 1 GiB each.
 *
 *   0x0000_0000_0000_0000    never mapped: NULL and the first 64 KiB
 *   0x0000_0000_0001_0000  ┬ USER_BASE (Linux's mmap_min_addr)           ┐ TTBR0_EL1: each
 *   0x0000_0000_0040_0000  │ USER_TEXT_BASE: user text, then data        │ address space's
 *                          │ (user/user.lds.S; Debian's static link      │ own level 1 table,
 *                          │ address)                                    │ not global, tagged
 *                          │ ...                                         │ with its ASID (mm.c)
 *   0x0000_007f_ffff_8000  │ the user stack: USER_STACK_PAGES below ...  │
 *   0x0000_0080_0000_0000  ┴ USER_STACK_TOP = TASK_SIZE (2^39)           ┘
 *                            the hole: neither half translates it
 *   0xffff_ff80_0000_0000  ┬ PAGE_OFFSET: the linear map of the first    ┐ TTBR1_EL1: the
 *                          │ 4 GiB of physical addresses, global, EL1    │ kernel's one table
 *                          │ only (AP[1] = 0), never executable at EL0:  │ (init_pg_dir,
 *   0xffff_ff80_0000_0000  │   + 0x00000000-0x07ffffff flash: unmapped   │ head.S)
 *   0xffff_ff80_0800_0000  │   + 0x08000000-0x3fffffff devices (GIC,     │
 *                          │     PL011 at + 0x09000000, ...)             │
 *   0xffff_ff80_4000_0000  │   + 0x40000000-end of RAM: the DTB, this    │
 *   0xffff_ff80_4020_0000  │     kernel (linked here, at PAGE_OFFSET +   │
 *                          │     its load address), every free page      │
 *   0xffff_ff81_0000_0000  ┴ the end of the map                          ┘
 *
 * Linux places the linear map at the same PAGE_OFFSET for 39-bit addresses;
 * its kernel image has a window of its own above the linear map, where
 * trapdoor's image is simply the part of the linear map where it was loaded,
 * so one offset translates every kernel address (virt_to_phys() below).
 *
 * The user range shares no table with the kernel: a user address space is a
 * level 1 table of its own in TTBR0_EL1, with nothing of the kernel in it, and
 * the kernel's map is in TTBR1_EL1 all the time. A syscall therefore never
 * changes a table base (docs/design.md, "Performance principles"); only a
 * context switch writes TTBR0_EL1. head.S has the kernel's table in TTBR0_EL1
 * too only while it turns the MMU on (the identity map it runs on at that
 * moment), and then points TTBR0_EL1 at an empty table.
 */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PAGE_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PAGE_H

#include <asm/sysreg.h> /* UL() */

#define PAGE_SHIFT 12 /* 4 KiB granule (TCR_EL1.TG0 = 0) */
#define PAGE_SIZE  (UL(1) << PAGE_SHIFT)

/* The linear map of physical memory in the upper half (TTBR1_EL1): -2^39. */
#define PAGE_OFFSET UL(0xffffff8000000000)

/* The user range in the lower half (TTBR0_EL1): [USER_BASE, TASK_SIZE). */
#define USER_BASE      UL(0x10000)   /* 64 KiB: the NULL page is never mappable */
#define TASK_SIZE      (UL(1) << 39) /* all of TTBR0_EL1's 39 bits, exclusive */
#define USER_STACK_TOP TASK_SIZE     /* the initial stack ends at the top, exclusive */
#define USER_TEXT_BASE UL(0x400000)  /* where user/ programs are linked, as Debian's */

#ifndef __ASSEMBLY__

/*
 * The kernel reaches every physical address it uses (RAM, its own image,
 * devices) through the linear map: one offset each way.
 */
static inline unsigned long virt_to_phys(const void *p)
{
	return (unsigned long)p - PAGE_OFFSET;
}

static inline void *phys_to_virt(unsigned long pa)
{
	return (void *)(pa + PAGE_OFFSET);
}

#endif /* !__ASSEMBLY__ */

#endif
