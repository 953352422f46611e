/* SPDX-License-Identifier: MIT */
/*
 * BLAKE2s (RFC 7693): a 256-bit hash for 32-bit machines, and a keyed hash
 * (a PRF, usable as a MAC) when given a key. The CRNG's input pool is one
 * running BLAKE2s state; extraction uses it keyed, HKDF-style.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_BLAKE2S_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_BLAKE2S_H

#include <trapdoor/types.h>

#define BLAKE2S_BLOCK_SIZE 64
#define BLAKE2S_HASH_SIZE  32 /* the largest output, and the one we use */
#define BLAKE2S_KEY_SIZE   32 /* the largest key */

/* The initial chaining values: SHA-256's IV (RFC 7693 §2.6). */
#define BLAKE2S_IV0 0x6a09e667U
#define BLAKE2S_IV1 0xbb67ae85U
#define BLAKE2S_IV2 0x3c6ef372U
#define BLAKE2S_IV3 0xa54ff53aU
#define BLAKE2S_IV4 0x510e527fU
#define BLAKE2S_IV5 0x9b05688cU
#define BLAKE2S_IV6 0x1f83d9abU
#define BLAKE2S_IV7 0x5be0cd19U

/*
 * h[0] starts as IV0 xor the parameter block's first word: digest length in
 * byte 0, key length in byte 1, fanout 1 and depth 1 in bytes 2 and 3
 * (sequential mode). The other parameter words are zero for plain BLAKE2s.
 */
#define BLAKE2S_PARAM0(outlen, keylen) (0x01010000U | (u32)(keylen) << 8 | (u32)(outlen))

struct blake2s_state {
	u32 h[8]; /* chaining value */
	u32 t[2]; /* bytes compressed so far, 64 bits */
	u32 f[2]; /* f[0] = ~0 marks the final block */
	u8 buf[BLAKE2S_BLOCK_SIZE];
	unsigned int buflen;
	unsigned int outlen;
};

/*
 * outlen is 1..BLAKE2S_HASH_SIZE and keylen 0..BLAKE2S_KEY_SIZE (0 = unkeyed);
 * other values are caller bugs, and are clamped rather than overrunning h[].
 */
void blake2s_init(struct blake2s_state *state, size_t outlen);
void blake2s_init_key(struct blake2s_state *state, size_t outlen, const void *key, size_t keylen);
void blake2s_update(struct blake2s_state *state, const u8 *in, size_t inlen);
/* Writes state->outlen bytes to out, then wipes the state. */
void blake2s_final(struct blake2s_state *state, u8 *out);

/* One shot, with Linux's argument order. */
void blake2s(u8 *out, const u8 *in, const u8 *key, size_t outlen, size_t inlen, size_t keylen);

#endif
