/* SPDX-License-Identifier: MIT */
/*
 * Pages and the s390x address map. Also read by user/user.lds.S through cpp
 * with __ASSEMBLY__ defined: outside the C-only block everything must be a
 * plain number the linker understands, hence _AC() (a "UL" suffix in C only).
 *
 * The kernel runs with DAT (dynamic address translation) off: its addresses
 * are real addresses, untranslated, so it needs no page tables and no
 * mapping in any user address space. A user task runs with DAT on in its
 * primary address space, whose region-third table mm.c builds and CR1
 * designates. That table holds the user pages and nothing else, so a user
 * address that is not a user page (NULL, any kernel or lowcore address) has
 * no translation at all: the isolation on s390 comes from the kernel being
 * absent from the user's space, not from a user/supervisor bit, which s390
 * page tables do not have. The lowcore (prefix area) is real storage only:
 * DAT never maps it for user mode.
 *
 *   user virtual (DAT on, CR1)            real (DAT off: the kernel's view)
 *   0x0000_0000 ┬ nothing: NULL and the   0x0000_0000 ┬ lowcore (8 KiB)
 *               │ first 64 KiB are never  0x0002_0000 │ kernel image, .bss
 *   0x0001_0000 ┼ USER_BASE: mappable                 │ free pages ...
 *   0x0100_0000 ┼ USER_TEXT_BASE: text,   0x0800_0000 ┴ end of RAM (-m 128M)
 *               │ data (as s390x Linux
 *               │ programs are linked)
 *               │ ...
 *   0xffff_8000 │ stack (8 pages)
 *  0x1_0000_0000┴ USER_STACK_TOP = TASK_SIZE: 4 GiB, two region-third entries
 *
 * The region-third table (one 4 KiB page, 512 entries of 2 GiB) could reach
 * 1 TiB; each 2 GiB in use costs a 16 KiB segment table, so user space ends
 * at 4 GiB, Linux's mmap_min_addr of 64 KiB to the 4 GiB every 64-bit arch
 * of this tree gives.
 */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_PAGE_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_PAGE_H

#include <trapdoor/const.h> /* _AC() */

/* 4 KiB pages: the only page size of basic DAT (PoP 3, "Dynamic Address Translation"). */
#define PAGE_SHIFT 12
#define PAGE_SIZE  (_AC(1, UL) << PAGE_SHIFT)

#define USER_BASE      _AC(0x10000, UL)	    /* 64 KiB: Linux's mmap_min_addr */
#define USER_STACK_TOP _AC(0x100000000, UL) /* 4 GiB, exclusive: region-third entry 1 ends */
#define TASK_SIZE      USER_STACK_TOP	    /* the end of user space, exclusive */
#define USER_TEXT_BASE _AC(0x1000000, UL)   /* 16 MiB: where s390x Linux links programs */

#ifndef __ASSEMBLY__

/* DAT is off in the kernel: a kernel pointer is the real address itself. */
#include <trapdoor/identity-map.h> /* virt_to_phys(), phys_to_virt() */

#endif /* !__ASSEMBLY__ */

#endif
