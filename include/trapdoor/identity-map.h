/* SPDX-License-Identifier: MIT */
/*
 * virt_to_phys() and phys_to_virt() for an architecture whose kernel sees RAM
 * at its physical address — identity-mapped (arm64, riscv) or running
 * untranslated (powerpc real mode, s390 with DAT off). Its asm/page.h says
 * why and includes this; an arch with another view (loongarch's DMW window,
 * x86_64's direct map and kernel image map) defines its own pair.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_IDENTITY_MAP_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_IDENTITY_MAP_H

static inline unsigned long virt_to_phys(const void *p)
{
	return (unsigned long)p;
}

static inline void *phys_to_virt(unsigned long pa)
{
	return (void *)pa;
}

#endif
