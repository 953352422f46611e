// SPDX-License-Identifier: MIT
/*
 * The CPU: what MIDR_EL1 says it is, for the banner, and what each CPU sets in its own
 * system registers before it may run user mode (the features it turns off, PAN on).
 */
#include <trapdoor/arch.h>
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

static void setup_elf_hwcaps(void);
static unsigned long elf_hwcap[2];

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
	setup_elf_hwcaps();
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
	 * FP/SIMD on, SVE and SME off (CPACR_EL1.FPEN = 0b11, ZEN and SMEN =
	 * 0, not left to the reset value). FPEN has no setting that lets EL0
	 * in and keeps EL1 out: the kernel stays out of v0-v31, FPSR and FPCR
	 * by being built -mgeneral-regs-only, and only arch_switch_to() and
	 * the fork and execve hooks (entry.S, process.c) touch them, to keep
	 * each task's own. An SVE or SME instruction in user mode traps (EC
	 * 0x19, 0x1d) and the task dies of SIGILL (traps.c); so does SME's
	 * TPIDR2_EL0: SCTLR_EL1.EnTP2 is 0 (head.S).
	 */
	write_sysreg(CPACR_EL1_FPEN, cpacr_el1);
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

/*
 * The auxiliary vector's view of the CPU, as Linux's arm64_elf_hwcaps gives
 * it (its uapi asm/hwcap.h numbers the bits): one bit per feature of the ID
 * registers that user mode can use as it is. Left out, because trapdoor does
 * not enable them or does not give what the bit promises: SVE and SME
 * (CPACR_EL1), EVTSTRM (no event stream from the generic timer), CPUID (no
 * emulation of EL0 reads of the ID registers), PACA and PACG (no per-task
 * keys), BTI (no guarded pages), MTE (no tags), and everything built on those.
 */
struct hwcap_field {
	u8 reg;	   /* which ID register: ID_AA64* below */
	u8 shift;  /* the field's lowest bit */
	u8 min;	   /* the smallest value that has the feature (fields are unsigned) */
	u8 hwcap2; /* bit in AT_HWCAP2 rather than AT_HWCAP */
	u8 bit;	   /* the HWCAP_* / HWCAP2_* bit number */
};

enum {
	ID_AA64ISAR0,
	ID_AA64ISAR1,
	ID_AA64ISAR2,
	ID_AA64PFR0,
	ID_AA64PFR1,
	ID_AA64MMFR1,
	ID_AA64MMFR2,
	NR_ID_REGS
};

static const struct hwcap_field hwcap_fields[] = {
	{ ID_AA64ISAR0, 4, 1, 0, 3 },	/* AES */
	{ ID_AA64ISAR0, 4, 2, 0, 4 },	/* PMULL */
	{ ID_AA64ISAR0, 8, 1, 0, 5 },	/* SHA1 */
	{ ID_AA64ISAR0, 12, 1, 0, 6 },	/* SHA2 */
	{ ID_AA64ISAR0, 12, 2, 0, 21 }, /* SHA512 */
	{ ID_AA64ISAR0, 16, 1, 0, 7 },	/* CRC32 */
	{ ID_AA64ISAR0, 20, 2, 0, 8 },	/* ATOMICS */
	{ ID_AA64ISAR0, 28, 1, 0, 12 }, /* ASIMDRDM */
	{ ID_AA64ISAR0, 32, 1, 0, 17 }, /* SHA3 */
	{ ID_AA64ISAR0, 36, 1, 0, 18 }, /* SM3 */
	{ ID_AA64ISAR0, 40, 1, 0, 19 }, /* SM4 */
	{ ID_AA64ISAR0, 44, 1, 0, 20 }, /* ASIMDDP */
	{ ID_AA64ISAR0, 48, 1, 0, 23 }, /* ASIMDFHM */
	{ ID_AA64ISAR0, 52, 1, 0, 27 }, /* FLAGM */
	{ ID_AA64ISAR0, 52, 2, 1, 7 },	/* FLAGM2 */
	{ ID_AA64ISAR0, 60, 1, 1, 16 }, /* RNG */
	{ ID_AA64ISAR1, 0, 1, 0, 16 },	/* DCPOP */
	{ ID_AA64ISAR1, 0, 2, 1, 0 },	/* DCPODP */
	{ ID_AA64ISAR1, 12, 1, 0, 13 }, /* JSCVT */
	{ ID_AA64ISAR1, 16, 1, 0, 14 }, /* FCMA */
	{ ID_AA64ISAR1, 20, 1, 0, 15 }, /* LRCPC */
	{ ID_AA64ISAR1, 20, 2, 0, 26 }, /* ILRCPC */
	{ ID_AA64ISAR1, 32, 1, 1, 8 },	/* FRINT */
	{ ID_AA64ISAR1, 36, 1, 0, 29 }, /* SB */
	{ ID_AA64ISAR1, 44, 1, 1, 14 }, /* BF16 */
	{ ID_AA64ISAR1, 48, 1, 1, 15 }, /* DGH */
	{ ID_AA64ISAR1, 52, 1, 1, 13 }, /* I8MM */
	{ ID_AA64ISAR2, 4, 1, 1, 21 },	/* RPRES */
	{ ID_AA64PFR0, 48, 1, 0, 24 },	/* DIT */
	{ ID_AA64PFR1, 4, 2, 0, 28 },	/* SSBS */
	{ ID_AA64MMFR1, 44, 1, 1, 20 }, /* AFP */
	{ ID_AA64MMFR2, 32, 1, 0, 25 }, /* USCAT */
};

#define HWCAP_FP		  BIT(0)
#define HWCAP_ASIMD		  BIT(1)
#define HWCAP_FPHP		  BIT(9)
#define HWCAP_ASIMDHP		  BIT(10)
/* ID_AA64PFR0_EL1.FP [19:16] and AdvSIMD [23:20]: 0 = present, 1 = with half precision, 0xf = none. */
#define ID_AA64PFR0_FP_SHIFT	  16
#define ID_AA64PFR0_ADVSIMD_SHIFT 20


/* Read once, on CPU 0 (identify_cpu()); the secondaries are the same kind of CPU. */
static void setup_elf_hwcaps(void)
{
	u64 id[NR_ID_REGS] = {
		[ID_AA64ISAR0] = read_sysreg(id_aa64isar0_el1),
		[ID_AA64ISAR1] = read_sysreg(id_aa64isar1_el1),
		[ID_AA64ISAR2] = read_sysreg(s3_0_c0_c6_2), /* ID_AA64ISAR2_EL1, by its generic name */
		[ID_AA64PFR0] = read_sysreg(id_aa64pfr0_el1),
		[ID_AA64PFR1] = read_sysreg(id_aa64pfr1_el1),
		[ID_AA64MMFR1] = read_sysreg(id_aa64mmfr1_el1),
		[ID_AA64MMFR2] = read_sysreg(id_aa64mmfr2_el1),
	};
	u64 fp = (id[ID_AA64PFR0] >> ID_AA64PFR0_FP_SHIFT) & 0xf;
	u64 simd = (id[ID_AA64PFR0] >> ID_AA64PFR0_ADVSIMD_SHIFT) & 0xf;

	if (fp != 0xf)
		elf_hwcap[0] |= HWCAP_FP | (fp >= 1 ? HWCAP_FPHP : 0);
	if (simd != 0xf)
		elf_hwcap[0] |= HWCAP_ASIMD | (simd >= 1 ? HWCAP_ASIMDHP : 0);
	for (size_t i = 0; i < ARRAY_SIZE(hwcap_fields); i++) {
		const struct hwcap_field *f = &hwcap_fields[i];

		if (((id[f->reg] >> f->shift) & 0xf) >= f->min)
			elf_hwcap[f->hwcap2] |= BIT(f->bit);
	}
}

unsigned long arch_elf_hwcap(void)
{
	return elf_hwcap[0];
}

unsigned long arch_elf_hwcap2(void)
{
	return elf_hwcap[1];
}

/* Linux's ELF_PLATFORM on little-endian arm64. */
const char *arch_elf_platform(void)
{
	return "aarch64";
}
