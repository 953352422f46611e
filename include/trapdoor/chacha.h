/* SPDX-License-Identifier: MIT */
/*
 * The ChaCha20 block function (RFC 8439 §2.3), the keystream generator behind
 * the CRNG. Only the block function: the CRNG never encrypts anything, it uses
 * the keystream itself as random output.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_CHACHA_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_CHACHA_H

#include <trapdoor/bitops.h>
#include <trapdoor/compiler.h>
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

/*
 * ChaCha8 spread over its consumers: the keystream of chacha_block(state,
 * out, 8) with the key in words 4..11, a 64-bit block counter in words 12..13
 * and a zero nonce, computed half a quarter round per call so that every call
 * costs the same: 8 rounds are 32 quarter rounds, 64 halves, one for each of
 * the block's 64 bytes. Each call takes the next byte of the finished block
 * and does the next half quarter round of the following block; after 64 calls
 * the two trade places. The first column round reads the input instead of a
 * copy of it, and the last diagonal round adds the input back (the
 * feed-forward) as it stores, so no call copies or adds a whole block.
 */
#define CHACHA_SPREAD_ROUNDS 8
#define CHACHA_SPREAD_STEPS  CHACHA_BLOCK_SIZE /* 2 halves x 4 quarter rounds x 8 rounds */

struct chacha_spread {
	u32 input[CHACHA_STATE_WORDS]; /* constants, key, the counter of the block being made, 0 */
	u32 block[2][CHACHA_STATE_WORDS]; /* the one at byte offset cur: read; the other: made */
	u32 step;			  /* 0..63: the byte to read, the half round to do */
	u32 cur;			  /* 0 or CHACHA_BLOCK_SIZE */
};

/* Byte s of the keystream block is byte s ^ 3 of its words on a big-endian CPU. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define CHACHA_SPREAD_BYTE_SWIZZLE 3
#else
#define CHACHA_SPREAD_BYTE_SWIZZLE 0
#endif

/*
 * Half a quarter round (RFC 8439 §2.1) on words ia..id of x, the block being
 * made, at step s. The steps of the first column round read the input
 * instead (col: a column's first half), those of the last diagonal round add
 * it back as they store (diag: a diagonal's second half).
 */
static __always_inline void chacha_spread_half(const u32 *in, u32 *x, u32 s, int ia, int ib, int ic,
					       int id, bool second, bool col, bool diag)
{
	const u32 *src = col && unlikely(s < 8) ? in : x;
	u32 a = src[ia], b = src[ib], c = src[ic], d = src[id];

	a += b;
	d = rol32(d ^ a, second ? 8 : 16);
	c += d;
	b = rol32(b ^ c, second ? 7 : 12);
	if (diag && unlikely(s >= CHACHA_SPREAD_STEPS - 8)) {
		a += in[ia];
		b += in[ib];
		c += in[ic];
		d += in[id];
	}
	x[ia] = a;
	x[ib] = b;
	x[ic] = c;
	x[id] = d;
}

/* Step s's half: which quarter round (columns, then diagonals) and which half. */
#define CHACHA_SPREAD_COL(ia, ib, ic, id, second) \
	chacha_spread_half(in, x, s, ia, ib, ic, id, second, !(second), false)
#define CHACHA_SPREAD_DIAG(ia, ib, ic, id, second) \
	chacha_spread_half(in, x, s, ia, ib, ic, id, second, false, second)

/*
 * The next keystream byte: one byte read, half a quarter round done. Inline:
 * no call and no loop, one of sixteen straight paths of the same length.
 */
static __always_inline u8 chacha_spread_next(struct chacha_spread *cs)
{
	u32 s = cs->step, cur = cs->cur;
	u8 *base = (u8 *)cs->block;
	u8 r = base[cur + (s ^ CHACHA_SPREAD_BYTE_SWIZZLE)];
	u32 *x = (u32 *)(base + (cur ^ CHACHA_BLOCK_SIZE));
	const u32 *in = cs->input;

	switch (s & 15) {
	case 0:
		CHACHA_SPREAD_COL(0, 4, 8, 12, false);
		break;
	case 1:
		CHACHA_SPREAD_COL(0, 4, 8, 12, true);
		break;
	case 2:
		CHACHA_SPREAD_COL(1, 5, 9, 13, false);
		break;
	case 3:
		CHACHA_SPREAD_COL(1, 5, 9, 13, true);
		break;
	case 4:
		CHACHA_SPREAD_COL(2, 6, 10, 14, false);
		break;
	case 5:
		CHACHA_SPREAD_COL(2, 6, 10, 14, true);
		break;
	case 6:
		CHACHA_SPREAD_COL(3, 7, 11, 15, false);
		break;
	case 7:
		CHACHA_SPREAD_COL(3, 7, 11, 15, true);
		break;
	case 8:
		CHACHA_SPREAD_DIAG(0, 5, 10, 15, false);
		break;
	case 9:
		CHACHA_SPREAD_DIAG(0, 5, 10, 15, true);
		break;
	case 10:
		CHACHA_SPREAD_DIAG(1, 6, 11, 12, false);
		break;
	case 11:
		CHACHA_SPREAD_DIAG(1, 6, 11, 12, true);
		break;
	case 12:
		CHACHA_SPREAD_DIAG(2, 7, 8, 13, false);
		break;
	case 13:
		CHACHA_SPREAD_DIAG(2, 7, 8, 13, true);
		break;
	case 14:
		CHACHA_SPREAD_DIAG(3, 4, 9, 14, false);
		break;
	default:
		CHACHA_SPREAD_DIAG(3, 4, 9, 14, true);
		break;
	}
	if (unlikely(++s == CHACHA_SPREAD_STEPS)) {
		/* The block is made and the other one read: trade, count on. */
		s = 0;
		cs->cur = cur ^ CHACHA_BLOCK_SIZE;
		if (++cs->input[12] == 0)
			cs->input[13]++;
	}
	cs->step = s;
	return r;
}

#undef CHACHA_SPREAD_COL
#undef CHACHA_SPREAD_DIAG

/*
 * Key it (eight words) with the block counter at 0 and make block 0, so the
 * first chacha_spread_next() reads its first byte while making block 1.
 */
void chacha_spread_seed(struct chacha_spread *cs, const u32 key[8]);

#endif
