// SPDX-License-Identifier: MIT
/*
 * arch_setup() for loongarch64 on QEMU's virt board: console, then what the machine is (CPUCFG
 * and IOCSR for the CPU, fw_cfg for memory), the counter, and power-off.
 *
 * There is no firmware and no handoff in registers, so everything is asked of the hardware or of
 * QEMU's fw_cfg device. (QEMU 7.2 does leave a device tree at physical 1 MiB, but nothing tells
 * the kernel so, and it has no /memory node; fw_cfg is the documented interface.)
 *
 * The command line: QEMU 7.2 drops -append for an ELF booted without firmware. It is not in
 * a0-a2, not in fw_cfg's FW_CFG_CMDLINE_SIZE/DATA (keys 0x14/0x15 read 0), and nowhere in low
 * RAM (all checked on 7.2). What does reach us is a named fw_cfg item of our own, which QEMU
 * accepts on any board that has fw_cfg: -fw_cfg name=opt/trapdoor/cmdline,string="..." (the
 * "opt/" prefix is the namespace QEMU's docs/specs/fw_cfg.rst reserves for the user). We read
 * that; without it boot_info.cmdline stays "".
 */
#include <trapdoor/arch.h>
#include <trapdoor/pci.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <asm/csr.h>
#include <asm/fw_cfg.h>
#include <asm/io.h>
#include <asm/setup.h>

/*
 * a0-a2 at entry (head.S). The Linux/EFI boot protocol would put arguments here; QEMU 7.2 does
 * not, for an ELF: they are kept for a debugger to look at, and nothing reads them.
 */
unsigned long boot_args[3];

/* --- fw_cfg ---------------------------------------------------------------------------------- */

static void fw_cfg_select(u16 key)
{
	volatile u8 *fw_cfg = ioremap(VIRT_FWCFG_BASE);

	/* A big-endian register and a little-endian CPU: swap the two bytes. */
	writew((u16)(key << 8 | key >> 8), fw_cfg + FW_CFG_SELECTOR);
}

static void fw_cfg_read(void *buf, size_t len)
{
	volatile void *data = (volatile u8 *)ioremap(VIRT_FWCFG_BASE) + FW_CFG_DATA;
	u8 *p = buf;

	while (len--)
		*p++ = readb(data);
}

/* Reads an integer item: they are little-endian, like the CPU. */
u64 fw_cfg_read_u64(u16 key, size_t len)
{
	u64 v = 0;

	fw_cfg_select(key);
	fw_cfg_read(&v, len);
	return v;
}

bool fw_cfg_present(void)
{
	char sig[4];

	fw_cfg_select(FW_CFG_SIGNATURE);
	fw_cfg_read(sig, sizeof(sig));
	return memcmp(sig, FW_CFG_SIGNATURE_QEMU, sizeof(sig)) == 0;
}

/* --- what the machine is --------------------------------------------------------------------- */

static char cpu_desc[128];

/*
 * The CPU: IOCSR "Manufacturer Name" and "Chip Name" registers (8 ASCII bytes each) where
 * CPUCFG says there are IOCSRs, then PRID and a few CPUCFG fields that matter to us.
 */
static void detect_cpu(void)
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
	snprintf(cpu_desc, sizeof(cpu_desc),
		 "%s%s%s (PRID 0x%08x), %s, PALEN %u, VALEN %u%s%s%s",
		 vendor[0] ? vendor : "LoongArch", chip[0] ? "-" : "", chip,
		 prid, (cfg1 & CPUCFG1_ARCH_MASK) == CPUCFG1_ARCH_LA64 ? "LA64" : "LA32",
		 ((cfg1 >> CPUCFG1_PALEN_SHIFT) & CPUCFG1_LEN_MASK) + 1,
		 ((cfg1 >> CPUCFG1_VALEN_SHIFT) & CPUCFG1_LEN_MASK) + 1,
		 cfg2 & CPUCFG2_LSX ? ", LSX" : "", cfg2 & CPUCFG2_LASX ? ", LASX" : "",
		 cfg2 & CPUCFG2_LVZ ? ", LVZ" : "");
	boot_info.cpu = cpu_desc;
}

/*
 * fw_cfg's file directory: a big-endian count, then one entry per named item. Returns the key
 * that selects the file, and its size; 0 if there is no such file.
 */
struct fw_cfg_file {
	u32 size;		/* big-endian */
	u16 select;		/* big-endian */
	u16 reserved;
	char name[56];
};

static u16 fw_cfg_find_file(const char *name, u32 *size)
{
	struct fw_cfg_file f;
	u32 count;

	fw_cfg_select(FW_CFG_FILE_DIR);
	fw_cfg_read(&count, sizeof(count));
	for (count = __builtin_bswap32(count); count; count--) {
		fw_cfg_read(&f, sizeof(f));
		if (strncmp(f.name, name, sizeof(f.name)) == 0) {
			*size = __builtin_bswap32(f.size);
			return __builtin_bswap16(f.select);
		}
	}
	return 0;
}

/*
 * QEMU's loongarch memory map in fw_cfg "etc/memmap" (QEMU 7.2 hw/loongarch/virt.c, struct
 * memmap_entry, little-endian). With -m 1G it lists low RAM, 0-256 MiB (the kernel is there),
 * and high RAM from 0x90000000; the hole between holds the devices and the PCI windows.
 */
struct memmap_entry {
	u64 address;
	u64 length;
	u32 type;		/* 1: RAM */
	u32 reserved;
};
#define MEMMAP_TYPE_RAM		1

/*
 * boot_info has room for one range: we give it the largest RAM region, the one the page
 * allocator uses. On virt that is the high one, which holds nothing at all (the kernel and
 * QEMU's device tree are in low RAM), so boot_info.reserved stays empty. Without etc/memmap,
 * FW_CFG_RAM_SIZE says how much there is, and we assume it starts at 0; the allocator starts
 * above the kernel's _end then, which is above the device tree (kernel.lds).
 */
static void detect_memory(void)
{
	struct memmap_entry e;
	u32 size;
	u16 key = fw_cfg_find_file("etc/memmap", &size);

	if (!key) {
		boot_info.mem_start = 0;
		boot_info.mem_size = fw_cfg_read_u64(FW_CFG_RAM_SIZE, 8);
		return;
	}
	fw_cfg_select(key);
	for (; size >= sizeof(e); size -= sizeof(e)) {
		fw_cfg_read(&e, sizeof(e));
		if (e.type == MEMMAP_TYPE_RAM && e.length > boot_info.mem_size) {
			boot_info.mem_start = e.address;
			boot_info.mem_size = e.length;
		}
	}
}

/* The fw_cfg item Makefile.arch's QEMU_APPEND makes out of a command line (see the top). */
#define FW_CFG_TRAPDOOR_CMDLINE	"opt/trapdoor/cmdline"
#define COMMAND_LINE_SIZE	256	/* longer command lines are cut short */

static char command_line[COMMAND_LINE_SIZE];

/*
 * The item is the bare string, without a terminating NUL (-fw_cfg string= stores none). What
 * does not fit is dropped, and boot_info.cmdline_dropped says how much (the banner names it).
 */
static void detect_cmdline(void)
{
	u32 size;
	u16 key = fw_cfg_find_file(FW_CFG_TRAPDOOR_CMDLINE, &size);

	if (!key)
		return;
	if (size > sizeof(command_line) - 1) {
		boot_info.cmdline_dropped = size - (sizeof(command_line) - 1);
		size = sizeof(command_line) - 1;
	}
	fw_cfg_select(key);
	fw_cfg_read(command_line, size);
	command_line[size] = '\0';
	boot_info.cmdline = command_line;
}

static void detect_machine(void)
{
	if (!fw_cfg_present()) {
		boot_info.machine = "loongarch64 (no fw_cfg: not QEMU virt?)";
		return;
	}
	boot_info.machine = "QEMU loongarch virt";
	detect_memory();
	detect_cmdline();
}

__stackleak_frame_exempt void arch_setup(void)
{
	console_init();		/* first: everything after this may print */
	arch_trap_init();	/* head.S installed the entry points; quiet the interrupt sources */
	mmu_init();		/* the TLB, for user mode; the kernel itself needs none */
	detect_cpu();
	detect_machine();
}

/* --- power --------------------------------------------------------------------------------- */

/*
 * Status 0: the sleep control register of the board's ACPI Generic Event Device, the
 * hardware-reduced ACPI way to power off (ACPI spec, "Sleep Control and Status Registers"):
 * SLP_TYP = S5 (soft off) in bits 4:2, plus SLP_EN: the byte 0x34. QEMU shuts down and exits 0.
 * Values from QEMU include/hw/acpi/generic_event_device.h.
 */
#define VIRT_GED_REG_ADDR	0x100e001c	/* QEMU 7.2 include/hw/loongarch/virt.h */
#define ACPI_GED_REG_SLEEP_CTL	0		/* offset of the sleep control register */
#define ACPI_GED_SLP_TYP_S5	(0x5 << 2)	/* SLP_TYP field (bits 4:2) = S5 */
#define ACPI_GED_SLP_EN		0x20		/* write 1: enter the SLP_TYP state */

/*
 * Any other status: QEMU's pvpanic-pci device, with -action panic=exit-failure (Makefile.arch),
 * makes QEMU exit 1 when the guest reports a panic. Nothing has configured PCI (there is no
 * firmware), so: find the device on bus 0 through ECAM, give BAR0 an address in the board's
 * memory window, enable memory decoding, and write the "panicked" event. Returns only if there
 * is no such device.
 */
static void pvpanic_signal(void)
{
	volatile u8 *cfg = pci_find_device(PCI_VENDOR_ID_REDHAT, PCI_DEVICE_ID_REDHAT_PVPANIC);
	u32 bar;

	if (!cfg)
		return;
	bar = readl(cfg + PCI_BASE_ADDRESS_0);
	if (bar & PCI_BASE_ADDRESS_SPACE_IO)
		return;
	writel(PCI_MEM_BASE, cfg + PCI_BASE_ADDRESS_0);
	if (bar & PCI_BASE_ADDRESS_MEM_TYPE_64)
		writel(0, cfg + PCI_BASE_ADDRESS_0 + 4);
	writew(readw(cfg + PCI_COMMAND) | PCI_COMMAND_MEMORY, cfg + PCI_COMMAND);
	writeb(PVPANIC_PANICKED, ioremap(PCI_MEM_BASE));
	/* QEMU exits inside the write above. */
}

/*
 * Stop the vCPU for good: the timer off and every interrupt line masked, so idle never wakes
 * (it wakes for any raised line that ECFG enables, whatever CRMD.IE says: QEMU 7.2's
 * loongarch_cpu_has_work()), and QEMU does not spin on a pending tick.
 */
static __noreturn void halt(void)
{
	csr_write(LOONGARCH_CSR_TCFG, 0);
	csr_write(LOONGARCH_CSR_ECFG, 0);
	for (;;)
		__asm__ __volatile__("idle 0");
}

/*
 * QEMU's exit status: 0 for status 0; 1 for anything else (pvpanic cannot carry the number;
 * "EXIT: status=N" in the log does). Without pvpanic-pci we cannot fail loudly, and exiting 0
 * would look like a pass: halt instead, so that the runner's timeout reports the failure.
 */
__noreturn void arch_poweroff(int status)
{
	if (status != 0) {
		pvpanic_signal();
		halt();
	}
	writeb(ACPI_GED_SLP_TYP_S5 | ACPI_GED_SLP_EN,
	       (volatile u8 *)ioremap(VIRT_GED_REG_ADDR) + ACPI_GED_REG_SLEEP_CTL);
	halt();
}
