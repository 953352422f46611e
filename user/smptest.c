// SPDX-License-Identifier: MIT
/*
 * smptest: several CPUs seen from user mode (docs/smp.md, "Tests"):
 * sched_setaffinity, sched_getaffinity and getcpu with Linux's results and
 * errors, a task pinned to CPU n running on CPU n (getcpu and task_list
 * agree), affinity inherited by fork, a task moved by another, a kill across
 * CPUs, then a stress run: pairs of tasks on different CPUs play pipe
 * ping-pong (rounds=N in all; by default 10000, and 2000 on one CPU, where
 * the pair only takes turns), forking children that exit on the partner's
 * CPU, with a watchdog that fails the run when both ends of a pair stay
 * blocked (a lost wake-up), and no task slot or page may be left over. On one CPU the cross-CPU parts still run what they can and say
 * "1 CPU: ..." in their PASS line.
 */
#include "lib/ulib.h"

#include <trapdoor/cpumask.h>

#define DEFAULT_ROUNDS	    10000
#define DEFAULT_ROUNDS_1CPU 2000 /* the same path as 10000 on one CPU, in a fifth of the time */
#define FORK_EVERY	    64	 /* a ping task forks a child every this many rounds */
/* Both ends of a pair blocked this long on end: a wake-up was lost (the watchdog looks every 50 ms). */
#define STUCK_SEC	    10
#define WATCH_NS	    50000000L
#define MOVE_TIMEOUT_NS	    2000000000ULL

static unsigned int ncpus;
static unsigned long all_cpus;
static const char *one_cpu_note; /* "1 CPU: ..." on one CPU, else NULL */

/* A PASS line that says what did not run on one CPU; a FAIL line as CHECK's. */
static void check_note(const char *name, bool ok, const char *note, const char *why)
{
	if (ok && note)
		printf("PASS: %s (%s)\n", name, note);
	else
		test_result(name, ok, "%s", why);
	test_failures += !ok;
}

static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}

static unsigned int my_cpu(void)
{
	unsigned int cpu = ~0U;

	getcpu(&cpu, NULL, NULL);
	return cpu;
}

static long pin(int pid, unsigned long mask)
{
	return sched_setaffinity(pid, sizeof(mask), &mask);
}

static unsigned long affinity(int pid)
{
	unsigned long mask = 0;

	return sched_getaffinity(pid, sizeof(mask), &mask) == sizeof(mask) ? mask : 0;
}

static int task_cpu(long pid)
{
	static struct task_info tasks[128];
	long n = task_list(tasks, 128);

	for (long i = 0; i < n && i < 128; i++)
		if (tasks[i].pid == pid)
			return tasks[i].cpu;
	return -1;
}

static void test_basics(void)
{
	struct kernel_stats st;
	unsigned int cpu = ~0U, node = ~0U;
	unsigned long m[2] = { 0, 0x5a5a };
	long r;

	get_kernel_stats(&st);
	CHECK("user.smp.cpus_online",
	      st.cpus_online >= 1 && st.cpus_online <= CPUMASK_BITS &&
		  all_cpus == (st.cpus_online == CPUMASK_BITS ? ~0UL : (1UL << st.cpus_online) - 1),
	      "kernel_stats says %lu CPUs online, the affinity mask is 0x%lx", st.cpus_online,
	      all_cpus);
	r = getcpu(&cpu, &node, NULL);
	CHECK("user.smp.getcpu", r == 0 && cpu < ncpus && node == 0,
	      "returned %ld, cpu %u of %u, node %u", r, cpu, ncpus, node);
	r = getcpu(NULL, NULL, NULL);
	CHECK("user.smp.getcpu_null_pointers", r == 0, "returned %ld", r);
	r = sched_getaffinity(0, sizeof(m), m);
	CHECK("user.smp.getaffinity_writes_one_long",
	      r == sizeof(long) && m[0] == all_cpus && m[1] == 0x5a5a,
	      "returned %ld, mask 0x%lx, the next long 0x%lx", r, m[0], m[1]);
	CHECK("user.smp.getaffinity_by_pid", affinity((int)getpid()) == all_cpus,
	      "mask 0x%lx, want 0x%lx", affinity((int)getpid()), all_cpus);
}

static void test_errors(void)
{
	/* The lowest CPU that is not online (a CPU that did not start leaves a hole). */
	unsigned long zero = 0, offline = ~all_cpus & -~all_cpus, buf = 0;
	unsigned long two[2] = { 1, ~0UL };
	long r;

	r = sched_setaffinity(0, sizeof(zero), &zero);
	CHECK("user.smp.setaffinity_empty_einval", r == -EINVAL, "returned %ld", r);
	r = sched_setaffinity(0, sizeof(offline), &offline);
	CHECK("user.smp.setaffinity_offline_cpu_einval", r == -EINVAL, "mask 0x%lx: returned %ld",
	      offline, r);
	r = sched_setaffinity(0, 0, &all_cpus);
	CHECK("user.smp.setaffinity_len_zero_einval", r == -EINVAL, "returned %ld", r);
	r = sched_setaffinity(99999, sizeof(all_cpus), &all_cpus);
	CHECK("user.smp.setaffinity_no_such_pid", r == -ESRCH, "returned %ld", r);
	r = sched_setaffinity(-5, sizeof(all_cpus), &all_cpus);
	CHECK("user.smp.setaffinity_negative_pid", r == -ESRCH, "returned %ld", r);
	r = sched_setaffinity(0, sizeof(long), (const unsigned long *)16);
	CHECK("user.smp.setaffinity_bad_pointer", r == -EFAULT, "returned %ld", r);
	/* Bytes past one long are ignored: CPU 0 only. */
	r = sched_setaffinity(0, sizeof(two), two);
	CHECK("user.smp.setaffinity_long_len_ignores_rest", r == 0 && affinity(0) == 1,
	      "returned %ld, mask now 0x%lx", r, affinity(0));
	pin(0, all_cpus);
	r = sched_getaffinity(0, 0, &buf);
	CHECK("user.smp.getaffinity_len_zero_einval", r == -EINVAL, "returned %ld", r);
	r = sched_getaffinity(0, sizeof(long) + 4, &buf);
	CHECK("user.smp.getaffinity_len_not_longs_einval", r == -EINVAL, "returned %ld", r);
	r = sched_getaffinity(99999, sizeof(buf), &buf);
	CHECK("user.smp.getaffinity_no_such_pid", r == -ESRCH, "returned %ld", r);
	r = sched_getaffinity(0, sizeof(buf), (unsigned long *)16);
	CHECK("user.smp.getaffinity_bad_pointer", r == -EFAULT, "returned %ld", r);
	r = getcpu((unsigned int *)16, NULL, NULL);
	CHECK("user.smp.getcpu_bad_pointer", r == -EFAULT, "returned %ld", r);
}

/* Pinned to CPU n, the task runs on CPU n: right after the call, after yields, in task_list. */
static void test_pin_each_cpu(void)
{
	char why[160] = "";
	bool ok = true;

	for (unsigned int n = 0; n < ncpus && ok; n++) {
		long r = pin(0, 1UL << n);
		unsigned int now = my_cpu(), later;
		int listed;

		for (int i = 0; i < 20; i++)
			sched_yield();
		later = my_cpu();
		listed = task_cpu(getpid());
		ok =
		    r == 0 && now == n && later == n && listed == (int)n && affinity(0) == 1UL << n;
		if (!ok)
			snprintf(why, sizeof(why),
				 "pinned to CPU%u (%ld): getcpu %u, after yields %u, "
				 "task_list %d, mask 0x%lx",
				 n, r, now, later, listed, affinity(0));
	}
	pin(0, all_cpus);
	check_note("user.smp.pinned_task_runs_there", ok,
		   one_cpu_note ? "1 CPU: pinned to CPU 0 only" : NULL, why);
}

/* fork copies the mask: the child starts where the parent may run. */
static void test_fork_inherits(void)
{
	unsigned int last = ncpus - 1;
	int status = -1;
	long pid;

	pin(0, 1UL << last);
	pid = fork();
	if (pid == 0)
		exit(affinity(0) == 1UL << last && my_cpu() == last ? 0 : 1);
	wait4((int)pid, &status, 0, NULL);
	pin(0, all_cpus);
	CHECK("user.smp.fork_inherits_affinity", pid > 0 && status == 0,
	      "fork %ld, child status 0x%x (its mask or its CPU was not CPU%u's)", pid, status,
	      last);
}

/*
 * Another task's mask changes under it while it runs: it moves there (a
 * reschedule IPI to its CPU, or its next tick). The child spins in user mode
 * on CPU 0 until getcpu says it is elsewhere.
 */
static void test_move_other(void)
{
	unsigned int target = ncpus - 1;
	int status = -1;
	char why[160];
	long pid, r;
	unsigned long mask;

	pin(0, 1);
	pid = fork();
	if (pid == 0) {
		u64 start = now_ns();

		while (my_cpu() != target)
			if (now_ns() - start > MOVE_TIMEOUT_NS)
				exit(1);
		exit(0);
	}
	pin(0, all_cpus);
	r = pin((int)pid, 1UL << target);
	mask = affinity((int)pid);
	wait4((int)pid, &status, 0, NULL);
	snprintf(why, sizeof(why),
		 "setaffinity(child) %ld, its mask 0x%lx, status 0x%x (1: still "
		 "not on CPU%u after 2 s)",
		 r, mask, status, target);
	check_note("user.smp.setaffinity_moves_other_task",
		   pid > 0 && r == 0 && status == 0 && mask == 1UL << target,
		   one_cpu_note ? "1 CPU: the mask changes, there is nowhere to move" : NULL, why);
}

/* kill() of a task spinning in user mode on another CPU: it dies (an IPI makes it look). */
static void test_kill_other_cpu(void)
{
	unsigned int target = ncpus - 1;
	int status = -1;
	long pid, r;
	char why[120];

	pid = fork();
	if (pid == 0) {
		pin(0, 1UL << target);
		for (;;)
			;
	}
	/* Let it reach its CPU: its own setaffinity moves it on its way out. */
	for (u64 start = now_ns();
	     task_cpu(pid) != (int)target && now_ns() - start < MOVE_TIMEOUT_NS;)
		sched_yield();
	r = kill((int)pid, SIGKILL);
	wait4((int)pid, &status, 0, NULL);
	snprintf(why, sizeof(why), "kill %ld, status 0x%x", r, status);
	check_note("user.smp.kill_task_on_other_cpu",
		   pid > 0 && r == 0 && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
		   one_cpu_note ? "1 CPU: killer and victim share CPU 0" : NULL, why);
}

/*
 * The lockless syscalls (clock_gettime() and the like, docs/smp.md) write
 * their result to user memory, and a page there that is not yet present, or
 * still shared with a parent, must first be allocated or copied: the page
 * allocator's work, under the kernel lock. Two children on two CPUs race
 * for it: one gives each clock_gettime() a fresh page, or one its fork
 * shares (clock_gettime() breaks the copy-on-write); the other takes and
 * frees pages through plain faults. Each checks what it reads back; init
 * checks that every page came back (user.smptest.pages_back). Unlocked, the
 * free list soon hands one page out twice, and the kernel stops at a
 * BUG_ON in mm/page_alloc.c.
 */
#define RACE_PAGES  32
#define RACE_ROUNDS 60
#define RACE_PAGE   16384UL /* a page on every arch: loongarch's are 16 KiB */

/* clock_gettime() into the page at p: whether it gave a valid time. */
static bool clock_into(char *p)
{
	struct timespec *ts = (struct timespec *)p;

	return clock_gettime(CLOCK_MONOTONIC, ts) == 0 && (unsigned long)ts->tv_nsec < 1000000000UL;
}

/* Exit status: 0 fine, 1 mmap failed, 2 a result was wrong, 3 fork failed. */
static int race_clock_gettime(void)
{
	for (int r = 0; r < RACE_ROUNDS; r++) {
		long m = mmap(NULL, RACE_PAGES * RACE_PAGE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		char *p = (char *)m;
		long child;
		int status = -1;

		if (m < 0)
			return 1;
		if (r & 1) {
			/* Shared with a child: its clock_gettime() copies each page first. */
			for (int i = 0; i < RACE_PAGES; i++)
				p[i * RACE_PAGE + 64] = (char)i;
			child = fork();
			if (child == 0) {
				for (int i = 0; i < RACE_PAGES; i++)
					if (!clock_into(p + i * RACE_PAGE) ||
					    p[i * RACE_PAGE + 64] != (char)i)
						exit(2);
				exit(0);
			}
			if (child < 0)
				return 3;
			if (waitpid((int)child, &status, 0) != child || status != 0)
				return 2;
		} else {
			/* Fresh pages: clock_gettime() makes each present. */
			for (int i = 0; i < RACE_PAGES; i++)
				if (!clock_into(p + i * RACE_PAGE))
					return 2;
		}
		munmap(p, RACE_PAGES * RACE_PAGE);
	}
	return 0;
}

static int race_faults(void)
{
	for (int r = 0; r < 4 * RACE_ROUNDS; r++) {
		long m = mmap(NULL, RACE_PAGES * RACE_PAGE, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		volatile char *p = (volatile char *)m;

		if (m < 0)
			return 1;
		for (int i = 0; i < RACE_PAGES; i++)
			p[i * RACE_PAGE] = (char)(i + r);
		for (int i = 0; i < RACE_PAGES; i++)
			if (p[i * RACE_PAGE] != (char)(i + r))
				return 2;
		munmap((void *)m, RACE_PAGES * RACE_PAGE);
	}
	return 0;
}

static void test_lockless_copy_out(void)
{
	int (*const fn[2])(void) = { race_clock_gettime, race_faults };
	int status[2] = { -1, -1 };
	long pid[2];
	char why[80];

	for (int k = 0; k < 2; k++) {
		pid[k] = fork();
		if (pid[k] == 0) {
			pin(0, 1UL << (k ? 0 : ncpus - 1));
			exit(fn[k]());
		}
	}
	for (int k = 0; k < 2; k++)
		if (pid[k] > 0)
			waitpid((int)pid[k], &status[k], 0);
	snprintf(why, sizeof(why), "clock_gettime child: status 0x%x; fault child: status 0x%x",
		 status[0], status[1]);
	check_note("user.smp.lockless_copy_out_allocates_under_the_lock",
		   pid[0] > 0 && pid[1] > 0 && status[0] == 0 && status[1] == 0,
		   one_cpu_note ? "1 CPU: the two children take turns" : NULL, why);
}

/*
 * One end of a ping-pong pair, pinned to cpu: reads a byte, writes it back
 * (pong), or writes then reads (ping). The ping end also forks, every
 * FORK_EVERY rounds, a child that moves to the partner's CPU and exits
 * there, and waits for it. Exit status: 0 fine, 1 a pipe broke (the partner
 * died: the watchdog), 2 it ran on another CPU than its own, 3 a fork failed.
 */
static __noreturn void pingpong_end(bool ping, unsigned int cpu, unsigned int partner, int rfd,
				    int wfd, long rounds)
{
	unsigned long wrong_cpu = 0;

	pin(0, 1UL << cpu);
	for (long i = 0; i < rounds; i++) {
		char c = (char)i, got = 0;

		if (ping && write(wfd, &c, 1) != 1)
			exit(1);
		if (read(rfd, &got, 1) != 1 || got != c)
			exit(1);
		if (!ping && write(wfd, &c, 1) != 1)
			exit(1);
		if (i % FORK_EVERY)
			continue;
		wrong_cpu += my_cpu() != cpu;
		if (ping) {
			int status = -1;
			long pid = fork();

			if (pid == 0) {
				pin(0, 1UL << partner);
				exit(my_cpu() == partner ? 0 : 2);
			}
			if (pid < 0 || wait4((int)pid, &status, 0, NULL) != pid || status != 0)
				exit(3);
		}
	}
	exit(wrong_cpu ? 2 : 0);
}

static void test_pingpong(long rounds)
{
	unsigned int pairs = ncpus > 1 ? ncpus : 1;
	long pids[2 * 8], watchdog, per_pair = rounds / pairs;
	unsigned int bad = 0, killed = 0, nr = 0;
	struct kernel_stats before, after;
	char why[160] = "", note[96];
	u64 start;

	get_kernel_stats(&before);
	start = now_ns();
	for (unsigned int p = 0; p < pairs && p < 8; p++) {
		unsigned int a = p % ncpus, b = (p + 1) % ncpus;
		int to_pong[2], to_ping[2];

		if (pipe2(to_pong, 0) || pipe2(to_ping, 0)) {
			snprintf(why, sizeof(why), "pipe2 failed for pair %u", p);
			bad++;
			break;
		}
		pids[nr] = fork();
		if (pids[nr] == 0)
			pingpong_end(true, a, b, to_ping[0], to_pong[1], per_pair);
		nr += pids[nr] > 0;
		pids[nr] = fork();
		if (pids[nr] == 0)
			pingpong_end(false, b, a, to_pong[0], to_ping[1], per_pair);
		nr += pids[nr] > 0;
		close(to_pong[0]);
		close(to_pong[1]);
		close(to_ping[0]);
		close(to_ping[1]);
	}
	/*
	 * A lost wake-up leaves both ends of a pair blocked for ever: the
	 * watchdog ends every pair when it sees one so for STUCK_SEC on end,
	 * and the test fails. However slow the machine, a pair that moves on
	 * is never stuck that long (a fork's child runs while both wait).
	 */
	watchdog = fork();
	if (watchdog == 0) {
		struct timespec ts = { 0, WATCH_NS };
		unsigned int stuck[8] = { 0 };

		for (;;) {
			nanosleep(&ts, NULL);
			for (unsigned int p = 0; p + 1 < nr; p += 2) {
				bool both =
				    task_state(pids[p]) == 2 && task_state(pids[p + 1]) == 2;

				stuck[p / 2] = both ? stuck[p / 2] + 1 : 0;
				if (stuck[p / 2] < STUCK_SEC * (1000000000L / WATCH_NS))
					continue;
				for (unsigned int i = 0; i < nr; i++)
					kill((int)pids[i], SIGKILL);
				exit(0);
			}
		}
	}
	for (unsigned int i = 0; i < nr; i++) {
		int status = -1;

		wait4((int)pids[i], &status, 0, NULL);
		if (status != 0 && !bad++)
			snprintf(why, sizeof(why), "task %u (%s on CPU%u) ended with status 0x%x%s",
				 i, i % 2 ? "pong" : "ping", (i / 2 + i % 2) % ncpus, status,
				 WIFSIGNALED(status) ?
				     ": the watchdog saw its pair blocked (a lost wake-up)" :
				     "");
		killed += WIFSIGNALED(status);
	}
	kill((int)watchdog, SIGKILL);
	wait4((int)watchdog, NULL, 0, NULL);
	printf("smptest: %ld rounds in %u pairs on %u CPUs: %llu ms\n", per_pair * pairs, pairs,
	       ncpus, (unsigned long long)((now_ns() - start) / 1000000));
	if (killed && !why[0])
		snprintf(why, sizeof(why), "the watchdog killed %u tasks: a pair was blocked %d s",
			 killed, STUCK_SEC);
	snprintf(note, sizeof(note), "1 CPU: %ld rounds, both ends of the pair on CPU 0", per_pair);
	check_note("user.smp.pingpong_across_cpus", nr == 2 * pairs && !bad && !killed,
		   one_cpu_note ? note : NULL, why[0] ? why : "not every task was forked");
	get_kernel_stats(&after);
	CHECK("user.smp.pingpong_leaks_nothing",
	      after.nr_tasks == before.nr_tasks && after.free_pages == before.free_pages,
	      "tasks %lu -> %lu, free pages %lu -> %lu", before.nr_tasks, after.nr_tasks,
	      before.free_pages, after.free_pages);
}

/*
 * A console write() must not hold the kernel lock while it transmits. A
 * child on CPU 0 writes WRITE_LINES lines of dots in one call, timing it,
 * while this task, on CPU 1, makes getppid() calls (which take the kernel
 * lock) and records when each began and ended. A call that began and ended
 * within the middle half of the write shows the lock was free then: held for
 * the whole transmission, it would let none through. Both read the clock in
 * user mode (user_counter()), so that between two readings this CPU makes
 * the one syscall and nothing else. A trial in which a host hiccup kept this
 * CPU from running then (QEMU runs each CPU as a host thread, on a host that
 * may be busy) is tried again, up to WRITE_TRIALS times, each after a longer
 * pause (1.4 s in all), so that one busy spell of the host cannot spoil them
 * all; the kernel lock would spoil every one.
 */
#define WRITE_LINES    48
#define WRITE_LINE_LEN 64
#define WRITE_TRIALS   8
#define WRITE_CALLS    8192 /* the last getppid() calls of a trial, recorded */

struct write_trial {
	u64 write_start, write_end; /* user_counter() */
	long written;
	unsigned int calls_inside; /* getppid() calls within the middle half */
	u64 worst;		   /* the longest one that overlapped the write (counter ticks) */
};

static bool console_write_trial(const char *text, size_t len, struct write_trial *tr)
{
	static u64 call_start[WRITE_CALLS], call_end[WRITE_CALLS];
	int go[2], times[2], status;
	unsigned int n = 0;
	u64 quarter, deadline;
	long pid;
	char c = 'g';

	memset(tr, 0, sizeof(*tr));
	tr->written = -1;
	if (pipe2(go, 0) < 0)
		return false;
	if (pipe2(times, 0) < 0) {
		close(go[0]);
		close(go[1]);
		return false;
	}
	pid = fork();
	if (pid == 0) {
		pin(0, 1UL << 0);
		while (my_cpu() != 0)
			sched_yield();
		if (read(go[0], &c, 1) != 1)
			exit(1);
		tr->write_start = user_counter();
		tr->written = write(1, text, len);
		tr->write_end = user_counter();
		write(times[1], tr, sizeof(*tr));
		exit(0);
	}
	close(go[0]);
	close(times[1]);
	if (pid > 0 && write(go[1], &c, 1) == 1) {
		deadline = now_ns() + 5000000000ULL;
		for (unsigned int i = 0;; i++) {
			u64 t0 = user_counter(), t1;

			getppid();
			t1 = user_counter();
			call_start[n % WRITE_CALLS] = t0;
			call_end[n % WRITE_CALLS] = t1;
			n++;
			if (i % 32 == 31 && (task_state(pid) == 3 || now_ns() > deadline))
				break;
		}
	}
	if (pid > 0) {
		kill((int)pid, SIGKILL); /* if it is still there: the bound passed */
		waitpid((int)pid, &status, 0);
	}
	if (read(times[0], tr, sizeof(*tr)) != sizeof(*tr))
		tr->written = -1;
	close(go[1]);
	close(times[0]);
	if (tr->written != (long)len)
		return false;
	quarter = (tr->write_end - tr->write_start) / 4;
	for (unsigned int i = 0; i < n && i < WRITE_CALLS; i++) {
		if (call_start[i] >= tr->write_start + quarter &&
		    call_end[i] <= tr->write_end - quarter)
			tr->calls_inside++;
		if (call_end[i] > tr->write_start && call_start[i] < tr->write_end &&
		    call_end[i] - call_start[i] > tr->worst)
			tr->worst = call_end[i] - call_start[i];
	}
	return true;
}

static void test_console_write_latency(void)
{
	static char text[WRITE_LINES * WRITE_LINE_LEN];
	struct write_trial tr = { 0 };
	struct kernel_stats st;
	u64 per_us;
	bool ok = false, broke = false;
	int trial;
	char why[200];

	if (ncpus < 2) {
		check_note("user.smp.console_write_leaves_kernel_lock", true,
			   "1 CPU: no other CPU to wait for the lock", NULL);
		return;
	}
	for (size_t i = 0; i < sizeof(text); i++)
		text[i] = i % WRITE_LINE_LEN == WRITE_LINE_LEN - 1 ? '\n' : '.';
	pin(0, 1UL << 1);
	while (my_cpu() != 1)
		sched_yield();
	for (trial = 1; trial <= WRITE_TRIALS && !ok && !broke; trial++) {
		/* Trials spread out, 50 ms more each time: one busy spell of the host spoils one. */
		struct timespec pause = { 0, 50000000L * (trial - 1) };

		if (trial > 1)
			nanosleep(&pause, NULL);
		broke = !console_write_trial(text, sizeof(text), &tr);
		ok = !broke && tr.calls_inside > 0;
	}
	pin(0, all_cpus);
	get_kernel_stats(&st);
	per_us = st.counter_hz / 1000000 ? st.counter_hz / 1000000 : 1;
	snprintf(why, sizeof(why),
		 "trial %d: a write of %zu bytes took %llu us; %u getppid() calls "
		 "on CPU 1 within its middle half, the longest %llu us%s",
		 trial - 1, sizeof(text),
		 (unsigned long long)((tr.write_end - tr.write_start) / per_us), tr.calls_inside,
		 (unsigned long long)(tr.worst / per_us),
		 broke ? "; the trial broke (pipe, fork or write failed)" : "");
	printf("smptest: %s\n", why);
	CHECK("user.smp.console_write_leaves_kernel_lock", ok, "%s", why);
}

int main(int argc, char **argv)
{
	long rounds = -1;

	for (int i = 1; i < argc; i++)
		if (!strncmp(argv[i], "rounds=", 7))
			for (const char *p = argv[i] + 7, *q = p; *q >= '0' && *q <= '9'; q++)
				rounds = (q == p ? 0 : rounds * 10) + (*q - '0');
	all_cpus = affinity(0);
	for (unsigned int n = 0; n < CPUMASK_BITS; n++)
		ncpus += (all_cpus >> n) & 1;
	if (!ncpus) {
		CHECK("user.smp.getaffinity", false, "sched_getaffinity gave no CPU");
		return test_failures;
	}
	if (ncpus == 1)
		one_cpu_note = "1 CPU";
	if (rounds < 0)
		rounds = ncpus > 1 ? DEFAULT_ROUNDS : DEFAULT_ROUNDS_1CPU;
	test_basics();
	test_errors();
	test_pin_each_cpu();
	test_fork_inherits();
	test_move_other();
	test_kill_other_cpu();
	test_lockless_copy_out();
	test_console_write_latency();
	test_pingpong(rounds);
	return test_failures;
}
