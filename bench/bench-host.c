// SPDX-License-Identifier: MIT
/*
 * bench-host: what the random-number paths cost on the machine we build on
 * (`make bench-host`). A benchmark, not a test: it prints a table and never
 * fails. docs/random.md quotes its output.
 *
 * Times are CLOCK_MONOTONIC, the median (and the best) of REPEATS runs. Instructions come
 * from a perf_event_open() counter (user space only) where the kernel and the
 * machine allow it, else "n/a"; valgrind --tool=callgrind gives them anywhere
 * (docs/random.md shows how).
 *
 * get_random_u8/u16 are split into their two paths by bracketing, per batch,
 * the run of fast calls and the one call that refills: with a 96-byte batch a
 * u8 batch is 1 refill + 95 fast calls, a u16 batch 1 + 47. The clock's own
 * cost (an empty bracket) is subtracted.
 *
 * `bench-host --count WHAT N` just makes N calls (WHAT: prandom, u8, u16, u32,
 * chacha, bytes16, seed) after seeding, for instruction counting under callgrind:
 *	valgrind --tool=callgrind --toggle-collect=get_random_u8 \
 *		build/host/bench-host --count u8 96000
 * prints "Collected : <Ir>"; Ir / N is the amortised cost per call.
 */
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <trapdoor/chacha.h>
#include <trapdoor/prandom.h>
#include <trapdoor/random.h>

#define REPEATS		15
#define BATCHES		4000	/* batches per repeat for the u8/u16 split */
#define LOOPS		200000	/* calls per repeat for the simple rows */

static volatile u64 sink;	/* results go here so no call can be optimised away */
static int perf_fd = -1;

static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000u + (u64)ts.tv_nsec;
}

static void perf_open(void)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_HARDWARE;
	attr.size = sizeof(attr);
	attr.config = PERF_COUNT_HW_INSTRUCTIONS;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	perf_fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

static u64 instructions(void)
{
	u64 v = 0;

	if (perf_fd < 0 || read(perf_fd, &v, sizeof(v)) != sizeof(v))
		return 0;
	return v;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return v[n / 2];
}

/*
 * One table row: median and best ns/call, instructions/call (< 0 = unknown).
 * The best run is the one least disturbed by whatever else the machine was
 * doing; the median is the typical one.
 */
struct row {
	const char *name;
	double ns, best_ns, insns;
};

static struct row rows[16];
static int nrows;

static void add_row(const char *name, double *ns, double *insns)
{
	rows[nrows].name = name;
	rows[nrows].ns = median(ns, REPEATS);	/* sorts ns */
	rows[nrows].best_ns = ns[0];
	rows[nrows].insns = perf_fd >= 0 ? median(insns, REPEATS) : -1;
	nrows++;
}

/* What an empty bracket costs, to subtract from the short ones. */
static double clock_overhead_ns, perf_overhead;

static void measure_overhead(void)
{
	double ns[REPEATS], in[REPEATS];

	for (int r = 0; r < REPEATS; r++) {
		u64 t = 0, c = 0;

		for (int i = 0; i < BATCHES; i++) {
			u64 c0 = instructions(), t0 = now_ns();
			u64 t1 = now_ns(), c1 = instructions();

			t += t1 - t0;
			c += c1 - c0;
		}
		ns[r] = (double)t / BATCHES;
		in[r] = (double)c / BATCHES;
	}
	clock_overhead_ns = median(ns, REPEATS);
	perf_overhead = median(in, REPEATS);
}

/*
 * Per batch: time the (per - 1) fast calls, then the one call that refills.
 * Seeding first makes the very first call a refill, so the phase is known.
 */
#define BENCH_BATCHED(fn, per, fast_name, slow_name)					\
	do {										\
		double fns[REPEATS], fin[REPEATS], sns[REPEATS], sin[REPEATS];		\
		for (int r = 0; r < REPEATS; r++) {					\
			u64 ft = 0, fc = 0, stime = 0, sc = 0, acc = 0;			\
			crng_set_deterministic_seed("bench", 5);			\
			acc += fn();							\
			for (int b = 0; b < BATCHES; b++) {				\
				u64 c0 = instructions(), t0 = now_ns();			\
				for (int i = 1; i < (per); i++)				\
					acc += fn();					\
				u64 t1 = now_ns(), c1 = instructions();			\
				acc += fn();						\
				u64 t2 = now_ns(), c2 = instructions();			\
				ft += t1 - t0;						\
				fc += c1 - c0;						\
				stime += t2 - t1;					\
				sc += c2 - c1;						\
			}								\
			sink += acc;							\
			fns[r] = ((double)ft / BATCHES - clock_overhead_ns) / ((per) - 1);	\
			fin[r] = ((double)fc / BATCHES - perf_overhead) / ((per) - 1);	\
			sns[r] = (double)stime / BATCHES - clock_overhead_ns;		\
			sin[r] = (double)sc / BATCHES - perf_overhead;			\
		}									\
		add_row(fast_name, fns, fin);						\
		add_row(slow_name, sns, sin);						\
	} while (0)

/* LOOPS calls of one expression, amortised: no brackets inside the loop. */
#define BENCH_LOOP(name, setup, expr)							\
	do {										\
		double ns[REPEATS], in[REPEATS];					\
		for (int r = 0; r < REPEATS; r++) {					\
			u64 acc = 0;							\
			setup;								\
			u64 c0 = instructions(), t0 = now_ns();				\
			for (int i = 0; i < LOOPS; i++)					\
				acc += (expr);						\
			u64 t1 = now_ns(), c1 = instructions();				\
			sink += acc;							\
			ns[r] = (double)(t1 - t0) / LOOPS;				\
			in[r] = (double)(c1 - c0) / LOOPS;				\
		}									\
		add_row(name, ns, in);							\
	} while (0)

static struct rnd_state bench_state;
static u32 chacha_state[CHACHA_STATE_WORDS];
static u8 block[CHACHA_BLOCK_SIZE], bytes16[16];

static u64 one_block(void)
{
	chacha20_block(chacha_state, block);
	return block[0];
}

static u64 sixteen_bytes(void)
{
	get_random_bytes(bytes16, sizeof(bytes16));
	return bytes16[0];
}

static u64 seed_prandom(void)
{
	u32 seeds[4] = { get_random_u32(), get_random_u32(), get_random_u32(), get_random_u32() };

	prandom_seed_full_state_one(&bench_state, seeds);
	return bench_state.s1;
}

static void print_cpu(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];

	while (f && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "model name", 10)) {
			printf("cpu:%s", strchr(line, ':') + 1);
			break;
		}
	}
	if (f)
		fclose(f);
}

static u64 call_prandom(void)
{
	return prandom_u32_state(&bench_state);
}

static u64 call_u8(void)
{
	return get_random_u8();
}

static u64 call_u16(void)
{
	return get_random_u16();
}

static u64 call_u32(void)
{
	return get_random_u32();
}

static const struct {
	const char *name;
	u64 (*fn)(void);
} workloads[] = {
	{ "prandom", call_prandom }, { "u8", call_u8 }, { "u16", call_u16 }, { "u32", call_u32 },
	{ "chacha", one_block }, { "bytes16", sixteen_bytes }, { "seed", seed_prandom },
};

static int count_mode(const char *what, long n)
{
	static const u8 key[CHACHA_KEY_SIZE], iv[CHACHA_IV_SIZE];
	const u32 seeds[4] = { 1, 2, 3, 4 };
	u64 (*fn)(void) = NULL;
	u64 acc = 0;

	for (size_t i = 0; i < sizeof(workloads) / sizeof(workloads[0]); i++)
		if (!strcmp(what, workloads[i].name))
			fn = workloads[i].fn;
	if (!fn)
		return fprintf(stderr, "bench-host: unknown workload %s\n", what), 2;

	crng_set_deterministic_seed("bench", 5);
	prandom_seed_full_state_one(&bench_state, seeds);
	chacha_init(chacha_state, key, iv);
	for (long i = 0; i < n; i++)
		acc += fn();
	sink += acc;
	return 0;
}

int main(int argc, char **argv)
{
	static const u8 key[CHACHA_KEY_SIZE], iv[CHACHA_IV_SIZE];
	const u32 seeds[4] = { 1, 2, 3, 4 };

	if (argc == 4 && !strcmp(argv[1], "--count"))
		return count_mode(argv[2], atol(argv[3]));
	if (argc != 1)
		return fprintf(stderr, "usage: bench-host [--count WHAT N]\n"), 2;

	perf_open();
	measure_overhead();

	BENCH_LOOP("prandom_u32_state", prandom_seed_full_state_one(&bench_state, seeds),
		   prandom_u32_state(&bench_state));
	BENCH_BATCHED(get_random_u8, 96, "get_random_u8 fast path",
		      "get_random_u8 slow path (refill)");
	BENCH_LOOP("get_random_u8 amortised", crng_set_deterministic_seed("bench", 5),
		   get_random_u8());
	BENCH_BATCHED(get_random_u16, 48, "get_random_u16 fast path",
		      "get_random_u16 slow path (refill)");
	BENCH_LOOP("get_random_u16 amortised", crng_set_deterministic_seed("bench", 5),
		   get_random_u16());
	BENCH_LOOP("get_random_u32 amortised", crng_set_deterministic_seed("bench", 5),
		   get_random_u32());
	BENCH_LOOP("chacha20_block (64 bytes)", chacha_init(chacha_state, key, iv), one_block());
	BENCH_LOOP("get_random_bytes(16)", crng_set_deterministic_seed("bench", 5),
		   sixteen_bytes());
	BENCH_LOOP("seed rnd_state (4 u32 + warm-up)", crng_set_deterministic_seed("bench", 5),
		   seed_prandom());

	print_cpu();
	printf("median of %d runs; clock_gettime bracket %.1f ns subtracted from split rows\n",
	       REPEATS, clock_overhead_ns);
	if (perf_fd < 0)
		printf("instructions: n/a (perf_event_open failed: no PMU or "
		       "perf_event_paranoid); see docs/random.md for callgrind\n");
	printf("\n| %-36s | %9s | %9s | %12s |\n", "operation", "ns/call", "best ns", "instr/call");
	printf("|%.38s|%.11s|%.11s|%.14s|\n", "--------------------------------------",
	       "-----------", "-----------", "--------------");
	for (int i = 0; i < nrows; i++) {
		printf("| %-36s | %9.2f | %9.2f | ", rows[i].name, rows[i].ns, rows[i].best_ns);
		if (rows[i].insns < 0)
			printf("%12s |\n", "n/a");
		else
			printf("%12.1f |\n", rows[i].insns);
	}
	return 0;
}
