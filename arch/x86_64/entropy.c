// SPDX-License-Identifier: MIT
/*
 * Boot entropy on x86_64, for kernel/random.c.
 *
 * The CPU has two random-number instructions (SDM Vol. 1 "Random Number
 * Generator Instructions"): RDSEED returns output of the hardware's entropy
 * source, conditioned, meant for seeding software generators; RDRAND returns
 * output of a DRBG that the same source reseeds (Intel's "Digital Random
 * Number Generator Software Implementation Guide"). Linux's
 * arch_get_random_seed_longs() uses RDSEED only; its random_init_early()
 * falls back to RDRAND (arch_get_random_longs()) where RDSEED fails, and with
 * random.trust_cpu on (the default) credits both alike. kernel/random.c
 * asks through one hook only, so ours does both steps: RDSEED where the CPU
 * has it, RDRAND otherwise. QEMU's -cpu max under TCG has RDRAND and not
 * RDSEED; its RDRAND returns bytes from QEMU's guest random source
 * (qemu_guest_getrandom(), target/i386: the host's getrandom(), unless
 * QEMU's own -seed makes it deterministic), so crediting it, as Linux
 * would, is honest here.
 *
 * The firmware offers nothing: a PVH boot's hvm_start_info carries a memory
 * map and a command line, no seed. (A virtio-rng-device on microvm's
 * virtio-mmio bus would be a real source; it takes a virtio driver, not
 * today.) start_kernel() mixes in TSC readings too, never credited.
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <asm/cpufeature.h>
#include <asm/setup.h>

/*
 * RDRAND may fail (CF = 0) when the DRBG is briefly out of reseeded output;
 * Intel's guide says to retry up to 10 times, and Linux does
 * (RDRAND_RETRY_LOOPS). A failing RDSEED is not retried: Linux does not
 * either, and the caller falls back to something else.
 */
#define RDRAND_RETRY_LOOPS 10

static bool have_rdseed, have_rdrand;

/* CF = 1: the destination holds a random value; CF = 0: it holds 0, try again. */
static bool rdseed_long(unsigned long *v)
{
	bool ok;

	__asm__ __volatile__("rdseed %0" : "=r"(*v), "=@ccc"(ok));
	return ok;
}

static bool rdrand_long(unsigned long *v)
{
	bool ok;

	for (int i = 0; i < RDRAND_RETRY_LOOPS; i++) {
		__asm__ __volatile__("rdrand %0" : "=r"(*v), "=@ccc"(ok));
		if (ok)
			return true;
	}
	return false;
}

/* One long from RDSEED, or from RDRAND where RDSEED is absent or failed: Linux's order. */
static bool get_seed_long(unsigned long *v)
{
	return (have_rdseed && rdseed_long(v)) || (have_rdrand && rdrand_long(v));
}

/* Fills v until both instructions fail or max_longs are done; 0 with neither instruction. */
unsigned int arch_get_random_seed_longs(unsigned long *v, unsigned int max_longs)
{
	unsigned int n = 0;

	while (n < max_longs && get_seed_long(&v[n]))
		n++;
	return n;
}

/* At boot (arch_setup()): which instruction arch_get_random_seed_longs() may use. */
void rng_init(void)
{
	have_rdseed = cpu_has(X86_FEATURE_RDSEED);
	have_rdrand = cpu_has(X86_FEATURE_RDRAND);
}

/*
 * What the firmware offers: nothing on a PVH boot (see the top of the file).
 * start_kernel() calls this right before random_init() reads the CPU's
 * instruction, so the boot log says here which one that will be.
 */
__stackleak_frame_exempt void arch_boot_entropy(void)
{
	printk("random:  RDSEED %s, RDRAND %s: arch_get_random_seed_longs() uses %s\n",
	       have_rdseed ? "present" : "absent", have_rdrand ? "present" : "absent",
	       have_rdseed ? (have_rdrand ? "RDSEED, then RDRAND" : "RDSEED") :
	       have_rdrand ? "RDRAND" :
			     "nothing");
	printk("random:  PVH boot: no firmware seed (hvm_start_info carries none)\n");
}
