/* SPDX-License-Identifier: MIT */
/*
 * LFSR113: L'Ecuyer's four-component combined Tausworthe generator, with the
 * API and the exact output of Linux's lib/random32.c. Fast and statistically
 * good, but NOT cryptographic: 113 bits of state, and every output is a linear
 * function of it, so a few outputs reveal the state. It is used where speed
 * matters and the values only need to be unpredictable to someone who cannot
 * observe them (the kernel-stack offset); it is seeded from the CRNG.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_PRANDOM_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_PRANDOM_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

struct rnd_state {
	u32 s1, s2, s3, s4;
};

/*
 * Each component drops its low bits on every step (1, 3, 4 and 7 of them), so
 * it needs a non-zero bit above those or it stays zero for ever. Seeding adds
 * the minimum to any smaller value, as Linux's __seed() does.
 */
#define PRANDOM_S1_MIN 2U
#define PRANDOM_S2_MIN 8U
#define PRANDOM_S3_MIN 16U
#define PRANDOM_S4_MIN 128U

static inline u32 __seed(u32 x, u32 m)
{
	return x < m ? x + m : x;
}

/*
 * One Tausworthe component's step (lib/prandom/prandom.c explains it):
 * s' = ((s & c) << d) ^ (((s << a) ^ s) >> b).
 */
static __always_inline u32 prandom_tausworthe(u32 s, unsigned int a, unsigned int b, u32 c,
					      unsigned int d)
{
	return ((s & c) << d) ^ (((s << a) ^ s) >> b);
}

/*
 * Advance all four components one step and return their XOR. This inline
 * form is for hot paths that must not pay a call (the kernel-stack offset,
 * kernel/randomize_kstack.h); prandom_u32_state() is the same step out of line.
 */
static __always_inline u32 __prandom_u32_state(struct rnd_state *state)
{
	state->s1 = prandom_tausworthe(state->s1, 6, 13, 0xfffffffeU, 18); /* k = 31 */
	state->s2 = prandom_tausworthe(state->s2, 2, 27, 0xfffffff8U, 2);  /* k = 29 */
	state->s3 = prandom_tausworthe(state->s3, 13, 21, 0xfffffff0U, 7); /* k = 28 */
	state->s4 = prandom_tausworthe(state->s4, 3, 12, 0xffffff80U, 13); /* k = 25 */

	return state->s1 ^ state->s2 ^ state->s3 ^ state->s4;
}

/* Advance all four components one step and return their XOR. */
u32 prandom_u32_state(struct rnd_state *state);

/* Fill buf with outputs, each u32 stored in the CPU's byte order, as Linux does. */
void prandom_bytes_state(struct rnd_state *state, void *buf, size_t nbytes);

/* Linux's prandom_seed_state(): fold the u64 into one u32, apply __seed, no warm-up. */
void prandom_seed_state(struct rnd_state *state, u64 seed);

/*
 * The per-state form of Linux's prandom_seed_full_state(): four independent
 * seeds (the kernel takes them from the CRNG), __seed minimums, then ten
 * discarded steps so that the recurrences are "warmed up".
 */
void prandom_seed_full_state_one(struct rnd_state *state, const u32 seeds[4]);

/*
 * Boot-time self-test: a few of Linux's CONFIG_RANDOM32_SELFTEST vectors.
 * Prints nothing; returns the number of vectors that did not match (0 = pass).
 */
int prandom_selftest(void);

#endif
