/* SPDX-License-Identifier: MIT */
/*
 * CPU features, each named by where CPUID reports it: leaf, register, bit
 * (SDM Vol. 2A, CPUID, Tables 3-8 and 3-20). cpu_has(X86_FEATURE_NX) expands
 * to the three. Only features whose absence changes what we do are here;
 * the x86-64 baseline (PAE, PGE, syscall, ...) is assumed.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_CPUFEATURE_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_CPUFEATURE_H

#include <trapdoor/types.h>

enum cpuid_reg { CPUID_EAX, CPUID_EBX, CPUID_ECX, CPUID_EDX };

#define CPUID_LEAF_FEATURES	0x00000001	/* version and feature information */
#define CPUID_LEAF_STRUCT_EXT	0x00000007	/* subleaf 0: structured extended features */
#define CPUID_LEAF_EXT_INFO	0x80000001	/* extended processor info and features */

#define X86_FEATURE_APIC	CPUID_LEAF_FEATURES, CPUID_EDX, 9	/* a local APIC (drivers/apic.c) */
#define X86_FEATURE_RDRAND	CPUID_LEAF_FEATURES, CPUID_ECX, 30	/* rdrand (entropy.c) */
#define X86_FEATURE_RDSEED	CPUID_LEAF_STRUCT_EXT, CPUID_EBX, 18	/* rdseed (entropy.c) */
#define X86_FEATURE_SMEP	CPUID_LEAF_STRUCT_EXT, CPUID_EBX, 7	/* CR4.SMEP */
#define X86_FEATURE_SMAP	CPUID_LEAF_STRUCT_EXT, CPUID_EBX, 20	/* CR4.SMAP */
#define X86_FEATURE_UMIP	CPUID_LEAF_STRUCT_EXT, CPUID_ECX, 2	/* CR4.UMIP */
#define X86_FEATURE_NX		CPUID_LEAF_EXT_INFO, CPUID_EDX, 20	/* EFER.NXE, PTE bit 63 */

/* setup.c: is the bit set, in a leaf the CPU has? Subleaf 0. */
bool cpu_has(u32 leaf, enum cpuid_reg reg, unsigned int bit);

#endif
