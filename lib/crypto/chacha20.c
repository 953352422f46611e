// SPDX-License-Identifier: MIT
/*
 * ChaCha20 block function, RFC 8439 §2.3 (D. J. Bernstein's ChaCha with 20
 * rounds). The state is a 4x4 matrix of u32:
 *
 *	cccccccc  cccccccc  cccccccc  cccccccc	c = constant
 *	kkkkkkkk  kkkkkkkk  kkkkkkkk  kkkkkkkk	k = key
 *	kkkkkkkk  kkkkkkkk  kkkkkkkk  kkkkkkkk
 *	bbbbbbbb  bbbbbbbb  nnnnnnnn  nnnnnnnn	b = block counter, n = nonce
 *
 * A double round is four quarter rounds down the columns then four along the
 * diagonals; ten of them make the 20 rounds. Adding the input back at the end
 * (the "feed-forward") is what makes the function one-way: without it every
 * round could simply be run backwards.
 */
#include <trapdoor/chacha.h>
#include <trapdoor/compiler.h>
#include <trapdoor/unaligned.h>


void chacha_init_consts(u32 state[CHACHA_STATE_WORDS])
{
	state[0] = 0x61707865; /* "expa" */
	state[1] = 0x3320646e; /* "nd 3" */
	state[2] = 0x79622d32; /* "2-by" */
	state[3] = 0x6b206574; /* "te k" */
}

void chacha_init(u32 state[CHACHA_STATE_WORDS], const u8 key[CHACHA_KEY_SIZE],
		 const u8 iv[CHACHA_IV_SIZE])
{
	chacha_init_consts(state);
	for (int i = 0; i < 8; i++)
		state[4 + i] = get_unaligned_le32(key + 4 * i);
	for (int i = 0; i < 4; i++)
		state[12 + i] = get_unaligned_le32(iv + 4 * i);
}

static void chacha_permute(u32 x[CHACHA_STATE_WORDS], unsigned int nrounds)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	for (unsigned int i = 0; i < nrounds; i += 2) {
		/* Column round. */
		chacha_quarter_round(&x[0], &x[4], &x[8], &x[12]);
		chacha_quarter_round(&x[1], &x[5], &x[9], &x[13]);
		chacha_quarter_round(&x[2], &x[6], &x[10], &x[14]);
		chacha_quarter_round(&x[3], &x[7], &x[11], &x[15]);
		/* Diagonal round. */
		chacha_quarter_round(&x[0], &x[5], &x[10], &x[15]);
		chacha_quarter_round(&x[1], &x[6], &x[11], &x[12]);
		chacha_quarter_round(&x[2], &x[7], &x[8], &x[13]);
		chacha_quarter_round(&x[3], &x[4], &x[9], &x[14]);
	}
}

void chacha_block(u32 state[CHACHA_STATE_WORDS], u8 out[CHACHA_BLOCK_SIZE], unsigned int nrounds)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	u32 x[CHACHA_STATE_WORDS];

	for (int i = 0; i < CHACHA_STATE_WORDS; i++)
		x[i] = state[i];
	chacha_permute(x, nrounds);
	for (int i = 0; i < CHACHA_STATE_WORDS; i++)
		put_unaligned_le32(x[i] + state[i], out + 4 * i);

	/* 64-bit counter: carry into word 13 when word 12 wraps. */
	if (++state[12] == 0)
		state[13]++;

	/*
	 * x - out gives back the input state, key included. Callers that care
	 * (the CRNG) wipe their state after use but cannot reach this stack
	 * frame, so wipe it here.
	 */
	for (int i = 0; i < CHACHA_STATE_WORDS; i++)
		WRITE_ONCE(x[i], 0); /* volatile stores: not dropped as dead */
}

void chacha20_block(u32 state[CHACHA_STATE_WORDS], u8 out[CHACHA_BLOCK_SIZE])
{
	chacha_block(state, out, 20);
}

void chacha_spread_seed(struct chacha_spread *cs, const u32 key[8])
{
	chacha_init_consts(cs->input);
	for (int i = 0; i < 8; i++)
		cs->input[4 + i] = key[i];
	for (int i = 12; i < CHACHA_STATE_WORDS; i++)
		cs->input[i] = 0;
	/* No earlier keystream stays behind (a fork's copy holds the parent's). */
	for (int i = 0; i < CHACHA_STATE_WORDS; i++)
		cs->block[0][i] = cs->block[1][i] = 0;
	/* Block 0 into block[0]; the bytes read from block[1] meanwhile are dropped. */
	cs->cur = CHACHA_BLOCK_SIZE;
	cs->step = 0;
	for (int i = 0; i < CHACHA_SPREAD_STEPS; i++)
		chacha_spread_next(cs);
}
