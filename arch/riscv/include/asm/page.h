/* SPDX-License-Identifier: MIT */
/*
 * Pages and the riscv64 virtual address map (Sv39). Also read by user/user.lds.S through cpp
 * with __ASSEMBLY__ defined: everything outside the C-only block must be a plain number the
 * linker understands, hence _AC() for the constants (a "UL" suffix only in C).
 *
 * Sv39 (Privileged ISA 20211203, 4.4): 39-bit virtual addresses, sign-extended to 64 bits,
 * translated by three levels of 512-entry tables; one entry of the root table covers 1 GiB.
 *
 *   0x00_0000_0000  ┬ the kernel's map: identity, supervisor-only (U=0), global, 1 GiB pages
 *                   │   0x00000000-0x7fffffff  devices (UART 0x10000000, test finisher 0x100000)
 *                   │   0x80000000-end of RAM  RAM: OpenSBI, this kernel, every free page
 *                   │ nothing (the identity map stops at the end of RAM, below 64 GiB)
 *   0x10_0000_0000  ┼ USER_BASE: user text, then data (user/user.lds.S)  ┐ one root entry,
 *                   │ ...                                                 │ private to each
 *   0x10_3fff_8000  │ the user stack: USER_STACK_PAGES below the top    │ task (mm.c)
 *   0x10_4000_0000  ┴ USER_STACK_TOP                                     ┘
 *
 * So the user range shares no root entry with the kernel's map: a new address space copies
 * the kernel's root entries and owns everything below USER_BASE's entry. Page 0 belongs to
 * the kernel's device gigapage, which has U=0: a user NULL dereference faults.
 */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_PAGE_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_PAGE_H

#include <trapdoor/const.h> /* _AC() */

#define PAGE_SHIFT 12 /* 4 KiB base pages (Sv39, 4.4.1) */
#define PAGE_SIZE  (_AC(1, UL) << PAGE_SHIFT)

/* Root entry 64 of 256 in the lower (positive) half: far above any RAM QEMU virt can have. */
#define USER_BASE      _AC(0x1000000000, UL) /* 64 GiB */
#define USER_STACK_TOP _AC(0x1040000000, UL) /* USER_BASE + 1 GiB, exclusive */
#define TASK_SIZE      USER_STACK_TOP	     /* the end of user space, exclusive */
#define USER_TEXT_BASE USER_BASE	     /* where user/ programs are linked */

#ifndef __ASSEMBLY__

/* The kernel maps RAM at its physical address (mm.c), so its view of RAM is the identity. */
#include <trapdoor/identity-map.h> /* virt_to_phys(), phys_to_virt() */

#endif /* !__ASSEMBLY__ */

#endif
