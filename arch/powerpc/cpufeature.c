// SPDX-License-Identifier: MIT
/*
 * The CPU: its name and PVR for the banner, and what each CPU sets in its own SPRs before
 * it may run user mode (the optional facilities off, no storage keys for user mode).
 */
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
