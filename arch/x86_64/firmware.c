// SPDX-License-Identifier: MIT
/*
 * What the loader hands x86_64 at boot: there is no firmware to call and no device tree.
 * The PVH entry (head.S) gets struct hvm_start_info in ebx; its memory map and command
 * line go into boot_info.
 */
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <asm/pgtable.h>
#include <asm/pvh.h>
#include <asm/setup.h>


/*
 * Everything below 4 GiB is in the direct map (head.S, asm/page.h), so a
 * physical address from the loader can be read there, if it lies in that
 * range.
 */
static const void *boot_ptr(u64 paddr, u64 size)
{
	if (!paddr || paddr >= DIRECT_MAP_SIZE || size > DIRECT_MAP_SIZE - paddr)
		return NULL;
	return phys_to_virt(paddr);
}

/*
 * The PVH memory map (start_info version >= 1) is the E820 table: a list of
 * address ranges with a type. We report the largest RAM range the direct
 * map reaches, which on QEMU is the one the kernel itself was loaded into
 * (1 MiB up to the end of RAM below the PCI hole); the range below 640 KiB
 * and anything above 4 GiB stay unused. The page allocator hands out this
 * range above the kernel image and dereferences it through the direct
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

		if (map[i].type != XEN_HVM_MEMMAP_TYPE_RAM || start >= DIRECT_MAP_SIZE)
			continue;
		if (size > DIRECT_MAP_SIZE - start)
			size = DIRECT_MAP_SIZE - start; /* the part below 4 GiB */
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
#define CMDLINE_SIZE	 1024
#define CMDLINE_SCAN_MAX 65536 /* how far we look for the end of a longer line */
static char cmdline_copy[CMDLINE_SIZE];

void pvh_setup(void)
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
		/* A longer line is cut; the banner says how much was dropped. */
		if (strscpy(cmdline_copy, cmdline, sizeof(cmdline_copy)) < 0) {
			const char *whole = boot_ptr(si->cmdline_paddr, CMDLINE_SCAN_MAX);

			boot_info.cmdline_dropped =
			    (whole ? strnlen(whole, CMDLINE_SCAN_MAX) : CMDLINE_SIZE) -
			    (CMDLINE_SIZE - 1);
		}
		boot_info.cmdline = cmdline_copy;
	}
}
