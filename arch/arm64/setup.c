// SPDX-License-Identifier: MIT
/*
 * arm64 machine setup: console, traps, and what the device tree says about
 * this machine; the interrupt controller. (The CPU's name and its own system
 * registers are in cpufeature.c, PSCI and power-off in firmware.c, the trap
 * setup in traps.c, the counter and the tick in time.c, the GIC driver in
 * drivers/gic.c, boot entropy in entropy.c.)
 */
#include <asm/dt.h>
#include <asm/page.h>
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
#define VIRT_RAM_BASE	 0x40000000UL
/* head.S maps RAM up to 4 GiB; we only look for a DTB inside that window. */
#define BOOT_MAP_RAM_END 0x100000000UL
/* Devicetree Specification, 5.1: the blob sits at an 8-byte aligned address. */
#define FDT_ALIGN	 8

const void *boot_fdt;

/*
 * A tree at pa: 8-byte aligned, in RAM the boot map covers, valid, and all of
 * it inside the map (every read of it is checked against its header's size).
 */
static bool fdt_fits(u64 pa)
{
	return pa >= VIRT_RAM_BASE && pa < BOOT_MAP_RAM_END && (pa & (FDT_ALIGN - 1)) == 0 &&
	       fdt_valid(phys_to_virt(pa)) &&
	       fdt_totalsize(phys_to_virt(pa)) <= BOOT_MAP_RAM_END - pa;
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
		return phys_to_virt(__fdt_pointer);
	if (fdt_fits(VIRT_RAM_BASE))
		return phys_to_virt(VIRT_RAM_BASE);
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
static const char *fdt_display_string(const char *path, const char *name, char *buf, size_t size)
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
	u64 lo = virt_to_phys(_stext), hi = virt_to_phys(_end);
	u64 fdt = virt_to_phys(boot_fdt), fdt_end = fdt + fdt_totalsize(boot_fdt);
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
	boot_info.reserved[boot_info.nr_reserved].start = virt_to_phys(boot_fdt);
	boot_info.reserved[boot_info.nr_reserved].size = fdt_totalsize(boot_fdt);
	boot_info.nr_reserved++;
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
	if (!boot_info.machine) /* QEMU virt has no model */
		boot_info.machine =
		    fdt_display_string("/", "compatible", machine_desc, sizeof(machine_desc));
	if (!boot_info.machine)
		boot_info.machine = "unknown";
	discover_memory();
	paging_init(); /* unmap what is not RAM; cap RAM at what the map covers */
	reserve_fdt();
	boot_info.cmdline = fdt_string("/chosen", "bootargs"); /* QEMU -append */
	if (!boot_info.cmdline)
		boot_info.cmdline = "";
	discover_psci();
	discover_bootloader();
}


__stackleak_frame_exempt void arch_setup(void)
{
	arch_console_init(); /* first: from here on printk works */
	arch_trap_init();    /* head.S installed the vectors; unmask what they can report */
	if (!arm64_cpu_setup())
		printk("arm64: no PAN on this CPU: the kernel could read user pages directly\n");

	boot_fdt = find_fdt();
	identify_cpu(); /* MIDR_EL1 needs no DT; the DT only names unknown parts */
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
