// SPDX-License-Identifier: MIT
/*
 * arch_setup(): what x86_64 finds at boot, and the machine-level services
 * common code needs (power off, cycle counter).
 *
 * There is no device tree on a PC. The PVH loader hands us struct
 * hvm_start_info (memory map, command line); the CPU describes itself through
 * CPUID; the board we recognise by its PCI host bridge, or by having none.
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <asm/cpufeature.h>
#include <asm/io.h>
#include <asm/msr.h>
#include <asm/pgtable.h>
#include <asm/pvh.h>
#include <asm/setup.h>

/* --- memory and command line: struct hvm_start_info ------------------- */

/*
 * Everything below 4 GiB is identity mapped (head.S), so a physical address
 * from the loader can be dereferenced as is, if it lies in that range.
 */
static const void *boot_ptr(u64 paddr, u64 size)
{
	if (!paddr || paddr >= IDENTITY_MAP_SIZE || size > IDENTITY_MAP_SIZE - paddr)
		return NULL;
	return (const void *)(unsigned long)paddr;
}

/*
 * The PVH memory map (start_info version >= 1) is the E820 table: a list of
 * address ranges with a type. We report the largest RAM range the identity
 * map reaches, which on QEMU is the one the kernel itself was loaded into
 * (1 MiB up to the end of RAM below the PCI hole); the range below 640 KiB
 * and anything above 4 GiB stay unused. The page allocator hands out this
 * range above the kernel image and dereferences it through the identity
 * map (asm/page.h), so RAM above 4 GiB must never be reported.
 */
static void pvh_memory(const struct hvm_start_info *si)
{
	const struct hvm_memmap_table_entry *map;

	if (si->version < 1 || !si->memmap_entries) {
		printk("pvh: start_info version %u has no memory map\n", si->version);
		return;
	}
	map = boot_ptr(si->memmap_paddr, (u64)si->memmap_entries * sizeof(*map));
	if (!map) {
		printk("pvh: memory map at 0x%llx is not mapped\n",
		       (unsigned long long)si->memmap_paddr);
		return;
	}
	for (u32 i = 0; i < si->memmap_entries; i++) {
		u64 start = map[i].addr, size = map[i].size;

		if (map[i].type != XEN_HVM_MEMMAP_TYPE_RAM || start >= IDENTITY_MAP_SIZE)
			continue;
		if (size > IDENTITY_MAP_SIZE - start)
			size = IDENTITY_MAP_SIZE - start;	/* the part below 4 GiB */
		if (size > boot_info.mem_size) {
			boot_info.mem_start = start;
			boot_info.mem_size = size;
		}
	}
}

/*
 * A copy of the command line: the loader's lies in memory we do not own
 * (below 1 MiB with QEMU's loaders, but nothing promises that), and the
 * page allocator may hand out any RAM above the kernel once boot is over.
 * With the copy, hvm_start_info and everything it points to is dead after
 * arch_setup(), and boot_info.reserved[] stays empty.
 */
#define CMDLINE_SIZE		256
static char cmdline_copy[CMDLINE_SIZE];

static void pvh_setup(void)
{
	const struct hvm_start_info *si = boot_ptr(pvh_start_info_paddr, sizeof(*si));
	const char *cmdline;

	if (!si || si->magic != XEN_HVM_START_MAGIC_VALUE) {
		printk("pvh: no hvm_start_info at 0x%llx (ebx at entry)\n",
		       (unsigned long long)pvh_start_info_paddr);
		return;
	}
	pvh_memory(si);
	cmdline = boot_ptr(si->cmdline_paddr, CMDLINE_SIZE);
	if (cmdline) {
		if (strscpy(cmdline_copy, cmdline, sizeof(cmdline_copy)) < 0)
			printk("pvh: command line cut to %u bytes\n", CMDLINE_SIZE - 1);
		boot_info.cmdline = cmdline_copy;
	}
}

/* --- the CPU: CPUID ----------------------------------------------------- */

#define CPUID_VENDOR		0x00000000	/* eax: highest basic leaf; ebx, edx, ecx: vendor */
#define CPUID_SIGNATURE		0x00000001	/* eax: family, model, stepping */
#define CPUID_EXT_MAX		0x80000000	/* eax: highest extended leaf */
#define CPUID_BRAND_STRING	0x80000002	/* 0x80000002-4: 48-byte brand string */
#define CPUID_TSC_CRYSTAL	0x00000015	/* TSC/crystal ratio and crystal Hz */
#define CPUID_FREQUENCY		0x00000016	/* base frequency in MHz */
#define CPUID_HYPERVISOR	0x40000000	/* ebx, ecx, edx: hypervisor signature */
#define CPUID_1_ECX_HYPERVISOR	(1U << 31)	/* "running under a hypervisor" */

static char cpu_desc[128];
static u32 cpuid_max_leaf;

/*
 * asm/cpufeature.h. Leaf 0 reports the highest basic leaf, 0x80000000 the
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

static void copy_regs_to_string(char *s, u32 a, u32 b, u32 c)
{
	memcpy(s, &a, 4);
	memcpy(s + 4, &b, 4);
	memcpy(s + 8, &c, 4);
}

/*
 * "<brand string> (<vendor> family F model M stepping S)". Family and model
 * combine the base and extended fields as SDM Vol. 2A (CPUID, Figure 3-6)
 * prescribes: the extended family counts only when the base family is 15,
 * the extended model only for families 6 and 15.
 */
static void identify_cpu(void)
{
	u32 eax, ebx, ecx, edx, family, model, sig;
	char vendor[13] = "", brand[49] = "";
	const char *b = brand;

	cpuid(CPUID_VENDOR, &cpuid_max_leaf, &ebx, &ecx, &edx);
	copy_regs_to_string(vendor, ebx, edx, ecx);

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
			copy_regs_to_string(brand + 16 * i, eax, ebx, ecx);
			memcpy(brand + 16 * i + 12, &edx, 4);
		}
		while (*b == ' ')	/* Intel right-aligns the string with spaces */
			b++;
	}
	snprintf(cpu_desc, sizeof(cpu_desc), "%s (%s family %u model %u stepping %u)",
		 *b ? b : "x86_64", vendor, family, model, sig & 0xf);
	boot_info.cpu = cpu_desc;
}

/* --- the machine -------------------------------------------------------- */

/* PCI configuration mechanism #1 (PCI Local Bus Spec 3.0 §3.2.2.3.2). */
#define PCI_CONFIG_ADDRESS	0xcf8
#define PCI_CONFIG_DATA		0xcfc
#define PCI_CONFIG_ENABLE	0x80000000	/* bit 31; bus 0, device 0, function 0, reg 0 */
#define PCI_ID_NONE		0xffffffff	/* nobody answered */
#define PCI_ID_I440FX		0x12378086	/* device << 16 | vendor: Intel 440FX, QEMU -M pc */
#define PCI_ID_Q35		0x29c08086	/* Intel Q35 MCH, QEMU -M q35 */

static char machine_desc[96];

/*
 * A PC does not say what it is. QEMU's boards differ in their host bridge
 * (PCI device 00:00.0), and microvm has no PCI at all, so we ask for that
 * device's ID; the CPUID hypervisor leaf adds who emulates it.
 */
static void identify_machine(void)
{
	u32 id, eax, ebx, ecx, edx;
	const char *board;
	char hv[13] = "";

	outl(PCI_CONFIG_ENABLE, PCI_CONFIG_ADDRESS);
	id = inl(PCI_CONFIG_DATA);
	if (id == PCI_ID_NONE)
		board = "QEMU microvm (no PCI)";
	else if (id == PCI_ID_I440FX)
		board = "QEMU pc (i440FX)";
	else if (id == PCI_ID_Q35)
		board = "QEMU q35";
	else
		board = "PC";

	cpuid(CPUID_SIGNATURE, &eax, &ebx, &ecx, &edx);
	if (ecx & CPUID_1_ECX_HYPERVISOR) {
		cpuid(CPUID_HYPERVISOR, &eax, &ebx, &ecx, &edx);
		copy_regs_to_string(hv, ebx, ecx, edx);
	}
	snprintf(machine_desc, sizeof(machine_desc), "%s, PVH boot%s%s", board,
		 hv[0] ? ", hypervisor " : "", hv);
	boot_info.machine = machine_desc;
}

/* --- the cycle counter: TSC --------------------------------------------- */

/* The 8254 PIT (Intel 8254 datasheet): a 1.193182 MHz clock, 14.31818 MHz / 12. */
#define PIT_HZ			1193182
#define PIT_CH0			0x40	/* channel 0 counter port */
#define PIT_COMMAND		0x43	/* mode/command register */
#define PIT_CMD_CH0		0x00	/* bits 7:6: select channel 0 */
#define PIT_CMD_LOHI		0x30	/* bits 5:4: access low byte, then high byte */
#define PIT_CMD_MODE0		0x00	/* bits 3:1: mode 0, count down once */
#define PIT_CMD_LATCH		0x00	/* bits 5:4 = 0: latch the count for reading */
#define PIT_CALIBRATE_TICKS	(PIT_HZ / 100)	/* 10 ms */
#define PIT_MAX_READS		(1 << 22)	/* give up if the count never moves: no PIT */

#define TSC_FALLBACK_HZ		1000000000ULL	/* 1 GHz, if nothing tells us better */

static u64 tsc_hz;

/* Leaf 0x15 (TSC = crystal * ebx / eax) or 0x16 (base MHz): SDM Vol. 2A, CPUID. */
static u64 tsc_hz_from_cpuid(void)
{
	u32 eax, ebx, ecx, edx;

	if (cpuid_max_leaf >= CPUID_TSC_CRYSTAL) {
		cpuid(CPUID_TSC_CRYSTAL, &eax, &ebx, &ecx, &edx);
		if (eax && ebx && ecx)
			return (u64)ecx * ebx / eax;
	}
	if (cpuid_max_leaf >= CPUID_FREQUENCY) {
		cpuid(CPUID_FREQUENCY, &eax, &ebx, &ecx, &edx);
		if (eax & 0xffff)
			return (u64)(eax & 0xffff) * 1000000;
	}
	return 0;
}

static u16 pit_read_ch0(void)
{
	u8 lo, hi;

	outb(PIT_CMD_CH0 | PIT_CMD_LATCH, PIT_COMMAND);
	lo = inb(PIT_CH0);
	hi = inb(PIT_CH0);
	return (u16)(hi << 8 | lo);
}

/*
 * Count TSC cycles while PIT channel 0 counts down 10 ms. Channel 0 (not
 * Linux's channel 2) because its gate is always open: channel 2's gate is
 * port 0x61, which microvm does not have. IRQ 0 fires at the end of the
 * count, but the PIC has it masked (head.S).
 */
static u64 tsc_calibrate_pit(void)
{
	u16 start, now, elapsed = 0;
	u64 t0, t1 = 0;
	u32 reads = 0;

	outb(PIT_CMD_CH0 | PIT_CMD_LOHI | PIT_CMD_MODE0, PIT_COMMAND);
	outb(0xff, PIT_CH0);		/* count 0xffff: 55 ms until it wraps */
	outb(0xff, PIT_CH0);

	start = pit_read_ch0();
	t0 = rdtsc();
	while (elapsed < PIT_CALIBRATE_TICKS) {
		if (++reads > PIT_MAX_READS)
			return 0;
		now = pit_read_ch0();
		t1 = rdtsc();
		elapsed = (u16)(start - now);
	}
	return (t1 - t0) * PIT_HZ / elapsed;
}

static void tsc_init(void)
{
	tsc_hz = tsc_hz_from_cpuid();
	if (!tsc_hz)
		tsc_hz = tsc_calibrate_pit();
	if (!tsc_hz) {
		printk("tsc: no CPUID frequency and no PIT; assuming 1 GHz\n");
		tsc_hz = TSC_FALLBACK_HZ;
	}
}

u64 arch_get_cycles(void)
{
	return rdtsc();
}

u64 arch_cycles_per_sec(void)
{
	return tsc_hz;
}

/* --- the stack pointer -------------------------------------------------- */

/*
 * For current_stack_pointer() (asm/processor.h). Reading the frame address
 * makes the compiler build a frame: at entry `call` pushed the return
 * address and the prologue pushed RBP, so RBP + 16 is the caller's RSP
 * before its call instruction.
 */
__noinline unsigned long caller_stack_pointer(void)
{
	return (unsigned long)__builtin_frame_address(0) + 2 * sizeof(unsigned long);
}

/* --- power off: QEMU's isa-debug-exit ----------------------------------- */

/*
 * -device isa-debug-exit,iobase=0xf4 (Makefile.arch): a write of v makes
 * QEMU exit with status (v << 1) | 1 (QEMU hw/misc/debugexit.c). So status 0
 * gives 1 (QEMU_EXIT_PASS) and N gives 2N + 1. The host sees 8 bits: N must
 * stay below 128, or 128 would come out as 1, a pass.
 */
#define DEBUG_EXIT_PORT		0xf4
#define DEBUG_EXIT_MAX_STATUS	127

__noreturn void arch_poweroff(int status)
{
	if (status < 0 || status > DEBUG_EXIT_MAX_STATUS)
		status = DEBUG_EXIT_MAX_STATUS;
	outl((u32)status, DEBUG_EXIT_PORT);

	/* Still here: QEMU was started without isa-debug-exit. */
	printk("poweroff: no isa-debug-exit at port 0x%x; halting\n", DEBUG_EXIT_PORT);
	for (;;) {
		__asm__ __volatile__("cli");
		native_halt();
	}
}

void arch_setup(void)
{
	arch_console_init();		/* first: everything after this can print */
	arch_trap_init();	/* head.S loaded the IDT; add the TSS and the #DF stack */
	identify_cpu();
	identify_machine();
	pvh_setup();
	tsc_init();
	rng_init();		/* entropy.c: the CPU's random instruction, for the CRNG */
	paging_init();		/* mm.c: NX, global pages, SMEP/SMAP for user mode */
}
