/* SPDX-License-Identifier: MIT */
/* Model-specific registers and the time-stamp counter (SDM Vol. 2B RDMSR, WRMSR, RDTSC). */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_MSR_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_MSR_H

#include <trapdoor/types.h>

/* The 64-bit value travels split in edx:eax, a leftover of 32-bit x86. */
static inline u64 rdmsr(u32 msr)
{
	u32 lo, hi;

	__asm__ __volatile__("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((u64)hi << 32) | lo;
}

static inline void wrmsr(u32 msr, u64 val)
{
	__asm__ __volatile__("wrmsr"
			     :
			     : "c"(msr), "a"((u32)(val & 0xffffffffU)), "d"((u32)(val >> 32))
			     : "memory");
}

/* Cycles since reset; under QEMU TCG it follows the host's TSC. */
static inline u64 rdtsc(void)
{
	u32 lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
}

#endif
