/* SPDX-License-Identifier: MIT */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PROCESSOR_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PROCESSOR_H

#include <trapdoor/compiler.h>

/* The AAPCS64 keeps sp 16-byte aligned at all times (and SCTLR_EL1.SA checks it). */
static __always_inline unsigned long current_stack_pointer(void)
{
	unsigned long sp;

	__asm__ __volatile__("mov %0, sp" : "=r"(sp));
	return sp;
}

/*
 * UDF #0 (encoding 0x00000000) is permanently undefined (Arm ARM, "UDF"):
 * it raises a synchronous exception with ESR_EL1.EC = 0 ("unknown reason"),
 * which traps.c reports as an undefined instruction at this pc.
 */
static __always_inline void arch_undefined_instruction(void)
{
	__asm__ __volatile__("udf #0" : : : "memory");
}

/* A hint for spin loops: lets a hypervisor or SMT sibling run (Arm ARM, "YIELD"). */
static __always_inline void cpu_relax(void)
{
	__asm__ __volatile__("yield" : : : "memory");
}

#endif
