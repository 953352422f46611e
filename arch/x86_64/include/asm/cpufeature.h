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

enum cpuid_reg {
	CPUID_EAX,
	CPUID_EBX,
	CPUID_ECX,
	CPUID_EDX
};

#define CPUID_LEAF_FEATURES   0x00000001 /* version and feature information */
#define CPUID_LEAF_STRUCT_EXT 0x00000007 /* subleaf 0: structured extended features */
#define CPUID_LEAF_EXT_INFO   0x80000001 /* extended processor info and features */

#define X86_FEATURE_APIC    CPUID_LEAF_FEATURES, CPUID_EDX, 9	 /* a local APIC (drivers/apic.c) */
#define X86_FEATURE_RDRAND  CPUID_LEAF_FEATURES, CPUID_ECX, 30	 /* rdrand (entropy.c) */
#define X86_FEATURE_RDSEED  CPUID_LEAF_STRUCT_EXT, CPUID_EBX, 18 /* rdseed (entropy.c) */
#define X86_FEATURE_SMEP    CPUID_LEAF_STRUCT_EXT, CPUID_EBX, 7	 /* CR4.SMEP */
#define X86_FEATURE_SMAP    CPUID_LEAF_STRUCT_EXT, CPUID_EBX, 20 /* CR4.SMAP */
#define X86_FEATURE_UMIP    CPUID_LEAF_STRUCT_EXT, CPUID_ECX, 2	 /* CR4.UMIP */
#define X86_FEATURE_NX	    CPUID_LEAF_EXT_INFO, CPUID_EDX, 20	 /* EFER.NXE, PTE bit 63 */
#define X86_FEATURE_OSXSAVE CPUID_LEAF_FEATURES, CPUID_ECX, 27	 /* CR4.OSXSAVE is set */

/* CPUID.1:EDX bits that AT_HWCAP passes on (Linux's ELF_HWCAP is that register). */
#define X86_HWCAP_FXSR (1U << 24)
#define X86_HWCAP_SSE  (1U << 25)
#define X86_HWCAP_SSE2 (1U << 26)

/* Leaves that identify the CPU and the machine rather than name features. */
#define CPUID_VENDOR	       0x00000000 /* eax: highest basic leaf; ebx, edx, ecx: vendor */
#define CPUID_SIGNATURE	       0x00000001 /* eax: family, model, stepping */
#define CPUID_EXT_MAX	       0x80000000 /* eax: highest extended leaf */
#define CPUID_BRAND_STRING     0x80000002 /* 0x80000002-4: 48-byte brand string */
#define CPUID_HYPERVISOR       0x40000000 /* ebx, ecx, edx: hypervisor signature */
#define CPUID_1_ECX_HYPERVISOR (1U << 31) /* "running under a hypervisor" */

/* Is the bit set, in a leaf the CPU has? Subleaf 0. */
bool cpu_has(u32 leaf, enum cpuid_reg reg, unsigned int bit);
/* The banner's CPU line (boot_info.cpu): brand string, vendor, family, model, stepping. */
void identify_cpu(void);

/* Three registers' bytes as CPUID's strings lay them out (vendor, hypervisor). */
static inline void cpuid_regs_to_string(char *s, u32 a, u32 b, u32 c)
{
	__builtin_memcpy(s, &a, 4);
	__builtin_memcpy(s + 4, &b, 4);
	__builtin_memcpy(s + 8, &c, 4);
}

#endif
