/* SPDX-License-Identifier: MIT */
/*
 * Pages and the s390x address map. Also read by user/user.lds.S through cpp
 * with __ASSEMBLY__ defined: outside the C-only block everything must be a
 * plain number the linker understands, hence _AC() (a "UL" suffix in C only).
 *
 * The kernel runs with DAT (dynamic address translation) off: its addresses
 * are real addresses, untranslated, so it needs no page tables and no
 * mapping in any user address space. A user task runs with DAT on in its
 * primary address space, whose segment table mm.c builds and CR1 designates.
 * That table holds the user pages and nothing else, so a user address that
 * is not a user page (a kernel address, NULL) has no translation at all: the
 * isolation on s390 comes from the kernel being absent from the user's space,
 * not from a user/supervisor bit, which s390 page tables do not have.
 *
 *   user virtual (DAT on, CR1)            real (DAT off: the kernel's view)
 *   0x0000_0000 ┬ nothing: page 0 and     0x0000_0000 ┬ lowcore (8 KiB)
 *               │ every kernel address    0x0002_0000 │ kernel image, .bss
 *               │ fault                               │ free pages ...
 *   0x1000_0000 ┼ USER_BASE: text, data   0x0800_0000 ┴ end of RAM (-m 128M)
 *               │ ...
 *   0x1fff_8000 │ stack (8 pages)
 *   0x2000_0000 ┴ USER_STACK_TOP: the end of one 4 KiB segment table
 *
 * One segment table of 512 entries (the shortest the ASCE can designate,
 * table length 0) covers 512 segments of 1 MiB: 0 to 512 MiB. Putting the
 * user in its upper half keeps user addresses apart from the real addresses
 * of the kernel and RAM under the default -m 128M, so an address seen in a
 * log is unambiguous (they are separate spaces either way).
 */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_PAGE_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_PAGE_H

#include <trapdoor/const.h> /* _AC() */

/* 4 KiB pages: the only page size of basic DAT (PoP 3, "Dynamic Address Translation"). */
#define PAGE_SHIFT 12
#define PAGE_SIZE  (_AC(1, UL) << PAGE_SHIFT)

#define USER_BASE      _AC(0x10000000, UL) /* 256 MiB: segment 256 */
#define USER_STACK_TOP _AC(0x20000000, UL) /* 512 MiB, exclusive: segment 511 is the last */
#define TASK_SIZE      USER_STACK_TOP	   /* the end of user space, exclusive */
#define USER_TEXT_BASE USER_BASE	   /* where user/ programs are linked */

#ifndef __ASSEMBLY__

/* DAT is off in the kernel: a kernel pointer is the real address itself. */
#include <trapdoor/identity-map.h> /* virt_to_phys(), phys_to_virt() */

#endif /* !__ASSEMBLY__ */

#endif
