// SPDX-License-Identifier: MIT
/* The SBI firmware below the kernel, and a bootloader between them, as the banner names them. */
#include <trapdoor/fdt.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <asm/sbi.h>
#include <asm/setup.h>

/*
 * The SBI implementation below us (SBI spec chapter 4, "Implementation IDs"; the version's
 * encoding is the implementation's own: OpenSBI's is major << 16 | minor), and a bootloader
 * between it and us: U-Boot's booti and bootm add /chosen/u-boot,version to the device
 * tree they pass, OpenSBI's fw_jump adds none (docs/boot.md, "Through U-Boot").
 */
static char firmware_desc[48], bootloader_desc[64], bootloader_version[48];

void probe_boot_path(const void *fdt)
{
	static const char *const impl_names[] = { "BBL", "OpenSBI", "Xvisor", "KVM", "RustSBI" };
	const char *v = fdt_getprop_escaped(fdt, fdt_path_offset(fdt, "/chosen"), "u-boot,version",
					    bootloader_version, sizeof(bootloader_version));
	struct sbiret id = sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_IMP_ID, 0, 0);
	struct sbiret ver = sbi_ecall(SBI_EXT_BASE, SBI_BASE_GET_IMP_VERSION, 0, 0);

	if (id.error == SBI_SUCCESS && ver.error == SBI_SUCCESS) {
		if (id.value == 1) /* OpenSBI */
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
