/* SPDX-License-Identifier: MIT */
/*
 * Device and RAM addresses on LoongArch without page tables. head.S opens two direct mapping
 * windows (DMW, manual §5.2.1): a virtual address whose top nibble is 0x8 reaches physical
 * address VA[47:0] uncached and strongly ordered — what device registers need — and top nibble
 * 0x9 reaches the same physical address cached, for RAM and the kernel itself.
 *
 * Shared by C and assembly.
 */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_IO_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_IO_H

#include <asm/page.h> /* CACHED_BASE, phys_to_virt(), virt_to_phys() */

#define UNCACHED_BASE 0x8000000000000000 /* DMW0: VSEG 0x8, MAT = SUC */
/* DMW1: VSEG 0x9, MAT = CC, at CACHED_BASE: asm/page.h, with the rest of the address map */
#define UNCACHED_VSEG 0x8
#define CACHED_VSEG   0x9

#ifndef __ASSEMBLY__

#include <trapdoor/types.h>

/* A device register's physical address as the kernel reaches it: through the uncached window. */
static inline volatile void *ioremap(u64 phys)
{
	return (volatile void *)(uintptr_t)(UNCACHED_BASE | phys);
}

/*
 * MMIO accessors, named as in Linux. The uncached window is strongly ordered, so the accesses
 * reach the device in program order; volatile stops the compiler from merging or dropping them.
 * LoongArch is little-endian, as PCI and the 16550 are.
 */
static inline u8 readb(const volatile void *addr)
{
	return *(const volatile u8 *)addr;
}

static inline u16 readw(const volatile void *addr)
{
	return *(const volatile u16 *)addr;
}

static inline u32 readl(const volatile void *addr)
{
	return *(const volatile u32 *)addr;
}

static inline u64 readq(const volatile void *addr)
{
	return *(const volatile u64 *)addr;
}

static inline void writeb(u8 v, volatile void *addr)
{
	*(volatile u8 *)addr = v;
}

static inline void writew(u16 v, volatile void *addr)
{
	*(volatile u16 *)addr = v;
}

static inline void writel(u32 v, volatile void *addr)
{
	*(volatile u32 *)addr = v;
}

static inline void writeq(u64 v, volatile void *addr)
{
	*(volatile u64 *)addr = v;
}

/*
 * A full memory barrier, dbar 0 (manual §2.2.8.1): every load and store before it is done
 * before any after it starts. For memory shared with a DMA device (virtio rings): the
 * uncached window orders device registers already, but RAM is reached through the cache.
 */
static inline void mb(void)
{
	__asm__ __volatile__("dbar 0" : : : "memory");
}

#endif /* !__ASSEMBLY__ */

#endif
