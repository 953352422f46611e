// SPDX-License-Identifier: MIT
/*
 * LFSR113 (P. L'Ecuyer, "Tables of maximally equidistributed combined LFSR
 * generators", Math. Comp. 68 (1999)), bit-exact with Linux's lib/random32.c.
 *
 * Each component is a Tausworthe generator, one step of which is
 *
 *	s' = ((s & c) << d) ^ (((s << a) ^ s) >> b)
 *
 * The mask c clears the component's low k bits, so only its top 32-k bits carry
 * state: 31 + 29 + 28 + 25 = 113 bits in all, with period about 2^113. The four
 * (a, b, c, d) quadruples are L'Ecuyer's, the ones Linux uses. The step
 * itself, prandom_u32_state(), is inline in include/trapdoor/prandom.h.
 */
#include <trapdoor/prandom.h>
#include <trapdoor/string.h>

/* The step itself is in include/trapdoor/prandom.h, inline for the hot paths. */
u32 prandom_u32_state(struct rnd_state *state)
{
	return __prandom_u32_state(state);
}

void prandom_bytes_state(struct rnd_state *state, void *buf, size_t nbytes)
{
	u8 *p = buf;

	/* memcpy rather than a u32 store: buf may be unaligned (Linux's put_unaligned). */
	for (; nbytes >= sizeof(u32); p += sizeof(u32), nbytes -= sizeof(u32)) {
		u32 v = prandom_u32_state(state);

		memcpy(p, &v, sizeof(v));
	}

	/* The tail takes the low bytes of one more output, lowest first. */
	if (nbytes) {
		u32 rem = prandom_u32_state(state);

		for (; nbytes; nbytes--, rem >>= 8)
			*p++ = (u8)rem;
	}
}

static void prandom_warmup(struct rnd_state *state)
{
	/* Ten steps wash the seeding's structure out (Linux: "recurrence condition"). */
	for (int i = 0; i < 10; i++)
		prandom_u32_state(state);
}

void prandom_seed_state(struct rnd_state *state, u64 seed)
{
	/* Linux folds the u64 this way; all four components start from the same i. */
	u32 i = (u32)((seed >> 32) ^ (seed << 10) ^ seed);

	state->s1 = __seed(i, PRANDOM_S1_MIN);
	state->s2 = __seed(i, PRANDOM_S2_MIN);
	state->s3 = __seed(i, PRANDOM_S3_MIN);
	state->s4 = __seed(i, PRANDOM_S4_MIN);
}

void prandom_seed_full_state_one(struct rnd_state *state, const u32 seeds[4])
{
	state->s1 = __seed(seeds[0], PRANDOM_S1_MIN);
	state->s2 = __seed(seeds[1], PRANDOM_S2_MIN);
	state->s3 = __seed(seeds[2], PRANDOM_S3_MIN);
	state->s4 = __seed(seeds[3], PRANDOM_S4_MIN);
	prandom_warmup(state);
}
