// SPDX-License-Identifier: MIT
/* The CPU, through CPUID: which features it has (asm/cpufeature.h), and its name for the banner. */
#include <trapdoor/arch.h>
#include <trapdoor/ktest.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <asm/cpufeature.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/selftest.h>
#include <asm/setup.h>

static char cpu_desc[128];

/*
 * Leaf 0 reports the highest basic leaf, 0x80000000 the
 * highest extended one; a leaf beyond those returns garbage, not zeros.
 */
bool cpu_has(u32 leaf, enum cpuid_reg reg, unsigned int bit)
{
	u32 r[4], max;

	cpuid(leaf & CPUID_EXT_MAX, &max, &r[CPUID_EBX], &r[CPUID_ECX], &r[CPUID_EDX]);
	if (leaf > max)
		return false;
	cpuid_count(leaf, 0, &r[CPUID_EAX], &r[CPUID_EBX], &r[CPUID_ECX], &r[CPUID_EDX]);
	return (r[reg] >> bit) & 1;
}

/*
 * "<brand string> (<vendor> family F model M stepping S)". Family and model
 * combine the base and extended fields as SDM Vol. 2A (CPUID, Figure 3-6)
 * prescribes: the extended family counts only when the base family is 15,
 * the extended model only for families 6 and 15.
 */
__stackleak_frame_exempt void identify_cpu(void)
{
	u32 cpuid_max_leaf, eax, ebx, ecx, edx, family, model, sig;
	char vendor[13] = "", brand[49] = "";
	const char *b = brand;

	cpuid(CPUID_VENDOR, &cpuid_max_leaf, &ebx, &ecx, &edx);
	cpuid_regs_to_string(vendor, ebx, edx, ecx);

	cpuid(CPUID_SIGNATURE, &sig, &ebx, &ecx, &edx);
	family = (sig >> 8) & 0xf;
	model = (sig >> 4) & 0xf;
	if (family == 0xf)
		family += (sig >> 20) & 0xff;
	if (family == 0x6 || family >= 0xf)
		model |= ((sig >> 16) & 0xf) << 4;

	cpuid(CPUID_EXT_MAX, &eax, &ebx, &ecx, &edx);
	if (eax >= CPUID_BRAND_STRING + 2) {
		for (u32 i = 0; i < 3; i++) {
			cpuid(CPUID_BRAND_STRING + i, &eax, &ebx, &ecx, &edx);
			cpuid_regs_to_string(brand + 16 * i, eax, ebx, ecx);
			memcpy(brand + 16 * i + 12, &edx, 4);
		}
		while (*b == ' ') /* Intel right-aligns the string with spaces */
			b++;
	}
	snprintf(cpu_desc, sizeof(cpu_desc), "%s (%s family %u model %u stepping %u)",
		 *b ? b : "x86_64", vendor, family, model, sig & 0xf);
	boot_info.cpu = cpu_desc;
}

/*
 * AT_HWCAP as Linux's x86_64 ELF_HWCAP: CPUID.1:EDX as the CPU reports it
 * (FPU, FXSR, SSE, SSE2, ... all on for user mode). What is off shows in
 * CPUID itself, which user mode reads: OSXSAVE in CPUID.1:ECX is clear, so
 * no AVX.
 */
unsigned long arch_elf_hwcap(void)
{
	u32 eax, ebx, ecx, edx;

	cpuid(CPUID_LEAF_FEATURES, &eax, &ebx, &ecx, &edx);
	return edx;
}

/* AT_HWCAP2: Linux's bits are RING3MWAIT and FSGSBASE, neither of them on here. */
unsigned long arch_elf_hwcap2(void)
{
	return 0;
}

const char *arch_elf_platform(void)
{
	return "x86_64";
}

#ifdef CONFIG_KTEST
/*
 * arch.x86_64_user_fpu_sse_only (asm/selftest.h): the control registers as
 * user_mode_init() (traps.c) leaves them for x87 and SSE, AVX off where a
 * libc looks (CPUID.1:ECX.OSXSAVE), and the auxiliary vector's view of it.
 */
void ktest_user_fpu_sse_only(void)
{
	unsigned long cr0 = read_cr0(), cr4 = read_cr4();
	unsigned long hwcap = arch_elf_hwcap();
	u32 eax, ebx, ecx, edx;

	KTEST_EXPECT(!(cr0 & (X86_CR0_EM | X86_CR0_TS)) && (cr0 & X86_CR0_MP) && (cr0 & X86_CR0_NE),
		     "CR0 0x%lx", cr0);
	KTEST_EXPECT((cr4 & X86_CR4_OSFXSR) && (cr4 & X86_CR4_OSXMMEXCPT) &&
			 !(cr4 & X86_CR4_OSXSAVE),
		     "CR4 0x%lx", cr4);
	KTEST_EXPECT(!cpu_has(X86_FEATURE_OSXSAVE), "CPUID.1:ECX.OSXSAVE is set");
	cpuid(CPUID_LEAF_FEATURES, &eax, &ebx, &ecx, &edx);
	KTEST_EXPECT(hwcap == edx, "AT_HWCAP 0x%lx, CPUID.1:EDX 0x%x", hwcap, edx);
	KTEST_EXPECT((hwcap & (X86_HWCAP_FXSR | X86_HWCAP_SSE | X86_HWCAP_SSE2)) ==
			 (X86_HWCAP_FXSR | X86_HWCAP_SSE | X86_HWCAP_SSE2),
		     "AT_HWCAP 0x%lx lacks FXSR, SSE or SSE2", hwcap);
	KTEST_EXPECT(arch_elf_hwcap2() == 0, "AT_HWCAP2 0x%lx", arch_elf_hwcap2());
	KTEST_EXPECT(!strcmp(arch_elf_platform(), "x86_64"), "AT_PLATFORM %s", arch_elf_platform());
}
#endif
