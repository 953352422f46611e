/* SPDX-License-Identifier: MIT */
/*
 * The ChaCha20 block function (RFC 8439 §2.3), the keystream generator behind
 * the CRNG. Only the block function: the CRNG never encrypts anything, it uses
 * the keystream itself as random output.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_CHACHA_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_CHACHA_H

#include <trapdoor/bitops.h>
#include <trapdoor/types.h>

#define CHACHA_KEY_SIZE	   32
#define CHACHA_IV_SIZE	   16
#define CHACHA_BLOCK_SIZE  64
#define CHACHA_STATE_WORDS 16

/*
 * The quarter round (RFC 8439 §2.1): add, xor, rotate by 16, 12, 8, 7. Exposed
 * so that the host tests can check it against §2.1.1 on its own.
 */
static inline void chacha_quarter_round(u32 *a, u32 *b, u32 *c, u32 *d)
{
	*a += *b;
	*d ^= *a;
	*d = rol32(*d, 16);
	*c += *d;
	*b ^= *c;
	*b = rol32(*b, 12);
	*a += *b;
	*d ^= *a;
	*d = rol32(*d, 8);
	*c += *d;
	*b ^= *c;
	*b = rol32(*b, 7);
}

/* Words 0..3: "expand 32-byte k" read as four little-endian words. */
void chacha_init_consts(u32 state[CHACHA_STATE_WORDS]);

/*
 * The whole 16-word state: constants, the 256-bit key in words 4..11 and the
 * 128-bit iv in words 12..15, both read little-endian. In RFC 8439's terms the
 * iv is the 32-bit block counter (word 12) followed by the 96-bit nonce; the
 * CRNG treats words 12..13 as one 64-bit counter and 14..15 as zero.
 */
void chacha_init(u32 state[CHACHA_STATE_WORDS], const u8 key[CHACHA_KEY_SIZE],
		 const u8 iv[CHACHA_IV_SIZE]);

/*
 * One 64-byte keystream block: 20 rounds, add the input state, serialise
 * little-endian; then step the block counter. The counter is 64 bits wide,
 * state[12] low and state[13] high: Linux's chacha20_block() steps only
 * state[12] and its random.c carries into state[13] itself; doing the carry
 * here gives the same stream with one rule instead of two.
 */
void chacha20_block(u32 state[CHACHA_STATE_WORDS], u8 out[CHACHA_BLOCK_SIZE]);

/*
 * The same block function with nrounds rounds (an even number: 8, 12 and 20
 * are Bernstein's ChaCha8, ChaCha12 and ChaCha20); chacha20_block() is
 * chacha_block(state, out, 20). Fewer rounds are faster and, as far as
 * public cryptanalysis goes (best attacks reach 7 rounds), still secure.
 */
void chacha_block(u32 state[CHACHA_STATE_WORDS], u8 out[CHACHA_BLOCK_SIZE], unsigned int nrounds);

#endif
