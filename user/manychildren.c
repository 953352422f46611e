// SPDX-License-Identifier: MIT
/*
 * manychildren: 100 children alive at the same time, each with 64 KiB of bss of its own
 * that it fills with its own pattern and checks once all of its siblings exist, then the
 * parent reaps them all. Every child is a full address space of its own (fork copies every
 * page), so this is a test of how many address spaces the kernel can keep mapped at once,
 * not of how much memory there is: 100 x ~30 pages is about 12 MiB.
 */
#include "lib/ulib.h"

#define NR_CHILDREN 100
#define BSS_WORDS   (64 * 1024 / sizeof(unsigned long))

static unsigned long bss[BSS_WORDS];

static void msleep(long ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* Tasks alive, zombies included: task_list with no buffer only counts them (cheap). */
static unsigned long nr_tasks_now(void)
{
	return (unsigned long)task_list(NULL, 0);
}

static unsigned long pattern(int child, unsigned long i)
{
	return (unsigned long)child << 32 ^ i * 0x9e3779b97f4a7c15UL;
}

/*
 * One child: fill the bss, wait until every sibling is alive (the task count, zombies
 * included, reaches want; the parent reaps nobody before all of them have exited), then
 * check every word.
 */
static __noreturn void child(int n, unsigned long want)
{
	unsigned long bad = 0;

	for (unsigned long i = 0; i < BSS_WORDS; i++)
		bss[i] = pattern(n, i);
	while (nr_tasks_now() < want)
		msleep(5);
	for (unsigned long i = 0; i < BSS_WORDS; i++)
		bad += bss[i] != pattern(n, i);
	exit(bad ? 1 : 0);
}

/* How many of our children have exited (zombies, not yet reaped). */
static int nr_zombie_children(void)
{
	static struct task_info tasks[256];
	long n = task_list(tasks, ARRAY_SIZE(tasks)), me = getpid();
	int zombies = 0;

	for (long i = 0; i < n && i < (long)ARRAY_SIZE(tasks); i++)
		zombies += tasks[i].ppid == me && tasks[i].state == 3;
	return zombies;
}

int main(void)
{
	unsigned long want = nr_tasks_now() + NR_CHILDREN;
	long pids[NR_CHILDREN];
	int forked = 0, ok = 0, status;

	/* The parent's bss is touched too, so every page of it is really there to copy. */
	for (unsigned long i = 0; i < BSS_WORDS; i++)
		bss[i] = ~0UL;
	for (; forked < NR_CHILDREN; forked++) {
		pids[forked] = fork();
		if (pids[forked] == 0)
			child(forked, want);
		if (pids[forked] < 0)
			break;
	}
	CHECK("user.manychildren.fork", forked == NR_CHILDREN, "fork %d of %d failed: %ld",
	      forked + 1, NR_CHILDREN, forked < NR_CHILDREN ? pids[forked] : 0L);
	/* If a fork failed the children would wait for ever: end them. */
	if (forked < NR_CHILDREN)
		for (int i = 0; i < forked; i++)
			kill((int)pids[i], SIGKILL);
	/*
	 * Reap only once every child has exited: reaping one lowers the task count that its
	 * siblings are still waiting to see reach want.
	 */
	while (nr_zombie_children() < forked)
		msleep(10);
	for (int i = 0; i < forked; i++)
		if (waitpid((int)pids[i], &status, 0) == pids[i] && WIFEXITED(status) &&
		    WEXITSTATUS(status) == 0)
			ok++;
	if (forked == NR_CHILDREN)
		CHECK("user.manychildren.bss", ok == NR_CHILDREN,
		      "%d of %d children found their "
		      "64 KiB bss intact",
		      ok, NR_CHILDREN);
	for (unsigned long i = 0; i < BSS_WORDS; i++)
		if (bss[i] != ~0UL) {
			CHECK("user.manychildren.parent_bss", false, "word %lu changed", i);
			break;
		}
	return test_failures;
}
