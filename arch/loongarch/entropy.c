// SPDX-License-Identifier: MIT
/*
 * Boot entropy on loongarch64, for kernel/random.c.
 *
 *   - The CPU: nothing. LoongArch has no random-number instruction (LA64 v1.10 defines none,
 *     and CPUCFG has no bit for one), so arch_get_random_seed_longs() gives 0 words and
 *     random_init() credits nothing to "cpu".
 *   - The firmware: there is none (QEMU starts the ELF directly), and so no seed is handed
 *     over: no /chosen/rng-seed, no EFI RNG protocol.
 *   - A device: virtio-rng-pci (Makefile.arch adds -device virtio-rng-pci to the QEMU line),
 *     driven by drivers/virtio_rng.c, fed to add_hwgenerator_randomness() as Linux's hw_random core
 *     feeds what it reads from its current device.
 * The counter (rdtime.d, 100 MHz) is mixed in by the common code and never credited.
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/random.h>
#include <trapdoor/string.h>
#include <trapdoor/virtio_rng.h>

unsigned int arch_get_random_seed_longs(unsigned long *v, unsigned int max_longs)
{
	return 0;
}

/*
 * How much a byte from the device is worth, in Linux's terms: its virtio-rng driver declares
 * quality 1000 (drivers/char/hw_random/virtio-rng.c), i.e. 1000 bits of entropy per 1024
 * bits read, and the hw_random core credits len * 8 * quality / 1024 bits. We credit the same.
 * QEMU's default backend, rng-builtin, answers from the host's getrandom(), which is worth
 * every bit, so this errs on the careful side.
 */
#define VIRTIO_RNG_QUALITY  1000 /* per 1024 bits */
#define HWRNG_QUALITY_SCALE 1024

/*
 * One read of 64 bytes: 500 bits by the rule above, more than the 256 that make the CRNG
 * READY, so the pool is full from this alone. Then the buffer is wiped: the copy in the pool
 * is the only one that should exist.
 */
#define BOOT_RNG_BYTES 64

__stackleak_frame_exempt void arch_boot_entropy(void)
{
	u8 seed[BOOT_RNG_BYTES];
	unsigned int got = virtio_rng_read(seed, sizeof(seed));
	size_t bits = (size_t)got * 8 * VIRTIO_RNG_QUALITY / HWRNG_QUALITY_SCALE;

	if (!got) {
		printk("random:  no virtio-rng-pci device: no entropy source but the counter\n");
		return;
	}
	add_hwgenerator_randomness(seed, got, bits);
	memzero_explicit(seed, sizeof(seed));
	printk("random:  virtio-rng-pci: %u bytes -> add_hwgenerator_randomness(), worth %zu bits "
	       "(quality %u/%u)\n",
	       got, bits, VIRTIO_RNG_QUALITY, HWRNG_QUALITY_SCALE);
}
