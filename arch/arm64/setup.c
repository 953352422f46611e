// SPDX-License-Identifier: MIT
/*
 * arm64 machine setup: console, traps, and what the device tree says about
 * this machine; the interrupt controller; power-off. (The counter and the
 * tick are in time.c, the GIC driver in drivers/gic.c, boot entropy in
 * entropy.c.)
 */
#include <asm/dt.h>
#include <asm/gic.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <trapdoor/arch.h>
#include <trapdoor/fdt.h>
#include <trapdoor/printk.h>
#include <trapdoor/sections.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>

u64 __fdt_pointer;
u64 boot_current_el;

/* QEMU virt: RAM starts here (hw/arm/virt.c VIRT_MEM), and so does the DTB of an ELF boot. */
#define VIRT_RAM_BASE		0x40000000UL
/* head.S maps RAM up to 4 GiB; we only look for a DTB inside that window. */
#define BOOT_MAP_RAM_END	0x100000000UL
/* Devicetree Specification, 5.1: the blob sits at an 8-byte aligned address. */
#define FDT_ALIGN		8

const void *boot_fdt;

/*
 * A tree at pa: 8-byte aligned, in RAM the boot map covers, valid, and all of
 * it inside the map (every read of it is checked against its header's size).
 */
static bool fdt_fits(u64 pa)
{
	return pa >= VIRT_RAM_BASE && pa < BOOT_MAP_RAM_END && (pa & (FDT_ALIGN - 1)) == 0 &&
	       fdt_valid((const void *)pa) &&
	       fdt_totalsize((const void *)pa) <= BOOT_MAP_RAM_END - pa;
}

/*
 * Where is the device tree? Whoever starts a Linux "Image" passes its address
 * in x0 (Linux arm64 booting.rst): U-Boot's booti does for ours (head.S has the
 * header; docs/boot.md, "Through U-Boot"). For an ELF kernel x0 is 0, and QEMU
 * (hw/arm/boot.c) has put the DTB at the start of RAM, because the 1 MiB blob
 * fits below the lowest segment of the kernel (0x40200000). Trust neither
 * place blindly: check the magic number.
 */
static const void *find_fdt(void)
{
	if (fdt_fits(__fdt_pointer))
		return (const void *)__fdt_pointer;
	if (fdt_fits(VIRT_RAM_BASE))
		return (const void *)VIRT_RAM_BASE;
	return NULL;
}

/* A string property (the first string of a list), or NULL. */
static const char *fdt_string(const char *path, const char *name)
{
	return fdt_getprop_string(boot_fdt, fdt_path_offset(boot_fdt, path), name);
}

/*
 * A string property copied for the console and uname, escaped (string_escape()):
 * a newline in it could forge a line of the test protocol. NULL if absent.
 */
static const char *fdt_display_string(const char *path, const char *name, char *buf,
				      size_t size)
{
	return fdt_getprop_escaped(boot_fdt, fdt_path_offset(boot_fdt, path), name, buf, size);
}

/*
 * RAM: the first (base, size) pair of /memory's "reg", in the cell counts the
 * root node declares (QEMU virt: 2 and 2, one bank at 0x40000000 of -m bytes).
 * It must hold the kernel and the tree (fdt_memory()), or paging_init() would unmap them.
 */
static void discover_memory(void)
{
	u64 lo = (u64)_stext, hi = (u64)_end;
	u64 fdt = (u64)boot_fdt, fdt_end = fdt + fdt_totalsize(boot_fdt);
	const char *why = fdt_memory(boot_fdt, fdt < lo ? fdt : lo, fdt_end > hi ? fdt_end : hi,
					  &boot_info.mem_start, &boot_info.mem_size);

	if (why)
		printk("arm64: device tree: %s: RAM unknown\n", why);
}

/* The page allocator must leave the DTB alone: the strings above point into it. */
static void reserve_fdt(void)
{
	if (boot_info.nr_reserved >= ARRAY_SIZE(boot_info.reserved))
		return;
	boot_info.reserved[boot_info.nr_reserved].start = (u64)boot_fdt;
	boot_info.reserved[boot_info.nr_reserved].size = fdt_totalsize(boot_fdt);
	boot_info.nr_reserved++;
}

/*
 * Part numbers from MIDR_EL1 (Linux arch/arm64/include/asm/cputype.h; for
 * QEMU's "max", target/arm/cpu64.c: implementer 0 = "software", part 'Q').
 */
#define ARM_CPU_IMP_ARM		0x41
#define ARM_CPU_IMP_FUJITSU	0x46
#define ARM_CPU_IMP_SOFTWARE	0x00

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
static void discover_cpu(void)
{
	u64 midr = read_sysreg(midr_el1);
	const char *name = boot_fdt ? fdt_display_string("/cpus/cpu@0", "compatible", cpu_compatible,
							  sizeof(cpu_compatible)) : NULL;

	for (size_t i = 0; i < ARRAY_SIZE(cpu_parts); i++)
		if (cpu_parts[i].implementer == MIDR_IMPLEMENTER(midr) &&
		    cpu_parts[i].part == MIDR_PARTNUM(midr))
			name = cpu_parts[i].name;
	snprintf(cpu_name, sizeof(cpu_name), "%s r%lup%lu (MIDR 0x%08lx)",
		 name ? name : "unknown arm64 CPU", MIDR_VARIANT(midr), MIDR_REVISION(midr), midr);
	boot_info.cpu = cpu_name;
}

/*
 * PSCI (Arm DEN 0022, "Power State Coordination Interface"): QEMU implements
 * it itself and says in /psci "method" how to call it: "hvc" normally, "smc"
 * when the guest owns EL2 (virtualization=on).
 */
#define PSCI_0_2_FN_SYSTEM_OFF	0x84000008U	/* DEN 0022, SYSTEM_OFF function ID */

static bool psci_use_smc;
bool psci_present;

static void discover_psci(void)
{
	const char *method = fdt_string("/psci", "method");

	psci_use_smc = method && strcmp(method, "smc") == 0;
	psci_present = method && (psci_use_smc || strcmp(method, "hvc") == 0);
}

/*
 * One PSCI call: function ID in x0, arguments in x1-x3, the result back in
 * x0. SMC Calling Convention: the firmware may change x0-x17.
 */
long psci_call(u32 fn, u64 arg1, u64 arg2, u64 arg3)
{
	register u64 x0 __asm__("x0") = fn;
	register u64 x1 __asm__("x1") = arg1;
	register u64 x2 __asm__("x2") = arg2;
	register u64 x3 __asm__("x3") = arg3;

	if (psci_use_smc)
		__asm__ __volatile__("smc #0" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3) : :
				     "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12",
				     "x13", "x14", "x15", "x16", "x17", "memory");
	else
		__asm__ __volatile__("hvc #0" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3) : :
				     "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12",
				     "x13", "x14", "x15", "x16", "x17", "memory");
	return (long)x0;
}

/*
 * U-Boot's booti and bootm add /chosen/u-boot,version to the device tree they pass
 * (docs/boot.md, "Through U-Boot"); QEMU's own loader adds no such property.
 */
static char bootloader_desc[64], bootloader_version[48];

static void discover_bootloader(void)
{
	const char *v = fdt_display_string("/chosen", "u-boot,version", bootloader_version,
					   sizeof(bootloader_version));

	if (!v)
		return;
	snprintf(bootloader_desc, sizeof(bootloader_desc), "U-Boot %s", v);
	boot_info.bootloader = bootloader_desc;
}

/* Everything the device tree tells us: the machine, RAM, the command line, PSCI. */
static char machine_desc[64];

static void discover_from_fdt(void)
{
	boot_info.machine = fdt_display_string("/", "model", machine_desc, sizeof(machine_desc));
	if (!boot_info.machine)		/* QEMU virt has no model */
		boot_info.machine = fdt_display_string("/", "compatible", machine_desc,
						       sizeof(machine_desc));
	if (!boot_info.machine)
		boot_info.machine = "unknown";
	discover_memory();
	paging_init();		/* unmap what is not RAM; cap RAM at what the map covers */
	reserve_fdt();
	boot_info.cmdline = fdt_string("/chosen", "bootargs");	/* QEMU -append */
	if (!boot_info.cmdline)
		boot_info.cmdline = "";
	discover_psci();
	discover_bootloader();
}

/*
 * The first guard page (kernel/task.c's stack array starts with it), for
 * entry.S's check_stack. Until arch_trap_init() sets it, it is 0, and every
 * sp then counts as outside the array.
 */
u64 kstack_area_start;

_Static_assert((1UL << THREAD_SHIFT) == THREAD_SIZE, "THREAD_SHIFT");
_Static_assert(KSTACK_SLOTS == 2 * NR_TASKS, "KSTACK_SLOTS: a guard and a stack per task");

/*
 * head.S has already pointed VBAR_EL1 at the vectors, before .bss was cleared.
 * Here we unmask SError (PSTATE.A), so that an asynchronous abort is reported
 * through el1h_64_error rather than left pending. IRQ and FIQ stay masked
 * in the kernel for good: only user mode takes interrupts (arch_timer_init()),
 * and the idle loop for a moment (arch_cpu_idle()). And entry.S's stack check
 * learns where the task stacks are: task slot i's guard is at 2i slots from
 * the first one, its stack right above it.
 */
void arch_trap_init(void)
{
	unsigned long g0, g0_end, g1, g1_end;

	kstack_guard_range(0, &g0, &g0_end);
	kstack_guard_range(1, &g1, &g1_end);
	if (g0_end - g0 != THREAD_SIZE || g1 - g0 != 2 * THREAD_SIZE)
		printk("arm64: task stacks are not guard/stack pairs: no overflow check\n");
	else
		kstack_area_start = g0;
	__asm__ __volatile__("msr daifclr, #%0" : : "i"(DAIF_SERROR_IMM) : "memory");
}

/*
 * PAN, Privileged Access Never (FEAT_PAN, Armv8.1; ID_AA64MMFR1_EL1.PAN):
 * while PSTATE.PAN is set, an EL1 load or store to a page that EL0 may
 * access (AP[1] = 1: every user page) is a permission fault. The kernel never
 * needs one: copy_{to,from}_user copy through the kernel's own map of the
 * physical pages (kernel/uaccess.c), so PAN is on all the time, with no
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
	write_sysreg(PSTATE_PAN, s3_0_c4_c2_3);	/* PAN, by its generic name (sysreg.h) */
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
	/* SError unmasked, as arch_trap_init() explains. */
	__asm__ __volatile__("msr daifclr, #%0" : : "i"(DAIF_SERROR_IMM) : "memory");
	return pan_init();
}

__stackleak_frame_exempt void arch_setup(void)
{
	arch_console_init();	/* first: from here on printk works */
	arch_trap_init();	/* head.S installed the vectors; unmask what they can report */
	if (!arm64_cpu_setup())
		printk("arm64: no PAN on this CPU: the kernel could read user pages directly\n");

	boot_fdt = find_fdt();
	discover_cpu();		/* MIDR_EL1 needs no DT; the DT only names unknown parts */
	if (boot_fdt)
		discover_from_fdt();
	else
		printk("arm64: no device tree at x0=0x%lx or at 0x%lx\n", __fdt_pointer,
		       VIRT_RAM_BASE);
	/*
	 * The GIC, found through the device tree, so that the timer
	 * (arch_timer_init) and the console (arch_console_irq_init) can each
	 * enable their interrupt. Nothing is enabled yet, and IRQs stay masked.
	 */
	gic_init(boot_fdt);
	if (boot_current_el != CURRENTEL_EL1)
		printk("arm64: entered at EL%lu, now running at EL1\n",
		       boot_current_el >> CURRENTEL_EL_SHIFT);
}

/*
 * Power off with a status. QEMU's -semihosting makes the guest's SYS_EXIT
 * end QEMU with exactly that status. Without -semihosting, the hlt below is an
 * undefined instruction: traps.c sees that (is_semihosting_trap) and calls
 * semihosting_unavailable(), which uses PSCI SYSTEM_OFF; QEMU then exits 0
 * whatever the status, and only the "EXIT: status=N" line carries it.
 *
 * Arm "Semihosting for AArch32 and AArch64" (IHI 0056 / DUI 0003):
 */
#define SEMIHOSTING_HLT			0xd45e0000U	/* encoding of hlt #0xf000 (A64 HLT) */
#define SYS_EXIT			0x18		/* operation number of SYS_EXIT */
#define ADP_STOPPED_APPLICATION_EXIT	0x20026		/* reason: the program exited ... */
							/* ... with the status that follows */

static __noreturn void psci_system_off(void)
{
	psci_call(PSCI_0_2_FN_SYSTEM_OFF, 0, 0, 0);	/* does not return */
	for (;;)		/* no PSCI either: stop here; the runner's timeout notices */
		__asm__ __volatile__("wfi");
}

bool is_semihosting_trap(const struct pt_regs *regs)
{
	return *(const u32 *)regs->pc == SEMIHOSTING_HLT;
}

__noreturn void semihosting_unavailable(void)
{
	psci_system_off();
}

__noreturn void arch_poweroff(int status)
{
	/* SYS_EXIT's parameter block in AArch64: two 64-bit fields. */
	static u64 block[2];
	register u64 x0 __asm__("x0") = SYS_EXIT;
	register u64 *x1 __asm__("x1") = block;

	block[0] = ADP_STOPPED_APPLICATION_EXIT;
	block[1] = (u64)(s64)status;
	__asm__ __volatile__("hlt #0xf000" : "+r"(x0) : "r"(x1) : "memory");
	psci_system_off();	/* semihosting returned: it should not have */
}
