// SPDX-License-Identifier: MIT
/*
 * A few of Linux's CONFIG_RANDOM32_SELFTEST vectors ("test cases against
 * taus113 from GSL"), run once at boot like Linux's prandom_state_selftest().
 * The host tests (tests/host/test_prandom.c) check all 104 of them.
 *
 * The vectors predate prandom_seed_full_state(): they seed with the old
 * prandom_seed_early(), which spreads one u32 over the four components with
 * the LCG x * 69069, each component from the previous, already adjusted one.
 */
#include <trapdoor/compiler.h>
#include <trapdoor/prandom.h>

static u32 lcg(u32 x)
{
	return x * 69069U;
}

static void prandom_seed_early(struct rnd_state *state, u32 seed)
{
	state->s1 = __seed(lcg(seed), PRANDOM_S1_MIN);
	state->s2 = __seed(lcg(state->s1), PRANDOM_S2_MIN);
	state->s3 = __seed(lcg(state->s2), PRANDOM_S3_MIN);
	state->s4 = __seed(lcg(state->s3), PRANDOM_S4_MIN);
}

/* The output number @iteration (counting from 1) after seeding and the 10-step warm-up. */
static u32 nth_output(u32 seed, unsigned int iteration)
{
	struct rnd_state state;
	u32 v = 0;

	prandom_seed_early(&state, seed);
	for (int i = 0; i < 10; i++)
		prandom_u32_state(&state);
	while (iteration--)
		v = prandom_u32_state(&state);
	return v;
}

static const struct {
	u32 seed;
	unsigned int iteration;
	u32 result;
} prandom_vectors[] = {
	/* Linux's test1: the first output after warm-up. */
	{ 1, 1, 3484351685U },
	{ 2, 1, 2623130059U },
	{ 3, 1, 3125133893U },
	{ 4, 1, 984847254U },
	/* The first and last three of Linux's test2. */
	{ 931557656, 959, 2975593782U },
	{ 1339693295, 876, 3887776532U },
	{ 1545556285, 961, 1615538833U },
	{ 1364340021, 836, 3710513486U },
	{ 1986257729, 931, 935013962U },
	{ 407983964, 921, 728767059U },
};

int prandom_selftest(void)
{
	int failed = 0;

	for (size_t i = 0; i < ARRAY_SIZE(prandom_vectors); i++)
		if (nth_output(prandom_vectors[i].seed, prandom_vectors[i].iteration) !=
		    prandom_vectors[i].result)
			failed++;
	return failed;
}
