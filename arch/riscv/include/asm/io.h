/* SPDX-License-Identifier: MIT */
/*
 * Memory-mapped I/O. The kernel's page table maps the devices in its linear map, at
 * PAGE_OFFSET + their physical address (asm/page.h, mm.c); addr is that address. volatile keeps
 * the compiler from merging or dropping an access, and the fences keep the hart from
 * reordering it against ordinary memory accesses, as Linux's readb/writeb do.
 * FENCE operands (Unprivileged ISA 20191213, 2.7): i/o = device input/output, r/w = memory.
 */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_IO_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_IO_H

#include <trapdoor/types.h>
#include <asm/page.h> /* PAGE_OFFSET, for the devices' addresses */

static inline u8 readb(unsigned long addr)
{
	u8 v = *(volatile u8 *)addr;

	/* Later memory reads must not pass this device read (e.g. reading a buffer it flagged). */
	__asm__ __volatile__("fence i, r" : : : "memory");
	return v;
}

static inline void writeb(u8 v, unsigned long addr)
{
	/* Earlier memory writes must be visible before the device sees this write. */
	__asm__ __volatile__("fence w, o" : : : "memory");
	*(volatile u8 *)addr = v;
}

static inline u32 readl(unsigned long addr)
{
	u32 v = *(volatile u32 *)addr;

	__asm__ __volatile__("fence i, r" : : : "memory");
	return v;
}

static inline void writel(u32 v, unsigned long addr)
{
	__asm__ __volatile__("fence w, o" : : : "memory");
	*(volatile u32 *)addr = v;
}

#endif
