/* SPDX-License-Identifier: MIT */
/*
 * Pages and the x86_64 virtual address map. Also read by user/user.lds.S
 * through cpp with __ASSEMBLY__ defined: everything outside the C-only block
 * must be a plain number the linker understands, hence _AC() (a "UL" suffix
 * only in C).
 *
 * 4-level paging (SDM Vol. 3A §4.5): 48-bit virtual addresses whose bits
 * 63:47 must all be equal ("canonical"), translated through PML4, PDPT, PD
 * and PT, 512 entries each; one PML4 entry covers 512 GiB. Linux's split:
 * the lower half (PML4[0-255]) is the user's, the upper half the kernel's.
 *
 *   0x0000_0000_0000_0000  ┬ nothing: page 0 and the rest below USER_BASE are never mapped
 *   0x0000_0000_0001_0000  ┼ USER_BASE (Linux's mmap_min_addr: 64 KiB)          ┐
 *   0x0000_0000_0040_0000  │ USER_TEXT_BASE: user text, then data (user.lds.S)  │ private
 *                          │ ...                                                │ to each
 *   0x0000_7fff_ffff_7000  │ the user stack: USER_STACK_PAGES (exec.h) below ...│ task
 *   0x0000_7fff_ffff_f000  ┴ USER_STACK_TOP = TASK_SIZE, exclusive: Linux's    ┘
 *                            TASK_SIZE_MAX, one page short of the canonical end
 *   0x0000_8000_0000_0000    the non-canonical hole, up to 0xffff_8000_0000_0000
 *   0xffff_8880_0000_0000  ┬ PAGE_OFFSET, PML4[273]: the direct map, physical 0
 *                          │   to DIRECT_MAP_SIZE (4 GiB: RAM, and the local APIC
 *                          │   and I/O APIC registers below 4 GiB) in 2 MiB pages
 *   0xffff_8881_0000_0000  ┴ the direct map's end
 *   0xffff_ffff_8000_0000  ┬ __START_KERNEL_map, PML4[511], PDPT[510]: the
 *                          │   kernel image, physical 0 to 1 GiB; the kernel is
 *                          │   linked at 0xffff_ffff_8010_0000 (loaded at 1 MiB)
 *   0xffff_ffff_c000_0000  ┴ the image map's end
 *
 * Both kernel maps are supervisor-only (U/S = 0) and global, and share their
 * page directory for the first GiB (mm.c): a permission set on a page of the
 * image (kernel_protect(): W^X, stack guards) holds for its direct-map alias
 * too. Every address space copies the two PML4 entries (mm.c), so a syscall
 * never switches page tables. head.S also maps the first 4 GiB at their
 * physical address while it turns paging on, and removes that map once it
 * runs at the kernel's address: afterwards nothing of the kernel is in the
 * lower half. TASK_SIZE stops one page below 1 << 47, so no syscall
 * instruction can sit at the end of the canonical lower half, the one way a
 * sysret could return to a non-canonical address (entry.S).
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PAGE_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PAGE_H

#include <trapdoor/const.h> /* _AC() */

#define PAGE_SHIFT 12 /* 4 KiB pages (SDM Vol. 3A §4.5) */
#define PAGE_SIZE  (_AC(1, UL) << PAGE_SHIFT)

#define USER_BASE      _AC(0x10000, UL)	       /* 64 KiB: Linux's mmap_min_addr */
#define TASK_SIZE      _AC(0x7ffffffff000, UL) /* the end of user space, exclusive */
#define USER_STACK_TOP TASK_SIZE	       /* the initial stack ends there */
#define USER_TEXT_BASE _AC(0x400000, UL)       /* where user/ programs are linked */

/* The kernel's two maps (the picture above). */
#define PAGE_OFFSET	   _AC(0xffff888000000000, UL) /* the direct map of physical memory */
#define DIRECT_MAP_SIZE	   _AC(0x100000000, UL)	       /* 4 GiB */
#define __START_KERNEL_map _AC(0xffffffff80000000, UL) /* the kernel image's map */
#define KERNEL_IMAGE_SIZE  _AC(0x40000000, UL)	       /* 1 GiB */

/* The physical address of a kernel symbol, for code that runs before paging (head.S). */
#define _pa(x) ((x) - __START_KERNEL_map)

#ifndef __ASSEMBLY__

/*
 * Linux's __pa() and __va(): a kernel symbol lies in the image map, any other
 * kernel address (pages, devices) in the direct map; phys_to_virt() always
 * answers with the direct map, as far as it reaches (firmware.c never
 * reports RAM above it).
 */
static inline unsigned long virt_to_phys(const void *p)
{
	unsigned long va = (unsigned long)p;

	return va >= __START_KERNEL_map ? va - __START_KERNEL_map : va - PAGE_OFFSET;
}

static inline void *phys_to_virt(unsigned long pa)
{
	return (void *)(pa + PAGE_OFFSET);
}

#endif /* !__ASSEMBLY__ */

#endif
