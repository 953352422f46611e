/* SPDX-License-Identifier: MIT */
/*
 * Pages and the arm64 virtual address map. Also read by user/user.lds.S
 * through cpp with __ASSEMBLY__ defined: outside the C-only block everything
 * is a plain number the linker understands (UL() adds the suffix only in C).
 *
 * One translation regime, EL1&0 stage 1, one table base: TTBR0_EL1 with
 * TCR_EL1.T0SZ = 25, so virtual addresses have 39 bits and, with 4 KiB pages,
 * the walk starts at level 1, whose 512 entries cover 1 GiB each (TTBR1, the
 * upper half of the address space, is switched off: TCR_EL1.EPD1). Every
 * address space has its own level 1 table; entries 0-3 are the kernel's and
 * the same in all of them, entry 64 is the task's own:
 *
 *   0x00_0000_0000  ┬ the kernel's map: identity (virtual = physical), global,
 *                   │ EL1 only (AP[1] = 0), never executable at EL0 (UXN)
 *                   │   0x00000000-0x07ffffff  flash: unmapped, so NULL faults
 *                   │   0x08000000-0x3fffffff  devices (GIC, PL011 0x09000000, ...)
 *                   │   0x40000000-end of RAM  RAM: DTB, this kernel, every free page
 *   0x01_0000_0000  │ nothing
 *   0x10_0000_0000  ┼ USER_BASE: user text, then data (user/user.lds.S)   ┐ level 1 entry 64,
 *                   │ ...                                                 │ private to each
 *   0x10_3fff_8000  │ the user stack: USER_STACK_PAGES below the top     │ task, tagged with
 *   0x10_4000_0000  ┴ USER_STACK_TOP                                     ┘ its ASID (mm.c)
 *
 * The user range shares no level 1 entry with the kernel: a new address
 * space copies entries 0-3 and owns the rest. A syscall therefore never
 * changes TTBR0_EL1 (docs/design.md, "Performance principles"); only a
 * context switch does.
 */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PAGE_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PAGE_H

#include <asm/sysreg.h> /* UL() */

#define PAGE_SHIFT 12 /* 4 KiB granule (TCR_EL1.TG0 = 0) */
#define PAGE_SIZE  (UL(1) << PAGE_SHIFT)

/* Level 1 entry 64 of 512: far above the kernel's four and above any RAM it maps. */
#define USER_BASE      UL(0x1000000000) /* 64 GiB */
#define USER_STACK_TOP UL(0x1040000000) /* USER_BASE + 1 GiB, exclusive */
#define TASK_SIZE      USER_STACK_TOP	/* the end of user space, exclusive */
#define USER_TEXT_BASE USER_BASE	/* where user/ programs are linked */

#ifndef __ASSEMBLY__

/* The kernel maps RAM at its physical address (head.S), so its view of RAM is the identity. */
#include <trapdoor/identity-map.h> /* virt_to_phys(), phys_to_virt() */

#endif /* !__ASSEMBLY__ */

#endif
