// SPDX-License-Identifier: MIT
/*
 * QEMU's fw_cfg device, loongarch64's one firmware interface: whether it is there, its
 * integer items, its named files, and what they say about the machine (memory, the command
 * line).
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
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <asm/fw_cfg.h>
#include <asm/io.h>
#include <asm/setup.h>

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

/*
 * fw_cfg's file directory: a big-endian count, then one entry per named item. Returns the key
 * that selects the file, and its size; 0 if there is no such file.
 */
struct fw_cfg_file {
	u32 size;   /* big-endian */
	u16 select; /* big-endian */
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
	u32 type; /* 1: RAM */
	u32 reserved;
};
#define MEMMAP_TYPE_RAM 1

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
#define FW_CFG_TRAPDOOR_CMDLINE "opt/trapdoor/cmdline"
#define COMMAND_LINE_SIZE	256 /* longer command lines are cut short */

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

__stackleak_frame_exempt void detect_machine(void)
{
	if (!fw_cfg_present()) {
		boot_info.machine = "loongarch64 (no fw_cfg: not QEMU virt?)";
		return;
	}
	boot_info.machine = "QEMU loongarch virt";
	detect_memory();
	detect_cmdline();
}
