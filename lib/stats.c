// SPDX-License-Identifier: MIT
/*
 * Integer and fixed-point statistics (include/trapdoor/stats.h). Every
 * formula is the textbook one rearranged so that it runs exactly in 64-bit
 * integers; the comments say how, and where each bound comes from.
 *
 * No 128-bit arithmetic and no compiler builtins that might become calls
 * into libgcc: the kernel and the user programs link without it.
 */
#include <trapdoor/sprintf.h>
#include <trapdoor/stats.h>

unsigned int stats_bit_length(u64 x)
{
	unsigned int n = 0;

	while (x) {
		n++;
		x >>= 1;
	}
	return n;
}

/*
 * log2 by the digit-by-digit method: write x = 2^k * y with 1 <= y < 2, so
 * log2 x = k + log2 y. Squaring y doubles its logarithm; if the square
 * reaches 2, the next binary digit of log2 y is 1 and we halve. Sixteen
 * squarings give sixteen fractional digits. y is held in Q1.31 inside a
 * u64: y < 2^32, so y * y < 2^64 never overflows. Each truncation costs
 * under 2^-31, which stays far below the last digit kept.
 */
u32 stats_log2_q16(u64 x)
{
	unsigned int k;
	u32 frac = 0;
	u64 y;

	if (x == 0)
		return 0;
	k = stats_bit_length(x) - 1;
	y = k >= 31 ? x >> (k - 31) : x << (31 - k); /* y in [2^31, 2^32) */
	for (int bit = STATS_Q16_SHIFT - 1; bit >= 0; bit--) {
		y = (y * y) >> 31;
		if (y >= (2ULL << 31)) {
			y >>= 1;
			frac |= 1U << bit;
		}
	}
	return (u32)k << STATS_Q16_SHIFT | frac;
}

static u64 histogram_total(const u32 *counts, unsigned int nbins)
{
	u64 n = 0;

	for (unsigned int i = 0; i < nbins; i++)
		n += counts[i];
	return n;
}

/*
 * H = -sum (c_i/N) log2(c_i/N) = log2 N - (1/N) sum c_i log2 c_i.
 * c_i < 2^32 and log2 c_i < 32 in Q16.16 (< 2^21), so each product is below
 * 2^53 and the sum of at most N of them stays far from 2^64.
 */
u32 stats_shannon_q16(const u32 *counts, unsigned int nbins)
{
	u64 n = histogram_total(counts, nbins), weighted = 0, mean;
	u32 log2n;

	if (n == 0)
		return 0;
	for (unsigned int i = 0; i < nbins; i++)
		if (counts[i])
			weighted += (u64)counts[i] * stats_log2_q16(counts[i]);
	mean = (weighted + n / 2) / n;
	log2n = stats_log2_q16(n);
	/* Rounding may take a single-bin histogram a hair below 0. */
	return mean >= log2n ? 0 : log2n - (u32)mean;
}

/* Hmin = -log2(max c_i / N) = log2 N - log2 max c_i. */
u32 stats_min_entropy_q16(const u32 *counts, unsigned int nbins)
{
	u64 n = histogram_total(counts, nbins);
	u32 max = 0;

	if (n == 0)
		return 0;
	for (unsigned int i = 0; i < nbins; i++)
		if (counts[i] > max)
			max = counts[i];
	return stats_log2_q16(n) - stats_log2_q16(max);
}

unsigned int stats_distinct(const u32 *counts, unsigned int nbins)
{
	unsigned int d = 0;

	for (unsigned int i = 0; i < nbins; i++)
		d += counts[i] != 0;
	return d;
}

/*
 * With E = N/k: sum (c - E)^2 / E = (k/N) sum c^2 - 2 sum c + k E
 *                                  = (k sum c^2 - N^2) / N.
 * The numerator is an exact integer, never negative (Cauchy-Schwarz:
 * N^2 = (sum c)^2 <= k sum c^2). Its quotient by N is split into whole
 * and remainder so that the shift into Q16.16 cannot overflow: the
 * statistic is at most (k - 1) N, below 2^41 for the bound in stats.h.
 */
u64 stats_chi2_uniform_q16(const u32 *counts, unsigned int nbins)
{
	u64 n = 0, sumsq = 0, num, q, r;

	for (unsigned int i = 0; i < nbins; i++) {
		n += counts[i];
		sumsq += (u64)counts[i] * counts[i];
	}
	if (n == 0)
		return 0;
	/* nbins * N^2 must fit: N < 2^32 / sqrt(nbins), checked without overflow. */
	if (n >= (1ULL << 32) || (nbins && n * n > UINT64_MAX / nbins))
		return UINT64_MAX;
	num = (u64)nbins * sumsq - n * n;
	q = num / n;
	r = num % n;
	return (q << STATS_Q16_SHIFT) + ((r << STATS_Q16_SHIFT) + n / 2) / n;
}

/*
 * Critical values of chi-square with 63 degrees of freedom: the x with
 * P(X >= x) = p, rounded to Q16.16. Computed with mpmath 1.3 at 30 digits
 * by solving Q(63/2, x/2) = p for x (Q the regularised upper incomplete
 * gamma function), and checked against the NIST/SEMATECH e-Handbook of
 * Statistical Methods, table 1.3.6.7.4, which lists 63 degrees of freedom
 * at p = 0.10, 0.05, 0.025, 0.01 and 0.001: 77.745, 82.529, 86.830, 92.010,
 * 103.442. The table stops at 0.001; the smaller p come from mpmath alone.
 */
const struct stats_chi2_level stats_chi2_63[STATS_CHI2_63_NR_LEVELS] = {
	{ "0.999", 2222049 }, /*  33.9058 */
	{ "0.99", 2611945 },  /*  39.8551 */
	{ "0.95", 2997707 },  /*  45.7414 */
	{ "0.9", 3218508 },   /*  49.1105 */
	{ "0.5", 4085160 },   /*  62.3346 (the median; the mean is 63) */
	{ "0.1", 5095122 },   /*  77.7454 */
	{ "0.05", 5408603 },  /*  82.5287 */
	{ "0.01", 6029969 },  /*  92.0100 */
	{ "0.001", 6779200 }, /* 103.4424 */
	{ "1e-4", 7438663 },  /* 113.5050 */
	{ "1e-5", 8043051 },  /* 122.7272 */
	{ "1e-6", 8609445 },  /* 131.3697 */
};

unsigned int stats_chi2_63_band(u64 chi2_q16)
{
	unsigned int b = 0;

	while (b < STATS_CHI2_63_NR_LEVELS && chi2_q16 >= stats_chi2_63[b].crit_q16)
		b++;
	return b;
}

bool stats_chi2_63_rejects_1e6(u64 chi2_q16)
{
	return chi2_q16 >= stats_chi2_63[STATS_CHI2_63_P_1E6].crit_q16;
}

/*
 * r1 with the mean m carried in Q8: d_i = 256 x_i - 256 m, |d_i| < 2^16, so
 * each product is below 2^32 and n < 2^31 of them fit in an s64. The ratio
 * is formed from magnitudes (no shifts of negative numbers): both terms are
 * scaled down together until the denominator is below 2^46, so that the
 * numerator (never larger, by Cauchy-Schwarz) times 2^16 fits.
 */
s32 stats_lag1_corr_q16(const u8 *x, size_t n)
{
	s64 sum = 0, mean_q8, num = 0, den = 0, prev;
	u64 mag, uden, r;
	bool negative;

	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		sum += x[i];
	mean_q8 = (sum * 256 + (s64)n / 2) / (s64)n;

	prev = (s64)x[0] * 256 - mean_q8;
	den = prev * prev;
	for (size_t i = 1; i < n; i++) {
		s64 d = (s64)x[i] * 256 - mean_q8;

		num += prev * d;
		den += d * d;
		prev = d;
	}
	if (den == 0)
		return 0;

	negative = num < 0;
	mag = negative ? (u64)(-num) : (u64)num;
	uden = (u64)den;
	while (uden >= (1ULL << 46)) {
		uden >>= 1;
		mag >>= 1;
	}
	r = ((mag << STATS_Q16_SHIFT) + uden / 2) / uden;
	if (r > STATS_Q16_ONE)
		r = STATS_Q16_ONE;
	return negative ? -(s32)r : (s32)r;
}

/* |r| > z / sqrt(n)  <=>  r^2 n > z^2, all in Q32 after squaring r. */
bool stats_corr_significant(s32 r_q16, u64 n, unsigned int z)
{
	u64 mag = r_q16 < 0 ? (u64)(-(s64)r_q16) : (u64)r_q16;
	u64 lhs = mag * mag; /* Q32, at most 2^32 */

	/* lhs * n > z^2 << 32, without overflow: compare lhs > (z^2 << 32) / n. */
	if (n == 0)
		return false;
	return lhs > ((u64)z * z << 32) / n;
}

/*
 * Bit by bit, from the highest power of four down (the method of Hacker's
 * Delight, 11-1): r collects the root, x keeps the remainder. No division,
 * no overflow: r + bit stays below 2^63 and no subtraction can go negative.
 */
u64 stats_isqrt(u64 x)
{
	u64 r = 0, bit = 1ULL << 62;

	while (bit > x)
		bit >>= 2;
	while (bit) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}

s64 stats_q16_to_milli(s64 q16)
{
	u64 mag = q16 < 0 ? (u64)(-q16) : (u64)q16;
	s64 milli = (s64)((mag * 1000 + STATS_Q16_ONE / 2) >> STATS_Q16_SHIFT);

	return q16 < 0 ? -milli : milli;
}

const char *stats_format_q16(char buf[24], s64 v)
{
	s64 milli = stats_q16_to_milli(v);
	u64 mag = milli < 0 ? (u64)-milli : (u64)milli;

	snprintf(buf, 24, "%s%llu.%03llu", milli < 0 ? "-" : "", (unsigned long long)(mag / 1000),
		 (unsigned long long)(mag % 1000));
	return buf;
}
