// SPDX-License-Identifier: MIT
/*
 * riscv64 boot entropy: the hart's own random source (the Zkr seed CSR) and what the firmware
 * hands over in the device tree (/chosen/rng-seed). kernel/random.c takes both.
 */
#include <trapdoor/arch.h>
#include <trapdoor/fdt.h>
#include <trapdoor/printk.h>
#include <trapdoor/random.h> /* add_bootloader_randomness() */
#include <asm/setup.h>

/*
 * The CPU's own random source. RISC-V has one in the Zkr extension: the seed CSR (0x015,
 * Scalar Cryptography 1.0.1, section 4.1), 16 bits of entropy per read. QEMU 7.2's virt hart
 * does not list zkr in its ISA string, and even a hart with it lets S-mode read seed only
 * when M-mode sets mseccfg.SSEED, which OpenSBI 1.1 does not (the read traps). So: none.
 */
unsigned int arch_get_random_seed_longs(unsigned long *v, unsigned int max_longs)
{
	return 0;
}

/*
 * Blank out a property in place, as libfdt's fdt_nop_property() does. In the structure block
 * (Devicetree Specification v0.4, 5.4.1) a property is the FDT_PROP token, its len and
 * nameoff, then len bytes of value padded to 4: all of it becomes FDT_NOP tokens, which every
 * reader skips (lib/fdt.c too). The value's bytes are overwritten in the process.
 */
#define FDT_TOKEN_NOP	0x00000004 /* Devicetree Specification v0.4, 5.4.1 */
#define FDT_PROP_HEADER 12	   /* FDT_PROP, len, nameoff: 3 big-endian u32 */
#define FDT_TOKEN_SIZE	4

static void fdt_nop_property(void *value, int len)
{
	u8 *p = (u8 *)value - FDT_PROP_HEADER;
	u8 *end = (u8 *)value + ALIGN((unsigned long)len, FDT_TOKEN_SIZE);

	for (; p < end; p += FDT_TOKEN_SIZE) { /* big-endian 0x00000004, byte by byte */
		p[0] = FDT_TOKEN_NOP >> 24;
		p[1] = (FDT_TOKEN_NOP >> 16) & 0xff;
		p[2] = (FDT_TOKEN_NOP >> 8) & 0xff;
		p[3] = FDT_TOKEN_NOP & 0xff;
	}
}

/*
 * What the firmware offers: /chosen/rng-seed, fresh random bytes that QEMU 7.2 puts in the
 * tree of every virt boot (32 of them, from qemu_guest_getrandom(): the host's random source
 * unless QEMU runs with -seed), passed on unchanged by OpenSBI. dt-schema's chosen.yaml
 * defines it as entropy for the OS's random number generator; Linux hands it to
 * add_bootloader_randomness() (drivers/of/fdt.c, early_init_dt_scan_chosen()), which
 * credits every bit unless random.trust_bootloader=off, and then removes it from the tree
 * (fdt_nop_property()) so that nobody reads it twice. We do the same: a second call finds no
 * seed and credits nothing. Only this copy is wiped: QEMU's original tree, which fw_jump
 * copied from (0x87e00000 with -m 128M), still holds the bytes in free RAM until the page
 * allocator zeroes that page for its first owner.
 */
__stackleak_frame_exempt void arch_boot_entropy(void)
{
	int node, len;
	void *seed;

	if (!fdt_valid(boot_fdt))
		return;
	node = fdt_path_offset(boot_fdt, "/chosen");
	/* Our own RAM, reserved by reserve_fdt() (setup.c): the const of boot_fdt only keeps
	 * the parser honest. */
	seed = node < 0 ? NULL : (void *)fdt_getprop(boot_fdt, node, "rng-seed", &len);
	if (!seed || len <= 0) {
		printk("random:  no /chosen/rng-seed in the device tree\n");
		return;
	}
	add_bootloader_randomness(seed, (size_t)len);
	fdt_nop_property(seed, len);
	printk("random:  /chosen/rng-seed: %d bytes to add_bootloader_randomness()\n", len);
}
