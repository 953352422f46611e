// SPDX-License-Identifier: MIT
/*
 * Boot entropy on ppc64 pseries, for kernel/random.c. Three sources, each with its own
 * path into the CRNG:
 *
 *   - the CPU: "darn", Deliver A Random Number (Power ISA v3.0B Book I, "Deliver A Random
 *     Number"), new in ISA 3.0, so POWER9 and later. random_init() reads it through
 *     arch_get_random_seed_longs() and credits it as the CPU's (Linux reads it the same way
 *     on bare-metal POWER9, arch/powerpc/platforms/powernv/rng.c). QEMU's TCG implements
 *     it with the host's getrandom() (target/ppc/int_helper.c, helper_darn64).
 *   - the firmware: QEMU writes 32 fresh random bytes into every pseries device tree it
 *     builds, /chosen/rng-seed (hw/ppc/spapr.c, spapr_dt_chosen). prom_init() copied them
 *     while the firmware still answered; add_bootloader_randomness() takes them.
 *   - the hypervisor: H_RANDOM (0x300), which QEMU answers only when the machine has a
 *     spapr-rng device (Makefile.arch adds one, fed from the host's /dev/urandom): 64 bits
 *     per call from that backend. Linux on pseries uses it for its seed too (pseries/rng.c)
 *     and as a hwrng (drivers/char/hw_random/pseries-rng.c); here it goes to
 *     add_hwgenerator_randomness().
 *
 * The time base is mixed in too (random_get_entropy()), never credited.
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/random.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <asm/hcall.h>
#include <asm/prom.h>
#include <asm/reg.h>

/*
 * The processor version register's upper half names the chip (Linux asm/reg.h PVR_*):
 * darn exists from POWER9 on. On anything older it is an illegal instruction, so ask first.
 */
#define PVR_VERSION_SHIFT 16
#define PVR_POWER9	  0x004e
#define PVR_POWER10	  0x0080

/*
 * darn's L field picks the kind of number (Book I, "Deliver A Random Number"):
 * 0 = 32-bit conditioned, 1 = 64-bit conditioned, 2 = 64-bit raw. Linux takes 1.
 * All ones means "no random number available this time": try again, a few times.
 */
#define DARN_L_CRN64 1
#define DARN_ERR     (~0UL)
#define DARN_RETRIES 10 /* Linux's count too (powernv/rng.c) */

/* H_RANDOM: one call, 64 bits; 32 bytes make 256, a whole input pool's worth. */
#define H_RANDOM_SEED_LONGS 4

static bool have_darn(void)
{
	unsigned long ver = mfspr(SPRN_PVR) >> PVR_VERSION_SHIFT;

	return ver == PVR_POWER9 || ver == PVR_POWER10;
}

/*
 * One darn, retried while it says "not now". The kernel is built for power8 (Makefile.arch),
 * so the assembler must be told this one instruction is ISA 3.0.
 */
static bool darn(unsigned long *v)
{
	for (int i = 0; i < DARN_RETRIES; i++) {
		unsigned long val;

		__asm__ __volatile__(".machine push\n\t"
				     ".machine power9\n\t"
				     "darn %0, %1\n\t"
				     ".machine pop"
				     : "=r"(val)
				     : "i"(DARN_L_CRN64));
		if (val != DARN_ERR) {
			*v = val;
			return true;
		}
	}
	return false;
}

/* Fills v from darn until it fails or max_longs are done; 0 on a CPU without darn. */
unsigned int arch_get_random_seed_longs(unsigned long *v, unsigned int max_longs)
{
	unsigned int n = 0;

	if (!have_darn())
		return 0;
	while (n < max_longs && darn(&v[n]))
		n++;
	return n;
}

/*
 * H_RANDOM into v; how many longs it gave. H_FUNCTION on the first call means the machine
 * has no spapr-rng.
 */
static unsigned int h_random(unsigned long *v, unsigned int max_longs)
{
	unsigned long ret[HCALL_RET_MAX];
	unsigned int n = 0;

	while (n < max_longs && hcall(H_RANDOM, ret, 0, 0, 0, 0) == H_SUCCESS)
		v[n++] = ret[0];
	return n;
}

/*
 * What the firmware and the hypervisor offer. Both come from the host's CSPRNG (QEMU's
 * getrandom() for the seed, /dev/urandom behind spapr-rng), so both are credited in full:
 * the seed through add_bootloader_randomness() (Linux's random.trust_bootloader default),
 * H_RANDOM with 8 bits a byte. Our copies are wiped afterwards, as Linux wipes the seed
 * from the device tree, so nothing read later can recover what seeded the CRNG.
 */
__stackleak_frame_exempt void arch_boot_entropy(void)
{
	unsigned long hv[H_RANDOM_SEED_LONGS];
	unsigned int n;

	if (prom.rng_seed_len) {
		add_bootloader_randomness(prom.rng_seed, prom.rng_seed_len);
		memzero_explicit(prom.rng_seed, sizeof(prom.rng_seed));
	}
	printk("random:  /chosen/rng-seed: %u bytes -> add_bootloader_randomness()\n",
	       prom.rng_seed_len);

	n = h_random(hv, H_RANDOM_SEED_LONGS);
	if (n) {
		add_hwgenerator_randomness(hv, n * sizeof(hv[0]), n * sizeof(hv[0]) * 8);
		memzero_explicit(hv, sizeof(hv));
		printk("random:  H_RANDOM (spapr-rng): %u bytes -> add_hwgenerator_randomness()\n",
		       n * (unsigned int)sizeof(hv[0]));
	} else {
		printk("random:  H_RANDOM: absent (no spapr-rng device)\n");
	}
}
