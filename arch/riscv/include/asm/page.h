/* SPDX-License-Identifier: MIT */
/*
 * Pages and the riscv64 virtual address map (Sv39). Also read by user/user.lds.S, kernel.lds
 * and head.S through cpp with __ASSEMBLY__ defined: everything outside the C-only block must be
 * a plain number the linker and the assembler understand, hence _AC() for the constants (a "UL"
 * suffix only in C).
 *
 * Sv39 (Privileged ISA 20211203, 4.4): 39-bit virtual addresses, sign-extended to 64 bits,
 * translated by three levels of 512-entry tables; one entry of the root table covers 1 GiB.
 * The lower half (root entries 0-255) is the user's, the upper half (256-511) the kernel's,
 * where Linux puts them (Documentation/arch/riscv/vm-layout.rst, "RISC-V Linux Kernel SV39"):
 *
 *   0x0000_0000_0000  ┬ nothing: page 0 and the rest of the first 64 KiB are never mapped ┐
 *   0x0000_0001_0000  ┼ USER_BASE = USER_TEXT_BASE: user text, then data (user/user.lds.S) │ the
 *                     │ ...                                                                │ user's,
 *                     │ the user stack: below USER_STACK_TOP                               │ private
 *   0x0040_0000_0000  ┴ TASK_SIZE = USER_STACK_TOP: the end of the lower half (256 GiB)    ┘ (mm.c)
 *                       ... not canonical: addresses whose bits 63:39 differ from bit 38
 *   0xffff_ffd6_0000_0000  PAGE_OFFSET: the linear map, pa + PAGE_OFFSET for every physical
 *                          address below the end of RAM: the devices below RAM (test finisher
 *                          0x100000, CLINT, PLIC, UART 0x10000000, virtio), rw-, and RAM
 *                          (OpenSBI, this kernel, every free page), rw-, never executable
 *   0xffff_ffff_8000_0000  KERNEL_LINK_ADDR: the kernel image, linked at 0xffffffff80200000
 *                          and loaded at 0x80200000 (kernel.lds): text r-x, rodata r--,
 *                          data rw- (kernel_protect())
 *
 * Every address space copies the kernel's root entries (supervisor-only, U = 0; global); the
 * lower half of the kernel's own table is empty. Only head.S's boot table also maps the kernel's
 * RAM at its physical address, for the instructions that turn translation on.
 */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_PAGE_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_PAGE_H

#include <trapdoor/const.h> /* _AC() */

#define PAGE_SHIFT 12 /* 4 KiB base pages (Sv39, 4.4.1) */
#define PAGE_SIZE  (_AC(1, UL) << PAGE_SHIFT)

/*
 * User space: from 64 KiB (Linux's mmap_min_addr: a NULL dereference, even with an offset,
 * never finds a page) to the end of Sv39's lower half. 0x10000 is where Debian's riscv64 static
 * binaries are linked, and user/ programs too.
 */
#define USER_BASE      _AC(0x10000, UL)
#define TASK_SIZE      _AC(0x4000000000, UL) /* 256 GiB, exclusive: Linux's TASK_SIZE for Sv39 */
#define USER_STACK_TOP TASK_SIZE	     /* the user stack ends at the top of user space */
#define USER_TEXT_BASE USER_BASE	     /* where user/ programs are linked */

/*
 * The kernel's half. The linear map: physical address pa at pa + PAGE_OFFSET, for pa below
 * LINEAR_MAP_SIZE (Linux's Sv39 "direct mapping of all physical memory", 128 GiB). The image:
 * KERNEL_LINK_ADDR maps KERNEL_PHYS_BASE, QEMU virt's first byte of RAM, 2 MiB below the
 * kernel's load address.
 */
#define PAGE_OFFSET	    _AC(0xffffffd600000000, UL)
#define LINEAR_MAP_SIZE	    _AC(0x2000000000, UL)
#define KERNEL_LINK_ADDR    _AC(0xffffffff80000000, UL)
#define KERNEL_PHYS_BASE    _AC(0x80000000, UL)
#define KERNEL_VA_PA_OFFSET (KERNEL_LINK_ADDR - KERNEL_PHYS_BASE)

#ifndef __ASSEMBLY__

/*
 * The kernel's view of physical memory. phys_to_virt() is always the linear map. virt_to_phys()
 * takes either kernel address: the image's (static data: page tables, stacks) or the linear
 * map's (pages from the allocator), as Linux's __pa().
 */
static inline unsigned long virt_to_phys(const void *p)
{
	unsigned long va = (unsigned long)p;

	return va >= KERNEL_LINK_ADDR ? va - KERNEL_VA_PA_OFFSET : va - PAGE_OFFSET;
}

static inline void *phys_to_virt(unsigned long pa)
{
	return (void *)(pa + PAGE_OFFSET);
}

#endif /* !__ASSEMBLY__ */

#endif
