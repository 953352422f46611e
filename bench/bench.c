// SPDX-License-Identifier: MIT
/*
 * bench: what the syscall path costs in each offset mode, with and without
 * the stackleak erase, measured from user space (docs/benchmarks.md).
 *
 *   bench [calls=N] [rounds=R] [loop=N] [pipe=N] [fold=N] [suites=LIST] [label=NAME] [smoke]
 *   bench profile=getpid|pipe|forkexec [ops=N] [wait]
 *   bench true
 *
 * Suites (LIST joins any of them with '+'; default all):
 *   syscall  getpid, getppid and an invalid number, each call timed alone
 *            with the arch's user-readable counter (user_counter(),
 *            user/lib/arch/<arch>/counter.S), in every offset mode x stackleak on/off
 *            ("cells"). Each cell gets N calls (default 100000) after a
 *            warm-up, spread over R rounds (default 10); every round visits
 *            the cells in a rotated order so that drift of the host hits all
 *            alike. Mean, p50, p99, p99.9 per cell, and the change against
 *            kstack=off with (I)/(R) where a Mann-Whitney U test on the R
 *            per-round values says the difference is significant.
 *   crng     getpid latency folded by call index mod 48 and mod 96 in each
 *            offset mode: a CRNG batch refill shows as one slow phase.
 *   loop     getpid 2^22 times (loop=N), stackleak on vs off; then getppid
 *            in the output format of perf's `bench syscall basic`.
 *   pipe     perf's `bench sched pipe`: two tasks pass a token back and forth
 *            through two pipes N times (pipe=N, default 20000), per cell; then
 *            once more in the boot's own cell, in perf's output format.
 *   smp      with two CPUs or more: the same ping-pong with both tasks on
 *            CPU 0, then with them on CPUs 0 and 1 (make bench's -smp 2
 *            boot, docs/smp.md); nothing on one CPU.
 *
 * `profile=` runs one workload alone for make profile (tools/profile): ops
 * getpid calls, sched pipe round trips, or fork+execve+exit+wait cycles
 * (default 200), between the calls of profile_begin() and profile_end(),
 * whose addresses tools/profile finds in this program's symbols. Before
 * them it prints "profile: ready" and, with `wait`, waits for a line on the
 * console: the one tools/profile sends when QEMU's execution log is on. `true` exits at once:
 * the program forkexec runs.
 *
 * `smoke` is a quick run of every suite with few calls; it also prints PASS:/
 * FAIL: lines that check the instrument itself (tools/testsuite counts them).
 *
 * Besides the tables, every figure is printed once more in lines starting
 * "B:" for bench/run, which turns them into docs/results/. Times are
 * counter ticks there; the tables convert them to ns with the counter's
 * frequency (kernel_stats.counter_hz). The settings found at start are
 * restored at the end.
 *
 * One static binary runs on both kernels (bench/bench.h): on Linux, where
 * trapdoor's own calls are -ENOSYS, a boot is one cell, and as process 1 the
 * program is the initramfs's /init (make bench-linux).
 */
#include "bench.h"

#define MAX_ROUNDS		32
#define MAX_PER_ROUND		32768
#define NR_SYS			3
#define NR_SL			2	/* stackleak on, off */
#define NR_CELLS		(NR_KSTACK_MODES * NR_SL)
#define VISIT_WARMUP		256	/* untimed calls after each switch of cell */

static const char *const *const mode_names = bench_kstack_mode_names;
static const char *const sys_names[NR_SYS] = { "getpid", "getppid", "invalid" };
static const long sys_nrs[NR_SYS] = { BENCH_NR_GETPID, BENCH_NR_GETPPID, BENCH_NR_INVALID };

struct options {
	unsigned long calls, rounds, loop, pipe, fold;
	unsigned long ops;
	bool syscall, crng, loopsuite, pipesuite, smpsuite, smoke, wait;
	const char *label, *profile;
};

/* A configuration: one offset mode, stackleak on or off. */
static int cell_mode(int c) { return c % NR_KSTACK_MODES; }
static int cell_sl(int c) { return c < NR_KSTACK_MODES; }	/* the first six: on */

static u64 counter_hz;
static bool can_switch;		/* the kernel lets us choose the mode (trapdoor) */
static int boot_mode, boot_sl;
static int failures;		/* smoke: checks that failed */

/* --- numbers to text ---------------------------------------------------- */

/* x / 10^decimals as text ("12.34"); x may be negative. */
static char *fixed(char *buf, size_t size, long long x, int decimals)
{
	unsigned long long p = 1, a = x < 0 ? (unsigned long long)-x : (unsigned long long)x;

	for (int i = 0; i < decimals; i++)
		p *= 10;
	if (decimals)
		snprintf(buf, size, "%s%llu.%0*llu", x < 0 ? "-" : "", a / p, decimals, a % p);
	else
		snprintf(buf, size, "%s%llu", x < 0 ? "-" : "", a);
	return buf;
}

/* Milli-ticks to tenths of a ns (the counter's frequency is known), else ticks. */
static long long mticks_to_ns10(u64 mt)
{
	if (!counter_hz)
		return (long long)(mt / 100);	/* tenths of ticks */
	return (long long)(mt * 10000000ULL / counter_hz);
}

static const char *unit(void) { return counter_hz ? "ns" : "ticks"; }

/* --- sorting and statistics --------------------------------------------- */

static void sift_down(u32 *a, size_t root, size_t n)
{
	for (;;) {
		size_t child = 2 * root + 1;
		u32 t;

		if (child >= n)
			return;
		if (child + 1 < n && a[child + 1] > a[child])
			child++;
		if (a[root] >= a[child])
			return;
		t = a[root];
		a[root] = a[child];
		a[child] = t;
		root = child;
	}
}

/* Heapsort: no recursion, no extra memory, n log n whatever the input. */
static void sort_u32(u32 *a, size_t n)
{
	for (size_t i = n / 2; i-- > 0;)
		sift_down(a, i, n);
	for (size_t end = n; end-- > 1;) {
		u32 t = a[0];

		a[0] = a[end];
		a[end] = t;
		sift_down(a, 0, end);
	}
}

/* The nearest-rank quantile num/den of n sorted values: the ceil(n*num/den)-th smallest. */
static size_t rank_index(size_t n, unsigned int num, unsigned int den)
{
	size_t r = (n * num + den - 1) / den;

	return r ? r - 1 : 0;
}

enum { ST_MEAN, ST_P50, ST_P99, ST_P999, NR_STATS };
static const char *const stat_names[NR_STATS] = { "mean", "p50", "p99", "p99.9" };
static const unsigned int q_num[NR_STATS] = { 0, 1, 99, 999 };
static const unsigned int q_den[NR_STATS] = { 1, 2, 100, 1000 };

/*
 * Every cell's calls also go into a histogram, for the quantiles over all
 * rounds: exact below 256 ticks, above that 128 buckets per power of two,
 * so a bucket's midpoint is within 0.4% of any value in it.
 */
#define HIST_EXACT		256
#define HIST_SUB		128
#define HIST_BUCKETS		(HIST_EXACT + (32 - 8) * HIST_SUB)

static unsigned int bit_length(u32 v)
{
	unsigned int n = 0;

	while (v) {
		n++;
		v >>= 1;
	}
	return n;
}

static unsigned int hist_bucket(u32 v)
{
	unsigned int bl;

	if (v < HIST_EXACT)
		return v;
	bl = bit_length(v);	/* 9..32 */
	return HIST_EXACT + (bl - 9) * HIST_SUB + ((v >> (bl - 8)) & (HIST_SUB - 1));
}

/* A bucket's lowest value and its width. */
static u64 hist_low(unsigned int b, u64 *width)
{
	unsigned int k, m;

	if (b < HIST_EXACT) {
		*width = 1;
		return b;
	}
	k = (b - HIST_EXACT) / HIST_SUB;
	m = (b - HIST_EXACT) % HIST_SUB;
	*width = 1ULL << (k + 1);
	return (u64)(HIST_SUB + m) << (k + 1);
}

/* The nearest-rank quantile from a histogram, as the bucket's midpoint in milli-ticks. */
static u64 hist_quantile_mt(const u32 *h, u64 n, unsigned int num, unsigned int den)
{
	u64 want = rank_index(n, num, den) + 1, seen = 0, width;

	for (unsigned int b = 0; b < HIST_BUCKETS; b++) {
		seen += h[b];
		if (seen >= want) {
			u64 lo = hist_low(b, &width);

			return lo * 1000 + (width - 1) * 500;
		}
	}
	return 0;
}

/* --- the significance test ---------------------------------------------- */

/*
 * Two-sided Mann-Whitney U test at alpha = 0.05 between the per-round values
 * of a cell (x) and of its baseline (y), n rounds each: U counts the pairs
 * with x > y, a tie as one half. Without a difference U is about n^2/2 with
 * variance n^2 (2n+1) / 12; significant if |U - n^2/2| - 1/2 (continuity
 * correction) exceeds 1.96 standard deviations. Ties make the real variance
 * smaller, so leaving out the tie correction errs towards "not significant".
 * Integer form, with U2 = 2U: 12 (|U2 - n^2| - 1)^2 > 4 * 1.96^2 n^2 (2n+1).
 * Returns -1 if x is significantly lower (an improvement), 1 if higher (a
 * regression), else 0.
 */
static int mann_whitney(const u64 *x, const u64 *y, unsigned long n)
{
	long long u2 = 0, d, nn = (long long)(n * n);

	for (unsigned long i = 0; i < n; i++)
		for (unsigned long j = 0; j < n; j++)
			u2 += x[i] > y[j] ? 2 : x[i] == y[j] ? 1 : 0;
	d = (u2 > nn ? u2 - nn : nn - u2) - 1;
	if (d <= 0)
		return 0;
	/* 1.96^2 = 3.8416: compare 12 d^2 * 10000 with 4 * 38416 * n^2 (2n+1). */
	if ((u64)d * (u64)d * 120000ULL <= 4ULL * 38416ULL * (u64)nn * (2 * n + 1))
		return 0;
	return u2 > nn ? 1 : -1;
}

/* --- switching cells ---------------------------------------------------- */

static void set_cell(int c)
{
	if (!can_switch)
		return;
	bench_set_kstack_mode(cell_mode(c));
	bench_set_stackleak(cell_sl(c));
}

static const char *cell_label(int c, char *buf, size_t size)
{
	snprintf(buf, size, "%s/%s", mode_names[cell_mode(c)], cell_sl(c) ? "on" : "off");
	return buf;
}

/* --- the syscall suite -------------------------------------------------- */

struct cell_result {
	u64 n, sum;			/* calls and their total, ticks */
	u32 min, max;
	u64 round[NR_STATS][MAX_ROUNDS];	/* per-round mean (milli-ticks) and quantiles */
	u32 hist[HIST_BUCKETS];
};

static struct cell_result results[NR_SYS][NR_CELLS];
static u32 samples[MAX_PER_ROUND];
static int nr_cells, first_cell;	/* cells this kernel can switch between */

static void time_calls(long nr, u32 *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		u64 t0 = user_counter();

		bench_syscall0(nr);
		out[i] = (u32)(user_counter() - t0);
	}
}

static void warm_up(long nr, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		bench_syscall0(nr);
}

static void record_round(struct cell_result *r, unsigned long round, size_t n)
{
	u64 sum = 0;

	for (size_t i = 0; i < n; i++) {
		sum += samples[i];
		r->hist[hist_bucket(samples[i])]++;
	}
	sort_u32(samples, n);
	if (!r->n || samples[0] < r->min)
		r->min = samples[0];
	if (samples[n - 1] > r->max)
		r->max = samples[n - 1];
	r->n += n;
	r->sum += sum;
	r->round[ST_MEAN][round] = sum * 1000 / n;
	for (int s = ST_P50; s < NR_STATS; s++)
		r->round[s][round] = (u64)samples[rank_index(n, q_num[s], q_den[s])] * 1000;
}

/* The figure of a cell over all rounds, milli-ticks. */
static u64 cell_stat(const struct cell_result *r, int s)
{
	if (s == ST_MEAN)
		return r->n ? r->sum * 1000 / r->n : 0;
	return hist_quantile_mt(r->hist, r->n, q_num[s], q_den[s]);
}

static void print_rule(int ncols)
{
	printf("+-----------------+--------------+");
	for (int i = 0; i < ncols; i++)
		printf("---------------+");
	printf("\n");
}

/*
 * The kernel list's table: for each syscall and statistic, the change of
 * each mode against kstack=off with the same stackleak setting.
 */
static void print_relative_table(const struct options *o, int sl)
{
	char buf[48], cell[64];

	printf("\nsyscall: change against kstack=off, stackleak=%s; (I)/(R): significant "
	       "improvement/regression\n", sl ? "on" : "off");
	print_rule(NR_KSTACK_MODES - 1);
	printf("| %-15s | %-12s |", "Benchmark", "Result Class");
	for (int m = 1; m < NR_KSTACK_MODES; m++)
		printf(" %13s |", mode_names[m]);
	printf("\n");
	print_rule(NR_KSTACK_MODES - 1);
	for (int s = 0; s < NR_SYS; s++) {
		for (int st = 0; st < NR_STATS; st++) {
			char name[24], cls[24];

			snprintf(name, sizeof(name), "syscall/%s", sys_names[s]);
			snprintf(cls, sizeof(cls), "%s (%s)", stat_names[st], unit());
			printf("| %-15s | %-12s |", st == 0 ? name : "", cls);
			for (int m = 1; m < NR_KSTACK_MODES; m++) {
				int c = (sl ? 0 : NR_KSTACK_MODES) + m, b = c - m;
				const struct cell_result *x = &results[s][c], *y = &results[s][b];
				u64 xv = cell_stat(x, st), yv = cell_stat(y, st);
				long long pct = yv ? ((long long)xv - (long long)yv) * 10000 / (long long)yv : 0;
				int sig = mann_whitney(x->round[st], y->round[st], o->rounds);

				snprintf(cell, sizeof(cell), "%s%s%%", sig < 0 ? "(I) " : sig > 0 ? "(R) " : "",
					 fixed(buf, sizeof(buf), pct, 2));
				printf(" %13s |", cell);
			}
			printf("\n");
		}
		print_rule(NR_KSTACK_MODES - 1);
	}
}

/* Absolute figures: one row per cell, mean/p50/p99/p99.9 per syscall. */
static void print_absolute_table(void)
{
	char label[48], b[4][48];

	printf("\nsyscall: per-call latency (%s), counter read included\n", unit());
	printf("%-16s %-8s %10s %10s %10s %10s %10s\n", "cell", "syscall", "calls", "mean", "p50",
	       "p99", "p99.9");
	for (int c = first_cell; c < first_cell + nr_cells; c++)
		for (int s = 0; s < NR_SYS; s++) {
			const struct cell_result *r = &results[s][c];

			for (int st = 0; st < NR_STATS; st++)
				fixed(b[st], sizeof(b[st]), mticks_to_ns10(cell_stat(r, st)), 1);
			printf("%-16s %-8s %10lu %10s %10s %10s %10s\n",
			       can_switch ? cell_label(c, label, sizeof(label)) : "this boot",
			       sys_names[s], (unsigned long)r->n, b[0], b[1], b[2], b[3]);
		}
}

/* Stackleak's cost per offset mode: on against off, getpid. */
static void print_stackleak_table(const struct options *o)
{
	char buf[48], cell[64];

	printf("\nsyscall/getpid: stackleak=on against stackleak=off, per offset mode\n");
	printf("%-10s %-6s %12s %12s %16s\n", "kstack", "stat", "off", "on", "change");
	for (int m = 0; m < NR_KSTACK_MODES; m++)
		for (int st = 0; st < NR_STATS; st++) {
			const struct cell_result *on = &results[0][m], *off = &results[0][m + NR_KSTACK_MODES];
			u64 a = cell_stat(off, st), b = cell_stat(on, st);
			long long pct = a ? ((long long)b - (long long)a) * 10000 / (long long)a : 0;
			int sig = mann_whitney(on->round[st], off->round[st], o->rounds);
			char x[48], y[48];

			snprintf(cell, sizeof(cell), "%s%s%%", sig < 0 ? "(I) " : sig > 0 ? "(R) " : "",
				 fixed(buf, sizeof(buf), pct, 2));
			printf("%-10s %-6s %12s %12s %16s\n", st ? "" : mode_names[m], stat_names[st],
			       fixed(x, sizeof(x), mticks_to_ns10(a), 1),
			       fixed(y, sizeof(y), mticks_to_ns10(b), 1), cell);
		}
}

static void syscall_suite(const struct options *o)
{
	unsigned long per_round = o->calls / o->rounds;
	char label[48];

	printf("\n== syscall: %lu calls per cell in %lu rounds of %lu, %d cells, %d syscalls\n",
	       per_round * o->rounds, o->rounds, per_round, nr_cells, NR_SYS);
	/* What the bracket itself costs: two counter reads with nothing between. */
	{
		u64 sum = 0;

		for (int i = 0; i < 4096; i++) {
			u64 t0 = user_counter();

			sum += user_counter() - t0;
		}
		printf("B: bracket %llu\n", (unsigned long long)(sum * 1000 / 4096));
		printf("counter read back to back: %s %s (included in every figure below)\n",
		       fixed(label, sizeof(label), mticks_to_ns10(sum * 1000 / 4096), 1), unit());
	}
	/* Warm-up: every cell and syscall once, untimed. */
	for (int c = first_cell; c < first_cell + nr_cells; c++) {
		set_cell(c);
		for (int s = 0; s < NR_SYS; s++)
			warm_up(sys_nrs[s], 4 * VISIT_WARMUP);
	}
	for (unsigned long r = 0; r < o->rounds; r++) {
		for (int k = 0; k < nr_cells; k++) {
			int c = first_cell + (int)((r + (unsigned long)k) % (unsigned long)nr_cells);

			set_cell(c);
			for (int j = 0; j < NR_SYS; j++) {
				int s = (int)((r + (unsigned long)j) % NR_SYS);

				warm_up(sys_nrs[s], VISIT_WARMUP);
				time_calls(sys_nrs[s], samples, per_round);
				record_round(&results[s][c], r, per_round);
			}
		}
		printf("bench: syscall round %lu/%lu done\n", r + 1, o->rounds);
	}

	/* For bench/run: per round, then per cell (ticks; quantiles in milli-ticks). */
	for (int c = first_cell; c < first_cell + nr_cells; c++)
		for (int s = 0; s < NR_SYS; s++) {
			const struct cell_result *x = &results[s][c];
			const char *cl = can_switch ? cell_label(c, label, sizeof(label)) : o->label;

			for (unsigned long r = 0; r < o->rounds; r++)
				printf("B: round %s %s %lu %llu %llu %llu %llu\n", cl, sys_names[s], r,
				       (unsigned long long)x->round[ST_MEAN][r],
				       (unsigned long long)x->round[ST_P50][r],
				       (unsigned long long)x->round[ST_P99][r],
				       (unsigned long long)x->round[ST_P999][r]);
			printf("B: cell %s %s %llu %llu %lu %llu %llu %llu %lu\n", cl, sys_names[s],
			       (unsigned long long)x->n, (unsigned long long)x->sum,
			       (unsigned long)x->min, (unsigned long long)cell_stat(x, ST_P50),
			       (unsigned long long)cell_stat(x, ST_P99),
			       (unsigned long long)cell_stat(x, ST_P999), (unsigned long)x->max);
			/* getpid's histogram, for the plots: non-empty buckets only. */
			if (s == 0)
				for (unsigned int b = 0; b < HIST_BUCKETS; b++) {
					u64 w, lo = x->hist[b] ? hist_low(b, &w) : 0;

					if (x->hist[b])
						printf("B: hist %s %llu %llu %lu\n", cl, (unsigned long long)lo,
						       (unsigned long long)w, (unsigned long)x->hist[b]);
				}
		}

	print_absolute_table();
	if (can_switch) {
		print_relative_table(o, 1);
		print_relative_table(o, 0);
		print_stackleak_table(o);
	}

	if (o->smoke) {
		bool ok = true;

		/* Every cell is what its label says: the switches took. */
		for (int c = first_cell; can_switch && c < first_cell + nr_cells; c++) {
			int m, sl;

			set_cell(c);
			ok = ok && bench_get_config(&m, &sl) == 0 && m == cell_mode(c) && sl == cell_sl(c);
		}
		test_result("bench.syscall.cells_switch", ok, "a cell's mode did not read back");
		failures += !ok;
		ok = true;
		for (int c = first_cell; c < first_cell + nr_cells; c++)
			for (int s = 0; s < NR_SYS; s++)
				ok = ok && results[s][c].n == per_round * o->rounds &&
				     results[s][c].min <= results[s][c].max;
		test_result("bench.syscall.every_cell_measured", ok,
			    "a cell has fewer than %lu calls", per_round * o->rounds);
		failures += !ok;
	}
}

/* --- the crng view ------------------------------------------------------ */

/*
 * crng16 and crng8 take their offset from a batch of CRNG output that is
 * refilled every 48 (u16) or 96 (u8) syscalls: folding consecutive calls by
 * index mod 96 shows the refill as slow phases (crng16: two, 48 apart; crng8:
 * one), mod 48 as one. The other modes stay flat.
 */
static void crng_suite(const struct options *o)
{
	static u32 column[MAX_PER_ROUND / 48];
	unsigned long batches = o->fold / 96 ? o->fold / 96 : 1;
	char a[48], b[48], d[48];

	if (batches * 96 > MAX_PER_ROUND)
		batches = MAX_PER_ROUND / 96;
	printf("\n== crng: getpid folded by call index, %lu calls per mode, stackleak on; each "
	       "phase's median\n", batches * 96);
	printf("%-10s %4s %14s %14s %6s %14s %6s\n", "kstack", "mod", "median phase",
	       "slowest phase", "at", "excess", "slow");
	for (int m = 0; m < (can_switch ? NR_KSTACK_MODES : 1); m++) {
		const char *name = can_switch ? mode_names[m] : o->label;

		set_cell(m);	/* stackleak on */
		warm_up(BENCH_NR_GETPID, VISIT_WARMUP);
		/* One unbroken run: the batch's position advances by one per call. */
		time_calls(BENCH_NR_GETPID, samples, batches * 96);

		for (int mod = 48; mod <= 96; mod += 48) {
			u32 med[96], sorted[96];	/* each phase's median, ticks */
			unsigned long per = batches * 96 / (unsigned long)mod;
			int slow = 0, nslow = 0;

			/*
			 * The median, not the mean: a timer tick that lands in one
			 * call would otherwise lift its phase alone.
			 */
			for (int i = 0; i < mod; i++) {
				for (unsigned long k = 0; k < per; k++)
					column[k] = samples[(unsigned long)i + k * (unsigned long)mod];
				sort_u32(column, per);
				med[i] = sorted[i] = column[per / 2];
				if (med[i] > med[slow])
					slow = i;
				printf("B: fold %s %d %d %lu\n", name, mod, i, (unsigned long)med[i]);
			}
			sort_u32(sorted, (size_t)mod);
			/*
			 * Phases slow by more than half the slowest one's excess, if that
			 * is more than half a call: a refill costs many calls' worth,
			 * smaller bumps are the counter's steps or noise.
			 */
			for (int i = 0; i < mod && med[slow] - sorted[mod / 2] > sorted[mod / 2] / 2; i++)
				nslow += med[i] - sorted[mod / 2] > (med[slow] - sorted[mod / 2]) / 2;
			printf("%-10s %4d %14s %14s %6d %14s %6d\n", mod == 48 ? name : "", mod,
			       fixed(a, sizeof(a), mticks_to_ns10((u64)sorted[mod / 2] * 1000), 1),
			       fixed(b, sizeof(b), mticks_to_ns10((u64)med[slow] * 1000), 1), slow,
			       fixed(d, sizeof(d), mticks_to_ns10((u64)(med[slow] - sorted[mod / 2]) * 1000),
				     1), nslow);
		}
	}
}

/* --- the loop suite ----------------------------------------------------- */

static u64 loop_calls(long nr, unsigned long n)
{
	u64 t0 = user_counter();

	for (unsigned long i = 0; i < n; i++)
		bench_syscall0(nr);
	return user_counter() - t0;
}

/* Ticks to ns, as an integer. */
static u64 ticks_to_ns(u64 t)
{
	if (!counter_hz)
		return t;
	return t / counter_hz * 1000000000ULL + t % counter_hz * 1000000000ULL / counter_hz;
}

static void loop_suite(const struct options *o)
{
	char a[48], b[48];

	printf("\n== loop: getpid %lu times, kstack=%s\n", o->loop,
	       can_switch ? mode_names[boot_mode] : o->label);
	for (int sl = 1; sl >= 0; sl--) {
		u64 t, ns;

		if (can_switch) {
			bench_set_kstack_mode(boot_mode);
			bench_set_stackleak(sl);
		} else if (sl != 1) {
			break;
		}
		warm_up(BENCH_NR_GETPID, VISIT_WARMUP);
		t = loop_calls(BENCH_NR_GETPID, o->loop);
		ns = ticks_to_ns(t);
		printf("stackleak %-3s: %s s (%s ns per call)\n",
		       can_switch ? (sl ? "on" : "off") : o->label,
		       fixed(a, sizeof(a), (long long)ns, 9),
		       fixed(b, sizeof(b), (long long)(ns * 10 / o->loop), 1));
		printf("B: loop %s %s %lu %llu\n", can_switch ? mode_names[boot_mode] : o->label,
		       can_switch ? (sl ? "on" : "off") : "-", o->loop, (unsigned long long)t);
	}

	/* perf bench syscall basic: getppid in a loop, perf's output format. */
	if (can_switch) {
		bench_set_kstack_mode(boot_mode);
		bench_set_stackleak(boot_sl);
	}
	{
		u64 t, ns;

		warm_up(BENCH_NR_GETPPID, VISIT_WARMUP);
		t = loop_calls(BENCH_NR_GETPPID, o->loop);
		ns = ticks_to_ns(t);
		printf("\n# Running 'syscall/basic' benchmark:\n");
		printf("# Executed %lu getppid() calls\n", o->loop);
		printf("     Total time: %s [sec]\n\n", fixed(a, sizeof(a), (long long)(ns / 1000000), 3));
		printf("     %s usecs/op\n", fixed(b, sizeof(b), (long long)(ns * 1000 / o->loop), 6));
		printf("     %llu ops/sec\n", ns ? (unsigned long long)o->loop * 1000000000ULL / ns : 0ULL);
		printf("B: basic %s %lu %llu\n", can_switch ? mode_names[boot_mode] : o->label, o->loop,
		       (unsigned long long)t);
		if (o->smoke) {
			bool ok = t > 0;

			test_result("bench.loop.counter_advances", ok, "%lu getppid calls took 0 ticks",
				    o->loop);
			failures += !ok;
		}
	}
}

/* --- sched pipe -------------------------------------------------------- */

/*
 * perf's `bench sched pipe`: two tasks pass a 4-byte token back and forth
 * through two pipes, n round trips; each read blocks until the other task
 * has written, so every round trip is two context switches. With cpus >= 0
 * the parent runs on CPU 0 and the child on CPU cpus (0: both on one CPU,
 * 1: across two, each wake-up an IPI). Returns the ticks the parent
 * measured, 0 on an error.
 */
static u64 pipe_pingpong_on(unsigned long n, int cpus)
{
	int to_child[2], to_parent[2], token = 0, st = 0;
	long pid;
	u64 t0, t;

	if (pipe2(to_child, 0) < 0)
		return 0;
	if (pipe2(to_parent, 0) < 0) {
		close(to_child[0]);
		close(to_child[1]);
		return 0;
	}
	if (cpus >= 0 && bench_set_cpus(1UL) < 0)
		pid = -1;
	else
		pid = fork();
	if (pid == 0) {
		if (cpus >= 0 && bench_set_cpus(1UL << cpus) < 0)
			_exit(1);
		for (unsigned long i = 0; i < n; i++)
			if (read(to_child[0], &token, sizeof(token)) != sizeof(token) ||
			    write(to_parent[1], &token, sizeof(token)) != sizeof(token))
				_exit(1);
		_exit(0);
	}
	t0 = user_counter();
	for (unsigned long i = 0; pid > 0 && i < n; i++)
		if (write(to_child[1], &token, sizeof(token)) != sizeof(token) ||
		    read(to_parent[0], &token, sizeof(token)) != sizeof(token))
			break;
	t = user_counter() - t0;
	close(to_child[0]);
	close(to_child[1]);
	close(to_parent[0]);
	close(to_parent[1]);
	if (pid <= 0 || waitpid((int)pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return 0;
	return t;
}

static u64 pipe_pingpong(unsigned long n)
{
	return pipe_pingpong_on(n, -1);
}

/*
 * With two CPUs or more: the ping-pong with both tasks on CPU 0, then with
 * one on CPU 0 and one on CPU 1 (make bench's -smp 2 boot). Then back to
 * every CPU the task had.
 */
static void pipe_smp(const struct options *o)
{
	static const char *const where[] = { "one-cpu", "two-cpus" };
	unsigned long all = bench_cpus();
	char b[48];

	if ((all & 3) != 3)
		return;
	printf("\n== sched pipe across CPUs: %lu round trips, both tasks on CPU 0, "
	       "then on CPUs 0 and 1\n", o->pipe);
	for (int cpus = 0; cpus <= 1; cpus++) {
		u64 t, ns;

		pipe_pingpong_on(o->pipe / 16 + 1, cpus);	/* warm-up */
		t = pipe_pingpong_on(o->pipe, cpus);
		ns = ticks_to_ns(t);
		printf("%-16s %14s usecs/op\n", where[cpus],
		       fixed(b, sizeof(b), (long long)(ns / o->pipe), 3));
		printf("B: pipe-smp %s %lu %llu\n", where[cpus], o->pipe, (unsigned long long)t);
		if (o->smoke) {
			char name[64];

			snprintf(name, sizeof(name), "bench.pipe-smp.%s", where[cpus]);
			test_result(name, t != 0, "the ping-pong failed");
			failures += t == 0;
		}
	}
	bench_set_cpus(all);
}

static void pipe_suite(const struct options *o)
{
	char label[48], a[48], b[48];

	printf("\n== sched pipe: %lu round trips per cell between two tasks\n", o->pipe);
	printf("%-16s %14s %14s %12s\n", "cell", "total (s)", "usecs/op", "ops/sec");
	for (int c = first_cell; c < first_cell + nr_cells; c++) {
		const char *cl = can_switch ? cell_label(c, label, sizeof(label)) : o->label;
		u64 t, ns;

		set_cell(c);
		pipe_pingpong(o->pipe / 16 + 1);	/* warm-up */
		t = pipe_pingpong(o->pipe);
		ns = ticks_to_ns(t);
		printf("%-16s %14s %14s %12llu\n", cl, fixed(a, sizeof(a), (long long)(ns / 1000), 6),
		       fixed(b, sizeof(b), (long long)(ns / o->pipe), 3),
		       ns ? (unsigned long long)o->pipe * 1000000000ULL / ns : 0ULL);
		printf("B: pipe %s %lu %llu\n", cl, o->pipe, (unsigned long long)t);
		if (o->smoke) {
			char name[64];

			snprintf(name, sizeof(name), "bench.pipe.%s", cl);
			test_result(name, t != 0, "the ping-pong failed");
			failures += t == 0;
		}
	}
	if (can_switch) {
		bench_set_kstack_mode(boot_mode);
		bench_set_stackleak(boot_sl);
	}
	/* The default cell once more, in perf's words. */
	{
		u64 ns = ticks_to_ns(pipe_pingpong(o->pipe));

		printf("\n# Running 'sched/pipe' benchmark:\n");
		printf("# Executed %lu pipe operations between two processes\n\n", o->pipe);
		printf("     Total time: %s [sec]\n\n", fixed(a, sizeof(a), (long long)(ns / 1000000), 3));
		printf("     %s usecs/op\n", fixed(b, sizeof(b), (long long)(ns * 1000 / o->pipe), 6));
		printf("     %llu ops/sec\n", ns ? (unsigned long long)o->pipe * 1000000000ULL / ns : 0ULL);
	}
}

/* --- profile ------------------------------------------------------------ */

static const char *const profile_names[] = { "getpid", "pipe", "forkexec" };
volatile int profile_phase;

/*
 * tools/profile counts every instruction QEMU executes from the first one of
 * profile_begin() to the first one of the last call of profile_end(). Global
 * and never inlined, so that both have an address in this program's symbols;
 * distinct bodies, so that no linker folds them into one.
 */
__attribute__((noinline)) void profile_begin(void) { profile_phase = 1; }
__attribute__((noinline)) void profile_end(void) { profile_phase = 2; }

static char *const true_argv[] = { "bench", "true", NULL };

/* One fork, execve of `/bin/bench true`, its exit and the parent's wait. */
static bool forkexec_once(void)
{
	int st = 0;
	long pid = fork();

	if (pid == 0) {
		execve("/bin/bench", true_argv, NULL);
		_exit(127);
	}
	return pid > 0 && waitpid((int)pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/*
 * The workload w, n times; for pipe the child is already blocked in its read
 * (fds: to_child[1], to_parent[0]). False on an error.
 */
static bool profile_ops(int w, unsigned long n, int to_child, int to_parent)
{
	int token = 0;

	for (unsigned long i = 0; i < n; i++) {
		if (w == 0)
			bench_syscall0(BENCH_NR_GETPID);
		else if (w == 1 && (write(to_child, &token, sizeof(token)) != sizeof(token) ||
				    read(to_parent, &token, sizeof(token)) != sizeof(token)))
			return false;
		else if (w == 2 && !forkexec_once())
			return false;
	}
	return true;
}

static int profile_suite(const struct options *o)
{
	int w, to_child[2] = { -1, -1 }, to_parent[2] = { -1, -1 }, token, st = 0;
	long pid = -1;
	u64 t0, t1, ns;
	bool ok;
	char b[48], c = 0;

	for (w = 0; w < 3 && strcmp(o->profile, profile_names[w]); w++)
		;
	if (w == 3) {
		printf("bench: profile=%s: not getpid, pipe or forkexec\n", o->profile);
		return 2;
	}
	if (w == 1) {
		if (pipe2(to_child, 0) < 0 || pipe2(to_parent, 0) < 0)
			return 1;
		pid = fork();
		if (pid == 0) {
			/* Echo every token until the parent closes its end. */
			close(to_child[1]);
			close(to_parent[0]);
			while (read(to_child[0], &token, sizeof(token)) == sizeof(token))
				if (write(to_parent[1], &token, sizeof(token)) != sizeof(token))
					_exit(1);
			_exit(0);
		}
		if (pid < 0)
			return 1;
	}
	/* Warm-up: the same paths once before, so that no first-time fault is counted. */
	ok = profile_ops(w, o->ops / 8 + 2, to_child[1], to_parent[0]);
	profile_phase = 0; /* after the fork: no copy-on-write fault of its page in the window */
	printf("profile: ready: %s, %lu ops\n", o->profile, o->ops);
	while (o->wait && c != '\n' && read(0, &c, 1) == 1)
		;
	profile_begin();
	t0 = user_counter();
	ok = ok && profile_ops(w, o->ops, to_child[1], to_parent[0]);
	t1 = user_counter();
	profile_end();
	if (w == 1) {
		close(to_child[0]);
		close(to_child[1]);
		close(to_parent[0]);
		close(to_parent[1]);
		ok = ok && waitpid((int)pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
	}
	ns = ticks_to_ns(t1 - t0);
	printf("profile: %s: %lu ops, %s ns per op by the counter\n", o->profile, o->ops,
	       fixed(b, sizeof(b), (long long)(ns * 10 / o->ops), 1));
	printf("B: profile %s %lu %llu %llu\n", o->profile, o->ops, (unsigned long long)(t1 - t0),
	       (unsigned long long)ns);
	if (!ok)
		printf("profile: %s failed\n", o->profile);
	return ok ? 0 : 1;
}

/* --- the binary's own sha256 -------------------------------------------- */

/*
 * The same file runs on both kernels; each boot prints the SHA-256 of the
 * file it runs from, so that docs/results/ shows on the trapdoor and the
 * Linux rows that one binary made both (FIPS 180-4).
 */
static const u32 sha256_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static u32 ror32(u32 x, int n) { return x >> n | x << (32 - n); }

/* One 64-byte block into the state h. */
static void sha256_block(u32 h[8], const unsigned char *p)
{
	u32 w[64], v[8];

	for (int i = 0; i < 16; i++)
		w[i] = (u32)p[4 * i] << 24 | (u32)p[4 * i + 1] << 16 | (u32)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 64; i++)
		w[i] = w[i - 16] + (ror32(w[i - 15], 7) ^ ror32(w[i - 15], 18) ^ w[i - 15] >> 3) + w[i - 7] +
		       (ror32(w[i - 2], 17) ^ ror32(w[i - 2], 19) ^ w[i - 2] >> 10);
	memcpy(v, h, sizeof(v));
	for (int i = 0; i < 64; i++) {
		u32 t1 = v[7] + (ror32(v[4], 6) ^ ror32(v[4], 11) ^ ror32(v[4], 25)) +
			 ((v[4] & v[5]) ^ (~v[4] & v[6])) + sha256_k[i] + w[i];
		u32 t2 = (ror32(v[0], 2) ^ ror32(v[0], 13) ^ ror32(v[0], 22)) +
			 ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));

		memmove(v + 1, v, 7 * sizeof(v[0]));
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for (int i = 0; i < 8; i++)
		h[i] += v[i];
}

/* The SHA-256 of the file at path as 64 hex digits into hex[65]; false if it cannot be read. */
static bool sha256_file(const char *path, char hex[65])
{
	u32 h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		     0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	static unsigned char buf[4096 + 128];
	unsigned long long len = 0;
	size_t have = 0, done;
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return false;
	while ((n = read(fd, buf + have, 4096)) > 0) {
		len += (unsigned long long)n;
		have += (size_t)n;
		for (done = 0; have - done >= 64; done += 64)
			sha256_block(h, buf + done);
		memmove(buf, buf + done, have - done);
		have -= done;
	}
	close(fd);
	if (n < 0)
		return false;
	/* The padding: 0x80, zeros, the length in bits, big-endian, to a whole block. */
	buf[have++] = 0x80;
	while (have % 64 != 56)
		buf[have++] = 0;
	for (int i = 7; i >= 0; i--)
		buf[have++] = (unsigned char)(len * 8 >> (8 * i));
	for (done = 0; done < have; done += 64)
		sha256_block(h, buf + done);
	for (int i = 0; i < 8; i++)
		snprintf(hex + 8 * i, 9, "%08x", h[i]);
	return true;
}

/* The file this program runs from: argv[0] if it is a path, else /bin/<argv[0]> (trapdoor's spawn). */
static void print_binary(const char *argv0)
{
	char path[256], hex[65];

	snprintf(path, sizeof(path), "%s%s", strchr(argv0, '/') ? "" : "/bin/", argv0);
	if (!sha256_file(path, hex))
		snprintf(hex, sizeof(hex), "unknown");
	printf("bench: binary %s, sha256 %s\n", path, hex);
	printf("B: binary %s\n", hex);
}

/* --- main --------------------------------------------------------------- */

static bool parse_ulong(const char *s, unsigned long *v)
{
	unsigned long x = 0;

	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || x > (~0UL - 9) / 10)
			return false;
		x = x * 10 + (unsigned long)(*s - '0');
	}
	*v = x;
	return true;
}

static bool parse_suites(struct options *o, const char *s)
{
	o->syscall = o->crng = o->loopsuite = o->pipesuite = o->smpsuite = false;
	while (*s) {
		const char *end = strchr(s, '+');
		size_t n = end ? (size_t)(end - s) : strlen(s);

		if (n == 7 && !strncmp(s, "syscall", n))
			o->syscall = true;
		else if (n == 4 && !strncmp(s, "crng", n))
			o->crng = true;
		else if (n == 4 && !strncmp(s, "loop", n))
			o->loopsuite = true;
		else if (n == 4 && !strncmp(s, "pipe", n))
			o->pipesuite = true;
		else if (n == 3 && !strncmp(s, "smp", n))
			o->smpsuite = true;
		else
			return false;
		s += n + (end ? 1 : 0);
	}
	return true;
}

static bool parse_args(struct options *o, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "smoke")) {
			o->smoke = true;
			o->calls = 600;
			o->rounds = 5;
			o->loop = 4096;
			o->pipe = 200;
			o->fold = 192;
		} else if (!strncmp(a, "calls=", 6)) {
			if (!parse_ulong(a + 6, &o->calls))
				return false;
		} else if (!strncmp(a, "rounds=", 7)) {
			if (!parse_ulong(a + 7, &o->rounds))
				return false;
		} else if (!strncmp(a, "loop=", 5)) {
			if (!parse_ulong(a + 5, &o->loop))
				return false;
		} else if (!strncmp(a, "pipe=", 5)) {
			if (!parse_ulong(a + 5, &o->pipe))
				return false;
		} else if (!strncmp(a, "fold=", 5)) {
			if (!parse_ulong(a + 5, &o->fold))
				return false;
		} else if (!strncmp(a, "suites=", 7)) {
			if (!parse_suites(o, a + 7))
				return false;
		} else if (!strncmp(a, "profile=", 8)) {
			o->profile = a + 8;
		} else if (!strcmp(a, "wait")) {
			o->wait = true;
		} else if (!strncmp(a, "ops=", 4)) {
			if (!parse_ulong(a + 4, &o->ops) || o->ops == 0)
				return false;
		} else if (!strncmp(a, "label=", 6)) {
			o->label = a + 6;
		} else if (strcmp(a, "full")) {
			return false;
		}
	}
	if (o->rounds < 2 || o->rounds > MAX_ROUNDS || o->calls / o->rounds == 0 ||
	    o->calls / o->rounds > MAX_PER_ROUND || o->loop == 0)
		return false;
	return true;
}

static int bench(int argc, char **argv)
{
	struct options o = {
		.calls = 100000, .rounds = 10, .loop = 1UL << 22, .pipe = 20000, .fold = 9600,
		.syscall = true, .crng = true, .loopsuite = true, .pipesuite = true, .smpsuite = true,
		.label = "this-kernel", .ops = 200,
	};
	u64 c0, c1;

	if (argc == 2 && !strcmp(argv[1], "true"))
		return 0;
	if (!parse_args(&o, argc, argv)) {
		printf("bench: bad arguments; usage: bench [calls=N] [rounds=2..%d] [loop=N] [pipe=N] "
		       "[fold=N] [suites=syscall+crng+loop+pipe+smp] [label=NAME] [smoke]\n"
		       "bench: calls/rounds must be 1..%d\n", MAX_ROUNDS, MAX_PER_ROUND);
		return 2;
	}
	counter_hz = bench_counter_hz();
	can_switch = bench_get_config(&boot_mode, &boot_sl) == 0;
	nr_cells = can_switch ? NR_CELLS : 1;
	first_cell = 0;

	if (o.profile)
		return profile_suite(&o);
	c0 = user_counter();
	bench_syscall0(BENCH_NR_GETPID);
	c1 = user_counter();
	printf("bench: %s, counter %llu Hz, %s\n", bench_system(), (unsigned long long)counter_hz,
	       can_switch ? "every offset mode x stackleak on/off in this boot" : o.label);
	printf("B: system %s\n", bench_system());
	print_binary(argc > 0 ? argv[0] : "bench");
	printf("B: info hz %llu switch %d mode %s stackleak %d\n", (unsigned long long)counter_hz,
	       can_switch, can_switch ? mode_names[boot_mode] : o.label, boot_sl);
	if (o.smoke) {
		bool ok = c1 >= c0;

		test_result("bench.counter_readable", ok, "the counter went back: %llu then %llu",
			    (unsigned long long)c0, (unsigned long long)c1);
		failures += !ok;
		ok = counter_hz != 0;
		test_result("bench.counter_hz_reported", ok, "kernel_stats.counter_hz is 0");
		failures += !ok;
	}

	if (o.syscall)
		syscall_suite(&o);
	if (o.crng)
		crng_suite(&o);
	if (o.loopsuite)
		loop_suite(&o);
	if (o.pipesuite)
		pipe_suite(&o);
	if (o.smpsuite)
		pipe_smp(&o);

	if (can_switch) {
		bench_set_kstack_mode(boot_mode);
		bench_set_stackleak(boot_sl);
	}
	printf("bench: done\n");
	return failures;
}

/* --- as Linux's /init --------------------------------------------------- */

/*
 * make bench-linux boots Linux with this binary as /init and bench's
 * arguments after "--". The kernel also hands init every boot option it does
 * not know itself: nokaslr, which only x86's decompressor reads, arrives here
 * and is dropped. Then the line tools/run-qemu judges a boot by, and power
 * off: init must never exit.
 */
static __attribute__((noreturn)) void linux_init(int argc, char **argv)
{
	char *args[64];
	int n = 0, status;

	for (int i = 0; i < argc && n < 63; i++)
		if (strcmp(argv[i], "nokaslr"))
			args[n++] = argv[i];
	args[n] = NULL;
	status = bench(n, args);
	printf("EXIT: status=%d\n", status);
	bench_poweroff(status);
	for (;;)
		pause();
}

int main(int argc, char **argv)
{
	/* Every line out at once: a boot that hangs or dies still shows how far it came. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (getpid() == 1 && !bench_on_trapdoor())
		linux_init(argc, argv);
	return bench(argc, argv);
}
