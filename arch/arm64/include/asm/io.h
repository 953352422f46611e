/* SPDX-License-Identifier: MIT */
/*
 * MMIO accessors. Device registers are mapped Device-nGnRE (head.S), so the
 * CPU neither merges, reorders nor caches these accesses. Each accessor is one
 * load or store instruction written in asm, so the compiler can neither split
 * nor combine it, and a hypervisor trapping the access sees a plain ldr/str
 * (with a valid ESR_EL2.ISV) that it can emulate.
 */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_IO_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_IO_H

#include <asm/page.h>
#include <trapdoor/types.h>

/*
 * addr is the register's physical address, as the device tree gives it; the
 * kernel reaches it through its linear map (asm/page.h), which maps the
 * devices below RAM with it.
 */
static inline u32 readl(unsigned long addr)
{
	u32 val;

	__asm__ __volatile__("ldr %w0, [%1]" : "=r"(val) : "r"(phys_to_virt(addr)) : "memory");
	return val;
}

static inline void writel(u32 val, unsigned long addr)
{
	__asm__ __volatile__("str %w0, [%1]" : : "rZ"(val), "r"(phys_to_virt(addr)) : "memory");
}

#endif
