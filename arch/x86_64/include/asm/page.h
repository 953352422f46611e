/* SPDX-License-Identifier: MIT */
/*
 * Pages and the x86_64 virtual address map. Also read by user/user.lds.S
 * through cpp with __ASSEMBLY__ defined: everything outside the C-only block
 * must be a plain number the linker understands, hence _AC() (a "UL" suffix
 * only in C).
 *
 * 4-level paging (SDM Vol. 3A §4.5): 48-bit virtual addresses whose bits
 * 63:47 must all be equal ("canonical"), translated through PML4, PDPT, PD
 * and PT, 512 entries each; one PML4 entry covers 512 GiB.
 *
 *   0x0000_0000_0000  ┬ PML4[0]: the kernel's identity map (head.S), 4 GiB in
 *                     │   2 MiB pages (4 KiB over the kernel image, mm.c),
 *                     │   supervisor-only (U/S = 0) and global.
 *                     │   Every address space shares it (mm.c), so a syscall
 *                     │   never switches page tables. Page 0 lies inside it
 *                     │   and is supervisor-only: a user NULL access faults.
 *   0x0001_0000_0000  │ nothing (the identity map ends at 4 GiB)
 *   0x0080_0000_0000  ┼ USER_BASE, PML4[1]: user text, then data (user.lds.S) ┐ private
 *                     │ ...                                                    │ to each
 *   0x0080_3fff_8000  │ the user stack: USER_STACK_PAGES (exec.h) below ...   │ task
 *   0x0080_4000_0000  ┴ USER_STACK_TOP = USER_BASE + 1 GiB, exclusive          ┘
 *                       nothing up to the non-canonical hole at 1 << 47.
 *
 * The user range shares no PML4 entry with the kernel's map, so a new address
 * space copies PML4[0] and owns the rest. It is far below 1 << 47, so no
 * syscall instruction can sit at the end of the canonical lower half, the
 * one way a sysret could return to a non-canonical address (entry.S).
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PAGE_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PAGE_H

#include <trapdoor/const.h> /* _AC() */

#define PAGE_SHIFT 12 /* 4 KiB pages (SDM Vol. 3A §4.5) */
#define PAGE_SIZE  (_AC(1, UL) << PAGE_SHIFT)

#define USER_BASE      _AC(0x8000000000, UL) /* 512 GiB: the first byte of PML4[1] */
#define USER_STACK_TOP _AC(0x8040000000, UL) /* USER_BASE + 1 GiB, exclusive */
#define TASK_SIZE      USER_STACK_TOP	     /* the end of user space, exclusive */
#define USER_TEXT_BASE USER_BASE	     /* where user/ programs are linked */

#ifndef __ASSEMBLY__

/*
 * The kernel sees RAM at its physical address through the identity map, as
 * far as that map reaches (IDENTITY_MAP_SIZE, asm/pgtable.h); firmware.c never
 * reports RAM above it.
 */
#include <trapdoor/identity-map.h> /* virt_to_phys(), phys_to_virt() */

#endif /* !__ASSEMBLY__ */

#endif
