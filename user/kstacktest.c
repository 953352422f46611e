// SPDX-License-Identifier: MIT
/*
 * kstacktest: the kernel-stack offset, measured from user space through
 * report_stack() (the SP inside the dispatcher, after the offset: LKDTM's
 * REPORT_STACK idea). For each offset source (docs/kstack-offset.md):
 *
 *   prng-task, prng-cpu, crng16, crng8   20 000 samples each:
 *	.64_values	SP takes exactly 64 values, one per offset 0, 16, ..., 1008
 *	.uniform	chi-square of SP[9:4] over 64 bins not rejected at p < 1e-6
 *	.independent	lag-1 correlation of SP[9:4] within 5/sqrt(n) of 0
 *	.only_offset_bits	every SP is base - 16k with 0 <= k < 64: SP[3:0]
 *			never changes, SP[9:4] carries the offset, and bits 10
 *			and up move only through the borrow of that subtraction
 *   off		exactly one SP value
 *   counter		measured and printed, not asserted: how good a clock is
 *			as a secret depends on the machine (and under QEMU's TCG
 *			on how the emulated counter ticks), which is the lesson
 *   prng-task		a parent and its forked children draw different streams
 *
 * The base (the SP with offset 0) is read with the mode set to off: the
 * path into the dispatcher is the same on every syscall of a task, so that
 * one read is exact. Each statistical check fails a correct kernel with
 * probability below 1e-6. The mode found at start is restored at the end.
 * Prints one PASS/FAIL line per check and exits with the number of failures.
 */
#include <trapdoor/stats.h>

#include "lib/ulib.h"


#define NR_SAMPLES  20000
#define NR_SLOTS    64	 /* values of SP[9:4] */
#define OFFSET_STEP 16	 /* KSTACK_OFFSET_MAX keeps bits 9..4 */
#define OFFSET_LAST 1008 /* 0b1111110000 */

static unsigned long samples[NR_SAMPLES];
static u8 slots[NR_SAMPLES];

struct measurement {
	unsigned long base;	/* SP with the offset off */
	u64 offsets_seen;	/* bit k: some SP was base - 16k */
	unsigned long off_grid; /* samples that were not base - 16k, k < 64 */
	unsigned long first_off_grid;
	u32 hist[NR_SLOTS];    /* SP[9:4] */
	unsigned int distinct; /* distinct SP values, if none was off the grid */
	u64 chi2_q16;
	u32 h_q16;
	s32 lag1_q16;
};

static long set_mode(long mode)
{
	return trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, mode);
}

/* The SP at offset 0: one report_stack() with the offset off. */
static unsigned long measure_base(void)
{
	long old = set_mode(KSTACK_MODE_OFF);
	unsigned long base = report_stack();

	set_mode(old);
	return base;
}

static void measure(int mode, struct measurement *m)
{
	memset(m, 0, sizeof(*m));
	m->base = measure_base();
	set_mode(mode);
	/* Nothing but report_stack() in this loop: every syscall is one sample. */
	for (int i = 0; i < NR_SAMPLES; i++)
		samples[i] = report_stack();

	for (int i = 0; i < NR_SAMPLES; i++) {
		unsigned long sp = samples[i], delta = m->base - sp;

		slots[i] = (u8)((sp >> 4) & (NR_SLOTS - 1));
		m->hist[slots[i]]++;
		if (sp <= m->base && delta % OFFSET_STEP == 0 && delta <= OFFSET_LAST) {
			m->offsets_seen |= 1ULL << (delta / OFFSET_STEP);
		} else if (!m->off_grid++) {
			m->first_off_grid = sp;
		}
	}
	/* On the grid, distinct SP values are distinct offsets. */
	for (u64 seen = m->offsets_seen; seen; seen &= seen - 1)
		m->distinct++;
	m->chi2_q16 = stats_chi2_uniform_q16(m->hist, NR_SLOTS);
	m->h_q16 = stats_shannon_q16(m->hist, NR_SLOTS);
	m->lag1_q16 = stats_lag1_corr_q16(slots, NR_SAMPLES);
}

static void print_measurement(const char *mode, const struct measurement *m, const char *note)
{
	char h[24], chi[24], r[24];

	printf("kstacktest: %s: %d samples, %u of 64 offsets seen, %lu off the grid, "
	       "H(SP[9:4]) %s bits, chi2 %s, lag-1 r %s%s\n",
	       mode, NR_SAMPLES, m->distinct, m->off_grid, stats_format_q16(h, m->h_q16),
	       stats_format_q16(chi, (s64)m->chi2_q16), stats_format_q16(r, m->lag1_q16), note);
}

static void test_off(void)
{
	struct measurement m;
	unsigned long differ = 0;

	measure(KSTACK_MODE_OFF, &m);
	for (int i = 0; i < NR_SAMPLES; i++)
		differ += samples[i] != m.base;
	CHECK("user.kstack.off.one_value", differ == 0,
	      "%lu of %d samples differ from the base 0x%lx (first 0x%lx)", differ, NR_SAMPLES,
	      m.base, samples[0]);
}

static void test_random_mode(int mode, const char *name)
{
	struct measurement m;
	char test[64], chi[24];

	measure(mode, &m);
	print_measurement(name, &m, "");

	snprintf(test, sizeof(test), "user.kstack.%s.64_values", name);
	CHECK(test, m.offsets_seen == ~0ULL && m.off_grid == 0,
	      "%u of 64 offsets seen, %lu samples off the grid", m.distinct, m.off_grid);

	snprintf(test, sizeof(test), "user.kstack.%s.uniform", name);
	CHECK(test, !stats_chi2_63_rejects_1e6(m.chi2_q16),
	      "chi2 %s >= %s (63 degrees of freedom, p < 1e-6)",
	      stats_format_q16(chi, (s64)m.chi2_q16), "131.370");

	snprintf(test, sizeof(test), "user.kstack.%s.independent", name);
	CHECK(test, !stats_corr_significant(m.lag1_q16, NR_SAMPLES, 5),
	      "lag-1 correlation %s is beyond 5/sqrt(%d)", stats_format_q16(chi, m.lag1_q16),
	      NR_SAMPLES);

	snprintf(test, sizeof(test), "user.kstack.%s.only_offset_bits", name);
	CHECK(test, m.off_grid == 0,
	      "%lu samples are not base 0x%lx minus a multiple of 16 up to 1008 (first: 0x%lx)",
	      m.off_grid, m.base, m.first_off_grid);
}

static void measure_counter(void)
{
	struct measurement m;
	char note[96];

	measure(KSTACK_MODE_COUNTER, &m);
	snprintf(note, sizeof(note), " (%s; measured, not asserted)",
		 stats_chi2_63_rejects_1e6(m.chi2_q16) ? "not uniform at p < 1e-6" :
							 "uniformity not rejected");
	print_measurement("counter", &m, note);
}

/*
 * FNV-1a over the offset bits of 64 consecutive syscalls, folded to the 8
 * bits an exit status carries.
 */
static u8 stream_hash(void)
{
	u32 h = 2166136261U;

	for (int i = 0; i < 64; i++) {
		h ^= (u32)(report_stack() >> 4 & 0x3f); /* SP[9:4] */
		h *= 16777619U;
	}
	return (u8)(h ^ h >> 8 ^ h >> 16 ^ h >> 24);
}

/*
 * Parent and forked children under one per-task mode (prng-task,
 * chacha-spread). There are no pipes and no
 * shared memory; the one channel back from a child is its exit status, 8
 * bits. So each side hashes its next 64 offsets to 8 bits. If fork copied
 * the parent's state, child i's 64 offsets would be exactly the parent's
 * next 64 (neither makes any other syscall in between): the two hashes
 * would be equal for all 8 children. If every task were seeded alike, the
 * children's hashes would all be equal to each other. Independent streams
 * make each of the 8 parent/child and 28 child/child comparisons equal with
 * probability 1/256, so 6 or more equal pairs out of 36 happen by chance
 * with probability below 1e-8; either bug gives 8 or 28.
 */
static void test_fork_streams(int mode, const char *mode_name)
{
	enum {
		CHILDREN = 8
	};
	int parent_hash[CHILDREN], child_hash[CHILDREN], equal = 0, bad = 0;
	char name[64];

	set_mode(mode);
	for (int i = 0; i < CHILDREN; i++) {
		long pid = fork();
		int status = 0;

		if (pid == 0)
			exit(stream_hash());
		parent_hash[i] = stream_hash();
		if (pid < 0 || waitpid((int)pid, &status, 0) != pid || !WIFEXITED(status)) {
			bad++;
			child_hash[i] = -1 - i; /* equal to nothing */
			continue;
		}
		child_hash[i] = WEXITSTATUS(status);
	}
	for (int i = 0; i < CHILDREN; i++) {
		equal += parent_hash[i] == child_hash[i];
		for (int j = i + 1; j < CHILDREN; j++)
			equal += child_hash[i] == child_hash[j];
	}
	snprintf(name, sizeof(name), "user.kstack.%s.fork_streams_differ", mode_name);
	CHECK(name, bad == 0 && equal < 6,
	      "%d of 36 stream hashes equal (parent 0x%02x child 0x%02x ...), %d children failed",
	      equal, parent_hash[0], child_hash[0] & 0xff, bad);
}

/*
 * A fingerprint of this task's prng-task stream (its next 64 offsets), for
 * the runner to compare across boots: with one crng.seed= and the same
 * programs run before this one, every boot prints the same value, on every
 * arch (the CRNG's u32s and the seeding are byte-order independent); with
 * different seeds, different values.
 */
static void print_fingerprint(void)
{
	unsigned long base = measure_base();
	u32 h = 2166136261U;

	set_mode(KSTACK_MODE_PRNG_TASK);
	for (int i = 0; i < 64; i++) {
		/* The offsets themselves, not SP bits: the base differs between arches. */
		h ^= (u32)((base - report_stack()) / OFFSET_STEP);
		h *= 16777619U;
	}
	printf("kstacktest: prng-task stream fingerprint %08x\n", h);
}

int main(void)
{
	static const struct {
		int mode;
		const char *name;
	} random_modes[] = {
		{ KSTACK_MODE_PRNG_TASK, "prng-task" },
		{ KSTACK_MODE_PRNG_CPU, "prng-cpu" },
		{ KSTACK_MODE_CRNG16, "crng16" },
		{ KSTACK_MODE_CRNG8, "crng8" },
		{ KSTACK_MODE_CHACHA_TASK, "chacha-task" },
		{ KSTACK_MODE_CHACHA_SPREAD, "chacha-spread" },
	};
	long found = set_mode(-1), r;

	CHECK("user.kstack.mode_readable", found >= 0 && found < NR_KSTACK_MODES,
	      "trapdoor_config(KSTACK_MODE, -1) returned %ld", found);
	if (found < 0)
		return test_failures;

	r = set_mode(NR_KSTACK_MODES);
	CHECK("user.kstack.bad_mode_rejected",
	      r == -EINVAL && set_mode(-2) == -EINVAL && set_mode(-1) == found,
	      "mode %d gave %ld, or the mode changed", NR_KSTACK_MODES, r);

	{
		long store = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_STORE, -1), was, now;

		was = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_STORE, KSTACK_STORE_CPU);
		now = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_STORE, -1);
		r = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_STORE, 2);
		trapdoor_config(TRAPDOOR_CONFIG_KSTACK_STORE, store);
		CHECK("user.kstack.store_switch",
		      store == KSTACK_STORE_TASK && was == store && now == KSTACK_STORE_CPU &&
			  r == -EINVAL &&
			  trapdoor_config(TRAPDOOR_CONFIG_KSTACK_STORE, -1) == store,
		      "default %ld (want task), set cpu: old %ld, now %ld; store 2 gave %ld", store,
		      was, now, r);
	}
	print_fingerprint();
	test_off();
	for (unsigned int i = 0; i < ARRAY_SIZE(random_modes); i++)
		test_random_mode(random_modes[i].mode, random_modes[i].name);
	measure_counter();
	test_fork_streams(KSTACK_MODE_PRNG_TASK, "prng-task");
	test_fork_streams(KSTACK_MODE_CHACHA_SPREAD, "chacha-spread");

	set_mode(found);
	r = set_mode(-1);
	CHECK("user.kstack.mode_restored", r == found, "mode %ld, want %ld", r, found);
	return test_failures;
}
