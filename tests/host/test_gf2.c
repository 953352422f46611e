// SPDX-License-Identifier: MIT
/*
 * lib/gf2.c: the GF(2) solver against systems with a known solution, the
 * LFSR113 model against lib/prandom's real generator, and the attack
 * user/predict makes: the state recovered from the six offset bits of each
 * output, then every later output predicted exactly.
 */
#include <criterion/criterion.h>
#include <string.h>

#include <trapdoor/gf2.h>
#include <trapdoor/prandom.h>

/*
 * A small deterministic source of test vectors: splitmix64, not a linear
 * generator (an xorshift would make w[1] a linear function of w[0] and
 * every random system rank-deficient).
 */
static u64 rng = 0x9e3779b97f4a7c15ULL;

static u64 next64(void)
{
	u64 z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static struct gf2_vec random_vec(unsigned int nvars)
{
	struct gf2_vec v = { { next64(), next64() } };

	for (unsigned int i = nvars; i < GF2_MAX_VARS; i++)
		gf2_vec_set(&v, i, false);
	return v;
}

Test(gf2, dot_is_the_parity_of_the_and)
{
	struct gf2_vec a = { { 0xf0, 1ULL << 63 } }, b = { { 0x30, 1ULL << 63 } };

	/* Bits 4, 5 and 127 in common: three, odd. */
	cr_assert(gf2_vec_dot(&a, &b));
	b.w[1] = 0;
	cr_assert(!gf2_vec_dot(&a, &b));
}

Test(gf2, random_full_rank_system_gives_back_its_solution)
{
	for (int round = 0; round < 20; round++) {
		unsigned int nvars = round % 2 ? 128 : 37 + round;
		struct gf2_vec want = random_vec(nvars), got;
		struct gf2_system sys;
		int eqs = 0;

		gf2_system_init(&sys, nvars);
		while (sys.rank < nvars && eqs < 4 * (int)nvars) {
			struct gf2_vec v = random_vec(nvars);

			cr_assert_neq(gf2_system_add(&sys, &v, gf2_vec_dot(&v, &want)),
				      GF2_INCONSISTENT);
			eqs++;
		}
		cr_assert_eq(sys.rank, nvars, "rank %u of %u after %d equations", sys.rank, nvars,
			     eqs);
		gf2_system_solve(&sys, &got);
		cr_assert(memcmp(&got, &want, sizeof(got)) == 0, "round %d: wrong solution", round);
	}
}

Test(gf2, dependent_and_inconsistent_equations_are_told_apart)
{
	struct gf2_vec a = { { 0x3, 0 } }, b = { { 0x6, 0 } }, c = { { 0x5, 0 } };
	struct gf2_system sys;

	gf2_system_init(&sys, 3);
	cr_assert_eq(gf2_system_add(&sys, &a, 1), GF2_INDEPENDENT); /* x0 + x1 = 1 */
	cr_assert_eq(gf2_system_add(&sys, &b, 0), GF2_INDEPENDENT); /* x1 + x2 = 0 */
	cr_assert_eq(gf2_system_add(&sys, &c, 1), GF2_DEPENDENT);   /* their sum */
	cr_assert_eq(gf2_system_add(&sys, &c, 0), GF2_INCONSISTENT);
	cr_assert_eq(sys.rank, 2);
}

Test(gf2, solution_satisfies_an_underdetermined_system)
{
	struct gf2_vec want = random_vec(128), got;
	struct gf2_vec eq[40];
	struct gf2_system sys;

	gf2_system_init(&sys, 128);
	for (int i = 0; i < 40; i++) {
		eq[i] = random_vec(128);
		gf2_system_add(&sys, &eq[i], gf2_vec_dot(&eq[i], &want));
	}
	gf2_system_solve(&sys, &got);
	for (int i = 0; i < 40; i++)
		cr_assert_eq(gf2_vec_dot(&eq[i], &got), gf2_vec_dot(&eq[i], &want), "equation %d",
			     i);
}

static void random_state(struct rnd_state *st)
{
	const u32 seeds[4] = { (u32)next64(), (u32)next64(), (u32)next64(), (u32)next64() };

	prandom_seed_full_state_one(st, seeds);
}

Test(gf2, lfsr113_model_follows_prandom_bit_for_bit)
{
	struct lfsr113_model m;
	struct rnd_state st;
	struct gf2_vec x0, out;

	random_state(&st);
	lfsr113_vec_from_state(&x0, &st);
	lfsr113_model_init(&m);
	for (int step = 0; step < 300; step++) {
		u32 want = prandom_u32_state(&st);

		lfsr113_model_step(&m);
		for (unsigned int j = 0; j < 32; j++) {
			lfsr113_model_output_bit(&m, j, &out);
			cr_assert_eq(gf2_vec_dot(&out, &x0), (want >> j) & 1,
				     "step %d, output bit %u", step, j);
		}
	}
}

Test(gf2, state_vector_round_trips)
{
	struct rnd_state st, back;
	struct gf2_vec x;

	random_state(&st);
	lfsr113_vec_from_state(&x, &st);
	lfsr113_state_from_vec(&back, &x);
	cr_assert(memcmp(&st, &back, sizeof(st)) == 0);
}

/*
 * The kernel-stack attack: only output bits 9..4 are seen (KSTACK_OFFSET_MAX).
 * 113 bits of state need at least 19 samples of 6 bits; user/predict's
 * test demands success within 30.
 */
Test(gf2, lfsr113_state_recovered_from_six_bit_leaks)
{
	for (int round = 0; round < 50; round++) {
		struct lfsr113_model m;
		struct gf2_system sys;
		struct rnd_state st, guess;
		struct gf2_vec out, x;
		int samples = 0;

		random_state(&st);
		lfsr113_model_init(&m);
		gf2_system_init(&sys, LFSR113_STATE_BITS);
		while (sys.rank < 113 && samples < 40) {
			u32 v = prandom_u32_state(&st);

			lfsr113_model_step(&m);
			for (unsigned int j = 4; j < 10; j++) {
				lfsr113_model_output_bit(&m, j, &out);
				cr_assert_neq(gf2_system_add(&sys, &out, (v >> j) & 1),
					      GF2_INCONSISTENT);
			}
			samples++;
		}
		cr_assert_eq(sys.rank, 113, "round %d: rank %u after %d samples", round, sys.rank,
			     samples);
		cr_assert_leq(samples, 30, "round %d: %d samples", round, samples);

		/* The solution is the state before the first sample: replay to now. */
		gf2_system_solve(&sys, &x);
		lfsr113_state_from_vec(&guess, &x);
		for (int i = 0; i < samples; i++)
			prandom_u32_state(&guess);
		for (int i = 0; i < 1000; i++)
			cr_assert_eq(prandom_u32_state(&guess), prandom_u32_state(&st),
				     "round %d, output %d after recovery", round, i);
	}
}

/* The rank stops at 113: the 15 low state bits the masks drop never reach an output. */
Test(gf2, lfsr113_observable_rank_is_113)
{
	struct lfsr113_model m;
	struct gf2_system sys;
	struct gf2_vec out;

	lfsr113_model_init(&m);
	gf2_system_init(&sys, LFSR113_STATE_BITS);
	for (int step = 0; step < 200; step++) {
		lfsr113_model_step(&m);
		for (unsigned int j = 0; j < 32; j++) {
			lfsr113_model_output_bit(&m, j, &out);
			gf2_system_add(&sys, &out, 0);
		}
	}
	cr_assert_eq(sys.rank, 113);
}
