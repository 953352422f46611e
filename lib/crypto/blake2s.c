// SPDX-License-Identifier: MIT
/*
 * BLAKE2s, RFC 7693. The compression function mixes one 64-byte message block
 * into the 8-word chaining value through 10 rounds of the G function on a
 * 16-word working vector (the ChaCha quarter round, with two message words
 * added in, rotations 16, 12, 8, 7).
 *
 * The subtle part is the last block: it must be compressed with the final
 * flag set, and nobody knows a block is the last until final() is called. So
 * update() never compresses the bytes it was given last: a full buffer is
 * only flushed once more input arrives (or by final()).
 */
#include <trapdoor/bitops.h>
#include <trapdoor/blake2s.h>
#include <trapdoor/compiler.h>
#include <trapdoor/string.h>
#include <trapdoor/unaligned.h>

static const u32 blake2s_iv[8] = {
	BLAKE2S_IV0, BLAKE2S_IV1, BLAKE2S_IV2, BLAKE2S_IV3,
	BLAKE2S_IV4, BLAKE2S_IV5, BLAKE2S_IV6, BLAKE2S_IV7,
};

/* The message schedule: which message words each round feeds to G (RFC 7693 §2.7). */
static const u8 blake2s_sigma[10][16] = {
	{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
	{ 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
	{ 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
	{ 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
	{ 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
	{ 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
	{ 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
	{ 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
	{ 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
	{ 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
};

static void g(u32 v[16], int a, int b, int c, int d, u32 x, u32 y)
{
	v[a] = v[a] + v[b] + x;
	v[d] = ror32(v[d] ^ v[a], 16);
	v[c] = v[c] + v[d];
	v[b] = ror32(v[b] ^ v[c], 12);
	v[a] = v[a] + v[b] + y;
	v[d] = ror32(v[d] ^ v[a], 8);
	v[c] = v[c] + v[d];
	v[b] = ror32(v[b] ^ v[c], 7);
}

/* The byte counter t counts message bytes, the key block included. */
static void blake2s_increment_counter(struct blake2s_state *state, u32 inc)
{
	state->t[0] += inc;
	state->t[1] += state->t[0] < inc; /* carry */
}

static void blake2s_compress(struct blake2s_state *state, const u8 block[BLAKE2S_BLOCK_SIZE])
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	u32 m[16], v[16];

	for (int i = 0; i < 16; i++)
		m[i] = get_unaligned_le32(block + 4 * i);
	for (int i = 0; i < 8; i++) {
		v[i] = state->h[i];
		v[i + 8] = blake2s_iv[i];
	}
	v[12] ^= state->t[0];
	v[13] ^= state->t[1];
	v[14] ^= state->f[0];
	v[15] ^= state->f[1];

	for (int r = 0; r < 10; r++) {
		const u8 *s = blake2s_sigma[r];

		g(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
		g(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
		g(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
		g(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
		g(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
		g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
		g(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
		g(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
	}

	for (int i = 0; i < 8; i++)
		state->h[i] ^= v[i] ^ v[i + 8];

	/* The message may be key material (the keyed pool): leave none of it behind. */
	memzero_explicit(m, sizeof(m));
	memzero_explicit(v, sizeof(v));
}

void blake2s_init_key(struct blake2s_state *state, size_t outlen, const void *key, size_t keylen)
{
	if (outlen < 1 || outlen > BLAKE2S_HASH_SIZE)
		outlen = BLAKE2S_HASH_SIZE;
	if (keylen > BLAKE2S_KEY_SIZE)
		keylen = BLAKE2S_KEY_SIZE;

	memset(state, 0, sizeof(*state));
	memcpy(state->h, blake2s_iv, sizeof(state->h));
	state->h[0] ^= BLAKE2S_PARAM0(outlen, keylen);
	state->outlen = (unsigned int)outlen;

	/*
	 * A key is the first message block, zero-padded to 64 bytes. It sits in
	 * the buffer like any other input, so an empty message still gets one
	 * (final) compression of the key block, as RFC 7693 §3.3 requires.
	 */
	if (keylen) {
		memcpy(state->buf, key, keylen);
		state->buflen = BLAKE2S_BLOCK_SIZE;
	}
}

void blake2s_init(struct blake2s_state *state, size_t outlen)
{
	blake2s_init_key(state, outlen, NULL, 0);
}

void blake2s_update(struct blake2s_state *state, const u8 *in, size_t inlen)
{
	size_t fill = BLAKE2S_BLOCK_SIZE - state->buflen;

	if (!inlen)
		return;

	/* More input is coming, so a full buffer is not the last block: flush it. */
	if (inlen > fill) {
		memcpy(state->buf + state->buflen, in, fill);
		blake2s_increment_counter(state, BLAKE2S_BLOCK_SIZE);
		blake2s_compress(state, state->buf);
		state->buflen = 0;
		in += fill;
		inlen -= fill;

		/* Whole blocks straight from the input, keeping back the last one. */
		while (inlen > BLAKE2S_BLOCK_SIZE) {
			blake2s_increment_counter(state, BLAKE2S_BLOCK_SIZE);
			blake2s_compress(state, in);
			in += BLAKE2S_BLOCK_SIZE;
			inlen -= BLAKE2S_BLOCK_SIZE;
		}
	}

	memcpy(state->buf + state->buflen, in, inlen);
	state->buflen += (unsigned int)inlen;
}

void blake2s_final(struct blake2s_state *state, u8 *out)
{
	u8 digest[BLAKE2S_HASH_SIZE];

	/* The counter counts real bytes only; the zero padding does not count. */
	blake2s_increment_counter(state, state->buflen);
	memset(state->buf + state->buflen, 0, BLAKE2S_BLOCK_SIZE - state->buflen);
	state->f[0] = 0xffffffffU;
	blake2s_compress(state, state->buf);

	for (int i = 0; i < 8; i++)
		put_unaligned_le32(state->h[i], digest + 4 * i);
	memcpy(out, digest, state->outlen);

	memzero_explicit(digest, sizeof(digest));
	memzero_explicit(state, sizeof(*state));
}

void blake2s(u8 *out, const u8 *in, const u8 *key, size_t outlen, size_t inlen, size_t keylen)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	struct blake2s_state state;

	blake2s_init_key(&state, outlen, key, keylen);
	blake2s_update(&state, in, inlen);
	blake2s_final(&state, out);
}
