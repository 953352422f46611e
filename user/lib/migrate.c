// SPDX-License-Identifier: MIT
/*
 * The migration rounds user/migrate.c shows and user/predict.c attacks with
 * (docs/kstack-offset.md, "The migration bug"). One round:
 *
 *   1. this task (M) runs on CPU 0; its helper H is pinned to CPU 1;
 *   2. M wakes H through a pipe, then calls report_stack_sleep(): the SP
 *      inside the dispatcher tells the offset A that syscall began with;
 *   3. H waits until M sleeps and moves it to CPU 1, where the syscall ends
 *      (and where, per CPU, it stores the next offset);
 *   4. M moves itself back to CPU 0 (it leaves that syscall on CPU 1 and
 *      arrives on CPU 0 in user mode) and calls report_stack(): offset B,
 *      the first syscall to begin on CPU 0 since A's.
 */
#include "ulib.h"

#define SLEEP_NS    20000000UL /* 20 ms: H has time to see M asleep */
#define OFFSET_STEP 16

static long set_affinity(long pid, unsigned long mask)
{
	return syscall3(__NR_sched_setaffinity, pid, sizeof(mask), &mask);
}

long migrate_this_cpu(void)
{
	unsigned int cpu = ~0U;
	long err = syscall3(__NR_getcpu, &cpu, 0, 0);

	return err < 0 ? err : (long)cpu;
}

/* Until task pid blocks (task_state() 2), or a million looks at it. */
static void wait_blocked(long pid)
{
	for (int spin = 0; spin < 1000000 && task_state(pid) != 2; spin++)
		;
}

/* The helper on CPU 1: for each byte from M, wait until M sleeps, then move it here. */
static __noreturn void helper(int rfd, long m)
{
	char c;

	if (set_affinity(0, 2UL) < 0)
		exit(2);
	while (read(rfd, &c, 1) == 1) {
		/* M blocks in report_stack_sleep() right after its write: wait for that. */
		wait_blocked(m);
		set_affinity(m, 2UL);
	}
	exit(0);
}

static long offset_of(unsigned long base, unsigned long sp)
{
	return (long)(base - sp) / OFFSET_STEP;
}

int migrate_start(struct migrate_rig *rig, long store, long mode)
{
	int fds[2];

	rig->wfd = -1;
	if (set_affinity(0, 1UL) < 0 || migrate_this_cpu() != 0)
		return -1;
	/* The SP with no offset: the same path, with the offset off. */
	rig->old_mode = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_OFF);
	rig->base = report_stack();
	rig->old_store = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_STORE, store);
	trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, mode);
	if (pipe2(fds, 0) < 0) {
		migrate_stop(rig);
		return -1;
	}
	rig->helper = fork();
	if (rig->helper == 0) {
		close(fds[1]);
		helper(fds[0], getppid());
	}
	close(fds[0]);
	rig->wfd = fds[1];
	/*
	 * H's own move to CPU 1 is a syscall that begins on CPU 0: wait until H
	 * blocks in its first read, so that it cannot fall between A and B.
	 */
	wait_blocked(rig->helper);
	return 0;
}

int migrate_away(struct migrate_rig *rig, long *a)
{
	/* 1: from CPU 0 (a move of H's that came too late last round may have taken us away). */
	if (set_affinity(0, 1UL) < 0 || migrate_this_cpu() != 0)
		return -1;
	write(rig->wfd, "m", 1); /* H waits for M to sleep */
	*a = offset_of(rig->base, (unsigned long)report_stack_sleep(SLEEP_NS)); /* 2 */
	return migrate_this_cpu() == 1 ? 0 : -1; /* 3: else H missed us: no migration */
}

int migrate_back(struct migrate_rig *rig, long *b)
{
	set_affinity(0, 1UL);			   /* 4: back to CPU 0, in user mode */
	*b = offset_of(rig->base, report_stack()); /* the first syscall there since A */
	/* Asked after: this getcpu() ends on CPU 0 too, and B's syscall began there. */
	return migrate_this_cpu() == 0 ? 0 : -1;
}

void migrate_stop(struct migrate_rig *rig)
{
	if (rig->wfd >= 0) {
		close(rig->wfd);
		waitpid((int)rig->helper, NULL, 0);
		rig->wfd = -1;
	}
	trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, rig->old_mode);
	trapdoor_config(TRAPDOOR_CONFIG_KSTACK_STORE, rig->old_store);
}
