// SPDX-License-Identifier: MIT
/*
 * The CPU: what MIDR_EL1 says it is, for the banner, and what each CPU sets in its own
 * system registers before it may run user mode (the features it turns off, PAN on).
 */
#include <asm/processor.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <trapdoor/fdt.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>

/*
 * Part numbers from MIDR_EL1 (Linux arch/arm64/include/asm/cputype.h; for
 * QEMU's "max", target/arm/cpu64.c: implementer 0 = "software", part 'Q').
 */
#define ARM_CPU_IMP_ARM	     0x41
#define ARM_CPU_IMP_FUJITSU  0x46
#define ARM_CPU_IMP_SOFTWARE 0x00

static const struct {
	u8 implementer;
	u16 part;
	const char *name;
} cpu_parts[] = {
	{ ARM_CPU_IMP_ARM, 0xd03, "ARM Cortex-A53" },
	{ ARM_CPU_IMP_ARM, 0xd04, "ARM Cortex-A35" },
	{ ARM_CPU_IMP_ARM, 0xd05, "ARM Cortex-A55" },
	{ ARM_CPU_IMP_ARM, 0xd07, "ARM Cortex-A57" },
	{ ARM_CPU_IMP_ARM, 0xd08, "ARM Cortex-A72" },
	{ ARM_CPU_IMP_ARM, 0xd0b, "ARM Cortex-A76" },
	{ ARM_CPU_IMP_ARM, 0xd0c, "ARM Neoverse-N1" },
	{ ARM_CPU_IMP_ARM, 0xd40, "ARM Neoverse-V1" },
	{ ARM_CPU_IMP_FUJITSU, 0x001, "Fujitsu A64FX" },
	{ ARM_CPU_IMP_SOFTWARE, 0x051, "QEMU max" },
};

static char cpu_name[96], cpu_compatible[48];

/* "ARM Cortex-A72 r0p3 (MIDR 0x410fd083)"; unknown parts by the DT's compatible. */
__stackleak_frame_exempt void identify_cpu(void)
{
	u64 midr = read_sysreg(midr_el1);
	const char *name =
	    boot_fdt ? fdt_getprop_escaped(boot_fdt, fdt_path_offset(boot_fdt, "/cpus/cpu@0"),
					   "compatible", cpu_compatible, sizeof(cpu_compatible)) :
		       NULL;

	for (size_t i = 0; i < ARRAY_SIZE(cpu_parts); i++)
		if (cpu_parts[i].implementer == MIDR_IMPLEMENTER(midr) &&
		    cpu_parts[i].part == MIDR_PARTNUM(midr))
			name = cpu_parts[i].name;
	snprintf(cpu_name, sizeof(cpu_name), "%s r%lup%lu (MIDR 0x%08lx)",
		 name ? name : "unknown arm64 CPU", MIDR_VARIANT(midr), MIDR_REVISION(midr), midr);
	boot_info.cpu = cpu_name;
}

/*
 * PAN, Privileged Access Never (FEAT_PAN, Armv8.1; ID_AA64MMFR1_EL1.PAN):
 * while PSTATE.PAN is set, an EL1 load or store to a page that EL0 may
 * access (AP[1] = 1: every user page) is a permission fault. The kernel never
 * needs one: copy_{to,from}_user copy through the kernel's own map of the
 * physical pages (mm/uaccess.c), so PAN is on all the time, with no
 * window to open. PSTATE.PAN is set here for the code running now, and
 * SCTLR_EL1.SPAN = 0 makes every exception into EL1 set it again (with
 * SPAN = 1 it would keep the interrupted code's value: for EL0, 0).
 */
static bool pan_init(void)
{
	u64 pan = (read_sysreg(id_aa64mmfr1_el1) >> ID_AA64MMFR1_PAN_SHIFT) & ID_AA64MMFR1_PAN_MASK;

	if (!pan)
		return false;
	write_sysreg(read_sysreg(sctlr_el1) & ~SCTLR_EL1_SPAN, sctlr_el1);
	write_sysreg(PSTATE_PAN, s3_0_c4_c2_3); /* PAN, by its generic name (sysreg.h) */
	isb();
	return true;
}

/*
 * What each CPU sets in its own system registers, CPU 0 from arch_setup()
 * and every other CPU from secondary_init() (smp.c): each has its own copy
 * of every register below. Returns false if the CPU has no PAN.
 */
bool arm64_cpu_setup(void)
{
	/*
	 * FP/SIMD, SVE and SME off at EL1 and EL0 (CPACR_EL1.FPEN, ZEN and SMEN
	 * = 0, not left to the reset value): no task's FP registers are saved,
	 * so none may use them; an FP, SVE or SME instruction in user mode, or
	 * FPCR/FPSR, traps (EC 0x07, 0x19, 0x1d) and the task dies of SIGILL
	 * (traps.c). SME's TPIDR2_EL0 traps too: SCTLR_EL1.EnTP2 is 0 (head.S).
	 */
	write_sysreg(0, cpacr_el1);
	/* User mode may read the virtual counter (cntvct_el0), as on Linux; nothing else. */
	write_sysreg(CNTKCTL_EL0VCTEN, cntkctl_el1);
	/*
	 * Nothing else user mode could write and carry into another program:
	 * the performance monitors trap at EL0 (PMUSERENR_EL0 = 0: their
	 * counters and selectors are one set for the whole CPU), and so does the
	 * debug communications channel (MDSCR_EL1.TDCC: DBGDTR_EL0 and friends).
	 * Both reset to UNKNOWN values on hardware.
	 */
	write_sysreg(0, pmuserenr_el0);
	write_sysreg(MDSCR_EL1_TDCC, mdscr_el1);
	/*
	 * The user thread pointers reset to UNKNOWN values: start them at 0.
	 * tpidr_el0 is then each task's own, in its pt_regs (asm/ptrace.h);
	 * tpidrro_el0 (read-only at EL0) is never used and stays 0.
	 */
	write_sysreg(0, tpidr_el0);
	write_sysreg(0, tpidrro_el0);
	isb();
	/* SError unmasked, as arch_trap_init() (traps.c) explains. */
	__asm__ __volatile__("msr daifclr, #%0" : : "i"(DAIF_SERROR_IMM) : "memory");
	return pan_init();
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
