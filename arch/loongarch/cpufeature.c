// SPDX-License-Identifier: MIT
/* The CPU: what loongarch64's CPUCFG words and IOCSR name registers say it is. */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <asm/csr.h>
#include <asm/io.h>
#include <asm/setup.h>

static char cpu_desc[128];

/*
 * The CPU: IOCSR "Manufacturer Name" and "Chip Name" registers (8 ASCII bytes each) where
 * CPUCFG says there are IOCSRs, then PRID and a few CPUCFG fields that matter to us.
 */
__stackleak_frame_exempt void identify_cpu(void)
{
	unsigned int prid = read_cpucfg(LOONGARCH_CPUCFG0);
	unsigned int cfg1 = read_cpucfg(LOONGARCH_CPUCFG1), cfg2 = read_cpucfg(LOONGARCH_CPUCFG2);
	char vendor[9] = "", chip[9] = "";

	if (cfg1 & CPUCFG1_IOCSR) {
		u64 v = iocsr_read64(LOONGARCH_IOCSR_VENDOR);
		u64 c = iocsr_read64(LOONGARCH_IOCSR_CPUNAME);

		memcpy(vendor, &v, 8);
		memcpy(chip, &c, 8);
	}
	snprintf(cpu_desc, sizeof(cpu_desc), "%s%s%s (PRID 0x%08x), %s, PALEN %u, VALEN %u%s%s%s",
		 vendor[0] ? vendor : "LoongArch", chip[0] ? "-" : "", chip, prid,
		 (cfg1 & CPUCFG1_ARCH_MASK) == CPUCFG1_ARCH_LA64 ? "LA64" : "LA32",
		 ((cfg1 >> CPUCFG1_PALEN_SHIFT) & CPUCFG1_LEN_MASK) + 1,
		 ((cfg1 >> CPUCFG1_VALEN_SHIFT) & CPUCFG1_LEN_MASK) + 1,
		 cfg2 & CPUCFG2_LSX ? ", LSX" : "", cfg2 & CPUCFG2_LASX ? ", LASX" : "",
		 cfg2 & CPUCFG2_LVZ ? ", LVZ" : "");
	boot_info.cpu = cpu_desc;
}

/*
 * Linux's AT_HWCAP bits for loongarch (HWCAP_LOONGARCH_*, its uapi asm/hwcap.h), as its
 * cpu_probe_common() sets them from CPUCFG: never LSX or LASX (EUEN keeps them off,
 * traps.c), nor the LBT bits (off too).
 */
#define HWCAP_LOONGARCH_CPUCFG	(1UL << 0)
#define HWCAP_LOONGARCH_LAM	(1UL << 1)
#define HWCAP_LOONGARCH_UAL	(1UL << 2)
#define HWCAP_LOONGARCH_FPU	(1UL << 3)
#define HWCAP_LOONGARCH_CRC32	(1UL << 6)
#define HWCAP_LOONGARCH_COMPLEX (1UL << 7)
#define HWCAP_LOONGARCH_CRYPTO	(1UL << 8)
#define HWCAP_LOONGARCH_LVZ	(1UL << 9)
#define HWCAP_LOONGARCH_PTW	(1UL << 13)
#define HWCAP_LOONGARCH_LSPW	(1UL << 14)

unsigned long arch_elf_hwcap(void)
{
	unsigned int cfg1 = read_cpucfg(LOONGARCH_CPUCFG1), cfg2 = read_cpucfg(LOONGARCH_CPUCFG2);
	unsigned long hwcap = HWCAP_LOONGARCH_CPUCFG;

	if (cfg1 & CPUCFG1_UAL)
		hwcap |= HWCAP_LOONGARCH_UAL;
	if (cfg1 & CPUCFG1_CRC32)
		hwcap |= HWCAP_LOONGARCH_CRC32;
	if (cfg2 & CPUCFG2_LAM)
		hwcap |= HWCAP_LOONGARCH_LAM;
	if (cfg2 & CPUCFG2_FP)
		hwcap |= HWCAP_LOONGARCH_FPU;
	if (cfg2 & CPUCFG2_COMPLEX)
		hwcap |= HWCAP_LOONGARCH_COMPLEX;
	if (cfg2 & CPUCFG2_CRYPTO)
		hwcap |= HWCAP_LOONGARCH_CRYPTO;
	if (cfg2 & CPUCFG2_PTW)
		hwcap |= HWCAP_LOONGARCH_PTW;
	if (cfg2 & CPUCFG2_LSPW)
		hwcap |= HWCAP_LOONGARCH_LSPW;
	if (cfg2 & CPUCFG2_LVZ)
		hwcap |= HWCAP_LOONGARCH_LVZ;
	return hwcap;
}

unsigned long arch_elf_hwcap2(void)
{
	return 0; /* loongarch Linux has no AT_HWCAP2 */
}

/* Linux's cpu_probe() names every loongarch CPU the same. */
const char *arch_elf_platform(void)
{
	return "loongarch";
}
