// SPDX-License-Identifier: MIT
/*
 * kernel/random.c on the host: a known-answer test against an independent
 * model, the EMPTY -> EARLY -> READY states, the exact batch cadence, fast key
 * erasure, the per-CPU keys and batches, and the statistics (FIPS 140-2,
 * chi-square) of the output stream.
 *
 * Criterion runs every test in its own process, so each starts from the
 * boot-time state. The arch hooks random.c calls are stubs
 * (tests/host/arch_stubs.c) whose zero state has no seed instruction and a
 * counter that stays at 0, so even the normal mode is reproducible here
 * (extraction mixes zeros instead of RDSEED) unless a test sets arch_stub.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <trapdoor/compiler.h>
#include <trapdoor/random.h>
#include <trapdoor/smp.h>

#include "arch_stubs.h"

static struct crng_stats st(void)
{
	struct crng_stats s;

	crng_get_stats(&s);
	return s;
}

static void seed(const char *s)
{
	crng_set_deterministic_seed(s, strlen(s));
}

/*
 * crng.seed=trapdoor, then get_random_bytes(100), three get_random_u16(), two
 * get_random_u64(), crng_reseed(), one get_random_u16(), get_random_bytes(5).
 * Expected values come from a Python model of the construction built on
 * hashlib.blake2s and the `cryptography` package's ChaCha20 (docs/random.md,
 * appendix): they pin extraction, fast key erasure, the batch layout and the
 * little-endian decoding, and so the "same seed, same output on every arch"
 * promise of the crng.seed= mode.
 */
Test(random, deterministic_seed_matches_independent_model)
{
	static const char want_hex[] =
	    "40eb3ff4f08cc7b6e841829f6a02999fc8b8f07de5cf40d15bbc14939ca2be8c"
	    "747b954f1ce4227c28ca07dd0d4382e517891a708e463cd53366337a57145db1"
	    "182e2be7ee2ded5934aabe9bbaf7dff2e7ff7cf2938ef514b0c170b465d72d0b"
	    "a5dcfac7";
	u8 buf[100];
	char got_hex[201];

	seed("trapdoor");
	get_random_bytes(buf, sizeof(buf));
	for (size_t i = 0; i < sizeof(buf); i++)
		snprintf(got_hex + 2 * i, 3, "%02x", buf[i]);
	cr_assert_str_eq(got_hex, want_hex);

	cr_assert_eq(get_random_u16(), 0xc027);
	cr_assert_eq(get_random_u16(), 0x5671);
	cr_assert_eq(get_random_u16(), 0x3239);
	cr_assert_eq(get_random_u64(), 0x10c5af43f1cce296ULL);
	cr_assert_eq(get_random_u64(), 0x5b3b2865bb7a2a4dULL);
	cr_assert(crng_reseed());
	cr_assert_eq(get_random_u16(), 0x6a8b);
	get_random_bytes(buf, 5);
	cr_assert(memcmp(buf, "\xed\xe1\x7a\x28\x9a", 5) == 0);

	crng_set_deterministic_seed("", 0);
	cr_assert_eq(get_random_u32(), 0x63142793U, "an empty seed is a seed too");
}

/* A machine with a seed instruction and a counter of unknown frequency. */
static void fake_arch(void)
{
	arch_stub =
	    (struct arch_stub){ .has_seed = true, .seed_value = 0x5eed, .cycles_step = 12345 };
}

Test(random, deterministic_mode_ignores_inputs_and_arch_sources)
{
	u8 a[64], b[64];

	fake_arch();
	seed("x");
	add_device_randomness("dev", 3);
	add_hwgenerator_randomness("hw", 2, 16);
	add_bootloader_randomness("boot", 4);
	random_init("console=ttyS0");
	cr_assert(crng_reseed()); /* extraction must not read the fake RDSEED either */
	get_random_bytes(b, sizeof(b));
	cr_assert_eq(st().inputs_ignored, 4);

	seed("x");
	cr_assert(crng_reseed());
	get_random_bytes(a, sizeof(a));
	cr_assert(memcmp(a, b, sizeof(a)) == 0, "an input or the arch source reached the output");
}

Test(random, different_seeds_give_different_streams)
{
	u8 a[32], b[32];

	seed("seed-1");
	get_random_bytes(a, sizeof(a));
	seed("seed-2");
	get_random_bytes(b, sizeof(b));
	cr_assert(memcmp(a, b, sizeof(a)) != 0);
}

Test(random, boot_state_is_the_reset_state)
{
	u8 a[48], b[48];

	/* Nothing has run in this process yet: this is the static initialiser. */
	add_bootloader_randomness("0123456789abcdef0123456789abcdef", 32);
	get_random_bytes(a, sizeof(a));
	random_reset();
	add_bootloader_randomness("0123456789abcdef0123456789abcdef", 32);
	get_random_bytes(b, sizeof(b));
	cr_assert(memcmp(a, b, sizeof(a)) == 0);
}

Test(random, empty_then_early_at_128_bits_then_ready_at_256)
{
	u8 seed_bytes[32] = { 1, 2, 3 };

	cr_assert_eq(crng_init_state(), CRNG_EMPTY);
	cr_assert(!crng_reseed(), "crng_reseed() must be refused before READY");
	add_bootloader_randomness(seed_bytes, 15); /* 120 bits */
	cr_assert_eq(crng_init_state(), CRNG_EMPTY);
	add_bootloader_randomness(seed_bytes + 15, 1); /* 128 */
	cr_assert_eq(crng_init_state(), CRNG_EARLY);
	cr_assert_eq(st().generation, 0, "EARLY keys base_crng without a generation");
	add_bootloader_randomness(seed_bytes + 16, 15); /* 248 */
	cr_assert_eq(crng_init_state(), CRNG_EARLY);
	add_bootloader_randomness(seed_bytes + 31, 1); /* 256 */
	cr_assert_eq(crng_init_state(), CRNG_READY);
	cr_assert_eq(st().generation, 1);
	cr_assert_eq(st().reseeds, 1);
	cr_assert_eq(st().bits_credited[RANDOM_SRC_BOOTLOADER], 256);
	cr_assert_eq(st().bytes_mixed[RANDOM_SRC_BOOTLOADER], 32);
}

Test(random, device_randomness_is_mixed_never_credited)
{
	static u8 junk[4096];

	add_device_randomness(junk, sizeof(junk));
	cr_assert_eq(crng_init_state(), CRNG_EMPTY);
	cr_assert_eq(st().init_bits, 0);
	cr_assert_eq(st().bytes_mixed[RANDOM_SRC_DEVICE], sizeof(junk));
}

Test(random, untrusted_bootloader_seed_is_not_credited)
{
	random_set_trust_bootloader(false);
	add_bootloader_randomness("0123456789abcdef0123456789abcdef", 32);
	cr_assert_eq(crng_init_state(), CRNG_EMPTY);
	cr_assert_eq(st().bytes_mixed[RANDOM_SRC_BOOTLOADER], 32);
}

Test(random, arch_seed_is_credited_only_when_trusted)
{
	fake_arch();
	random_set_trust_cpu(false);
	random_init(NULL);
	cr_assert_eq(crng_init_state(), CRNG_EMPTY);
	cr_assert_eq(st().bytes_mixed[RANDOM_SRC_ARCH], 64);

	random_reset();
	random_set_trust_cpu(true);
	random_init("console=ttyS0");
	cr_assert_eq(crng_init_state(), CRNG_READY, "64 bytes of RDSEED-like seed credit 512 bits");
	cr_assert_eq(st().bits_credited[RANDOM_SRC_ARCH], 256, "a single credit is capped at 256");
}

/* Extraction mixes the arch's seed (Linux's RDSEED block), so it reaches the key. */
Test(random, extraction_mixes_the_arch_seed)
{
	u8 a[32], b[32];

	fake_arch();
	add_hwgenerator_randomness("same input", 10, 256);
	get_random_bytes(a, sizeof(a));
	random_reset();
	add_hwgenerator_randomness("same input", 10, 256); /* arch_stub.seed_value has moved on */
	get_random_bytes(b, sizeof(b));
	cr_assert(memcmp(a, b, sizeof(a)) != 0);
}

Test(random, ready_reseeds_after_another_256_credited_bits)
{
	add_hwgenerator_randomness("a", 1, 1000);
	cr_assert_eq(crng_init_state(), CRNG_READY);
	cr_assert_eq(st().bits_credited[RANDOM_SRC_HWGEN], 256, "credit per call is capped");
	add_hwgenerator_randomness("b", 1, 255);
	cr_assert_eq(st().reseeds, 1);
	add_hwgenerator_randomness("c", 1, 1);
	cr_assert_eq(st().reseeds, 2);
	cr_assert_eq(st().generation, 2);
}

/* ---- the timed reseed: Linux's schedule, on a clock the test sets ---- */

#define CLOCK_HZ  1000000ULL	   /* a 1 MHz cycle counter */
#define clock_now arch_stub.cycles /* the counter stands still between sets */

/* A machine with a seed instruction and a 1 MHz counter. */
static void clock_arch(void)
{
	arch_stub = (struct arch_stub){ .has_seed = true,
					.seed_value = 0x5eed,
					.cycles_per_sec = CLOCK_HZ };
}

/* Boot at cycle count boot_s (the counter need not start at 0), READY at once. */
static void clock_boot(u64 boot_s)
{
	clock_arch();
	clock_now = boot_s * CLOCK_HZ;
	random_init(NULL);
	cr_assert_eq(crng_init_state(), CRNG_READY);
	cr_assert_eq(st().reseeds, 1);
}

/* One request at uptime ms milliseconds; returns how many timed reseeds it caused. */
static u64 request_at(u64 boot_s, u64 ms)
{
	u64 before = st().timed_reseeds;
	u8 b[8];

	clock_now = boot_s * CLOCK_HZ + ms * (CLOCK_HZ / 1000);
	get_random_bytes(b, sizeof(b));
	return st().timed_reseeds - before;
}

Test(random_reseed, first_timed_reseed_just_after_one_second)
{
	clock_boot(1000);
	cr_assert_eq(request_at(1000, 500), 0);
	cr_assert_eq(request_at(1000, 1000), 0, "exactly the interval is not older than it");
	cr_assert_eq(request_at(1000, 1001), 1);
	cr_assert_eq(st().reseeds, 2);
	cr_assert_eq(st().generation, 2);
	cr_assert_eq(request_at(1000, 1500), 0, "the reseed restarts the interval");
	cr_assert_eq(request_at(1000, 2002), 1);
}

Test(random_reseed, early_interval_is_half_the_uptime)
{
	clock_boot(7);
	cr_assert_eq(request_at(7, 40000), 1); /* 40 s after READY */
	/* At uptime u the interval is u/2 s: from 40 s, the next comes once u - 40 > u / 2. */
	cr_assert_eq(request_at(7, 59000), 0); /* 19 s old, interval 29 s */
	cr_assert_eq(request_at(7, 79000), 0); /* 39 s old, interval 39 s */
	cr_assert_eq(request_at(7, 81000), 1); /* 41 s old, interval 40 s */
}

Test(random_reseed, every_60_seconds_after_two_minutes)
{
	clock_boot(0);
	cr_assert_eq(request_at(0, 200000), 1);
	cr_assert_eq(request_at(0, 259000), 0);
	cr_assert_eq(request_at(0, 260000), 0);
	cr_assert_eq(request_at(0, 260001), 1);
	cr_assert_eq(request_at(0, 320000), 0);
	cr_assert_eq(request_at(0, 3600000), 1, "an hour later: one reseed, not sixty");
}

Test(random_reseed, batches_see_the_timed_reseed)
{
	u32 first;

	clock_boot(0);
	first = get_random_u32();
	(void)first;
	cr_assert_eq(st().refills[CRNG_U32], 1);
	/* The next u32 comes from the batch: no key is used, so no reseed yet. */
	clock_now = 5 * CLOCK_HZ;
	get_random_u32();
	cr_assert_eq(st().timed_reseeds, 0);
	/* The batch runs out at the 25th call: its refill reseeds first, then it is refilled. */
	for (int i = 0; i < 23; i++)
		get_random_u32();
	cr_assert_eq(st().timed_reseeds, 1);
	cr_assert_eq(st().refills[CRNG_U32], 2);
	cr_assert_eq(st().generation, 2);
}

Test(random_reseed, reseed_takes_a_fresh_arch_seed)
{
	u8 before[CHACHA_KEY_SIZE], after[CHACHA_KEY_SIZE], cpu[CHACHA_KEY_SIZE];
	unsigned long seed_before;

	clock_boot(0);
	crng_peek_keys(before, cpu);
	seed_before = arch_stub.seed_value;
	cr_assert_eq(request_at(0, 1500), 1);
	crng_peek_keys(after, cpu);
	cr_assert(arch_stub.seed_value > seed_before, "arch_get_random_seed_longs() was not read");
	cr_assert(memcmp(before, after, sizeof(before)) != 0, "the base key did not change");
}

Test(random_reseed, never_in_deterministic_mode)
{
	clock_arch();
	clock_now = 0;
	seed("x");
	cr_assert_eq(request_at(0, 1000000), 0);
	cr_assert_eq(st().reseeds, 1);
}

Test(random_reseed, no_clock_no_timed_reseed)
{
	fake_arch(); /* a counter, but no frequency */
	random_init(NULL);
	for (int i = 0; i < 100; i++)
		get_random_u64();
	cr_assert_eq(st().timed_reseeds, 0);
}

/* ---- the batch cadence: 96 bytes per refill, so 96/48/24/12 calls ---- */

static void call_width(int w)
{
	switch (w) {
	case CRNG_U8:
		(void)get_random_u8();
		break;
	case CRNG_U16:
		(void)get_random_u16();
		break;
	case CRNG_U32:
		(void)get_random_u32();
		break;
	default:
		(void)get_random_u64();
		break;
	}
}

static void check_cadence(int w, unsigned int per_refill, u64 want_total)
{
	seed("cadence");
	for (unsigned int i = 0; i < 10000; i++) {
		call_width(w);
		/* Call i (from 0) refills exactly when i is a multiple of per_refill. */
		cr_assert_eq(st().refills[w], i / per_refill + 1,
			     "width %d: after call %u, %llu refills", w, i + 1,
			     (unsigned long long)st().refills[w]);
	}
	cr_assert_eq(st().refills[w], want_total);
	for (int other = 0; other < NR_CRNG_WIDTHS; other++)
		if (other != w)
			cr_assert_eq(st().refills[other], 0, "widths share no batch");
}

Test(random, u8_refills_every_96_calls)
{
	check_cadence(CRNG_U8, 96, 105);
}
Test(random, u16_refills_every_48_calls)
{
	check_cadence(CRNG_U16, 48, 209);
}
Test(random, u32_refills_every_24_calls)
{
	check_cadence(CRNG_U32, 24, 417);
}
Test(random, u64_refills_every_12_calls)
{
	check_cadence(CRNG_U64, 12, 834);
}

/* The thread's "u8 refills every 768 calls" counted bits (96 * 8), not calls. */
Test(random, u8_cadence_is_96_calls_not_768)
{
	seed("cadence");
	for (int i = 0; i < 768; i++)
		get_random_u8();
	cr_assert_eq(st().refills[CRNG_U8], 8);
}

Test(random, reseed_forces_a_refill_on_the_next_call_of_every_width)
{
	static const unsigned int per_refill[] = { 96, 48, 24, 12 };

	seed("reseed");
	for (int w = 0; w < NR_CRNG_WIDTHS; w++)
		for (int i = 0; i < 5; i++)
			call_width(w);
	cr_assert(crng_reseed());
	for (int w = 0; w < NR_CRNG_WIDTHS; w++) {
		call_width(w);
		cr_assert_eq(st().refills[w], 2, "width %d did not refill after the reseed", w);
		for (unsigned int i = 1; i < per_refill[w]; i++)
			call_width(w);
		cr_assert_eq(st().refills[w], 2, "width %d: a fresh batch lasts %u calls", w,
			     per_refill[w]);
	}
}

Test(random, no_batching_before_ready)
{
	add_bootloader_randomness("0123456789abcdef", 16); /* EARLY */
	for (int i = 0; i < 10; i++)
		get_random_u16();
	cr_assert_eq(st().unbatched[CRNG_U16], 10);
	cr_assert_eq(st().refills[CRNG_U16], 0);
}

/* ---- fast key erasure ---- */

Test(random, cpu_key_changes_at_every_refill)
{
	static u8 keys[201][CHACHA_KEY_SIZE];
	u8 base[CHACHA_KEY_SIZE];

	seed("erasure");
	get_random_u8();
	crng_peek_keys(base, keys[0]);
	for (int r = 1; r <= 200; r++) {
		for (int i = 0; i < 96; i++)
			get_random_u8();
		cr_assert_eq(st().refills[CRNG_U8], (u64)r + 1);
		crng_peek_keys(base, keys[r]);
		for (int j = 0; j < r; j++)
			cr_assert(memcmp(keys[r], keys[j], CHACHA_KEY_SIZE) != 0,
				  "the key after refill %d equals the key after refill %d", r, j);
	}
}

Test(random, every_get_random_bytes_replaces_the_key)
{
	u8 base0[CHACHA_KEY_SIZE], key0[CHACHA_KEY_SIZE];
	u8 base1[CHACHA_KEY_SIZE], key1[CHACHA_KEY_SIZE], buf[1];

	seed("erasure");
	get_random_bytes(buf, 1);
	for (int i = 0; i < 100; i++) {
		crng_peek_keys(base0, key0);
		get_random_bytes(buf, 1);
		crng_peek_keys(base1, key1);
		cr_assert(memcmp(key0, key1, sizeof(key0)) != 0, "call %d kept its key", i);
		cr_assert(memcmp(base0, base1, sizeof(base0)) == 0, "base key used, no reseed");
	}
	/* A reseed replaces base_crng's key, and the next use replaces it again. */
	cr_assert(crng_reseed());
	crng_peek_keys(base1, key1);
	cr_assert(memcmp(base0, base1, sizeof(base0)) != 0);
	get_random_bytes(buf, 1);
	crng_peek_keys(base0, key0);
	cr_assert(memcmp(base0, base1, sizeof(base0)) != 0, "refreshing the cpu key erases base");
	cr_assert_eq(st().crng_refreshes, 2);
}

Test(random, output_after_a_reseed_differs)
{
	u8 before[64], with_reseed[64], without[64];

	/* Two runs identical up to the reseed: had it done nothing, they would agree. */
	seed("reseed");
	get_random_bytes(before, sizeof(before));
	cr_assert(crng_reseed());
	get_random_bytes(with_reseed, sizeof(with_reseed));
	seed("reseed");
	get_random_bytes(before, sizeof(before));
	get_random_bytes(without, sizeof(without));
	cr_assert(memcmp(with_reseed, without, sizeof(without)) != 0);
}

/* ---- statistics: FIPS 140-2 and chi-square ---- */

/*
 * FIPS 140-2 (change notice 1, 2002) power-up tests on one 20 000-bit block;
 * returns 0 for a pass. Bits are taken most significant first, nibbles low
 * first; any fixed order will do for a random stream.
 */
#define FIPS_BLOCK_BYTES 2500
#define FIPS_BLOCKS	 1000 /* 2.5 MB */

static int fips_block_fails(const u8 *p)
{
	static const int run_min[6] = { 2315, 1114, 527, 240, 103, 103 };
	static const int run_max[6] = { 2685, 1386, 723, 384, 209, 209 };
	int ones = 0, poker[16] = { 0 }, runs[2][6] = { { 0 } }, prev = -1, len = 0, longest = 0;
	long sumsq = 0, x;

	for (int i = 0; i < FIPS_BLOCK_BYTES; i++) {
		poker[p[i] & 15]++;
		poker[p[i] >> 4]++;
		for (int b = 7; b >= 0; b--) {
			int bit = p[i] >> b & 1;

			ones += bit;
			if (bit == prev) {
				len++;
				continue;
			}
			if (prev >= 0)
				runs[prev][len < 6 ? len - 1 : 5]++;
			longest = len > longest ? len : longest;
			prev = bit;
			len = 1;
		}
	}
	runs[prev][len < 6 ? len - 1 : 5]++;
	longest = len > longest ? len : longest;

	if (ones <= 9725 || ones >= 10275)
		return 1; /* monobit */
	for (int i = 0; i < 16; i++)
		sumsq += (long)poker[i] * poker[i];
	x = 16 * sumsq - 5000L * 5000; /* 5000 * (16/5000 sum f^2 - 5000) */
	if (x <= 10800 || x >= 230850) /* poker: 2.16 < X < 46.17 */
		return 1;
	for (int v = 0; v < 2; v++)
		for (int i = 0; i < 6; i++)
			if (runs[v][i] < run_min[i] || runs[v][i] > run_max[i])
				return 1; /* runs */
	return longest >= 26;		  /* long run */
}

/*
 * A perfect generator fails a block with probability about 7.6e-4 (measured
 * over 4e5 blocks of /dev/urandom: monobit 1.1e-4, poker 0.9e-4, runs 3.2e-4,
 * long run 2.4e-4). Taking 1e-3 to be safe, P(>= 10 of 1000 fail) = 1.1e-7,
 * so a correct CRNG trips this with probability < 1e-6. rngtest's "about one
 * block in a thousand" would make a limit of 2 fail about one run in 25.
 */
#define FIPS_MAX_FAILED_BLOCKS 9

static int fips_failed_blocks(const u8 *buf)
{
	int failed = 0;

	for (int i = 0; i < FIPS_BLOCKS; i++)
		failed += fips_block_fails(buf + (size_t)i * FIPS_BLOCK_BYTES) != 0;
	return failed;
}

/*
 * Pearson's chi-square of byte counts, 255 degrees of freedom. P(chi2 > 380)
 * = 6.1e-7 (regularised incomplete gamma), so a uniform source fails < 1e-6.
 */
static double chi_square_bytes(const u8 *buf, size_t n)
{
	static unsigned long count[256];
	double expect = n / 256.0, chi = 0;

	memset(count, 0, sizeof(count));
	for (size_t i = 0; i < n; i++)
		count[buf[i]]++;
	for (int i = 0; i < 256; i++)
		chi += (count[i] - expect) * (count[i] - expect) / expect;
	return chi;
}

#define STREAM_BYTES ((size_t)FIPS_BLOCKS * FIPS_BLOCK_BYTES)

static u8 stream[STREAM_BYTES];

/* The checks must be able to fail: feed them streams that are broken in known ways. */
Test(fips140_2, checker_rejects_broken_streams)
{
	for (size_t i = 0; i < STREAM_BYTES; i++)
		stream[i] = (u8)i; /* a counter */
	cr_assert_gt(fips_failed_blocks(stream), FIPS_MAX_FAILED_BLOCKS,
		     "FIPS must reject a counter (poker: too even)");
	cr_assert_lt(chi_square_bytes(stream, STREAM_BYTES), 1.0,
		     "a counter's bytes are perfectly flat: chi-square alone would pass it");

	seed("bias");
	get_random_bytes(stream, STREAM_BYTES);
	for (size_t i = 0; i < STREAM_BYTES; i += 16)
		stream[i] |= 1; /* 1 bit in 128 stuck at 1 */
	cr_assert_gt(chi_square_bytes(stream, STREAM_BYTES), 380.0);

	for (size_t i = 0; i < STREAM_BYTES; i++)
		stream[i] |= 0x80; /* 1 bit in 8 stuck */
	cr_assert_eq(fips_failed_blocks(stream), FIPS_BLOCKS);
}

static void check_stream(const char *what)
{
	int failed = fips_failed_blocks(stream);
	double chi = chi_square_bytes(stream, STREAM_BYTES);

	cr_assert_leq(failed, FIPS_MAX_FAILED_BLOCKS, "%s: %d of %d FIPS 140-2 blocks failed", what,
		      failed, FIPS_BLOCKS);
	cr_assert_lt(chi, 380.0, "%s: byte chi-square %.1f (255 df)", what, chi);
}

Test(fips140_2, get_random_bytes_stream_passes)
{
	seed("fips");
	/* In 4 KiB requests, like a reader of /dev/urandom. */
	for (size_t off = 0; off < STREAM_BYTES; off += 4096) {
		size_t n = STREAM_BYTES - off < 4096 ? STREAM_BYTES - off : 4096;

		get_random_bytes(stream + off, n);
	}
	check_stream("get_random_bytes");
}

Test(fips140_2, get_random_u8_stream_passes)
{
	seed("fips-u8");
	for (size_t i = 0; i < STREAM_BYTES; i++)
		stream[i] = get_random_u8();
	check_stream("get_random_u8");
}

Test(fips140_2, get_random_u16_stream_passes)
{
	seed("fips-u16");
	for (size_t i = 0; i < STREAM_BYTES; i += 2) {
		u16 v = get_random_u16();

		stream[i] = (u8)v;
		stream[i + 1] = (u8)(v >> 8);
	}
	check_stream("get_random_u16");
}

/*
 * The kernel-stack offset keeps bits 9:4 of its random value: 64 classes,
 * 63 degrees of freedom, P(chi2 > 133) = 6.4e-7.
 */
Test(fips140_2, u16_bits_9_to_4_are_uniform)
{
	static unsigned long count[64];
	const unsigned long n = 1 << 20;
	double expect = n / 64.0, chi = 0;

	seed("kstack");
	for (unsigned long i = 0; i < n; i++)
		count[(get_random_u16() >> 4) & 63]++;
	for (int i = 0; i < 64; i++)
		chi += (count[i] - expect) * (count[i] - expect) / expect;
	cr_assert_lt(chi, 133.0, "chi-square %.1f over SP[9:4]-style offsets", chi);
}

Test(random, source_names)
{
	cr_assert_str_eq(random_source_name(RANDOM_SRC_BOOTLOADER), "bootloader");
	cr_assert_str_eq(random_source_name(RANDOM_SRC_SEED), "crng.seed");
	cr_assert_str_eq(random_source_name(NR_RANDOM_SOURCES), "?");
}

/* ---- per CPU ---- */

/* Each CPU has its own batches: another CPU's draws never use up this one's. */
Test(random_percpu, batches_are_per_cpu)
{
	seed("percpu");
	host_cpu = 0;
	for (int i = 0; i < 10; i++)
		get_random_u8();
	cr_assert_eq(st().refills[CRNG_U8], 1);
	host_cpu = 1;
	get_random_u8();
	cr_assert_eq(st().refills[CRNG_U8], 2, "CPU 1 drew from CPU 0's batch");
	host_cpu = 0;
	for (int i = 10; i < 96; i++)
		get_random_u8();
	cr_assert_eq(st().refills[CRNG_U8], 2, "CPU 1's draw used up CPU 0's batch");
	get_random_u8();
	cr_assert_eq(st().refills[CRNG_U8], 3);
}

/* Each CPU derives a key of its own from base_crng: the streams differ. */
Test(random_percpu, cpu_keys_and_streams_differ)
{
	u8 base[CHACHA_KEY_SIZE], key0[CHACHA_KEY_SIZE], key1[CHACHA_KEY_SIZE];
	u64 v0, v1;

	seed("percpu");
	host_cpu = 0;
	v0 = get_random_u64();
	crng_peek_keys(base, key0);
	host_cpu = 1;
	v1 = get_random_u64();
	crng_peek_keys(base, key1);
	cr_assert_neq(v0, v1);
	cr_assert(memcmp(key0, key1, CHACHA_KEY_SIZE) != 0, "CPU 0 and CPU 1 share a key");
}

/* A reseed bumps the generation: every CPU's next draw refills, not only the reseeder's. */
Test(random_percpu, reseed_reaches_every_cpu)
{
	seed("percpu");
	for (host_cpu = 0; host_cpu < 3; host_cpu++)
		get_random_u32();
	cr_assert_eq(st().refills[CRNG_U32], 3);
	host_cpu = 1;
	cr_assert(crng_reseed());
	for (host_cpu = 0; host_cpu < 3; host_cpu++) {
		get_random_u32();
		cr_assert_eq(st().refills[CRNG_U32], 4 + host_cpu,
			     "CPU %u kept its batch across the reseed", host_cpu);
	}
}

/* Every path takes its locks and lets them go: none is held after it (a nested take would abort). */
Test(random_percpu, no_lock_left_held)
{
	add_bootloader_randomness("0123456789abcdef", 16); /* EARLY, through the base key */
	get_random_u32();
	add_hwgenerator_randomness("0123456789abcdef0123456789abcdef", 32, 256); /* READY */
	for (host_cpu = 0; host_cpu < 2; host_cpu++) {
		get_random_u64();
		get_random_u8();
	}
	host_cpu = 0;
	cr_assert(crng_reseed());
	get_random_u16();
	add_device_randomness("x", 1);
	for (unsigned int cpu = 0; cpu < 2; cpu++)
		cr_assert_eq(cpu_info[cpu].locks_held, 0, "CPU %u still holds %u locks", cpu,
			     cpu_info[cpu].locks_held);
}
