// SPDX-License-Identifier: MIT
/*
 * Boot entropy on arm64, for kernel/random.c. Two kinds of source:
 *
 *   - the CPU: FEAT_RNG's RNDRRS register (Armv8.5; QEMU's -cpu max has it,
 *     cortex-a72 does not), read by random_init() through
 *     arch_get_random_seed_longs();
 *   - the firmware: QEMU's virt board writes fresh random bytes from the
 *     host into every device tree it builds, /chosen/rng-seed (32 bytes) and
 *     /chosen/kaslr-seed (8 bytes), which arch_boot_entropy() hands to
 *     add_bootloader_randomness().
 */
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <trapdoor/arch.h>
#include <trapdoor/fdt.h>
#include <trapdoor/printk.h>
#include <trapdoor/random.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>

/*
 * RNDRRS, "Reseeded Random Number" (Arm ARM, D19.2 "RNDRRS"): 64 bits from a
 * DRBG that is reseeded from the true entropy source before this read, the
 * closest thing to a seed the CPU offers (RNDR, its sibling, may give many
 * values per reseed). Linux's arch_get_random_seed_longs() reads it too
 * (after the firmware's SMCCC TRNG, which QEMU's built-in PSCI lacks). Named
 * by its encoding, op0=3 op1=3 CRn=2 CRm=4 op2=1: assemblers accept the
 * "rndrrs" name only with -march=armv8.5-a+rng.
 * A read sets NZCV to 0000 when it succeeds, and to 0100 (Z) with a value of
 * 0 when the hardware had no entropy in time: try again later.
 */
static bool rndrrs(unsigned long *v)
{
	unsigned long ok;

	__asm__ __volatile__("mrs %0, s3_3_c2_c4_1\n\t"
			     "cset %1, ne" /* ok = !Z */
			     : "=r"(*v), "=r"(ok)
			     :
			     : "cc");
	return ok;
}

static bool have_rng(void)
{
	u64 isar0 = read_sysreg(id_aa64isar0_el1);

	return ((isar0 >> ID_AA64ISAR0_RNDR_SHIFT) & ID_AA64ISAR0_RNDR_MASK) != 0;
}

/* Fills v from RNDRRS until it fails or max_longs are done; 0 without FEAT_RNG. */
unsigned int arch_get_random_seed_longs(unsigned long *v, unsigned int max_longs)
{
	unsigned int n = 0;

	if (!have_rng())
		return 0;
	while (n < max_longs && rndrrs(&v[n]))
		n++;
	return n;
}

/*
 * A /chosen seed property: mixed in and credited in full (Linux's
 * random.trust_bootloader default: the firmware made it from the host's
 * getrandom()), then overwritten with zeros in the device tree, as Linux
 * removes it (drivers/of/fdt.c), so nothing that reads the tree later sees
 * the bytes the CRNG was seeded with. The tree lies in RAM we reserved
 * (setup.c): writing through the parser's const pointer is fine.
 * Returns how many bytes it fed.
 */
static int feed_chosen_seed(const char *name)
{
	int node = boot_fdt ? fdt_path_offset(boot_fdt, "/chosen") : -1, len = 0;
	void *seed = node < 0 ? NULL : (void *)fdt_getprop(boot_fdt, node, name, &len);

	if (!seed || len <= 0)
		return 0;
	add_bootloader_randomness(seed, (size_t)len);
	memzero_explicit(seed, (size_t)len);
	return len;
}

/*
 * The firmware's seeds. kaslr-seed is meant for the kernel's address-space
 * randomisation, which trapdoor does not do; Linux reads it for that alone
 * and wipes it. QEMU fills it from the same host source as rng-seed, in a
 * separate call, so its 64 bits are just as unpredictable and are credited
 * as such.
 */
__stackleak_frame_exempt void arch_boot_entropy(void)
{
	int rng = feed_chosen_seed("rng-seed");
	int kaslr = feed_chosen_seed("kaslr-seed");

	printk("random:  /chosen/rng-seed %d bytes, /chosen/kaslr-seed %d bytes "
	       "-> add_bootloader_randomness()\n",
	       rng, kaslr);
}
