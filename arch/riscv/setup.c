// SPDX-License-Identifier: MIT
/*
 * riscv64 machine setup: console, traps, the MMU, and what the device tree says about the
 * machine; power-off with an exit status. The hart's ISA and IDs are in cpufeature.c, the
 * SBI firmware's name in firmware.c, the trap vector in traps.c, the clock and the tick in
 * time.c, boot entropy in entropy.c.
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
#define SIFIVE_TEST_BASE    0x100000UL /* QEMU hw/riscv/virt.c: virt_memmap[VIRT_TEST] */
#define FINISHER_FAIL	    0x3333     /* QEMU hw/misc/sifive_test.c: exit(value >> 16) */
#define FINISHER_PASS	    0x5555     /* QEMU hw/misc/sifive_test.c: exit(0) */
#define FINISHER_CODE_SHIFT 16	       /* the exit code rides in bits 31:16 with FAIL */
#define EXIT_CODE_MASK	    0xff       /* a process exit status keeps 8 bits */

/* boot_info's strings are copied out of the tree, so its memory may be reused later. */
static char machine_desc[64];
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
 * RAM: the first (address, size) pair of /memory's reg, each a number of 32-bit cells given
 * by the root's #address-cells and #size-cells (2 and 2 on QEMU virt). This is the whole
 * bank, with OpenSBI (0x80000000, listed in /reserved-memory), this kernel and the tree
 * itself inside it: the page allocator (mm/page_alloc.c) starts above the kernel's end,
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


__stackleak_frame_exempt void arch_setup(void)
{
	/* The console needs no setup: OpenSBI initialised the UART (console.c). */
	arch_trap_init(); /* head.S installed the vector; arm the stack check it makes */

	if (fdt_valid(boot_fdt)) {
		probe_machine(boot_fdt);
		identify_cpu(boot_fdt);
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
