// SPDX-License-Identifier: MIT
/*
 * entropy [-m MODE|all] [-v]: how random is the kernel stack offset? How
 * much does the kernel stack pointer move from one syscall to the next?
 * Samples the SP inside the dispatcher (report_stack(), after the random
 * offset) and shows where the randomness is and how good it is:
 *
 *   entropy [-n N] [-m MODE|all] [-r] [-v]
 *	-n N	samples (default 4096, at most 65536)
 *	-m MODE	switch the offset source first (off counter crng16 crng8
 *		prng-task prng-cpu chacha-task chacha-spread); "all" runs each in
 *		turn and ends with one comparison table (with -v, each run's
 *		report first). The mode found at start is restored.
 *	-r	also print the raw samples, one hex SP per line, between
 *		BEGIN and END lines, for offline analysis
 *	-v	the full tables: one histogram bar per SP[9:4] value, and
 *		what each of SP bits 0..15 did; without it the report fits
 *		one 80x24 screen
 *
 * For each run: a 64-bin histogram of SP[9:4]; which of SP bits 0..15 ever
 * change; distinct values, Shannon entropy, min-entropy, chi-square against
 * uniform with its p-value, lag-1 correlation; the figure Linux's
 * tools/testing/selftests/lkdtm/stack-entropy.sh would print; a verdict.
 * Integer and fixed-point arithmetic only (lib/stats.c): the same numbers,
 * in the same format, on all six architectures. docs/kstack-offset.md
 * explains how to read it.
 */
#include <trapdoor/stats.h>

#include "lib/ulib.h"


#define DEFAULT_SAMPLES 4096
#define MAX_SAMPLES	65536
#define NR_SLOTS	64 /* values of SP[9:4] */
#define OFFSET_STEP	16
#define OFFSET_LAST	1008 /* KSTACK_OFFSET_MAX: 0b1111110000 */
#define BAR_WIDTH	50
#define CORR_Z		5   /* |r| > 5/sqrt(n): dependence, false alarm < 1e-6 */
#define MIN_JUDGED	320 /* chi-square wants about 5 expected per value */

static const char *const mode_names[NR_KSTACK_MODES] = KSTACK_MODE_NAMES;
static bool verbose; /* -v: the full tables */

/* Where each source came from, in one line (docs/kstack-offset.md says more). */
static const char *const mode_origins[NR_KSTACK_MODES] = {
	[KSTACK_MODE_OFF] = "no offset: the baseline",
	[KSTACK_MODE_COUNTER] = "cycle counter at exit: old x86, s390, powerpc, loongarch",
	[KSTACK_MODE_CRNG16] = "get_random_u16() at exit: old arm64 and riscv",
	[KSTACK_MODE_CRNG8] = "get_random_u8() << 2 at entry: the cheaper CRNG proposal",
	[KSTACK_MODE_PRNG_TASK] = "per-task LFSR113 seeded at fork: Ryan Roberts' RFC",
	[KSTACK_MODE_PRNG_CPU] = "per-cpu LFSR113 seeded at boot: Linux since 2026",
	[KSTACK_MODE_CHACHA_TASK] = "per-task ChaCha20 keystream keyed at fork/exec",
	[KSTACK_MODE_CHACHA_SPREAD] =
	    "per-task ChaCha8 keystream keyed at fork/exec, made as used: trapdoor's default",
};

/* And what is wrong with it (docs/kstack-offset.md has the history). */
static const char *const mode_weaknesses[NR_KSTACK_MODES] = {
	[KSTACK_MODE_OFF] = "every syscall's locals are at the same address",
	[KSTACK_MODE_COUNTER] = "a clock is no secret: user space reads it too",
	[KSTACK_MODE_CRNG16] = "a ChaCha20 refill in the syscall path every 48 calls",
	[KSTACK_MODE_CRNG8] = "still a ChaCha20 refill every 96 calls",
	[KSTACK_MODE_PRNG_TASK] = "LFSR113 is linear: ~19 leaked offsets reveal the stream",
	[KSTACK_MODE_PRNG_CPU] = "one never-reseeded stream shared by every task on the CPU",
	[KSTACK_MODE_CHACHA_TASK] = "a ChaCha block every 64 calls (user/predict: at chance)",
	[KSTACK_MODE_CHACHA_SPREAD] = "8 rounds, not 20 (user/predict: at chance)",
};

enum verdict {
	VERDICT_GOOD,
	VERDICT_WEAK,
	VERDICT_NONE,
	VERDICT_BROKEN,
	VERDICT_UNSURE
};

static const char *const verdict_names[] = {
	[VERDICT_GOOD] = "GOOD",     [VERDICT_WEAK] = "WEAK",	  [VERDICT_NONE] = "NONE",
	[VERDICT_BROKEN] = "BROKEN", [VERDICT_UNSURE] = "UNSURE",
};

struct result {
	int mode; /* -1: unknown (the kernel would not say) */
	unsigned long n;
	unsigned long base;	    /* SP at offset 0 */
	bool base_measured;	    /* read with the offset off; else the highest SP seen */
	u32 hist[NR_SLOTS];	    /* SP[9:4] */
	u32 ones[16];		    /* per SP bit 0..15: samples with the bit set */
	u64 offsets_seen;	    /* bit k: some SP was base - 16k */
	unsigned long off_grid;	    /* samples not of the form base - 16k, k < 64 */
	unsigned long borrowed;	    /* samples whose offset borrowed from bit 10 */
	unsigned long high_changed; /* OR of (sp ^ base) >> 16: bits above the table */
	unsigned int distinct_sp;
	unsigned int distinct_slots;
	u32 h_q16, hmin_q16;
	u64 chi2_q16;
	s32 lag1_q16;
	enum verdict verdict;
};

static unsigned long samples[MAX_SAMPLES];
static u8 slots[MAX_SAMPLES];
static struct result results[NR_KSTACK_MODES];

static long set_mode(long mode)
{
	return trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, mode);
}

static const char *mode_name(int mode)
{
	return mode >= 0 && mode < NR_KSTACK_MODES ? mode_names[mode] : "unknown";
}

/* The p-value bracket of a chi-square with 63 degrees of freedom; buf holds 32 bytes. */
static const char *p_bracket(char *buf, u64 chi2_q16)
{
	unsigned int b = stats_chi2_63_band(chi2_q16);

	if (b == 0)
		snprintf(buf, 32, "p > %s", stats_chi2_63[0].p_text);
	else if (b == STATS_CHI2_63_NR_LEVELS)
		snprintf(buf, 32, "p <= %s", stats_chi2_63[b - 1].p_text);
	else
		snprintf(buf, 32, "%s < p <= %s", stats_chi2_63[b].p_text,
			 stats_chi2_63[b - 1].p_text);
	return buf;
}

/*
 * One run: the base first (one syscall with the offset off: every syscall
 * of a task enters the dispatcher at the same depth, so that SP is exact),
 * then n syscalls that do nothing but report their SP.
 */
static void sample(struct result *r, int mode, unsigned long n)
{
	long old = set_mode(KSTACK_MODE_OFF);

	memset(r, 0, sizeof(*r));
	r->mode = mode;
	r->n = n;
	if (old >= 0) {
		r->base = report_stack();
		r->base_measured = true;
		set_mode(mode >= 0 ? mode : old);
	}
	for (unsigned long i = 0; i < n; i++)
		samples[i] = report_stack();
}

static void analyse(struct result *r)
{
	unsigned long n = r->n;
	unsigned int base_slot;

	if (!r->base_measured)
		for (unsigned long i = 0; i < n; i++)
			if (samples[i] > r->base)
				r->base = samples[i];
	base_slot = (r->base >> 4) & (NR_SLOTS - 1);

	for (unsigned long i = 0; i < n; i++) {
		unsigned long sp = samples[i], delta = r->base - sp;

		slots[i] = (u8)((sp >> 4) & (NR_SLOTS - 1));
		r->hist[slots[i]]++;
		for (int bit = 0; bit < 16; bit++)
			r->ones[bit] += (sp >> bit) & 1;
		r->high_changed |= (sp ^ r->base) >> 16;
		if (sp <= r->base && delta % OFFSET_STEP == 0 && delta <= OFFSET_LAST) {
			r->offsets_seen |= 1ULL << (delta / OFFSET_STEP);
			r->borrowed += delta / OFFSET_STEP > base_slot;
		} else {
			r->off_grid++;
		}
	}
	for (u64 seen = r->offsets_seen; seen; seen &= seen - 1)
		r->distinct_sp++;
	r->distinct_slots = stats_distinct(r->hist, NR_SLOTS);
	r->h_q16 = stats_shannon_q16(r->hist, NR_SLOTS);
	r->hmin_q16 = stats_min_entropy_q16(r->hist, NR_SLOTS);
	r->chi2_q16 = stats_chi2_uniform_q16(r->hist, NR_SLOTS);
	r->lag1_q16 = stats_lag1_corr_q16(slots, n);

	if (r->off_grid)
		r->verdict = VERDICT_BROKEN;
	else if (r->distinct_sp <= 1)
		r->verdict = VERDICT_NONE;
	else if (n < MIN_JUDGED)
		r->verdict = VERDICT_UNSURE;
	else if (r->distinct_sp < NR_SLOTS || stats_chi2_63_rejects_1e6(r->chi2_q16) ||
		 stats_corr_significant(r->lag1_q16, n, CORR_Z))
		r->verdict = VERDICT_WEAK;
	else
		r->verdict = VERDICT_GOOD;
}

static void print_raw(const struct result *r)
{
	printf("BEGIN raw samples: mode %s, %lu SP values\n", mode_name(r->mode), r->n);
	for (unsigned long i = 0; i < r->n; i++)
		printf("0x%016lx\n", samples[i]);
	printf("END raw samples\n");
}

static void print_histogram(const struct result *r)
{
	unsigned int base_slot = (r->base >> 4) & (NR_SLOTS - 1);
	u32 max = 0, per_mark;

	for (int v = 0; v < NR_SLOTS; v++)
		if (r->hist[v] > max)
			max = r->hist[v];
	if (!verbose) {
		/* Four rows of sixteen counts: the shape, on one screen (-v: the bars). */
		printf(
		    "\nhistogram of SP[9:4]: %lu samples, %lu.%lu expected per value (-v: bars)\n",
		    r->n, r->n / NR_SLOTS, r->n * 10 / NR_SLOTS % 10);
		for (int v = 0; v < NR_SLOTS; v++)
			printf("%s%4u%s", v % 16 ? "" : "  ", r->hist[v], v % 16 == 15 ? "\n" : "");
		return;
	}
	per_mark = max > BAR_WIDTH ? (max + BAR_WIDTH - 1) / BAR_WIDTH : 1;
	printf("\nhistogram of SP[9:4]: %lu samples, %lu.%lu expected per value, # = %u samples\n",
	       r->n, r->n / NR_SLOTS, r->n * 10 / NR_SLOTS % 10, per_mark);
	printf("  (offset: the one offset that gives this SP[9:4] from the base's %u)\n",
	       base_slot);
	for (int v = 0; v < NR_SLOTS; v++) {
		char bar[BAR_WIDTH + 1];
		u32 marks = r->hist[v] / per_mark;

		memset(bar, '#', marks);
		bar[marks] = '\0';
		unsigned int k = (base_slot - (unsigned int)v) & (NR_SLOTS - 1);

		printf("  SP[9:4] %2d  offset %4u %6u |%s\n", v, k * OFFSET_STEP, r->hist[v], bar);
	}
}

/*
 * SP bits 0..15, what each did. Bits 4..9 carry the offset; 0..3 never
 * move (the offset is a multiple of 16); 10 and up move only when
 * base - offset borrows from bit 10, which happens for the offsets larger
 * than the base's own SP[9:4] * 16.
 */
static void print_bits(const struct result *r)
{
	unsigned int base_slot = (r->base >> 4) & (NR_SLOTS - 1);

	if (!verbose) {
		printf("SP bits that change:");
		for (int bit = 15; bit >= 0; bit--)
			if (r->ones[bit] != 0 && r->ones[bit] != r->n)
				printf(" %d", bit);
		printf(" (9..4 carry the offset, 10 up only by borrow; -v: the table)\n");
		return;
	}
	printf("\nSP bits 0..15 over %lu samples (base SP 0x%016lx%s):\n", r->n, r->base,
	       r->base_measured ? ", measured with the offset off" : ", estimated: the highest SP");
	printf("  bit   ones  zeros  changes  role\n");
	for (int bit = 15; bit >= 0; bit--) {
		u32 ones = r->ones[bit];
		bool changes = ones != 0 && ones != r->n;
		const char *role = bit >= 10 ? "above the offset: moves only by borrow" :
				   bit >= 4  ? "offset bits 9..4" :
					       "below the 16-byte step: never moves";

		printf("  %3d %6u %6lu  %-7s  %s\n", bit, ones, r->n - ones, changes ? "yes" : "no",
		       role);
	}
	if (r->high_changed)
		printf("  bits 16 and up also changed (mask 0x%lx << 16): by the same borrow\n",
		       r->high_changed);
	if (base_slot == NR_SLOTS - 1)
		printf("borrow: the base's SP[9:4] is 63, so no offset reaches bit 10: "
		       "only SP[9:4] can change.\n");
	else
		printf("borrow: the base's SP[9:4] is %u, so the %u offsets from %u to 1008 "
		       "borrow from bit 10 (%lu of %lu samples did).\n"
		       "        That moves bits 10 and up, but adds no entropy: "
		       "SP still takes at most 64 values.\n",
		       base_slot, NR_SLOTS - 1 - base_slot, (base_slot + 1) * OFFSET_STEP,
		       r->borrowed, r->n);
}

static void print_summary(const struct result *r)
{
	char a[24], b[24], p[32];
	unsigned int sh_bits = stats_bit_length(r->distinct_sp);
	u64 root = stats_isqrt((u64)r->n * 1000000);
	u64 corr_milli = root ? (u64)CORR_Z * 1000000 / root : 0; /* 1000 z / sqrt(n) */

	printf("\nsamples                  %lu\n", r->n);
	printf("distinct SP values       %u of the 64 offsets 0, 16, ..., 1008", r->distinct_sp);
	if (r->off_grid)
		printf("; %lu samples were NOT base - 16k", r->off_grid);
	printf("\ndistinct SP[9:4] values  %u of 64\n", r->distinct_slots);
	printf("Shannon entropy          %s bits (of 6)\n", stats_format_q16(a, r->h_q16));
	printf("min-entropy              %s bits (of 6)\n", stats_format_q16(a, r->hmin_q16));
	printf("chi-square, 63 df        %s, %s "
	       "(uniform is rejected at p <= 1e-6: chi2 >= 131.370)\n",
	       stats_format_q16(a, (s64)r->chi2_q16), p_bracket(p, r->chi2_q16));
	printf("lag-1 correlation        %s (dependence if |r| > %d/sqrt(n) = %llu.%03llu)\n",
	       stats_format_q16(b, r->lag1_q16), CORR_Z, (unsigned long long)(corr_milli / 1000),
	       (unsigned long long)(corr_milli % 1000));
	printf("stack-entropy.sh         %u (bits: the binary length of the distinct count, %u)",
	       sh_bits, r->distinct_sp);
	if (r->distinct_sp == NR_SLOTS && verbose)
		printf(";\n                         one bit too many: 64 is 0b1000000, 7 digits, "
		       "but 64 values are 6 bits");
	printf("\n");

	printf("verdict: %s: mode %s: ", verdict_names[r->verdict], mode_name(r->mode));
	switch (r->verdict) {
	case VERDICT_GOOD:
		printf("all 64 offsets, uniform (%s), no lag-1 dependence: 6 bits in SP[9:4]\n",
		       p_bracket(p, r->chi2_q16));
		if (r->mode == KSTACK_MODE_COUNTER)
			printf("note: statistics cannot see who else can read the clock: "
			       "uniform is not secret\n");
		break;
	case VERDICT_NONE:
		printf("SP never moved: 0 bits\n");
		break;
	case VERDICT_BROKEN:
		printf("%lu samples are not base - 16k (k < 64): the offset is not what "
		       "KSTACK_OFFSET_MAX allows\n",
		       r->off_grid);
		break;
	case VERDICT_UNSURE:
		printf("%lu samples are too few to judge 64 values (take %d or more)\n", r->n,
		       MIN_JUDGED);
		break;
	case VERDICT_WEAK:
		printf("%u of 64 offsets, %s, lag-1 r %s: fewer than 6 good bits\n", r->distinct_sp,
		       p_bracket(p, r->chi2_q16), stats_format_q16(a, r->lag1_q16));
		break;
	}
}

static void run(struct result *r, int mode, unsigned long n, bool raw, bool quiet)
{
	struct new_utsname u;

	uname(&u);
	sample(r, mode, n);
	analyse(r);
	if (quiet)
		return;
	printf("\n=== entropy: mode %s, %lu samples, %s ===\n", mode_name(r->mode), n, u.machine);
	if (r->mode >= 0)
		printf("source:   %s\nweakness: %s\n", mode_origins[r->mode],
		       mode_weaknesses[r->mode]);
	if (raw)
		print_raw(r);
	print_histogram(r);
	print_bits(r);
	print_summary(r);
}

static void print_comparison(void)
{
	printf("\n=== comparison: %lu samples per mode ===\n", results[0].n);
	printf("%-13s %8s %6s %6s %10s  %-18s %7s %3s  %s\n", "mode", "distinct", "H", "Hmin",
	       "chi2", "p", "lag-1", "sh", "verdict");
	for (int m = 0; m < NR_KSTACK_MODES; m++) {
		const struct result *r = &results[m];
		char h[24], hmin[24], chi[24], p[32], lag[24];

		printf("%-13s %8u %6s %6s %10s  %-18s %7s %3u  %s\n", mode_names[m], r->distinct_sp,
		       stats_format_q16(h, r->h_q16), stats_format_q16(hmin, r->hmin_q16),
		       stats_format_q16(chi, (s64)r->chi2_q16), p_bracket(p, r->chi2_q16),
		       stats_format_q16(lag, r->lag1_q16), stats_bit_length(r->distinct_sp),
		       verdict_names[r->verdict]);
	}
	printf("(H, Hmin in bits of 6; sh: what stack-entropy.sh would print)\n");
}

static void usage(void)
{
	printf("usage: entropy [-n samples] [-m off|counter|crng16|crng8|prng-task|prng-cpu|"
	       "chacha-task|chacha-spread|all] [-r] [-v]\n");
}

int main(int argc, char **argv)
{
	unsigned long n = DEFAULT_SAMPLES;
	const char *want = NULL;
	bool raw = false, all = false;
	long found;
	int mode = -1;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc) {
			n = parse_count(argv[++i], MAX_SAMPLES);
			if (!n) {
				printf("entropy: -n wants a number from 1 to %d\n", MAX_SAMPLES);
				return 1;
			}
		} else if (!strcmp(argv[i], "-m") && i + 1 < argc) {
			want = argv[++i];
		} else if (!strcmp(argv[i], "-r")) {
			raw = true;
		} else if (!strcmp(argv[i], "-v")) {
			verbose = true;
		} else {
			usage();
			return strcmp(argv[i], "-h") ? 1 : 0;
		}
	}

	found = set_mode(-1);
	if (want) {
		all = !strcmp(want, "all");
		for (int m = 0; m < NR_KSTACK_MODES && !all; m++)
			if (!strcmp(want, mode_names[m]))
				mode = m;
		if (!all && mode < 0) {
			printf("entropy: unknown mode \"%s\"\n", want);
			usage();
			return 1;
		}
		if (found < 0) {
			printf("entropy: the kernel cannot switch modes (trapdoor_config: %ld)\n",
			       found);
			return 1;
		}
	} else {
		mode = found >= 0 && found < NR_KSTACK_MODES ? (int)found : -1;
	}

	if (all) {
		if (!verbose && !raw)
			printf("entropy: %d modes, %lu samples each (-v: each one's full report)\n",
			       NR_KSTACK_MODES, n);
		for (int m = 0; m < NR_KSTACK_MODES; m++)
			run(&results[m], m, n, raw, !verbose && !raw);
		print_comparison();
	} else {
		run(&results[0], mode, n, raw, false);
	}
	if (found >= 0)
		set_mode(found);
	return 0;
}
