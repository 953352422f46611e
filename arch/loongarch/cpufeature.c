// SPDX-License-Identifier: MIT
/* The CPU: what loongarch64's CPUCFG words and IOCSR name registers say it is. */
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

unsigned long arch_elf_hwcap(void)
{
	return 0;
}

unsigned long arch_elf_hwcap2(void)
{
	return 0;
}

const char *arch_elf_platform(void)
{
	return NULL;
}
