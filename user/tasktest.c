// SPDX-License-Identifier: MIT
/*
 * tasktest: fork, exit/wait, execve, kill, nanosleep, preemption and the
 * accounting of memory across all of them. Prints one PASS/FAIL line per test
 * and exits with the number of failures.
 */
#include "lib/ulib.h"

static unsigned long free_pages(void)
{
	struct kernel_stats st;

	get_kernel_stats(&st);
	return st.free_pages;
}

static void msleep(long ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}

/*
 * A tree of 64 tasks: 8 children, each with 7 children of its own. Every task
 * exits with a distinct status, and each parent checks the statuses it reaps.
 */
static void test_fork_tree(void)
{
	u64 seen = 0;
	int bad = 0;

	for (int c = 0; c < 8; c++) {
		long pid = fork();

		if (pid == 0) {
			u64 mine = 0;

			for (int g = 0; g < 7; g++) {
				long gpid = fork();

				if (gpid == 0)
					exit(8 + c * 7 + g);	/* 8..63 */
				if (gpid < 0)
					exit(255);
			}
			for (int g = 0; g < 7; g++) {
				int st;

				if (waitpid(-1, &st, 0) < 0 || !WIFEXITED(st))
					exit(254);
				mine |= 1ULL << WEXITSTATUS(st);
			}
			/* All seven grandchildren, each with its own status. */
			exit(mine == (0x7fULL << (8 + c * 7)) ? c : 253);
		}
		if (pid < 0)
			bad++;
	}
	for (int c = 0; c < 8; c++) {
		int st;

		if (waitpid(-1, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) >= 8)
			bad++;
		else
			seen |= 1ULL << WEXITSTATUS(st);
	}
	CHECK("user.task.fork_tree_64_statuses", bad == 0 && seen == 0xff,
	      "%d bad children, statuses seen 0x%llx", bad, (unsigned long long)seen);
	CHECK("user.task.no_children_left", waitpid(-1, NULL, 0) == -ECHILD, "wait found more");
}

static volatile int shared_looking = 1;

/* Each side writes its own copy; the other side never sees it. */
static void test_isolation(void)
{
	long pid = fork();
	int st = -1;

	if (pid == 0) {
		msleep(30);			/* the parent writes meanwhile */
		if (shared_looking != 1)
			exit(1);		/* saw the parent's write */
		shared_looking = 2;
		exit(0);
	}
	shared_looking = 3;
	waitpid((int)pid, &st, 0);
	CHECK("user.task.fork_memory_isolated", pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 &&
						 shared_looking == 3,
	      "child status 0x%x, parent sees %d", st, shared_looking);
}

/* A task that never yields cannot stop another from finishing: the timer preempts it. */
static void test_preemption(void)
{
	long spinner = fork(), worker;
	int st = -1;
	u64 t0;

	if (spinner == 0)
		for (;;)
			;
	t0 = now_ns();
	worker = fork();
	if (worker == 0) {
		volatile unsigned long sum = 0;

		for (unsigned long i = 0; i < 200000; i++)
			sum += i;
		exit(0);
	}
	waitpid((int)worker, &st, 0);
	CHECK("user.task.preemption_worker_finishes", WIFEXITED(st) && WEXITSTATUS(st) == 0,
	      "worker status 0x%x after %llu ms", st, (unsigned long long)((now_ns() - t0) / 1000000));
	CHECK("user.task.kill_spinner", kill((int)spinner, SIGKILL) == 0, "kill failed");
	waitpid((int)spinner, &st, 0);
	CHECK("user.task.killed_by_sigkill", WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
	      "spinner status 0x%x", st);
	CHECK("user.task.kill_errors", kill(99999, SIGKILL) == -ESRCH && kill(1, SIGKILL) == -EPERM &&
					       kill(getpid(), 15) == -EINVAL,
	      "kill accepted a bad request");
}

static void test_nanosleep(void)
{
	u64 t0 = now_ns(), slept;
	struct timespec bad = { .tv_sec = 0, .tv_nsec = 1000000000L };

	msleep(20);
	slept = now_ns() - t0;
	CHECK("user.task.nanosleep_20ms", slept >= 20000000ULL && slept < 2000000000ULL,
	      "slept %llu ns", (unsigned long long)slept);
	CHECK("user.task.nanosleep_rejects_bad_time", nanosleep(&bad, NULL) == -EINVAL, "accepted");
}

/* execve replaces the image; a failed execve leaves the caller intact. */
static void test_execve(void)
{
	const char *argv[] = { "fault", "nosuchmode", NULL };
	const char *none[] = { "nosuch", NULL };
	long pid;
	int st = -1;

	CHECK("user.task.execve_missing_program", execve("nosuch", none, NULL) == -ENOENT,
	      "returned something else");
	pid = fork();
	if (pid == 0) {
		execve("fault", argv, NULL);
		exit(99);	/* only if execve failed */
	}
	waitpid((int)pid, &st, 0);
	/* fault with an unknown mode exits 2: proof the new image ran with our argv. */
	CHECK("user.task.execve_runs_new_image", WIFEXITED(st) && WEXITSTATUS(st) == 2,
	      "status 0x%x", st);
}

static void test_task_list(void)
{
	struct task_info tasks[16];
	long n = task_list(tasks, 16);
	bool me = false, init = false;

	for (long i = 0; i < n && i < 16; i++) {
		me |= tasks[i].pid == getpid() && !strcmp(tasks[i].comm, "tasktest");
		init |= tasks[i].pid == 1 && !strcmp(tasks[i].comm, "init");
	}
	CHECK("user.task.task_list_shows_self_and_init", n >= 2 && me && init, "%ld tasks", n);
}

/* Fork until the kernel says no; then everything must come back. */
static void test_fork_until_exhausted(void)
{
	static long pids[256];
	unsigned long before = free_pages(), after;
	long err = 0;
	int n = 0;

	while (n < 256) {
		long pid = fork();

		if (pid == 0) {
			for (;;)
				msleep(1000);	/* wait to be killed */
		}
		if (pid < 0) {
			err = pid;
			break;
		}
		pids[n++] = pid;
	}
	for (int i = 0; i < n; i++) {
		kill((int)pids[i], SIGKILL);
		waitpid((int)pids[i], NULL, 0);
	}
	after = free_pages();
	CHECK("user.task.fork_until_exhausted_fails_cleanly", err == -EAGAIN || err == -ENOMEM,
	      "fork returned %ld after %d children", err, n);
	CHECK("user.task.fork_until_exhausted_returns_memory", after == before,
	      "%lu free pages before, %lu after %d children", before, after, n);
}

/* 1000 fork/exit cycles, and a child killed by a fault, leak nothing. */
static void test_no_leaks(void)
{
	unsigned long before = free_pages(), after;
	int bad = 0;

	for (int i = 0; i < 1000; i++) {
		long pid = fork();
		int st;

		if (pid == 0)
			exit(i & 0xff);
		if (pid < 0 || waitpid((int)pid, &st, 0) != pid || WEXITSTATUS(st) != (i & 0xff))
			bad++;
	}
	after = free_pages();
	CHECK("user.task.fork_exit_1000_no_leak", bad == 0 && after == before,
	      "%d bad cycles; free pages %lu before, %lu after", bad, before, after);

	before = free_pages();
	{
		const char *argv[] = { "fault", "write-kernel", NULL };
		int st = 0;
		long pid = spawn("fault", argv);

		waitpid((int)pid, &st, 0);
		after = free_pages();
		CHECK("user.task.fault_killed_task_no_leak",
		      WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV && after == before,
		      "status 0x%x; free pages %lu before, %lu after", st, before, after);
	}
}

int main(void)
{
	test_fork_tree();
	test_isolation();
	test_preemption();
	test_nanosleep();
	test_execve();
	test_task_list();
	test_fork_until_exhausted();
	test_no_leaks();
	printf("tasktest: %lu free pages\n", free_pages());
	return test_failures;
}
