// SPDX-License-Identifier: MIT
/*
 * migrate [-n ROUNDS] [-m counter|crng16] [-t]: the kernel-stack offset bug
 * Linux fixed in 2026, live: a syscall that begins on CPU 0 and ends on CPU 1
 * leaves CPU 0's next offset unchanged when the offset is kept per CPU.
 *
 * counter and crng16 choose the next syscall's offset at the exit of this
 * one and keep it until the next entry (docs/kstack-offset.md, "The
 * migration bug"). Where they keep it is kstack.store=: per CPU (cpu,
 * Linux's design until the fix) or per task (task, the fix). One round:
 *
 *   1. this task (M) runs on CPU 0; its helper H is pinned to CPU 1;
 *   2. M wakes H through a pipe, then calls report_stack_sleep(): the SP
 *      inside the dispatcher tells the offset A that syscall began with;
 *   3. H waits until M sleeps and moves it to CPU 1, where the syscall ends
 *      (and where, per CPU, it stores the next offset);
 *   4. M moves itself back to CPU 0 (it leaves that syscall on CPU 1 and
 *      arrives on CPU 0 in user mode) and calls report_stack(): offset B.
 *
 * Per CPU nothing ended a syscall on CPU 0 between the two, so B == A every
 * time: the attacker who saw A knows B. Per task the offset moved on with
 * M: B == A one time in 64. Prints, per store, how often B repeated A.
 *
 *	-n ROUNDS	rounds per store (default 64, at most 1000)
 *	-m MODE		counter or crng16 (default crng16)
 *	-t		test: PASS/FAIL lines, cpu >= 90 % and task <= 8 of 64 (scaled)
 *
 * Needs two CPUs (make run SMP=2). The mode and store found at start are
 * restored at the end.
 */
#include "lib/ulib.h"

#define SLEEP_NS	20000000UL	/* 20 ms: H has time to see M asleep */
#define MAX_ROUNDS	1000
#define OFFSET_STEP	16

static long set_affinity(long pid, unsigned long mask)
{
	return syscall3(__NR_sched_setaffinity, pid, sizeof(mask), &mask);
}

static long this_cpu(void)
{
	unsigned int cpu = ~0U;
	long err = syscall3(__NR_getcpu, &cpu, 0, 0);

	return err < 0 ? err : (long)cpu;
}

/* The helper on CPU 1: for each byte from M, wait until M sleeps, then move it here. */
static __noreturn void helper(int rfd, long m)
{
	char c;

	if (set_affinity(0, 2UL) < 0)
		exit(2);
	while (read(rfd, &c, 1) == 1) {
		/* M blocks in report_stack_sleep() right after its write: wait for that. */
		for (int spin = 0; spin < 1000000 && task_state(m) != 2; spin++)
			;
		set_affinity(m, 2UL);
	}
	exit(0);
}

struct result {
	int rounds;		/* rounds that migrated as planned */
	int repeats;		/* of those, how often B == A */
	int lost;		/* rounds where M did not end up where planned */
};

static long offset_of(unsigned long base, unsigned long sp)
{
	return (long)(base - sp) / OFFSET_STEP;
}

static int run_store(long store, long mode, int n, struct result *r)
{
	int fds[2];
	long h, old_store, old_mode;
	unsigned long base;

	r->rounds = r->repeats = r->lost = 0;
	if (set_affinity(0, 1UL) < 0 || this_cpu() != 0) {
		printf("migrate: cannot run on CPU 0\n");
		return -1;
	}
	/* The SP with no offset: the same path, with the offset off. */
	old_mode = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_OFF);
	base = report_stack();
	old_store = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_STORE, store);
	trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, mode);
	if (pipe2(fds, 0) < 0)
		return -1;
	h = fork();
	if (h == 0) {
		close(fds[1]);
		helper(fds[0], getppid());
	}
	close(fds[0]);
	for (int i = 0; i < n; i++) {
		long a, b;

		write(fds[1], "m", 1);			/* 1: H waits for M to sleep */
		a = offset_of(base, (unsigned long)report_stack_sleep(SLEEP_NS));	/* 2 */
		if (this_cpu() != 1) {			/* 3: H missed us: no migration */
			r->lost++;
			continue;
		}
		set_affinity(0, 1UL);			/* 4: back to CPU 0, in user mode */
		b = offset_of(base, report_stack());	/* the first syscall there since A */
		if (this_cpu() != 0) {			/* (asked after: this one ends on CPU 0 too) */
			r->lost++;
			continue;
		}
		r->rounds++;
		r->repeats += a == b;
	}
	close(fds[1]);
	waitpid((int)h, NULL, 0);
	trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, old_mode);
	trapdoor_config(TRAPDOOR_CONFIG_KSTACK_STORE, old_store);
	return 0;
}

static unsigned long parse_count(const char *s)
{
	unsigned long v = 0;

	if (!*s)
		return 0;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return 0;
		v = v * 10 + (unsigned long)(*s - '0');
		if (v > MAX_ROUNDS)
			return 0;
	}
	return v;
}

int main(int argc, char **argv)
{
	static const char *const store_names[] = { [KSTACK_STORE_TASK] = "task", [KSTACK_STORE_CPU] = "cpu" };
	long mode = KSTACK_MODE_CRNG16;
	int n = 64;
	bool test = false;
	unsigned long mask = 0;
	struct result res[2];

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc) {
			n = (int)parse_count(argv[++i]);
			if (!n) {
				printf("migrate: -n wants a number from 1 to %d\n", MAX_ROUNDS);
				return 1;
			}
		} else if (!strcmp(argv[i], "-m") && i + 1 < argc) {
			i++;
			if (!strcmp(argv[i], "counter")) {
				mode = KSTACK_MODE_COUNTER;
			} else if (!strcmp(argv[i], "crng16")) {
				mode = KSTACK_MODE_CRNG16;
			} else {
				printf("migrate: -m wants counter or crng16, the modes that choose at exit\n");
				return 1;
			}
		} else if (!strcmp(argv[i], "-t")) {
			test = true;
		} else {
			printf("usage: migrate [-n ROUNDS] [-m counter|crng16] [-t]\n");
			return strcmp(argv[i], "-h") ? 1 : 0;
		}
	}
	if (syscall3(__NR_sched_getaffinity, 0, sizeof(mask), &mask) < 0 || (mask & 3) != 3) {
		printf("migrate: needs CPUs 0 and 1 (make run SMP=2); this machine has mask 0x%lx\n",
		       mask);
		if (test)
			printf("SKIP: migrate: one CPU, no migration to show\n");
		return test ? 0 : 1;
	}
	printf("migrate: %d rounds per store, mode %s: a syscall sleeps on CPU 0, ends on CPU 1;\n"
	       "         does CPU 0's next syscall get the same offset?\n", n,
	       mode == KSTACK_MODE_CRNG16 ? "crng16" : "counter");
	for (long store = KSTACK_STORE_TASK; store <= KSTACK_STORE_CPU; store++) {
		struct result *r = &res[store];

		if (run_store(store, mode, n, r) < 0)
			return 1;
		printf("  kstack.store=%-4s  %3d of %3d repeated (%3d%%)%s", store_names[store],
		       r->repeats, r->rounds, r->rounds ? r->repeats * 100 / r->rounds : 0,
		       store == KSTACK_STORE_CPU ? "  predictable\n" : "  1 in 64 by chance\n");
		if (r->lost)
			printf("                     (%d rounds did not migrate as planned, not counted)\n",
			       r->lost);
	}
	if (!test)
		return 0;
	/* The rounds that ran must be most of them, or the rates say nothing. */
	CHECK("migrate.rounds", res[0].rounds >= n * 3 / 4 && res[1].rounds >= n * 3 / 4,
	      "task %d, cpu %d of %d rounds migrated as planned", res[0].rounds, res[1].rounds, n);
	CHECK("migrate.store_cpu_repeats", res[1].rounds && res[1].repeats * 10 >= res[1].rounds * 9,
	      "%d of %d repeated, want at least 90%%", res[1].repeats, res[1].rounds);
	/* 1 in 64 by chance: more than 8 in 64 has probability below 1e-6. */
	CHECK("migrate.store_task_fresh", res[0].rounds && res[0].repeats * 64 <= res[0].rounds * 8,
	      "%d of %d repeated, want at most 8 in 64", res[0].repeats, res[0].rounds);
	return test_failures;
}
