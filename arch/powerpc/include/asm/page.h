/* SPDX-License-Identifier: MIT */
/*
 * Pages and the ppc64 address map. Also read by user/user.lds.S through cpp with
 * __ASSEMBLY__ defined: everything outside the C-only block must be a plain number the
 * linker understands, hence _AC() for the constants (a "UL" suffix only in C).
 *
 * Two address spaces that never meet (mm.c). The kernel runs untranslated: every interrupt
 * turns the MMU off (MSR[IR] = MSR[DR] = 0). Only user mode translates, through one 1 TiB
 * segment per task and the hashed page table:
 *
 *   kernel: real addresses             user mode: effective addresses
 *   0x0000_0000  interrupt vectors     0x0000_0000      ┬ never mapped: NULL
 *   0x0040_0000  kernel text, data,    0x0001_0000      ┼ USER_BASE (Linux's mmap_min_addr)
 *                bss, kernel stacks                     │ free for mappings
 *   _end         free pages, among     0x1000_0000      ┼ USER_TEXT_BASE: text, then data
 *                them all user pages                    │ ...
 *   0x1000_0000  end of RAM (-m 256M)  0xff_ffff_8000   │ the stack (8 pages)
 *                                      0x100_0000_0000  ┴ USER_STACK_TOP = TASK_SIZE: 1 TiB
 *
 * The same numbers mean different things on the two sides. A user effective address reaches
 * only what an HPT entry of its own address space maps, and arch_map_user() makes entries
 * only for pages the kernel handed to that address space: a user access to 0x40_0000 is
 * to the user's own page there, or a fault, never to the kernel's text. The kernel reaches
 * user memory at its real address (uaccess goes through phys_to_virt of the page it found).
 * USER_BASE is Linux's, 64 KiB (the NULL page is never mappable); USER_TEXT_BASE is where
 * 64-bit Power Linux links executables, 256 MiB, and user/ programs are linked there too.
 */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PAGE_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PAGE_H

#include <trapdoor/const.h> /* _AC() */

#define PAGE_SHIFT 12 /* 4 KiB base pages */
#define PAGE_SIZE  (_AC(1, UL) << PAGE_SHIFT)

#define USER_BASE      _AC(0x10000, UL)	      /* 64 KiB: Linux's mmap_min_addr */
#define USER_STACK_TOP _AC(0x10000000000, UL) /* 1 TiB: the end of the user segment */
#define TASK_SIZE      USER_STACK_TOP	      /* the end of user space, exclusive */
#define USER_TEXT_BASE _AC(0x10000000, UL)    /* 256 MiB: where user/ programs are linked */

#ifndef __ASSEMBLY__

/* The kernel runs untranslated: its addresses are real addresses. */
#include <trapdoor/identity-map.h> /* virt_to_phys(), phys_to_virt() */

#endif /* !__ASSEMBLY__ */

#endif
