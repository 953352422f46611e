// SPDX-License-Identifier: MIT
/*
 * lib/stats.c against values known in closed form or from tables: the
 * entropies of uniform and degenerate histograms, log2 of powers of two and
 * of a few irrationals, the chi-square critical values of 63 degrees of
 * freedom, and the lag-1 correlation of sequences whose r1 is known.
 */
#include <criterion/criterion.h>
#include <string.h>

#include <trapdoor/compiler.h>
#include <trapdoor/stats.h>

/* Q16.16 of a decimal given in millionths, rounded: Q(6000000) is 6.0. */
#define Q_FROM_MICRO(u) ((s64)(((s64)(u) * 65536 + 500000) / 1000000))

static void expect_near(s64 got, s64 want, s64 tolerance, const char *what)
{
	s64 diff = got > want ? got - want : want - got;

	cr_expect(diff <= tolerance, "%s: got %lld (%.6f), want %lld (%.6f), tolerance %lld", what,
		  (long long)got, got / 65536.0, (long long)want, want / 65536.0,
		  (long long)tolerance);
}

Test(stats, log2_of_powers_of_two_is_exact)
{
	for (unsigned int k = 0; k < 64; k++)
		cr_expect_eq(stats_log2_q16(1ULL << k), k << 16, "log2(2^%u) = %u, want %u", k,
			     stats_log2_q16(1ULL << k), k << 16);
}

Test(stats, log2_of_irrationals_within_two_ulp)
{
	/* Values to 6 decimals (log2 3 = 1.5849625..., log2 10 = 3.3219280...). */
	expect_near(stats_log2_q16(3), Q_FROM_MICRO(1584963), 2, "log2 3");
	expect_near(stats_log2_q16(10), Q_FROM_MICRO(3321928), 2, "log2 10");
	expect_near(stats_log2_q16(100), Q_FROM_MICRO(6643856), 2, "log2 100");
	expect_near(stats_log2_q16(20000), Q_FROM_MICRO(14287712), 2, "log2 20000");
	expect_near(stats_log2_q16(0xffffffffffffffffULL), 64 << 16, 2, "log2 (2^64 - 1)");
	cr_expect_eq(stats_log2_q16(0), 0, "log2 0 is defined as 0");
}

Test(stats, log2_is_monotonic)
{
	u32 prev = 0;

	for (u64 x = 1; x < 200000; x++) {
		u32 l = stats_log2_q16(x);

		cr_assert(l >= prev, "log2(%llu) = %u below log2(%llu) = %u", (unsigned long long)x,
			  l, (unsigned long long)(x - 1), prev);
		prev = l;
	}
}

Test(stats, bit_length_is_what_stack_entropy_sh_prints)
{
	/* stack-entropy.sh: bits = the length of the distinct count in binary. */
	cr_expect_eq(stats_bit_length(0), 0);
	cr_expect_eq(stats_bit_length(1), 1);
	cr_expect_eq(stats_bit_length(32), 6);
	cr_expect_eq(stats_bit_length(63), 6);
	cr_expect_eq(stats_bit_length(64), 7, "64 distinct values print as 7 bits: one too many");
	cr_expect_eq(stats_bit_length(~0ULL), 64);
}

Test(stats, uniform_64_bins_have_6_bits_exactly)
{
	u32 counts[64];

	for (unsigned int n = 1; n <= 1000; n += 37) {
		for (int i = 0; i < 64; i++)
			counts[i] = n;
		cr_expect_eq(stats_shannon_q16(counts, 64), 6 << 16, "H with %u per bin: %u", n,
			     stats_shannon_q16(counts, 64));
		cr_expect_eq(stats_min_entropy_q16(counts, 64), 6 << 16, "Hmin with %u per bin", n);
		cr_expect_eq(stats_distinct(counts, 64), 64);
		cr_expect_eq(stats_chi2_uniform_q16(counts, 64), 0, "chi2 of a perfect fit");
	}
}

Test(stats, one_bin_has_no_entropy)
{
	u32 counts[64] = { [17] = 20000 };

	cr_expect_eq(stats_shannon_q16(counts, 64), 0);
	cr_expect_eq(stats_min_entropy_q16(counts, 64), 0);
	cr_expect_eq(stats_distinct(counts, 64), 1);
	/* All N in one bin: chi2 = (k - 1) N = 63 * 20000. */
	cr_expect_eq(stats_chi2_uniform_q16(counts, 64), (u64)63 * 20000 << 16);
	cr_expect(stats_chi2_63_rejects_1e6(stats_chi2_uniform_q16(counts, 64)));
}

Test(stats, empty_histogram_is_all_zero)
{
	u32 counts[64] = { 0 };

	cr_expect_eq(stats_shannon_q16(counts, 64), 0);
	cr_expect_eq(stats_min_entropy_q16(counts, 64), 0);
	cr_expect_eq(stats_chi2_uniform_q16(counts, 64), 0);
	cr_expect_eq(stats_distinct(counts, 64), 0);
}

Test(stats, entropies_of_a_skewed_histogram)
{
	/* p = 1/2, 1/4, 1/8, 1/8: H = 1.75 bits exactly, Hmin = 1 bit. */
	u32 counts[4] = { 400, 200, 100, 100 };

	cr_expect_eq(stats_shannon_q16(counts, 4), 7 << 14, "got %u", stats_shannon_q16(counts, 4));
	cr_expect_eq(stats_min_entropy_q16(counts, 4), 1 << 16);
	/* 32 of 64 bins equally full: 5 bits, both ways. */
	{
		u32 half[64] = { 0 };

		for (int i = 0; i < 64; i += 2)
			half[i] = 123;
		cr_expect_eq(stats_shannon_q16(half, 64), 5 << 16);
		cr_expect_eq(stats_min_entropy_q16(half, 64), 5 << 16);
		cr_expect_eq(stats_distinct(half, 64), 32);
	}
}

Test(stats, shannon_of_three_equal_bins_is_log2_3)
{
	u32 counts[3] = { 5000, 5000, 5000 };

	expect_near(stats_shannon_q16(counts, 3), Q_FROM_MICRO(1584963), 3, "H of 3 equal bins");
}

Test(stats, chi2_matches_the_textbook_sum)
{
	/* 4 bins, N = 100, E = 25: (10^2 + 5^2 + 5^2 + 10^2) / 25 = 10.0. */
	u32 counts[4] = { 35, 20, 30, 15 };

	cr_expect_eq(stats_chi2_uniform_q16(counts, 4), 10 << 16, "got %llu",
		     (unsigned long long)stats_chi2_uniform_q16(counts, 4));
	/* A fractional one: 3 bins, N = 10: ((4-10/3)^2 + (3-10/3)^2*2) / (10/3) = 0.2. */
	{
		u32 c3[3] = { 4, 3, 3 };

		expect_near((s64)stats_chi2_uniform_q16(c3, 3), Q_FROM_MICRO(200000), 1,
			    "chi2 0.2");
	}
}

Test(stats, chi2_refuses_totals_that_would_overflow)
{
	u32 counts[64] = { [0] = 0xffffffffU, [1] = 0xffffffffU };

	cr_expect_eq(stats_chi2_uniform_q16(counts, 64), UINT64_MAX);
}

Test(stats, chi2_63_table_matches_nist)
{
	/* NIST/SEMATECH e-Handbook table 1.3.6.7.4, 63 degrees of freedom, to 3 decimals. */
	static const struct {
		const char *p;
		s64 micro;
	} nist[] = {
		{ "0.1", 77745000 },
		{ "0.05", 82529000 },
		{ "0.01", 92010000 },
		{ "0.001", 103442000 },
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(nist); i++) {
		bool found = false;

		for (unsigned int j = 0; j < STATS_CHI2_63_NR_LEVELS; j++) {
			if (strcmp(stats_chi2_63[j].p_text, nist[i].p))
				continue;
			found = true;
			/* Table rounding: half a thousandth is 33 in Q16.16. */
			expect_near((s64)stats_chi2_63[j].crit_q16, Q_FROM_MICRO(nist[i].micro), 33,
				    nist[i].p);
		}
		cr_expect(found, "level %s missing", nist[i].p);
	}
	cr_expect_str_eq(stats_chi2_63[STATS_CHI2_63_P_1E6].p_text, "1e-6");
	for (unsigned int j = 1; j < STATS_CHI2_63_NR_LEVELS; j++)
		cr_expect(stats_chi2_63[j].crit_q16 > stats_chi2_63[j - 1].crit_q16,
			  "critical values must increase as p falls");
}

Test(stats, chi2_63_bands)
{
	cr_expect_eq(stats_chi2_63_band(0), 0, "a perfect fit: p > 0.999");
	cr_expect_eq(stats_chi2_63_band(63 << 16), 5, "the mean, 63: 0.1 < p <= 0.5");
	cr_expect_eq(stats_chi2_63_band((u64)131 << 16), STATS_CHI2_63_NR_LEVELS - 1,
		     "131 is just below the 1e-6 value 131.37");
	cr_expect_eq(stats_chi2_63_band((u64)132 << 16), STATS_CHI2_63_NR_LEVELS);
	cr_expect(!stats_chi2_63_rejects_1e6((u64)131 << 16));
	cr_expect(stats_chi2_63_rejects_1e6((u64)132 << 16));
}

Test(stats, lag1_of_known_sequences)
{
	/* 1..5: deviations -2..2, sum of neighbour products 4, of squares 10: r1 = 0.4. */
	static const u8 ramp[] = { 1, 2, 3, 4, 5 };
	u8 alt[1000], constant[100];

	expect_near(stats_lag1_corr_q16(ramp, 5), Q_FROM_MICRO(400000), 1, "r1 of 1..5");

	/* 0,1,0,1,...: every neighbour product is -1/4, every square 1/4: r1 = -(n-1)/n. */
	for (int i = 0; i < 1000; i++)
		alt[i] = (u8)(i & 1);
	expect_near(stats_lag1_corr_q16(alt, 1000), -Q_FROM_MICRO(999000), 1, "r1 of 0,1,0,1");

	for (int i = 0; i < 100; i++)
		constant[i] = 42;
	cr_expect_eq(stats_lag1_corr_q16(constant, 100), 0, "constant: defined as 0");
	cr_expect_eq(stats_lag1_corr_q16(ramp, 1), 0, "one sample: defined as 0");
}

Test(stats, lag1_of_a_slow_ramp_is_near_one)
{
	/* 0,0,...,1,1,...,63 (each value 100 times): nearly every neighbour is equal. */
	static u8 slow[6400];
	s32 r;

	for (int i = 0; i < 6400; i++)
		slow[i] = (u8)(i / 100);
	r = stats_lag1_corr_q16(slow, 6400);
	cr_expect(r > Q_FROM_MICRO(999000) && r <= 65536, "r1 = %.6f", r / 65536.0);
	cr_expect(stats_corr_significant(r, 6400, 5));
}

Test(stats, lag1_of_an_lcg_is_small)
{
	/* A full-period LCG's top 6 bits: r1 within 5/sqrt(n) of 0. */
	static u8 x[20000];
	u32 s = 12345;

	for (int i = 0; i < 20000; i++) {
		s = s * 1664525U + 1013904223U;
		x[i] = (u8)(s >> 26);
	}
	cr_expect(!stats_corr_significant(stats_lag1_corr_q16(x, 20000), 20000, 5), "r1 = %.6f",
		  stats_lag1_corr_q16(x, 20000) / 65536.0);
}

Test(stats, correlation_significance_threshold)
{
	/* n = 10000: 5 / sqrt(n) = 0.05. */
	cr_expect(!stats_corr_significant(Q_FROM_MICRO(49000), 10000, 5));
	cr_expect(stats_corr_significant(Q_FROM_MICRO(51000), 10000, 5));
	cr_expect(stats_corr_significant(-Q_FROM_MICRO(51000), 10000, 5));
	cr_expect(!stats_corr_significant(65536, 0, 5), "no samples: nothing is significant");
}

Test(stats, q16_to_milli_rounds_half_away_from_zero)
{
	cr_expect_eq(stats_q16_to_milli(6 << 16), 6000);
	cr_expect_eq(stats_q16_to_milli(Q_FROM_MICRO(1584963)), 1585);
	cr_expect_eq(stats_q16_to_milli(-Q_FROM_MICRO(12400)), -12);
	cr_expect_eq(stats_q16_to_milli(-Q_FROM_MICRO(12600)), -13);
	cr_expect_eq(stats_q16_to_milli(0), 0);
}

Test(stats, isqrt_is_the_floor_of_the_root)
{
	static const u64 cases[][2] = {
		{ 0, 0 },
		{ 1, 1 },
		{ 3, 1 },
		{ 4, 2 },
		{ 15, 3 },
		{ 16, 4 },
		{ 4096, 64 },
		{ 20000, 141 },
		{ 20000000000ULL, 141421 },
		{ 0xffffffffffffffffULL, 0xffffffffULL },
		{ 0xfffffffe00000001ULL, 0xffffffffULL },
		{ 0xfffffffe00000000ULL, 0xfffffffeULL },
	};

	for (unsigned int i = 0; i < ARRAY_SIZE(cases); i++)
		cr_expect_eq(stats_isqrt(cases[i][0]), cases[i][1], "isqrt(%llu) = %llu, want %llu",
			     (unsigned long long)cases[i][0],
			     (unsigned long long)stats_isqrt(cases[i][0]),
			     (unsigned long long)cases[i][1]);
	for (u64 x = 0; x < 100000; x++) {
		u64 r = stats_isqrt(x);

		cr_assert(r * r <= x && (r + 1) * (r + 1) > x, "isqrt(%llu) = %llu",
			  (unsigned long long)x, (unsigned long long)r);
	}
}
