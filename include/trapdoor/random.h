/* SPDX-License-Identifier: MIT */
/*
 * The kernel's cryptographic random number generator (kernel/random.c),
 * modelled on Linux's drivers/char/random.c (5.18 and later). See
 * docs/random.md for how it works.
 *
 * Entropy goes in through add_*_randomness(); random bytes come out through
 * get_random_bytes() and get_random_u8/u16/u32/u64(). Nothing here prints;
 * the boot log reads crng_get_stats().
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_RANDOM_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_RANDOM_H

#include <trapdoor/chacha.h>
#include <trapdoor/types.h>

/* Linux's thresholds: the pool is one BLAKE2s hash, 256 bits. */
#define RANDOM_POOL_BITS       256
#define RANDOM_POOL_EARLY_BITS (RANDOM_POOL_BITS / 2) /* EMPTY -> EARLY */
#define RANDOM_POOL_READY_BITS RANDOM_POOL_BITS	      /* EARLY -> READY */

/*
 * get_random_uN() hands out values from a per-cpu batch of 1.5 ChaCha blocks
 * (the 32 spare bytes of the fast-key-erasure block plus one whole block), so
 * a batch serves 96 u8, 48 u16, 24 u32 or 12 u64 calls before a refill.
 */
#define CRNG_BATCH_BYTES (CHACHA_BLOCK_SIZE * 3 / 2)

enum crng_state {
	CRNG_EMPTY = 0, /* < 128 bits credited: every request re-extracts the pool */
	CRNG_EARLY = 1, /* >= 128 bits credited: base key taken from the pool once */
	CRNG_READY = 2, /* >= 256 bits credited and reseeded: fully initialised */
};

/* Where entropy came from, for the boot log ("which source credited how many bits"). */
enum random_source {
	RANDOM_SRC_DEVICE,     /* add_device_randomness(): mixed, never credited */
	RANDOM_SRC_HWGEN,      /* add_hwgenerator_randomness(): virtio-rng and the like */
	RANDOM_SRC_BOOTLOADER, /* add_bootloader_randomness(): DTB /chosen/rng-seed, EFI */
	RANDOM_SRC_ARCH,       /* the CPU's seed instruction, read by random_init() */
	RANDOM_SRC_SEED,       /* crng_set_deterministic_seed(): the crng.seed= test mode */
	NR_RANDOM_SOURCES
};

/* Batch index: u8, u16, u32, u64. */
enum {
	CRNG_U8,
	CRNG_U16,
	CRNG_U32,
	CRNG_U64,
	NR_CRNG_WIDTHS
};

struct crng_stats {
	u64 refills[NR_CRNG_WIDTHS];   /* batch refills: the get_random_uN() slow path */
	u64 unbatched[NR_CRNG_WIDTHS]; /* get_random_uN() calls before READY (no batching) */
	u64 reseeds;		       /* base key replaced from the pool, generation + 1 */
	u64 timed_reseeds;	       /* of those, because the key was older than the schedule */
	u64 extracts;		       /* extract_entropy() calls */
	u64 crng_refreshes;	       /* a per-cpu key re-derived from the base key */
	u64 bytes_mixed[NR_RANDOM_SOURCES];
	u64 bits_credited[NR_RANDOM_SOURCES];
	u64 inputs_ignored;	  /* inputs dropped in deterministic mode */
	unsigned int init_bits;	  /* credit so far, capped at RANDOM_POOL_BITS */
	unsigned long generation; /* base_crng generation; 0 = never seeded */
	enum crng_state state;
	bool deterministic;
};

/*
 * Boot: mix 64 bytes from the CPU's seed source (credited unless
 * random_set_trust_cpu(false)), a cycle count and the command line; reseed if
 * already READY. Call after arch_setup() has fed the bootloader's seed, as
 * Linux's random_init_early() does.
 */
void random_init(const char *command_line);
void random_set_trust_cpu(bool trust);	      /* random.trust_cpu=, default on */
void random_set_trust_bootloader(bool trust); /* random.trust_bootloader=, default on */

/* Entropy input. Bits are credited only until READY, as in Linux; see random.c. */
void add_device_randomness(const void *buf, size_t len);
void add_hwgenerator_randomness(const void *buf, size_t len, size_t entropy_bits);
void add_bootloader_randomness(const void *buf, size_t len);

/* Output. Usable at any time; before READY the output is only as good as the pool. */
void get_random_bytes(void *buf, size_t len);
u8 get_random_u8(void);
u16 get_random_u16(void);
u32 get_random_u32(void);
u64 get_random_u64(void);

bool crng_ready(void);
enum crng_state crng_init_state(void);

/*
 * Once READY the base key is also reseeded by time, on Linux's schedule: the
 * first request more than 1 s after the last reseed, then more than uptime/2
 * seconds after it, and from 120 s of uptime on more than 60 s after it.
 *
 * Reseed the base key from the pool now, bumping the generation so every
 * per-cpu key and batch is replaced at its next use. Refused (false) before
 * READY, like Linux's RNDRESEEDCRNG ioctl.
 */
bool crng_reseed(void);

/*
 * Test mode (the crng.seed= boot option): forget all state, mix in only this
 * seed, credit it as a full pool and go READY. From then on every entropy
 * input is ignored and no arch source is read, so the same seed and the same
 * sequence of calls give the same output on every boot and every
 * architecture (multi-byte values are decoded little-endian everywhere).
 * Never for production: the output is exactly as secret as the seed.
 */
void crng_set_deterministic_seed(const void *seed, size_t len);

/* Back to the boot state: empty pool, EMPTY, zero stats, normal mode. Arch ops are kept. */
void random_reset(void);

void crng_get_stats(struct crng_stats *stats);
const char *random_source_name(enum random_source src);

/*
 * Self-tests only (host tests, ktest): copy out the base key and this CPU's
 * key so a test can watch fast key erasure happen. Linux has no such thing.
 */
void crng_peek_keys(u8 base_key[CHACHA_KEY_SIZE], u8 cpu_key[CHACHA_KEY_SIZE]);

#endif
