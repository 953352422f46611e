// SPDX-License-Identifier: MIT
/* lib/crypto/chacha20.c against RFC 8439: §2.1.1, §2.3.2 and Appendix A.1. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <trapdoor/chacha.h>
#include <trapdoor/compiler.h>

static void hex_to_bytes(const char *hex, u8 *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned int v;

		while (*hex == ' ')
			hex++;
		cr_assert_eq(sscanf(hex, "%2x", &v), 1, "bad hex in test table");
		out[i] = (u8)v;
		hex += 2;
	}
}

/* Reports the first differing byte and lets the test go on to the next vector. */
static void expect_block(const u8 *got, const char *want_hex, const char *what)
{
	u8 want[CHACHA_BLOCK_SIZE];

	hex_to_bytes(want_hex, want, sizeof(want));
	for (int i = 0; i < CHACHA_BLOCK_SIZE; i++) {
		if (got[i] != want[i]) {
			cr_expect_eq(got[i], want[i], "%s: byte %d is %02x, want %02x", what, i,
				     got[i], want[i]);
			return;
		}
	}
}

Test(chacha20, quarter_round_matches_rfc8439_2_1_1)
{
	u32 a = 0x11111111, b = 0x01020304, c = 0x9b8d6f43, d = 0x01234567;

	chacha_quarter_round(&a, &b, &c, &d);
	cr_assert_eq(a, 0xea2a92f4);
	cr_assert_eq(b, 0xcb1cf8ce);
	cr_assert_eq(c, 0x4581472e);
	cr_assert_eq(d, 0x5881c4bb);
}

Test(chacha20, constants_spell_expand_32_byte_k)
{
	u32 st[CHACHA_STATE_WORDS];
	u8 bytes[16];

	chacha_init_consts(st);
	for (int i = 0; i < 16; i++)
		bytes[i] = (u8)(st[i / 4] >> (8 * (i % 4)));
	cr_assert(memcmp(bytes, "expand 32-byte k", 16) == 0);
}

Test(chacha20, block_matches_rfc8439_2_3_2)
{
	u8 key[CHACHA_KEY_SIZE], out[CHACHA_BLOCK_SIZE];
	/* Block counter 1 (little-endian), then the nonce 00:00:00:09:00:00:00:4a:00:00:00:00. */
	static const u8 iv[CHACHA_IV_SIZE] = {
		1, 0, 0, 0, 0, 0, 0, 0x09, 0, 0, 0, 0x4a, 0, 0, 0, 0
	};
	u32 st[CHACHA_STATE_WORDS];

	for (int i = 0; i < CHACHA_KEY_SIZE; i++)
		key[i] = (u8)i;
	chacha_init(st, key, iv);
	cr_assert_eq(st[13], 0x09000000, "nonce words are read little-endian");
	chacha20_block(st, out);
	expect_block(out,
		     "10 f1 e7 e4 d1 3b 59 15 50 0f dd 1f a3 20 71 c4"
		     "c7 d1 f4 c7 33 c0 68 03 04 22 aa 9a c3 d4 6c 4e"
		     "d2 82 64 46 07 9f aa 09 14 c2 d7 05 d9 8b 02 a2"
		     "b5 12 9c d1 de 16 4e b9 cb d0 83 e8 a2 50 3c 4e",
		     "RFC 8439 2.3.2");
	cr_assert_eq(st[12], 2, "the block counter steps after each block");
}

struct a1_vector {
	int n;
	u8 key_byte_index, key_byte; /* the key is zero except this one byte */
	u8 nonce_last_byte;	     /* the nonce is zero except its last byte */
	u32 counter;
	const char *keystream;
};

static const struct a1_vector a1[] = {
	{ 1, 0, 0, 0, 0,
	  "76 b8 e0 ad a0 f1 3d 90 40 5d 6a e5 53 86 bd 28"
	  "bd d2 19 b8 a0 8d ed 1a a8 36 ef cc 8b 77 0d c7"
	  "da 41 59 7c 51 57 48 8d 77 24 e0 3f b8 d8 4a 37"
	  "6a 43 b8 f4 15 18 a1 1c c3 87 b6 69 b2 ee 65 86" },
	{ 2, 0, 0, 0, 1,
	  "9f 07 e7 be 55 51 38 7a 98 ba 97 7c 73 2d 08 0d"
	  "cb 0f 29 a0 48 e3 65 69 12 c6 53 3e 32 ee 7a ed"
	  "29 b7 21 76 9c e6 4e 43 d5 71 33 b0 74 d8 39 d5"
	  "31 ed 1f 28 51 0a fb 45 ac e1 0a 1f 4b 79 4d 6f" },
	{ 3, 31, 0x01, 0, 1,
	  "3a eb 52 24 ec f8 49 92 9b 9d 82 8d b1 ce d4 dd"
	  "83 20 25 e8 01 8b 81 60 b8 22 84 f3 c9 49 aa 5a"
	  "8e ca 00 bb b4 a7 3b da d1 92 b5 c4 2f 73 f2 fd"
	  "4e 27 36 44 c8 b3 61 25 a6 4a dd eb 00 6c 13 a0" },
	{ 4, 1, 0xff, 0, 2,
	  "72 d5 4d fb f1 2e c4 4b 36 26 92 df 94 13 7f 32"
	  "8f ea 8d a7 39 90 26 5e c1 bb be a1 ae 9a f0 ca"
	  "13 b2 5a a2 6c b4 a6 48 cb 9b 9d 1b e6 5b 2c 09"
	  "24 a6 6c 54 d5 45 ec 1b 73 74 f4 87 2e 99 f0 96" },
	{ 5, 0, 0, 0x02, 0,
	  "c2 c6 4d 37 8c d5 36 37 4a e2 04 b9 ef 93 3f cd"
	  "1a 8b 22 88 b3 df a4 96 72 ab 76 5b 54 ee 27 c7"
	  "8a 97 0e 0e 95 5c 14 f3 a8 8e 74 1b 97 c2 86 f7"
	  "5f 8f c2 99 e8 14 83 62 fa 19 8a 39 53 1b ed 6d" },
};

Test(chacha20, block_matches_rfc8439_appendix_a1_vectors_1_to_5)
{
	for (size_t k = 0; k < ARRAY_SIZE(a1); k++) {
		const struct a1_vector *v = &a1[k];
		u8 key[CHACHA_KEY_SIZE] = { 0 }, iv[CHACHA_IV_SIZE] = { 0 }, out[CHACHA_BLOCK_SIZE];
		u32 st[CHACHA_STATE_WORDS];
		char what[40];

		key[v->key_byte_index] = v->key_byte;
		iv[0] = (u8)v->counter;
		iv[15] = v->nonce_last_byte;
		chacha_init(st, key, iv);
		chacha20_block(st, out);
		snprintf(what, sizeof(what), "RFC 8439 A.1 test vector #%d", v->n);
		expect_block(out, v->keystream, what);
	}
}

/* A.1 #1 and #2 are blocks 0 and 1 of one key: the counter step alone must link them. */
Test(chacha20, consecutive_blocks_are_rfc8439_a1_vectors_1_and_2)
{
	static const u8 key[CHACHA_KEY_SIZE], iv[CHACHA_IV_SIZE];
	u32 st[CHACHA_STATE_WORDS];
	u8 out[CHACHA_BLOCK_SIZE];

	chacha_init(st, key, iv);
	chacha20_block(st, out);
	cr_assert_eq(out[0], 0x76);
	chacha20_block(st, out);
	expect_block(out,
		     "9f 07 e7 be 55 51 38 7a 98 ba 97 7c 73 2d 08 0d"
		     "cb 0f 29 a0 48 e3 65 69 12 c6 53 3e 32 ee 7a ed"
		     "29 b7 21 76 9c e6 4e 43 d5 71 33 b0 74 d8 39 d5"
		     "31 ed 1f 28 51 0a fb 45 ac e1 0a 1f 4b 79 4d 6f",
		     "second block");
}

/* The CRNG's counter is 64 bits: word 12 wraps into word 13. */
Test(chacha20, counter_carries_from_word_12_into_word_13)
{
	static const u8 key[CHACHA_KEY_SIZE] = { 7 };
	static const u8 iv_wrap[CHACHA_IV_SIZE] = { 0xff, 0xff, 0xff, 0xff };
	static const u8 iv_next[CHACHA_IV_SIZE] = { 0, 0, 0, 0, 1 };
	u32 a[CHACHA_STATE_WORDS], b[CHACHA_STATE_WORDS];
	u8 out_a[CHACHA_BLOCK_SIZE], out_b[CHACHA_BLOCK_SIZE];

	chacha_init(a, key, iv_wrap);
	chacha20_block(a, out_a);
	cr_assert(a[12] == 0 && a[13] == 1, "counter is %08x:%08x, want 00000001:00000000", a[13],
		  a[12]);

	chacha20_block(a, out_a);
	chacha_init(b, key, iv_next);
	chacha20_block(b, out_b);
	cr_assert(memcmp(out_a, out_b, sizeof(out_a)) == 0, "block 2^32 is not a fresh start");
}

Test(chacha20, key_and_constants_are_left_untouched)
{
	static const u8 key[CHACHA_KEY_SIZE] = { 1, 2, 3 }, iv[CHACHA_IV_SIZE];
	u32 st[CHACHA_STATE_WORDS], before[CHACHA_STATE_WORDS];
	u8 out[CHACHA_BLOCK_SIZE];

	chacha_init(st, key, iv);
	memcpy(before, st, sizeof(st));
	chacha20_block(st, out);
	cr_assert(memcmp(st, before, 12 * sizeof(u32)) == 0);
	cr_assert(memcmp(&st[13], &before[13], 3 * sizeof(u32)) == 0);
}

/*
 * Reduced rounds: the all-zero key, nonce and counter, whose first 32
 * keystream bytes for ChaCha8 and ChaCha12 are published test vectors
 * (draft-strombergson-chacha-test-vectors, TC1 with a 256-bit key); the
 * layouts of RFC 8439 and of Bernstein's 64-bit nonce agree when all is zero.
 * chacha20_block() must be chacha_block() with 20.
 */
static void zero_key_block(unsigned int nrounds, u8 out[CHACHA_BLOCK_SIZE])
{
	static const u8 zero[CHACHA_KEY_SIZE];
	u32 state[CHACHA_STATE_WORDS];

	chacha_init(state, zero, zero);
	chacha_block(state, out, nrounds);
}

Test(chacha20, reduced_rounds_match_published_chacha8_chacha12)
{
	static const u8 chacha8[32] = {
		0x3e, 0x00, 0xef, 0x2f, 0x89, 0x5f, 0x40, 0xd6, 0x7f, 0x5b, 0xb8,
		0xe8, 0x1f, 0x09, 0xa5, 0xa1, 0x2c, 0x84, 0x0e, 0xc3, 0xce, 0x9a,
		0x7f, 0x3b, 0x18, 0x1b, 0xe1, 0x88, 0xef, 0x71, 0x1a, 0x1e,
	};
	static const u8 chacha12[32] = {
		0x9b, 0xf4, 0x9a, 0x6a, 0x07, 0x55, 0xf9, 0x53, 0x81, 0x1f, 0xce,
		0x12, 0x5f, 0x26, 0x83, 0xd5, 0x04, 0x29, 0xc3, 0xbb, 0x49, 0xe0,
		0x74, 0x14, 0x7e, 0x00, 0x89, 0xa5, 0x2e, 0xae, 0x15, 0x5f,
	};
	static const u8 chacha20[32] = {
		0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90, 0x40, 0x5d, 0x6a,
		0xe5, 0x53, 0x86, 0xbd, 0x28, 0xbd, 0xd2, 0x19, 0xb8, 0xa0, 0x8d,
		0xed, 0x1a, 0xa8, 0x36, 0xef, 0xcc, 0x8b, 0x77, 0x0d, 0xc7,
	};
	u8 out[CHACHA_BLOCK_SIZE], out20[CHACHA_BLOCK_SIZE];
	static const u8 zero[CHACHA_KEY_SIZE];
	u32 state[CHACHA_STATE_WORDS];

	zero_key_block(8, out);
	cr_assert(memcmp(out, chacha8, sizeof(chacha8)) == 0, "ChaCha8");
	zero_key_block(12, out);
	cr_assert(memcmp(out, chacha12, sizeof(chacha12)) == 0, "ChaCha12");
	zero_key_block(20, out);
	cr_assert(memcmp(out, chacha20, sizeof(chacha20)) == 0, "ChaCha20");
	chacha_init(state, zero, zero);
	chacha20_block(state, out20);
	cr_assert(memcmp(out, out20, sizeof(out)) == 0, "chacha20_block is not chacha_block(20)");
}

/* Eight key words from 32 bytes, little-endian, as chacha_init() reads them. */
static void key_words(const u8 key[CHACHA_KEY_SIZE], u32 words[8])
{
	for (int i = 0; i < 8; i++)
		words[i] = (u32)key[4 * i] | (u32)key[4 * i + 1] << 8 | (u32)key[4 * i + 2] << 16 |
			   (u32)key[4 * i + 3] << 24;
}

/*
 * The spread keystream is ChaCha8's, byte for byte: the all-zero key's first
 * 32 bytes are the published ChaCha8 vector (TC1 above).
 */
Test(chacha20, spread_matches_published_chacha8)
{
	static const u8 chacha8[32] = {
		0x3e, 0x00, 0xef, 0x2f, 0x89, 0x5f, 0x40, 0xd6, 0x7f, 0x5b, 0xb8,
		0xe8, 0x1f, 0x09, 0xa5, 0xa1, 0x2c, 0x84, 0x0e, 0xc3, 0xce, 0x9a,
		0x7f, 0x3b, 0x18, 0x1b, 0xe1, 0x88, 0xef, 0x71, 0x1a, 0x1e,
	};
	static const u32 zero[8];
	struct chacha_spread cs;

	chacha_spread_seed(&cs, zero);
	for (int i = 0; i < 32; i++) {
		u8 got = chacha_spread_next(&cs);

		cr_assert_eq(got, chacha8[i], "byte %d: %02x, want %02x", i, got, chacha8[i]);
	}
}

/* Block after block, against chacha_block(..., 8) with a key of every byte, across the counter's carry. */
Test(chacha20, spread_is_chacha8_block_after_block)
{
	u8 key[CHACHA_KEY_SIZE], iv[CHACHA_IV_SIZE] = { 0 }, out[CHACHA_BLOCK_SIZE];
	u32 kw[8], st[CHACHA_STATE_WORDS];
	struct chacha_spread cs;

	for (int i = 0; i < CHACHA_KEY_SIZE; i++)
		key[i] = (u8)(0x11 * i + 3);
	key_words(key, kw);
	chacha_init(st, key, iv);
	chacha_spread_seed(&cs, kw);
	for (int b = 0; b < 6; b++) {
		if (b == 3) {
			/* Blocks 2^32 - 1 and 2^32 next: word 12 wraps into word 13. */
			st[12] = cs.input[12] = 0xffffffff;
			for (int s = 0; s < CHACHA_SPREAD_STEPS; s++)
				chacha_spread_next(&cs); /* reads block 3, makes 2^32 - 1 */
		}
		chacha_block(st, out, CHACHA_SPREAD_ROUNDS);
		for (int s = 0; s < CHACHA_SPREAD_STEPS; s++) {
			u8 got = chacha_spread_next(&cs);

			cr_assert_eq(got, out[s], "block %d, byte %d: %02x, want %02x", b, s, got,
				     out[s]);
		}
	}
	cr_assert_eq(cs.input[13], 1, "the counter carried into word 13");
}

/* A new key leaves nothing of the old keystream in either buffer. */
Test(chacha20, spread_seed_wipes_both_blocks)
{
	static const u32 one[8] = { 1 }, two[8] = { 2 };
	struct chacha_spread a, b;

	chacha_spread_seed(&a, one);
	for (int i = 0; i < 100; i++)
		chacha_spread_next(&a);
	chacha_spread_seed(&a, two);
	memset(&b, 0x5a, sizeof(b));
	chacha_spread_seed(&b, two);
	cr_assert(memcmp(&a, &b, sizeof(a)) == 0, "a reseeded state depends on what it held");
}
