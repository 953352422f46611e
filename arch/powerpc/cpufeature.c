// SPDX-License-Identifier: MIT
/*
 * The CPU: its name and PVR for the banner, and what each CPU sets in its own SPRs before
 * it may run user mode (the optional facilities off, no storage keys for user mode).
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <asm/processor.h>
#include <asm/prom.h>
#include <asm/reg.h>

static char cpu_desc[80];

/* The device tree's name for the CPU (prom_init() found it), and the PVR (version, revision). */
__stackleak_frame_exempt void identify_cpu(void)
{
	snprintf(cpu_desc, sizeof(cpu_desc), "%s (PVR 0x%08lx)",
		 prom.cpu_name[0] ? prom.cpu_name : "PowerPC", mfspr(SPRN_PVR));
	boot_info.cpu = cpu_desc;
}

/*
 * What every CPU sets in its own SPRs before it can run user mode: arch_setup() on the
 * boot CPU, start_secondary() (smp.c) on the others.
 */
void cpu_setup_sprs(void)
{
	mtspr(SPRN_DEC, DEC_MAX);
	mtspr(SPRN_FSCR, FSCR_USER_NONE);
	mtspr(SPRN_UAMOR, 0);
	mtspr(SPRN_AMR, 0);
}

/*
 * AT_HWCAP and AT_HWCAP2: Linux's PPC_FEATURE_* and PPC_FEATURE2_* bits (its uapi
 * asm/cputable.h), only for what user mode may use here. Linux gives a POWER9 its cputable's
 * COMMON_USER_POWER9 and COMMON_USER2_POWER9; of those we keep the base (32- and 64-bit,
 * FPU, MMU), the coherent instruction cache and SMT, and in HWCAP2 isel and darn, plain
 * problem-state instructions. Left out, because they are off (MSR[VEC,VSX] = 0, FSCR = 0,
 * cpu_setup_sprs()): ALTIVEC, VSX, the PMU, DSCR, TAR, EBB, HTM, VEC_CRYPTO, IEEE128 and
 * SCV; and the ISA levels (ARCH_2_05 ... ARCH_3_00), which libcs read as "this category's
 * vector instructions too" when they pick a string function. TRUE_LE: no little-endian
 * processes here.
 */
#define PPC_FEATURE_32		 0x80000000UL
#define PPC_FEATURE_64		 0x40000000UL
#define PPC_FEATURE_HAS_FPU	 0x08000000UL
#define PPC_FEATURE_HAS_MMU	 0x04000000UL
#define PPC_FEATURE_SMT		 0x00004000UL
#define PPC_FEATURE_ICACHE_SNOOP 0x00002000UL
#define PPC_FEATURE2_ISEL	 0x08000000UL
#define PPC_FEATURE2_DARN	 0x00200000UL

unsigned long arch_elf_hwcap(void)
{
	return PPC_FEATURE_32 | PPC_FEATURE_64 | PPC_FEATURE_HAS_FPU | PPC_FEATURE_HAS_MMU |
	       PPC_FEATURE_SMT | PPC_FEATURE_ICACHE_SNOOP;
}

unsigned long arch_elf_hwcap2(void)
{
	return PPC_FEATURE2_ISEL | PPC_FEATURE2_DARN;
}

/*
 * AT_PLATFORM: Linux's cputable ".platform" for the CPU, "power9" for QEMU's -cpu power9
 * (PVR 0x004e1200, a POWER9 DD2.x, as in the architected POWER9 mode a PAPR guest may run
 * in); NULL for any other CPU, whose platform string we do not know.
 */
#define PVR_VER(pvr)   ((pvr) >> 16)
#define PVR_VER_POWER9 0x004e

const char *arch_elf_platform(void)
{
	return PVR_VER(mfspr(SPRN_PVR)) == PVR_VER_POWER9 ? "power9" : NULL;
}
