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
 *	-n ROUNDS	rounds per store (default 64, at most 1000); a try in which
 *			H came too late is not counted and made again, up to 4n tries
 *	-m MODE		counter or crng16 (default crng16)
 *	-t		test: PASS/FAIL lines, cpu >= 90 % and task <= 8 of 64 (scaled)
 *
 * Needs two CPUs (make run SMP=2). The mode and store found at start are
 * restored at the end.
 */
#include "lib/ulib.h"

#define MAX_ROUNDS 1000

struct result {
	int rounds;  /* rounds that migrated as planned */
	int repeats; /* of those, how often B == A */
	int lost;    /* rounds where M did not end up where planned */
};

/* The rounds themselves are user/lib/migrate.c's, shared with user/predict.c. */
static int run_store(long store, long mode, int n, struct result *r)
{
	struct migrate_rig rig;

	r->rounds = r->repeats = r->lost = 0;
	if (migrate_start(&rig, store, mode) < 0) {
		printf("migrate: cannot pin to CPU 0 or start the helper\n");
		return -1;
	}
	/* n rounds that migrated as planned; on a busy host H can be late: up to 4n tries. */
	for (int i = 0; i < 4 * n && r->rounds < n; i++) {
		long a, b;

		if (migrate_away(&rig, &a) < 0 || migrate_back(&rig, &b) < 0) {
			r->lost++;
			continue;
		}
		r->rounds++;
		r->repeats += a == b;
	}
	migrate_stop(&rig);
	return 0;
}

int main(int argc, char **argv)
{
	static const char *const store_names[] = {
		[KSTACK_STORE_TASK] = "task", [KSTACK_STORE_CPU] = "cpu"
	};
	long mode = KSTACK_MODE_CRNG16;
	int n = 64;
	bool test = false;
	unsigned long mask = 0;
	struct result res[2];

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc) {
			n = (int)parse_count(argv[++i], MAX_ROUNDS);
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
				printf("migrate: -m wants counter or crng16, the modes that choose "
				       "at exit\n");
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
		printf(
		    "migrate: needs CPUs 0 and 1 (make run SMP=2); this machine has mask 0x%lx\n",
		    mask);
		if (test)
			printf("SKIP: migrate: one CPU, no migration to show\n");
		return test ? 0 : 1;
	}
	printf("migrate: %d rounds per store, mode %s: a syscall sleeps on CPU 0, ends on CPU 1;\n"
	       "         does CPU 0's next syscall get the same offset?\n",
	       n, mode == KSTACK_MODE_CRNG16 ? "crng16" : "counter");
	for (long store = KSTACK_STORE_TASK; store <= KSTACK_STORE_CPU; store++) {
		struct result *r = &res[store];

		if (run_store(store, mode, n, r) < 0)
			return 1;
		printf("  kstack.store=%-4s  %3d of %3d repeated (%3d%%)%s", store_names[store],
		       r->repeats, r->rounds, r->rounds ? r->repeats * 100 / r->rounds : 0,
		       store == KSTACK_STORE_CPU ? "  predictable\n" : "  1 in 64 by chance\n");
		if (r->lost)
			printf("                     (%d tries did not migrate as planned, made "
			       "again)\n",
			       r->lost);
	}
	if (!test)
		return 0;
	/* Every round must have run, or the rates say less than they claim. */
	CHECK("migrate.rounds", res[0].rounds == n && res[1].rounds == n,
	      "task %d, cpu %d of %d rounds migrated as planned in %d tries", res[0].rounds,
	      res[1].rounds, n, 4 * n);
	CHECK("migrate.store_cpu_repeats",
	      res[1].rounds && res[1].repeats * 10 >= res[1].rounds * 9,
	      "%d of %d repeated, want at least 90%%", res[1].repeats, res[1].rounds);
	/* 1 in 64 by chance: more than 8 in 64 has probability below 1e-6. */
	CHECK("migrate.store_task_fresh", res[0].rounds && res[0].repeats * 64 <= res[0].rounds * 8,
	      "%d of %d repeated, want at most 8 in 64", res[0].repeats, res[0].rounds);
	return test_failures;
}
