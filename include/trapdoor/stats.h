/* SPDX-License-Identifier: MIT */
/*
 * Small statistics for the entropy demo and the kstack tests (lib/stats.c),
 * in integer and fixed-point arithmetic only: neither the kernel nor the user
 * programs are built with an FPU. Pure C; the host tests check it.
 *
 * Fixed point is Q16.16: a value v stands for v / 65536, so 6.0 bits is
 * 6 << 16 = 393216. Precision is about 1/65536 (0.000015), far below what
 * the demo prints (three decimals).
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_STATS_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_STATS_H

#include <trapdoor/types.h>

#define STATS_Q16_SHIFT 16
#define STATS_Q16_ONE	(1 << STATS_Q16_SHIFT)

/* log2(x) in Q16.16 for x >= 1 (error below 2^-15); 0 for x == 0. */
u32 stats_log2_q16(u64 x);

/* The number of binary digits of x: 0 -> 0, 1 -> 1, 63 -> 6, 64 -> 7. */
unsigned int stats_bit_length(u64 x);

/*
 * Over a histogram counts[0..nbins-1] (the total must stay below 2^32):
 * Shannon entropy  H    = -sum p_i log2 p_i		in bits, Q16.16
 * min-entropy      Hmin = -log2 max_i p_i		in bits, Q16.16
 * distinct values  the number of non-empty bins
 * Both entropies are 0 for an empty histogram.
 */
u32 stats_shannon_q16(const u32 *counts, unsigned int nbins);
u32 stats_min_entropy_q16(const u32 *counts, unsigned int nbins);
unsigned int stats_distinct(const u32 *counts, unsigned int nbins);

/*
 * Pearson's chi-square statistic against the uniform distribution,
 * sum (c_i - E)^2 / E with E = N / nbins, in Q16.16. Computed exactly in
 * integers as (nbins * sum c_i^2 - N^2) / N; needs nbins * N^2 < 2^64 (for
 * 64 bins, N below 2^29 samples). Returns UINT64_MAX if that does not hold.
 */
u64 stats_chi2_uniform_q16(const u32 *counts, unsigned int nbins);

/*
 * The chi-square distribution with 63 degrees of freedom (64 bins), as a
 * table of critical values: chi2 >= crit_q16 has upper-tail probability
 * p <= p_text. The levels run from p = 0.999 (too good a fit: suspiciously
 * regular) to p = 1e-6, the level at which the tests reject uniformity.
 * Source: see lib/stats.c.
 */
struct stats_chi2_level {
	const char *p_text; /* "0.999", ..., "1e-6" */
	u64 crit_q16;
};

#define STATS_CHI2_63_NR_LEVELS 12
#define STATS_CHI2_63_P_1E6	(STATS_CHI2_63_NR_LEVELS - 1) /* index of p = 1e-6 */
extern const struct stats_chi2_level stats_chi2_63[STATS_CHI2_63_NR_LEVELS];

/*
 * Where chi2_q16 (63 degrees of freedom) falls in that table: the number of
 * critical values it reaches, 0..STATS_CHI2_63_NR_LEVELS. With b the result,
 *	b == 0				p > stats_chi2_63[0].p_text (0.999)
 *	0 < b < NR_LEVELS		stats_chi2_63[b].p_text < p <= stats_chi2_63[b-1].p_text
 *	b == NR_LEVELS			p <= 1e-6
 */
unsigned int stats_chi2_63_band(u64 chi2_q16);

/* True if uniformity is rejected at p < 1e-6 (chi2 at or above the 1e-6 critical value). */
bool stats_chi2_63_rejects_1e6(u64 chi2_q16);

/*
 * Lag-1 serial correlation of x[0..n-1] (the sample autocorrelation at lag
 * 1, Box and Jenkins' r1: sum over i < n-1 of (x_i - m)(x_i+1 - m), divided
 * by sum (x_i - m)^2), in Q16.16, between -1 and 1. 0 when n < 2 or x is
 * constant. Needs n < 2^31. The mean is carried to 1/256, which moves r1 by
 * less than 1e-5.
 */
s32 stats_lag1_corr_q16(const u8 *x, size_t n);

/*
 * Whether |r| > z / sqrt(n): for independent samples r1 is about normal
 * with standard deviation 1/sqrt(n), so z = 5 flags a real dependence with
 * a false-alarm rate below 1e-6.
 */
bool stats_corr_significant(s32 r_q16, u64 n, unsigned int z);

/* floor(sqrt(x)), exact for every u64. */
u64 stats_isqrt(u64 x);

/* A Q16.16 value in thousandths, rounded half away from zero: for "%lld.%03lld". */
s64 stats_q16_to_milli(s64 q16);

/* A Q16.16 value as a decimal with three places, "5.998" or "-0.018"; buf holds 24 bytes. */
const char *stats_format_q16(char buf[24], s64 v);

#endif
