/* SPDX-License-Identifier: MIT */
/*
 * Pages and the loongarch64 virtual address map. Also read by user/user.lds.S through cpp with
 * __ASSEMBLY__ defined: everything outside the C-only block must be a number the linker
 * understands, hence _AC() (the "UL" suffix only in C).
 *
 * LoongArch has two kinds of translation at once (manual §5.2): a virtual address whose top
 * nibble matches an enabled direct mapping window (DMW) at the current privilege level is
 * translated by the window, with no TLB; every other address goes through the TLB, which the
 * kernel fills from its own page tables (mm.c, and the refill handler in entry.S). The kernel
 * lives in the windows; user programs live in the TLB.
 *
 *   0x0000_0000_0000_0000  ┬ nothing: NULL and small offsets from it fault
 *   0x0000_0000_0001_0000  ┼ USER_BASE = USER_TEXT_BASE: user text, then data     ┐ PLV3 TLB
 *                          │ (user/user.lds.S; where lld links a static program)  │ entries from
 *   0x0000_0001_2000_0000  │ where GNU ld links one                               │ the task's
 *                          │ ...                                                  │ tables
 *   0x0000_000f_fffe_0000  │ the user stack: USER_STACK_PAGES below the top       │
 *   0x0000_0010_0000_0000  ┼ USER_STACK_TOP = TASK_SIZE: 64 GiB, one root entry ┘
 *                          │ legal addresses (below 2^47) that no table maps: a TLB refill
 *                          │ installs an invalid entry and the access faults
 *   0x8000_0000_0000_0000  ┼ DMW0, uncached, PLV0 only: device registers (asm/io.h)
 *   0x9000_0000_0000_0000  ┼ DMW1, cached, PLV0 only: all of RAM, the kernel at +0x200000
 *                          ┴ (at PLV3 no window matches, and these addresses are not legal
 *                            48-bit addresses either: a user access is an address error, ADE)
 *
 * So the kernel needs no page table and no TLB entry at all, user and kernel addresses can
 * never collide, and a syscall switches nothing (docs/design.md, "Performance principles").
 */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PAGE_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PAGE_H

#include <trapdoor/const.h> /* _AC() */

/*
 * 16 KiB pages, not 4 KiB. The hardware does 4 KiB, but QEMU 7.2 cannot: its LoongArch
 * target has TARGET_PAGE_BITS 14, and its TLB-fill hook installs every translation as a
 * 16 KiB softmmu page, physical address rounded down to 16 KiB (target/loongarch/cpu-param.h
 * and tlb_helper.c; QEMU 8 lowered it to 12). With 4 KiB pages a fetch from a user page
 * read the wrong physical page (seen: the page-table page below it), and one TLB entry would
 * open three neighbouring pages to the user. 16 KiB is also Linux's default on LoongArch.
 * Everything below (the page allocator, the tables, STLBPS, TLBREHI.PS) follows this number.
 */
#define PAGE_SHIFT 14
#define PAGE_SIZE  (_AC(1, UL) << PAGE_SHIFT)

/*
 * Linux's bounds: nothing below 64 KiB (mmap_min_addr) is ever mapped, so NULL and small
 * offsets from it fault. The range holds both static link addresses of loongarch64 Linux
 * programs: 0x10000 (ld.lld, which builds user/ here) and 0x120000000 (GNU ld).
 */
#define USER_BASE      _AC(0x10000, UL)	     /* 64 KiB: the first 4 pages stay unmapped */
#define USER_STACK_TOP _AC(0x1000000000, UL) /* 64 GiB, exclusive: see asm/pgtable.h */
#define TASK_SIZE      USER_STACK_TOP	     /* the end of user space, exclusive */
#define USER_TEXT_BASE USER_BASE	     /* where user/ programs are linked, as lld does */

/* The cached window, DMW1 (head.S): virtual CACHED_BASE + x is physical x. */
#define CACHED_BASE _AC(0x9000000000000000, UL)

#ifndef __ASSEMBLY__

/* The kernel's view of RAM is the cached window: no table, just the top nibble. */
static inline unsigned long virt_to_phys(const void *p)
{
	return (unsigned long)p - CACHED_BASE;
}

static inline void *phys_to_virt(unsigned long pa)
{
	return (void *)(pa + CACHED_BASE);
}

#endif /* !__ASSEMBLY__ */

#endif
