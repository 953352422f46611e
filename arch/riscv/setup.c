// SPDX-License-Identifier: MIT
/*
 * riscv64 machine setup: console, traps, the MMU, and what the device tree says about the
 * machine; power-off with an exit status. The clock and the tick are in time.c, boot entropy
 * in entropy.c.
 *
 * Everything we learn about the machine comes from the flattened device tree whose address
 * OpenSBI passed in a1 (QEMU builds it; OpenSBI adds its own reservations and hands it on).
 */
#include <trapdoor/arch.h>
#include <trapdoor/fdt.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/sections.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <asm/csr.h>
#include <asm/io.h>
#include <asm/plic.h>
#include <asm/sbi.h>
#include <asm/setup.h>
#include <asm/traps.h>

/* The firmware's a0 and a1, written by head.S after it cleared bss (asm/setup.h). */
unsigned long boot_hartid;
const void *boot_fdt;

/* The "test finisher" of QEMU's virt board: one 32-bit register that ends the QEMU process. */
#define SIFIVE_TEST_BASE	0x100000UL	/* QEMU hw/riscv/virt.c: virt_memmap[VIRT_TEST] */
#define FINISHER_FAIL		0x3333		/* QEMU hw/misc/sifive_test.c: exit(value >> 16) */
#define FINISHER_PASS		0x5555		/* QEMU hw/misc/sifive_test.c: exit(0) */
#define FINISHER_CODE_SHIFT	16		/* the exit code rides in bits 31:16 with FAIL */
#define EXIT_CODE_MASK		0xff		/* a process exit status keeps 8 bits */

/* boot_info's strings are copied out of the tree, so its memory may be reused later. */
static char machine_desc[64];
static char cpu_desc[448];		/* the ISA string may be over 300 characters */
static char isa_desc[384];		/* our hart's riscv,isa string, escaped for the banner */
/*
 * The multi-letter extensions riscv_isa_extension() answers for, and whether our hart's
 * riscv,isa string names each: found in the whole string at boot, however long it is
 * (QEMU 10's is over 300 characters).
 */
static const char *const riscv_isa_ext_names[] = { "sstc" };
static bool riscv_isa_ext_present[ARRAY_SIZE(riscv_isa_ext_names)];
/* QEMU's -append for the virt board; Linux's riscv COMMAND_LINE_SIZE is 1024 as well. */
static char cmdline[1024];

/* A string property, or NULL if absent or not NUL-terminated within it. */
static const char *dt_string(const void *fdt, int node, const char *name)
{
	return fdt_getprop_string(fdt, node, name);
}

/*
 * "riscv-virtio,qemu" — /model names the board; /compatible is the fallback. Escaped
 * (fdt_getprop_escaped()): a newline in it could forge a line of the test protocol.
 */
static void probe_machine(const void *fdt)
{
	int root = fdt_path_offset(fdt, "/");

	if (fdt_getprop_escaped(fdt, root, "model", machine_desc, sizeof(machine_desc)) ||
	    fdt_getprop_escaped(fdt, root, "compatible", machine_desc, sizeof(machine_desc)))
		boot_info.machine = machine_desc;
}

/*
 * "rv64imafdch_zicsr_zifencei_..._sstc": the single-letter extensions follow "rv64", the
 * multi-letter ones come after, each behind an underscore (Unprivileged ISA 20191213,
 * chapter 27 "ISA Extension Naming Conventions"). True if name is one of the latter.
 */
static bool isa_string_has(const char *isa, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = strchr(isa, '_'); p; p = strchr(p + 1, '_'))
		if (!strncmp(p + 1, name, n) && (p[1 + n] == '_' || p[1 + n] == '\0'))
			return true;
	return false;
}

/*
 * The ISA string of our own hart from /cpus/cpu@<hartid> (unit address in hex), and the
 * M-mode ID registers, which S-mode cannot read itself: the SBI base extension reads them
 * for us (SBI v0.2 and later). QEMU reports mvendorid 0 and its own version in marchid and
 * mimpid (0x70216 = 7.2.22).
 */
static __stackleak_frame_exempt void probe_cpu(const void *fdt)
{
	char path[32];
	struct sbiret spec, vendor, arch, imp;
	const char *isa;

	snprintf(path, sizeof(path), "/cpus/cpu@%lx", boot_hartid);
	isa = dt_string(fdt, fdt_path_offset(fdt, path), "riscv,isa");
	for (size_t i = 0; isa && i < ARRAY_SIZE(riscv_isa_ext_names); i++)
		riscv_isa_ext_present[i] = isa_string_has(isa, riscv_isa_ext_names[i]);
	/* The banner shows it: escaped, as the machine's name. */
	isa = fdt_getprop_escaped(fdt, fdt_path_offset(fdt, path), "riscv,isa", isa_desc,
				  sizeof(isa_desc));

	spec = sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION, 0, 0);
	if (spec.error != SBI_SUCCESS) {
		snprintf(cpu_desc, sizeof(cpu_desc), "%s (hart %lu)", isa ? isa : "rv64",
			 boot_hartid);
	} else {
		vendor = sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_MVENDORID, 0, 0);
		arch = sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_MARCHID, 0, 0);
		imp = sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_MIMPID, 0, 0);
		snprintf(cpu_desc, sizeof(cpu_desc),
			 "%s (hart %lu, mvendorid 0x%lx marchid 0x%lx mimpid 0x%lx)",
			 isa ? isa : "rv64", boot_hartid, vendor.value, arch.value, imp.value);
	}
	boot_info.cpu = cpu_desc;
}

/*
 * The SBI implementation below us (SBI spec chapter 4, "Implementation IDs"; the version's
 * encoding is the implementation's own: OpenSBI's is major << 16 | minor), and a bootloader
 * between it and us: U-Boot's booti and bootm add /chosen/u-boot,version to the device
 * tree they pass, OpenSBI's fw_jump adds none (docs/boot.md, "Through U-Boot").
 */
static char firmware_desc[48], bootloader_desc[64], bootloader_version[48];

static void probe_boot_path(const void *fdt)
{
	static const char *const impl_names[] = { "BBL", "OpenSBI", "Xvisor", "KVM", "RustSBI" };
	const char *v = fdt_getprop_escaped(fdt, fdt_path_offset(fdt, "/chosen"), "u-boot,version",
					    bootloader_version, sizeof(bootloader_version));
	struct sbiret id = sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_IMP_ID, 0, 0);
	struct sbiret ver = sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_IMP_VERSION, 0, 0);

	if (id.error == SBI_SUCCESS && ver.error == SBI_SUCCESS) {
		if (id.value == 1)	/* OpenSBI */
			snprintf(firmware_desc, sizeof(firmware_desc), "OpenSBI %lu.%lu",
				 (unsigned long)ver.value >> 16, (unsigned long)ver.value & 0xffff);
		else if ((unsigned long)id.value < ARRAY_SIZE(impl_names))
			snprintf(firmware_desc, sizeof(firmware_desc), "%s (version 0x%lx)",
				 impl_names[id.value], ver.value);
		else
			snprintf(firmware_desc, sizeof(firmware_desc),
				 "SBI implementation %ld (version 0x%lx)", id.value, ver.value);
		boot_info.firmware = firmware_desc;
	}
	if (v) {
		snprintf(bootloader_desc, sizeof(bootloader_desc), "U-Boot %s", v);
		boot_info.bootloader = bootloader_desc;
	}
}

/* Our hart's multi-letter extension name (one of riscv_isa_ext_names), from the tree. */
bool riscv_isa_extension(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(riscv_isa_ext_names); i++)
		if (!strcmp(name, riscv_isa_ext_names[i]))
			return riscv_isa_ext_present[i];
	panic("riscv: riscv_isa_extension(\"%s\"): add it to riscv_isa_ext_names", name);
}

/*
 * RAM: the first (address, size) pair of /memory's reg, each a number of 32-bit cells given
 * by the root's #address-cells and #size-cells (2 and 2 on QEMU virt). This is the whole
 * bank, with OpenSBI (0x80000000, listed in /reserved-memory), this kernel and the tree
 * itself inside it: the page allocator (kernel/page_alloc.c) starts above the kernel's end,
 * and reserve_fdt() keeps it off the tree. A bank that does not hold both is refused
 * (fdt_memory()).
 */
static void probe_memory(const void *fdt)
{
	u64 lo = (u64)(unsigned long)_stext, hi = (u64)(unsigned long)_end;
	u64 tree = (u64)(unsigned long)fdt, tree_end = tree + fdt_totalsize(fdt);
	const char *why = fdt_memory(fdt, tree < lo ? tree : lo, tree_end > hi ? tree_end : hi,
				     &boot_info.mem_start, &boot_info.mem_size);

	if (why)
		printk("riscv: device tree: %s: RAM unknown\n", why);
}

/*
 * /chosen/bootargs: QEMU puts its -append string there. What does not fit our copy is cut
 * off, and boot_info.cmdline_dropped says how many bytes that was (the banner prints it).
 */
static void probe_cmdline(const void *fdt)
{
	const char *s = dt_string(fdt, fdt_path_offset(fdt, "/chosen"), "bootargs");

	if (s) {
		size_t len = strlen(s);

		strscpy(cmdline, s, sizeof(cmdline));
		boot_info.cmdline = cmdline;
		if (len >= sizeof(cmdline))
			boot_info.cmdline_dropped = len - (sizeof(cmdline) - 1);
	}
}

/*
 * The device tree itself lies in RAM above the kernel (fw_jump copies it to 0x82200000): the
 * page allocator must leave it alone, or the first user page would overwrite it. OpenSBI's
 * own memory (0x80000000, /reserved-memory) is below the kernel, where the allocator never
 * looks.
 */
static void reserve_fdt(const void *fdt)
{
	unsigned int n = boot_info.nr_reserved;

	if (n == ARRAY_SIZE(boot_info.reserved))
		return;
	boot_info.reserved[n].start = (unsigned long)fdt;
	boot_info.reserved[n].size = fdt_totalsize(fdt);
	boot_info.nr_reserved = n + 1;
}

/* entry.S's stack-overflow check (asm/traps.h): what it needs to know of kernel/task.c. */
struct riscv_kstack_check riscv_kstack_check;

BUILD_BUG_ON(offsetof(struct riscv_kstack_check, base) != KSC_BASE);
BUILD_BUG_ON(offsetof(struct riscv_kstack_check, size) != KSC_SIZE);
BUILD_BUG_ON(offsetof(struct riscv_kstack_check, stack_mask) != KSC_STACK_MASK);

/*
 * Describe the kernel stacks for entry.S: equal slots of a power-of-two size, each with its
 * guard, of a smaller power-of-two size, at the bottom. Checked here, once, so that the
 * assembly can trust it.
 */
static void kstack_check_init(void)
{
	unsigned long base, guard_end, start, end, slot, guard;

	kstack_guard_range(0, &base, &guard_end);
	kstack_guard_range(1, &start, &end);
	slot = start - base;
	guard = guard_end - base;
	for (unsigned int i = 0; i < NR_TASKS; i++) {
		kstack_guard_range(i, &start, &end);
		if (slot & (slot - 1) || guard & (guard - 1) || guard >= slot ||
		    start != base + i * slot || end - start != guard)
			panic("riscv: kernel stack slots are not what entry.S can check");
	}
	riscv_kstack_check.base = base;
	riscv_kstack_check.stack_mask = (slot - 1) & ~(guard - 1);
	riscv_kstack_check.size = NR_TASKS * slot;	/* last: it turns the check on */
}

/*
 * The trap vector: one CSR. head.S already pointed stvec at entry.S for the boot; this
 * sets it again, with the stack check entry.S makes on every trap from S-mode turned on.
 */
static void arch_trap_init(void)
{
	kstack_check_init();
	/* Direct mode: every trap to handle_exception. entry.S aligned it to 4 bytes. */
	csr_write(stvec, (unsigned long)handle_exception | STVEC_MODE_DIRECT);
	/* 0 = "running in the kernel" for the sscratch swap in handle_exception. */
	csr_write(sscratch, 0);
}

__stackleak_frame_exempt void arch_setup(void)
{
	/* The console needs no setup: OpenSBI initialised the UART (console.c). */
	arch_trap_init();	/* head.S installed the vector; arm the stack check it makes */

	if (fdt_valid(boot_fdt)) {
		probe_machine(boot_fdt);
		probe_cpu(boot_fdt);
		riscv_time_init(boot_fdt);
		probe_memory(boot_fdt);
		probe_cmdline(boot_fdt);
		reserve_fdt(boot_fdt);
		probe_boot_path(boot_fdt);
	} else {
		printk("riscv: no valid device tree at %p (a1 from the firmware)\n", boot_fdt);
	}
	/* Sv39 on, whatever else we found: user mode is only isolated with it (mm.c). */
	riscv_mmu_init();
	/* Every PLIC source masked for this hart; the console enables its own. */
	plic_init(boot_hartid);
}

/*
 * Power off and tell QEMU the status. sifive_test carries the number itself: PASS exits 0,
 * FAIL | code << 16 exits with code. Only 8 bits reach the host, so a non-zero status whose
 * low byte is 0 would read as success: it becomes 0xff instead.
 */
__noreturn void arch_poweroff(int status)
{
	u32 code = (u32)status & EXIT_CODE_MASK;

	if (status == 0)
		writel(FINISHER_PASS, SIFIVE_TEST_BASE);
	else
		writel(FINISHER_FAIL | (code ? code : EXIT_CODE_MASK) << FINISHER_CODE_SHIFT,
		       SIFIVE_TEST_BASE);

	/* Still here: a machine without the finisher. Ask the firmware (QEMU then exits 0). */
	sbi_ecall(SBI_EXT_SRST, SBI_SRST_RESET, SBI_SRST_TYPE_SHUTDOWN,
		  status ? SBI_SRST_REASON_FAILURE : SBI_SRST_REASON_NONE);
	for (;;)
		__asm__ __volatile__("wfi");
}
