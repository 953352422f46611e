// SPDX-License-Identifier: MIT
/*
 * lib/prandom/ against Linux: the 104 CONFIG_RANDOM32_SELFTEST vectors of
 * Linux's lib/random32.c (below; lib/prandom/selftest.c boots a few), the seeding rules,
 * and the properties the kernel-stack offset relies on.
 */
#include <criterion/criterion.h>
#include <string.h>

#include <trapdoor/compiler.h>
#include <trapdoor/prandom.h>

/*
 * Linux's old prandom_seed_early(), which the vectors use: the LCG x * 69069
 * spreads one u32 over the four components, each from the previous one after
 * its __seed adjustment; then the 10-step warm-up.
 */
static void seed_early_and_warm_up(struct rnd_state *st, u32 seed)
{
	st->s1 = __seed(seed * 69069U, 2);
	st->s2 = __seed(st->s1 * 69069U, 8);
	st->s3 = __seed(st->s2 * 69069U, 16);
	st->s4 = __seed(st->s3 * 69069U, 128);
	for (int i = 0; i < 10; i++)
		prandom_u32_state(st);
}

/* test1: the first output after seeding and warm-up. */
static void check_test1(int n, u32 seed, u32 want)
{
	struct rnd_state st;
	u32 got;

	seed_early_and_warm_up(&st, seed);
	got = prandom_u32_state(&st);
	cr_assert_eq(got, want, "Linux test1 vector %d (seed %u): got %u, want %u", n, seed, got,
		     want);
}

/* One vector a line */
/* clang-format off */
Test(prandom, matches_linux_selftest_test1_vector_1) { check_test1(1, 1, 3484351685U); }
Test(prandom, matches_linux_selftest_test1_vector_2) { check_test1(2, 2, 2623130059U); }
Test(prandom, matches_linux_selftest_test1_vector_3) { check_test1(3, 3, 3125133893U); }
Test(prandom, matches_linux_selftest_test1_vector_4) { check_test1(4, 4, 984847254U); }
/* clang-format on */

struct test2_vector {
	int n;
	u32 seed;
	unsigned int iteration;
	u32 result;
};

/*
 * test2: after warm-up, discard iteration - 1 outputs; the next one is result.
 * One test that checks all 100 with cr_expect, so each mismatch is reported
 * with its number (a Criterion test per vector costs a process each).
 */
/* One vector a line */
/* clang-format off */
static const struct test2_vector test2[] = {
	{ 1, 931557656U, 959, 2975593782U },
	{ 2, 1339693295U, 876, 3887776532U },
	{ 3, 1545556285U, 961, 1615538833U },
	{ 4, 601730776U, 723, 1776162651U },
	{ 5, 1027516047U, 687, 511983079U },
	{ 6, 416526298U, 700, 916156552U },
	{ 7, 1395522032U, 652, 2222063676U },
	{ 8, 366221443U, 617, 2992857763U },
	{ 9, 1539836965U, 714, 3783265725U },
	{ 10, 556206671U, 994, 799626459U },
	{ 11, 684907218U, 799, 367789491U },
	{ 12, 2121230701U, 931, 2115467001U },
	{ 13, 1668516451U, 644, 3620590685U },
	{ 14, 768046066U, 883, 2034077390U },
	{ 15, 1989159136U, 833, 1195767305U },
	{ 16, 536585145U, 996, 3577259204U },
	{ 17, 1008129373U, 642, 1478080776U },
	{ 18, 1740775604U, 939, 1264980372U },
	{ 19, 1967883163U, 508, 10734624U },
	{ 20, 1923019697U, 730, 3821419629U },
	{ 21, 442079932U, 560, 3440032343U },
	{ 22, 1961302714U, 845, 841962572U },
	{ 23, 2030205964U, 962, 1325144227U },
	{ 24, 1160407529U, 507, 240940858U },
	{ 25, 635482502U, 779, 4200489746U },
	{ 26, 1252788931U, 699, 867195434U },
	{ 27, 1961817131U, 719, 668237657U },
	{ 28, 1071468216U, 983, 917876630U },
	{ 29, 1281848367U, 932, 1003100039U },
	{ 30, 582537119U, 780, 1127273778U },
	{ 31, 1973672777U, 853, 1071368872U },
	{ 32, 1896756996U, 762, 1127851055U },
	{ 33, 847917054U, 500, 1717499075U },
	{ 34, 1240520510U, 951, 2849576657U },
	{ 35, 1685071682U, 567, 1961810396U },
	{ 36, 1516232129U, 557, 3173877U },
	{ 37, 1208118903U, 612, 1613145022U },
	{ 38, 1817269927U, 693, 4279122573U },
	{ 39, 1510091701U, 717, 638191229U },
	{ 40, 365916850U, 807, 600424314U },
	{ 41, 399324359U, 702, 1803598116U },
	{ 42, 1318480274U, 779, 2074237022U },
	{ 43, 697758115U, 840, 1483639402U },
	{ 44, 1696507773U, 840, 577415447U },
	{ 45, 2081979121U, 981, 3041486449U },
	{ 46, 955646687U, 742, 3846494357U },
	{ 47, 1250683506U, 749, 836419859U },
	{ 48, 595003102U, 534, 366794109U },
	{ 49, 47485338U, 558, 3521120834U },
	{ 50, 619433479U, 610, 3991783875U },
	{ 51, 704096520U, 518, 4139493852U },
	{ 52, 1712224984U, 606, 2393312003U },
	{ 53, 1318233152U, 922, 3880361134U },
	{ 54, 855572992U, 761, 1472974787U },
	{ 55, 64721421U, 703, 683860550U },
	{ 56, 678931758U, 840, 380616043U },
	{ 57, 692711973U, 778, 1382361947U },
	{ 58, 677703619U, 530, 2826914161U },
	{ 59, 92393223U, 586, 1522128471U },
	{ 60, 1222592920U, 743, 3466726667U },
	{ 61, 358288986U, 695, 1091956998U },
	{ 62, 1935056945U, 958, 514864477U },
	{ 63, 735675993U, 990, 1294239989U },
	{ 64, 1560089402U, 897, 2238551287U },
	{ 65, 70616361U, 829, 22483098U },
	{ 66, 368234700U, 731, 2913875084U },
	{ 67, 20221190U, 879, 1564152970U },
	{ 68, 539444654U, 682, 1835141259U },
	{ 69, 1314987297U, 840, 1801114136U },
	{ 70, 2019295544U, 645, 3286438930U },
	{ 71, 469023838U, 716, 1637918202U },
	{ 72, 1843754496U, 653, 2562092152U },
	{ 73, 400672036U, 809, 4264212785U },
	{ 74, 404722249U, 965, 2704116999U },
	{ 75, 600702209U, 758, 584979986U },
	{ 76, 519953954U, 667, 2574436237U },
	{ 77, 1658071126U, 694, 2214569490U },
	{ 78, 420480037U, 749, 3430010866U },
	{ 79, 690103647U, 969, 3700758083U },
	{ 80, 1029424799U, 937, 3787746841U },
	{ 81, 2012608669U, 506, 3362628973U },
	{ 82, 1535432887U, 998, 42610943U },
	{ 83, 1330635533U, 857, 3040806504U },
	{ 84, 1223800550U, 539, 3954229517U },
	{ 85, 1322411537U, 680, 3223250324U },
	{ 86, 1877847898U, 945, 2915147143U },
	{ 87, 1646356099U, 874, 965988280U },
	{ 88, 805687536U, 744, 4032277920U },
	{ 89, 1948093210U, 633, 1346597684U },
	{ 90, 392609744U, 783, 1636083295U },
	{ 91, 690241304U, 770, 1201031298U },
	{ 92, 1360302965U, 696, 1665394461U },
	{ 93, 1220090946U, 780, 1316922812U },
	{ 94, 447092251U, 500, 3438743375U },
	{ 95, 1613868791U, 592, 828546883U },
	{ 96, 523430951U, 548, 2552392304U },
	{ 97, 726692899U, 810, 1656872867U },
	{ 98, 1364340021U, 836, 3710513486U },
	{ 99, 1986257729U, 931, 935013962U },
	{ 100, 407983964U, 921, 728767059U },
};
/* clang-format on */

Test(prandom, matches_all_100_linux_selftest_test2_vectors)
{
	cr_assert_eq(ARRAY_SIZE(test2), 100);
	for (size_t k = 0; k < ARRAY_SIZE(test2); k++) {
		const struct test2_vector *v = &test2[k];
		struct rnd_state st;
		u32 got = 0;

		seed_early_and_warm_up(&st, v->seed);
		for (unsigned int i = 0; i < v->iteration; i++)
			got = prandom_u32_state(&st);
		cr_expect_eq(got, v->result,
			     "Linux test2 vector %d (seed %u, iteration %u): got %u, want %u", v->n,
			     v->seed, v->iteration, got, v->result);
	}
}

Test(prandom, boot_selftest_passes)
{
	cr_assert_eq(prandom_selftest(), 0, "prandom_selftest() reported failures");
}

static void assert_state(const struct rnd_state *st, u32 s1, u32 s2, u32 s3, u32 s4)
{
	cr_assert(st->s1 == s1 && st->s2 == s2 && st->s3 == s3 && st->s4 == s4,
		  "state {%u, %u, %u, %u}, want {%u, %u, %u, %u}", st->s1, st->s2, st->s3, st->s4,
		  s1, s2, s3, s4);
}

/* i = (seed >> 32) ^ (seed << 10) ^ seed, truncated to 32 bits; __seed; no warm-up. */
Test(prandom, seed_state_folds_u64_like_linux)
{
	struct rnd_state st;

	prandom_seed_state(&st, 0);
	assert_state(&st, 2, 8, 16, 128); /* i = 0: every minimum added */
	prandom_seed_state(&st, 1);
	assert_state(&st, 1025, 1025, 1025, 1025); /* 1 << 10 ^ 1 */
	prandom_seed_state(&st, 1ULL << 32);
	assert_state(&st, 3, 9, 17, 129); /* the high half folds down to 1 */
	prandom_seed_state(&st, 0xdeadbeefcafef00dULL);
	/* 0xdeadbeef ^ (0xcafef00d << 10, truncated: 0xfbc03400) ^ 0xcafef00d = 0xef937ae2 */
	assert_state(&st, 0xef937ae2U, 0xef937ae2U, 0xef937ae2U, 0xef937ae2U);
}

Test(prandom, seed_full_state_applies_minimums_then_ten_steps)
{
	const u32 seeds[4] = { 1, 7, 15, 127 }; /* all below their minimums */
	struct rnd_state st, ref = { 3, 15, 31, 255 };

	prandom_seed_full_state_one(&st, seeds);
	for (int i = 0; i < 10; i++)
		prandom_u32_state(&ref);
	assert_state(&st, ref.s1, ref.s2, ref.s3, ref.s4);
}

/* Each component must keep a set bit above the k low bits its mask drops. */
Test(prandom, components_never_fall_below_their_minimums)
{
	static const u32 seeds[][4] = {
		{ 0, 0, 0, 0 },
		{ 1, 7, 15, 127 },
		{ 2, 8, 16, 128 },
		{ 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff },
		{ 0x80000000, 0x80000000, 0x80000000, 0x80000000 },
		{ 12345, 67890, 13579, 24680 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(seeds); i++) {
		struct rnd_state st;

		prandom_seed_full_state_one(&st, seeds[i]);
		for (int n = 0; n < 100000; n++) {
			prandom_u32_state(&st);
			cr_assert(st.s1 >= 2 && st.s2 >= 8 && st.s3 >= 16 && st.s4 >= 128,
				  "seed set %zu, step %d: {%u, %u, %u, %u} below a minimum", i, n,
				  st.s1, st.s2, st.s3, st.s4);
		}
	}
	/* Same for the u64 seeding, including the seeds whose fold is 0. */
	for (u64 seed = 0; seed < 64; seed++) {
		struct rnd_state st;

		prandom_seed_state(&st, seed << 32 | seed << 22);
		for (int n = 0; n < 1000; n++) {
			prandom_u32_state(&st);
			cr_assert(st.s1 >= 2 && st.s2 >= 8 && st.s3 >= 16 && st.s4 >= 128);
		}
	}
}

/*
 * Only 113 of the 128 state bits matter: the step reads bits 31..1 of s1,
 * 31..3 of s2, 31..4 of s3 and 31..7 of s4. Two states that differ there
 * must give different streams; the test makes 1 + 113 + 400 such states
 * (one base, each significant bit flipped alone, and pseudo-random ones).
 */
#define N_STATES (1 + 113 + 400)
#define N_OUT	 1000

static u32 outputs[N_STATES][N_OUT];

Test(prandom, differently_seeded_states_never_share_first_1000_outputs)
{
	static const u32 minimum[4] = { 2, 8, 16, 128 };
	static const int low_bits[4] = { 1, 3, 4, 7 };
	u32 seeds[N_STATES][4];
	u64 x = 0x9e3779b97f4a7c15ULL;
	int n = 0;

	for (int c = 0; c < 4; c++)
		seeds[n][c] = 0x12345678U | minimum[c];
	n++;
	for (int c = 0; c < 4; c++) {
		for (int b = low_bits[c]; b < 32; b++, n++) {
			memcpy(seeds[n], seeds[0], sizeof(seeds[0]));
			seeds[n][c] ^= 1U << b;
		}
	}
	for (; n < N_STATES; n++) {
		for (int c = 0; c < 4; c++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			/* At least the minimum, so no two seeds can collapse into one state. */
			seeds[n][c] = (u32)(x >> 32) | minimum[c];
		}
	}
	cr_assert_eq(n, N_STATES);

	for (int i = 0; i < N_STATES; i++) {
		struct rnd_state st;

		prandom_seed_full_state_one(&st, seeds[i]);
		for (int k = 0; k < N_OUT; k++)
			outputs[i][k] = prandom_u32_state(&st);
	}
	for (int i = 0; i < N_STATES; i++)
		for (int j = i + 1; j < N_STATES; j++)
			cr_assert(memcmp(outputs[i], outputs[j], sizeof(outputs[i])) != 0,
				  "states %d and %d emit the same first %d outputs", i, j, N_OUT);
}

/* The flip side, which docs/random.md explains: these "different" seeds are one state. */
Test(prandom, seeds_differing_only_in_dropped_bits_give_the_same_stream)
{
	const u32 a[4] = { 1024, 1024, 1024, 1024 };
	const u32 b[4] = { 1025, 1031, 1039, 1151 }; /* + 1, 7, 15, 127: only dropped bits */
	const u32 c[4] = { 0, 0, 0, 0 };	     /* __seed: 0 -> 2, 8, 16, 128 */
	const u32 d[4] = { 2, 8, 16, 128 };
	struct rnd_state sa, sb, sc, sd;

	prandom_seed_full_state_one(&sa, a);
	prandom_seed_full_state_one(&sb, b);
	prandom_seed_full_state_one(&sc, c);
	prandom_seed_full_state_one(&sd, d);
	for (int i = 0; i < 1000; i++) {
		cr_assert_eq(prandom_u32_state(&sa), prandom_u32_state(&sb));
		cr_assert_eq(prandom_u32_state(&sc), prandom_u32_state(&sd));
	}
}

Test(prandom, bytes_are_outputs_in_cpu_order_and_tail_takes_low_bytes)
{
	const u32 seeds[4] = { 11, 22, 33, 44 };
	struct rnd_state a, b;
	u8 buf[64 + 3 + 1];

	for (size_t len = 0; len <= 67; len++) {
		prandom_seed_full_state_one(&a, seeds);
		prandom_seed_full_state_one(&b, seeds);
		memset(buf, 0xa5, sizeof(buf));
		prandom_bytes_state(&a, buf, len);
		for (size_t i = 0; i + 4 <= len; i += 4) {
			u32 v = prandom_u32_state(&b);

			cr_assert(memcmp(buf + i, &v, 4) == 0, "len %zu: word at %zu", len, i);
		}
		if (len % 4) {
			u32 v = prandom_u32_state(&b);

			for (size_t i = len - len % 4; i < len; i++, v >>= 8)
				cr_assert_eq(buf[i], (u8)v, "len %zu: tail byte %zu", len, i);
		}
		cr_assert_eq(buf[len], 0xa5, "len %zu: wrote past the end", len);
		/* Both states advanced by the same number of outputs. */
		cr_assert_eq(prandom_u32_state(&a), prandom_u32_state(&b), "len %zu", len);
	}
}
