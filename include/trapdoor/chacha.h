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
 * ChaCha20 spread over its consumers: the same keystream as chacha20_block()
 * with the key in words 4..11 and a 64-bit block counter in words 12..13,
 * but computed one quarter round per call, so that every call costs the same.
 *
 * A block is 20 rounds, 80 quarter rounds; its 16 output words hold 80
 * six-bit fields (bits 0..29 of each word, five fields a word, two bits
 * unused). So each call takes the next field of the finished block
 * block[cur] and does the next quarter round of the following block in
 * block[cur ^ 1]: after 80 calls both are done and they trade places. The
 * first column round reads the input instead of a copy of it, and the last
 * diagonal round adds the input back (the feed-forward) as it stores: no
 * call copies or adds a whole block. chacha_spread_seed() fills block[cur]
 * with the first block; the input then holds the counter of the block being
 * made.
 */
#define CHACHA_SPREAD_STEPS 80 /* 20 rounds of 4 quarter rounds; 16 words of 5 fields */

struct chacha_spread {
	u32 input[CHACHA_STATE_WORDS];	  /* constants, key, counter of the block being made, 0 */
	u32 block[2][CHACHA_STATE_WORDS]; /* block[cur]: being read; the other: being made */
	u32 step;			  /* 0..79: the field to read, the quarter round to do */
	u32 cur;			  /* 0 or 1 */
};

/*
 * Byte offsets into a state: the four words of step s's quarter round
 * (chacha_spread_qr[s & 7], columns then diagonals), and the field step s
 * reads (chacha_spread_field[s]: the word's byte offset in bits 7..0, the
 * field's shift in bits 15..8). Byte offsets spare a scaling instruction on
 * the arches whose loads have no scaled index.
 */
extern const u8 chacha_spread_qr[8][4];
extern const u16 chacha_spread_field[CHACHA_SPREAD_STEPS];

#define chacha_spread_word(p, off) (*(u32 *)((u8 *)(p) + (off)))

/*
 * The next six keystream bits, in bits 5..0 of the result (the bits above
 * them are the keystream's next bits of the same word, or zero): one field
 * read, one quarter round done. Inline, no call, no loop.
 */
static __always_inline u32 chacha_spread_next(struct chacha_spread *cs)
{
	u32 s = cs->step, cur = cs->cur;
	u32 *x = cs->block[cur ^ 1];
	const u32 *src = x;
	const u8 *q = chacha_spread_qr[s & 7];
	u32 field = chacha_spread_field[s];
	u32 r = chacha_spread_word(cs->block[cur], field & 0xff) >> (field >> 8);
	u32 a, b, c, d;

	if (unlikely(s < 4))
		src = cs->input; /* the first column round: the input is the state */
	a = chacha_spread_word(src, q[0]);
	b = chacha_spread_word(src, q[1]);
	c = chacha_spread_word(src, q[2]);
	d = chacha_spread_word(src, q[3]);
	a += b;
	d = rol32(d ^ a, 16);
	c += d;
	b = rol32(b ^ c, 12);
	a += b;
	d = rol32(d ^ a, 8);
	c += d;
	b = rol32(b ^ c, 7);
	if (unlikely(s >= CHACHA_SPREAD_STEPS - 4)) {
		/* The last diagonal round covers every word once: the feed-forward. */
		a += chacha_spread_word(cs->input, q[0]);
		b += chacha_spread_word(cs->input, q[1]);
		c += chacha_spread_word(cs->input, q[2]);
		d += chacha_spread_word(cs->input, q[3]);
	}
	chacha_spread_word(x, q[0]) = a;
	chacha_spread_word(x, q[1]) = b;
	chacha_spread_word(x, q[2]) = c;
	chacha_spread_word(x, q[3]) = d;
	if (unlikely(++s == CHACHA_SPREAD_STEPS)) {
		/* The block is made and the other one read: trade, count on. */
		s = 0;
		cs->cur = cur ^ 1;
		if (++cs->input[12] == 0)
			cs->input[13]++;
	}
	cs->step = s;
	return r;
}

/*
 * Key it (eight words) with the block counter at 0 and make block 0, so the
 * first chacha_spread_next() reads its first field while making block 1.
 */
void chacha_spread_seed(struct chacha_spread *cs, const u32 key[8]);

#endif
