// SPDX-License-Identifier: MIT
/*
 * tasktest: fork, exit/wait, execve, kill, nanosleep, preemption and the
 * accounting of memory across all of them. Prints one PASS/FAIL line per test
 * and exits with the number of failures.
 */
#include "lib/ulib.h"

#include <uapi/auxvec.h>

static unsigned long free_pages(void)
{
	struct kernel_stats st;

	get_kernel_stats(&st);
	return st.free_pages;
}

static unsigned long task_count(void)
{
	struct kernel_stats st;

	get_kernel_stats(&st);
	return st.nr_tasks;
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

/* Polls every 5 ms for up to ms milliseconds until pid is in state; true if it got there. */
static bool wait_for_state(long pid, int state, long ms)
{
	for (long t = 0; t <= ms; t += 5) {
		if (task_state(pid) == state)
			return true;
		msleep(5);
	}
	return false;
}

/*
 * A sleeper whose deadline passes while it is on its way into schedule()
 * must be queued once, not twice: a task queued twice makes the queue lose
 * the ones behind it, and the kernel soon finds nothing to run. Short
 * sleeps of varying length, each followed by a fork, a yield and a wait,
 * hit that window within a few dozen rounds when the order is wrong.
 */
static void test_sleep_wake_race(void)
{
	int bad = 0;

	for (int i = 0; i < 300; i++) {
		struct timespec ts = { .tv_sec = 0, .tv_nsec = 1 + (i * 37) % 5000 };
		long pid;
		int st = -1;

		nanosleep(&ts, NULL);
		pid = fork();
		if (pid == 0)
			exit(0);
		sched_yield();
		if (pid < 0 || waitpid((int)pid, &st, 0) != pid || st != 0)
			bad++;
	}
	CHECK("user.task.sleep_wake_race_300_rounds", bad == 0, "%d bad rounds", bad);
}

/*
 * A sleep longer than the cycle counter can count sleeps until killed; it
 * must not wrap into a short one. Bad timespecs are refused.
 */
static void test_nanosleep_forever(void)
{
	static const struct timespec forever[] = {
		{ .tv_sec = 1L << 62, .tv_nsec = 0 },
		{ .tv_sec = LONG_MAX, .tv_nsec = 999999999L },
	};
	struct timespec neg_sec = { .tv_sec = -1, .tv_nsec = 0 };
	struct timespec neg_nsec = { .tv_sec = 0, .tv_nsec = -1 };

	for (unsigned int i = 0; i < ARRAY_SIZE(forever); i++) {
		char name[64];
		long pid = fork();
		bool asleep;
		int st = -1;

		if (pid == 0) {
			nanosleep(&forever[i], NULL);
			exit(1); /* woke up: the deadline wrapped */
		}
		msleep(50);
		asleep = task_state(pid) == 2;
		kill((int)pid, SIGKILL);
		waitpid((int)pid, &st, 0);
		snprintf(name, sizeof(name), "user.task.nanosleep_forever_%u", i);
		CHECK(name, pid > 0 && asleep && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
		      "{%ld, %ld}: asleep after 50 ms: %d; status 0x%x", forever[i].tv_sec,
		      forever[i].tv_nsec, asleep, st);
	}
	CHECK("user.task.nanosleep_negative_einval",
	      nanosleep(&neg_sec, NULL) == -EINVAL && nanosleep(&neg_nsec, NULL) == -EINVAL,
	      "a negative time was accepted");
	CHECK("user.task.nanosleep_bad_pointer_efault",
	      nanosleep(NULL, NULL) == -EFAULT &&
		  nanosleep((const struct timespec *)report_stack(), NULL) == -EFAULT,
	      "NULL or a kernel address was accepted");
}

/*
 * kill ends every blocking wait. The child blocked in read(0) waits for
 * console input that never comes (the test boots have none); the one
 * blocked in wait4 waits for a grandchild that sleeps for ever.
 */
static void test_kill_blocked(void)
{
	long reader = fork(), waiter, sleeper = 0;
	bool died;
	int st = -1;

	if (reader == 0) {
		char c;

		exit(read(0, &c, 1) == 1 ? 3 : 4);
	}
	msleep(30);
	kill((int)reader, SIGKILL);
	died = wait_for_state(reader, 3, 2000);
	if (died)
		waitpid((int)reader, &st, 0);
	if (died && WIFEXITED(st) && WEXITSTATUS(st) == 3)
		printf("SKIP: user.task.kill_ends_blocked_read: console input arrived\n");
	else
		CHECK("user.task.kill_ends_blocked_read",
		      died && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
		      "reader %s within 2 s; status 0x%x", died ? "died" : "still alive", st);

	waiter = fork();
	if (waiter == 0) {
		long g = fork();

		if (g == 0)
			for (;;)
				msleep(1000);
		exit(waitpid((int)g, NULL, 0) == g ? 5 : 6);
	}
	/* Find the grandchild, so as to kill it too at the end. */
	for (int t = 0; t < 400 && !sleeper; t++) {
		struct task_info tasks[32];
		long n = task_list(tasks, 32);

		for (long i = 0; i < n && i < 32; i++)
			if (tasks[i].ppid == waiter)
				sleeper = tasks[i].pid;
		if (!sleeper)
			msleep(5);
	}
	msleep(20);
	kill((int)waiter, SIGKILL);
	died = wait_for_state(waiter, 3, 2000);
	st = -1;
	if (died)
		waitpid((int)waiter, &st, 0);
	/* The orphaned sleeper is the kernel's to reap: it must vanish. */
	if (sleeper && kill((int)sleeper, SIGKILL) == 0)
		wait_for_state(sleeper, 0, 2000);
	CHECK("user.task.kill_ends_blocked_wait4",
	      sleeper > 0 && died && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
	      "grandchild %ld; waiter %s within 2 s; status 0x%x", sleeper,
	      died ? "died" : "still alive", st);
}

/*
 * Any number of readers wait for the console (a wait queue, not a few
 * slots), and the rest of the machine goes on: CONSOLE_READERS children
 * block in read(0), a 20 ms nanosleep must still end on time, then half the
 * readers are killed (each must leave the queue as it dies) and the other
 * half each get one of as many typed bytes.
 */
/*
 * Types byte c on the console with TIOCSTI, which the test image's
 * legacy_tiocsti switch allows while it is on: on for this byte only, so that
 * shtest still finds it off.
 */
static void type_byte(char c)
{
	long old = tty_test_control(TDIOC_LEGACY_TIOCSTI, 1);

	ioctl(0, TIOCSTI, &c);
	tty_test_control(TDIOC_LEGACY_TIOCSTI, old);
}

#define CONSOLE_READERS 8

static void test_many_console_readers(void)
{
	long pids[CONSOLE_READERS];
	int st, blocked = 0, killed_ok = 0, got = 0;
	bool seen[CONSOLE_READERS / 2] = { false };
	u64 t0, slept;
	char c;

	/* Empty the input first: type a marker and read up to it (0x1f, as shtest does). */
	type_byte(0x1f);
	while (read(0, &c, 1) == 1 && c != 0x1f)
		;
	for (int i = 0; i < CONSOLE_READERS; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			unsigned char b = 0;

			exit(read(0, &b, 1) == 1 ? b : 255);
		}
	}
	for (int i = 0; i < CONSOLE_READERS; i++)
		blocked += pids[i] > 0 && wait_for_state(pids[i], 2, 2000);
	t0 = now_ns();
	msleep(20);
	slept = now_ns() - t0;
	CHECK("user.task.console_readers_all_block", blocked == CONSOLE_READERS,
	      "%d of %d readers blocked in read(0)", blocked, CONSOLE_READERS);
	CHECK("user.task.console_readers_sleeper_wakes",
	      slept >= 20000000ULL && slept < 2000000000ULL, "a 20 ms sleep took %llu ns",
	      (unsigned long long)slept);
	for (int i = 0; i < CONSOLE_READERS / 2; i++) {
		st = 0;
		if (pids[i] > 0 && kill((int)pids[i], SIGKILL) == 0 &&
		    waitpid((int)pids[i], &st, 0) == pids[i] && WIFSIGNALED(st) &&
		    WTERMSIG(st) == SIGKILL)
			killed_ok++;
	}
	for (int i = 0; i < CONSOLE_READERS / 2; i++)
		type_byte((char)('a' + i));
	for (int i = CONSOLE_READERS / 2; i < CONSOLE_READERS; i++) {
		if (pids[i] <= 0)
			continue;
		if (!wait_for_state(pids[i], 3, 5000))
			kill((int)pids[i], SIGKILL);
		st = 0;
		waitpid((int)pids[i], &st, 0);
		if (WIFEXITED(st) && WEXITSTATUS(st) >= 'a' &&
		    WEXITSTATUS(st) < 'a' + CONSOLE_READERS / 2 && !seen[WEXITSTATUS(st) - 'a']) {
			seen[WEXITSTATUS(st) - 'a'] = true;
			got++;
		}
	}
	CHECK("user.task.console_readers_killed_leave", killed_ok == CONSOLE_READERS / 2,
	      "%d of %d killed readers died by SIGKILL", killed_ok, CONSOLE_READERS / 2);
	CHECK("user.task.console_readers_each_get_a_byte", got == CONSOLE_READERS / 2,
	      "%d of %d readers got a typed byte of their own within 5 s", got,
	      CONSOLE_READERS / 2);
}

/*
 * A child that forks a grandchild and exits leaves an orphan: init adopts
 * it and the kernel reaps it when it exits. Half the grandchildren exit
 * before their parent (zombies released with it), half after (orphans
 * released at their own exit). Without that, 200 rounds exhaust the 128
 * task slots.
 */
static void test_orphans_reaped(void)
{
	unsigned long tasks_before = task_count(), pages_before = free_pages();
	unsigned long tasks_after = 0, pages_after = 0;
	long pid;
	int bad = 0, st = -1;

	for (int i = 0; i < 200; i++) {
		pid = fork();
		if (pid == 0) {
			long g = fork();

			if (g == 0) {
				if (i & 1)
					msleep(2); /* outlive the parent */
				exit(0);
			}
			if (!(i & 1))
				msleep(2); /* outlive the child */
			exit(g < 0 ? 1 : 0);
		}
		if (pid < 0 || waitpid((int)pid, &st, 0) != pid || st != 0)
			bad++;
	}
	for (int t = 0; t < 400; t++) {
		tasks_after = task_count();
		pages_after = free_pages();
		if (tasks_after == tasks_before && pages_after == pages_before)
			break;
		msleep(5);
	}
	CHECK("user.task.orphans_reaped_200",
	      bad == 0 && tasks_after == tasks_before && pages_after == pages_before,
	      "%d bad rounds; tasks %lu -> %lu, free pages %lu -> %lu", bad, tasks_before,
	      tasks_after, pages_before, pages_after);
	pid = fork();
	if (pid == 0)
		exit(7);
	st = -1;
	CHECK("user.task.fork_after_orphans",
	      pid > 0 && waitpid((int)pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 7,
	      "fork %ld, status 0x%x", pid, st);
	CHECK("user.task.no_children_after_orphans", waitpid(-1, NULL, 0) == -ECHILD,
	      "wait found a child");
}

/*
 * kill's pid is an int, as in Linux: the upper half of its register does not
 * count, the low 32 bits name the task. So the pid with garbage above it
 * kills the child, and 1 with all upper bits set is init (-EPERM).
 */
static void test_kill_pid_range(void)
{
	long pid = fork();
	long wide, reaped;
	int st = -1;

	if (pid == 0)
		for (;;)
			msleep(1000);
	wide = syscall2(__NR_kill, (1L << 32) | pid, SIGKILL);
	if (wide != 0)
		kill((int)pid, SIGKILL); /* not killed: reap it all the same */
	reaped = waitpid((int)pid, &st, 0);
	CHECK("user.task.kill_pid_upper_bits_ignored",
	      wide == 0 && reaped == pid && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL &&
		  syscall2(__NR_kill, (long)(~0UL << 32 | 1), SIGKILL) == -EPERM,
	      "kill(0x100000000 | %ld) = %ld, status 0x%x", pid, wide, st);
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
					exit(8 + c * 7 + g); /* 8..63 */
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
		msleep(30); /* the parent writes meanwhile */
		if (shared_looking != 1)
			exit(1); /* saw the parent's write */
		shared_looking = 2;
		exit(0);
	}
	shared_looking = 3;
	waitpid((int)pid, &st, 0);
	CHECK("user.task.fork_memory_isolated",
	      pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 && shared_looking == 3,
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
	      "worker status 0x%x after %llu ms", st,
	      (unsigned long long)((now_ns() - t0) / 1000000));
	CHECK("user.task.kill_spinner", kill((int)spinner, SIGKILL) == 0, "kill failed");
	waitpid((int)spinner, &st, 0);
	CHECK("user.task.killed_by_sigkill", WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
	      "spinner status 0x%x", st);
	CHECK("user.task.kill_errors",
	      kill(99999, SIGKILL) == -ESRCH && kill(1, SIGKILL) == -EPERM &&
		  kill(getpid(), 65) == -EINVAL && kill(getpid(), -1) == -EINVAL &&
		  kill(getpid(), 0) == 0 && kill(INT_MIN, SIGKILL) == -ESRCH,
	      "kill accepted a bad request");
}

/* A child that sleeps until a signal ends it. */
static long sleeping_child(void)
{
	long pid = fork();

	if (pid == 0)
		for (;;)
			msleep(1000);
	return pid;
}

/*
 * Process groups and sessions, with Linux's rules and errors (setpgid(2),
 * setsid(2), getsid(2), kill(2)), and signals with the default action.
 */
static void test_process_groups(void)
{
	long me = getpid(), a, b, r_inval, r_init, r_none, r_nogroup, r_eacces;
	int st_a = -1, st_b = -1, st_c = -1, up[2];
	char c;

	/* Inherited from init: its group and session. */
	CHECK("user.task.pgid_sid_inherited",
	      getpgrp() == getpgid(0) && getpgid(0) == getpgid(me) && getsid(0) == getsid(1) &&
		  getpgid(1) == 1 && getsid(1) == 1,
	      "pgrp %ld, pgid(0) %ld, sid %ld, init's pgid %ld sid %ld", getpgrp(), getpgid(0),
	      getsid(0), getpgid(1), getsid(1));
	CHECK("user.task.getpgid_getsid_esrch",
	      getpgid(99999) == -ESRCH && getsid(99999) == -ESRCH && getpgid(-1) == -ESRCH,
	      "pgid %ld, sid %ld, pgid(-1) %ld", getpgid(99999), getsid(99999), getpgid(-1));

	/* A child moved into a group of its own; one of ours joins it; errors as Linux's. */
	a = sleeping_child();
	b = sleeping_child();
	r_inval = setpgid((int)a, -1);
	r_init = setpgid(1, 0); /* not us, not our child */
	r_none = setpgid(99999, 0);
	r_nogroup = setpgid((int)a, 99999); /* no such group in our session */
	CHECK("user.task.setpgid_errors",
	      r_inval == -EINVAL && r_init == -ESRCH && r_none == -ESRCH && r_nogroup == -EPERM,
	      "pgid -1 %ld (-EINVAL), init %ld (-ESRCH), no task %ld (-ESRCH), "
	      "no group %ld (-EPERM)",
	      r_inval, r_init, r_none, r_nogroup);
	CHECK("user.task.setpgid_child",
	      setpgid((int)a, 0) == 0 && getpgid((int)a) == a && setpgid((int)b, (int)a) == 0 &&
		  getpgid((int)b) == a,
	      "a's group %ld, b's %ld", getpgid((int)a), getpgid((int)b));
	/* kill(-pgid): SIGTERM to the whole group, each dies by it; then the group is gone. */
	CHECK("user.task.kill_group", kill((int)-a, SIGTERM) == 0, "kill(-%ld) failed", a);
	waitpid((int)a, &st_a, 0);
	waitpid((int)b, &st_b, 0);
	CHECK("user.task.killed_by_sigterm",
	      WIFSIGNALED(st_a) && WTERMSIG(st_a) == SIGTERM && WIFSIGNALED(st_b) &&
		  WTERMSIG(st_b) == SIGTERM && kill((int)-a, 0) == -ESRCH,
	      "statuses 0x%x 0x%x, group now %ld", st_a, st_b, kill((int)-a, 0));

	/* A signal whose default is to be ignored leaves its target alone; SIGINT ends it. */
	a = sleeping_child();
	CHECK("user.task.sigchld_ignored", kill((int)a, SIGCHLD) == 0 && !wait_for_state(a, 3, 50),
	      "SIGCHLD ended the task");
	kill((int)a, SIGINT);
	waitpid((int)a, &st_a, 0);
	CHECK("user.task.killed_by_sigint", WIFSIGNALED(st_a) && WTERMSIG(st_a) == SIGINT,
	      "status 0x%x", st_a);

	/* A child that has called execve cannot be moved any more: -EACCES. */
	pipe2(up, 0);
	a = fork();
	if (a == 0) {
		const char *argv[] = { "spin", NULL };

		execve("/bin/spin", argv, NULL);
		exit(1);
	}
	for (int t = 0; t < 200 && (r_eacces = setpgid((int)a, 0)) == 0; t++) {
		setpgid((int)a, getpgrp()); /* not yet: back into ours, and look again */
		msleep(5);
	}
	kill((int)a, SIGKILL);
	waitpid((int)a, &st_a, 0);
	CHECK("user.task.setpgid_after_execve_eacces", r_eacces == -EACCES, "got %ld", r_eacces);

	/*
	 * setsid in a child: it leads a new session and group; then it cannot
	 * again (a group leader), nor move; its parent, in another session now,
	 * cannot move it either.
	 */
	a = fork();
	if (a == 0) {
		long sid = setsid();
		int bad = 0;

		bad |= (sid != getpid() || getsid(0) != sid || getpgrp() != sid) << 0;
		bad |= (setsid() != -EPERM) << 1;
		bad |= (setpgid(0, 0) != -EPERM) << 2;
		c = (char)bad;
		write(up[1], &c, 1);
		for (;;)
			msleep(1000);
		exit(bad);
	}
	read(up[0], &c, 1);
	r_init = setpgid((int)a, (int)a);
	CHECK("user.task.setpgid_other_session_eperm", r_init == -EPERM && getsid((int)a) == a,
	      "got %ld, its session %ld", r_init, getsid((int)a));
	kill((int)a, SIGTERM);
	waitpid((int)a, &st_c, 0);
	CHECK("user.task.setsid_rules", c == 0 && WIFSIGNALED(st_c) && WTERMSIG(st_c) == SIGTERM,
	      "the child's failed checks 0x%x, status 0x%x", c, st_c);
	close(up[0]);
	close(up[1]);

	/* We become a group leader: setsid is refused, and the group's children follow us. */
	CHECK("user.task.setpgid_self", setpgid(0, 0) == 0 && getpgrp() == me && setsid() == -EPERM,
	      "pgrp %ld, setsid %ld", getpgrp(), setsid());
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

	CHECK("user.task.execve_missing_program", execve("/bin/nosuch", none, NULL) == -ENOENT,
	      "returned something else");
	pid = fork();
	if (pid == 0) {
		execve("/bin/fault", argv, NULL);
		exit(99); /* only if execve failed */
	}
	waitpid((int)pid, &st, 0);
	/* fault with an unknown mode exits 2: proof the new image ran with our argv. */
	CHECK("user.task.execve_runs_new_image", WIFEXITED(st) && WEXITSTATUS(st) == 2,
	      "status 0x%x", st);
}

/*
 * A spawn or execve of a program that does not exist leaves a stack the
 * stackleak self-check passes. With the
 * stack offset off, every call puts its frames at the same place.
 */
static void test_missing_program_stack_clean(void)
{
	const char *argv[] = { "nosuch", NULL };
	long old_kstack = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_OFF);
	long old_stackleak = trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, 1);
	long s1, c1, e1, c2;

	s1 = spawn("/bin/nosuch", NULL);
	c1 = syscall0(__NR_stackleak_check);
	e1 = execve("/bin/nosuch", argv, NULL);
	c2 = syscall0(__NR_stackleak_check);
	if (old_kstack >= 0)
		trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, old_kstack);
	if (old_stackleak >= 0)
		trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, old_stackleak);
	CHECK("user.task.missing_program_leaves_stack_erased",
	      s1 == -ENOENT && e1 == -ENOENT && c1 == 0 && c2 == 0,
	      "spawn %ld, check %ld; execve %ld, check %ld", s1, c1, e1, c2);
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

/* The first of n task_list entries with this pid, or NULL. */
static const struct task_info *find_task(const struct task_info *t, long n, long pid)
{
	for (long i = 0; i < n; i++)
		if (t[i].pid == pid)
			return &t[i];
	return NULL;
}

/*
 * task_list writes whole entries and nothing else: a child forked from
 * tasktest (an 8-byte name) execs spin (4 bytes), and its name is "spin" and
 * zeros to the end, not "spin" and the old name's tail. Asked for fewer
 * entries than there are tasks, it leaves the rest of the buffer alone.
 */
static void test_task_list_exact_bytes(void)
{
	static struct task_info tasks[32];
	const struct task_info *e = NULL;
	const u8 *raw = (const u8 *)tasks;
	long pid = fork(), n = 0;
	int bad = -1;

	if (pid == 0) {
		const char *argv[] = { "spin", NULL };

		execve("/bin/spin", argv, NULL);
		exit(99);
	}
	/* Until the child has exec'd: its name changes from tasktest to spin. */
	for (int tries = 0; tries < 400 && pid > 0; tries++) {
		memset(tasks, 0xaa, sizeof(tasks));
		n = task_list(tasks, 32);
		e = find_task(tasks, n < 32 ? n : 32, pid);
		if (e && !strcmp(e->comm, "spin"))
			break;
		e = NULL;
		msleep(5);
	}
	if (e) {
		bad = 0;
		for (size_t i = strlen("spin"); i < sizeof(e->comm); i++)
			if (e->comm[i] != 0)
				bad = (int)i;
	}
	CHECK("user.task.task_list_name_zero_padded_after_exec", e && bad == 0,
	      "spin child %s; comm byte %d after \"spin\" is 0x%02x", e ? "found" : "not found",
	      bad, e && bad > 0 ? (u8)e->comm[bad] : 0);
	/* Bytes past the n entries written are the caller's. */
	bad = 0;
	for (size_t i = (size_t)(n < 32 ? n : 32) * sizeof(tasks[0]); i < sizeof(tasks); i++)
		bad |= raw[i] != 0xaa;
	CHECK("user.task.task_list_writes_only_its_entries", n > 0 && !bad, "%ld tasks", n);
	memset(tasks, 0xaa, sizeof(tasks));
	n = task_list(tasks, 1);
	bad = 0;
	for (size_t i = sizeof(tasks[0]); i < sizeof(tasks); i++)
		bad |= raw[i] != 0xaa;
	CHECK("user.task.task_list_writes_at_most_n",
	      n >= 2 && !bad && tasks[0].pid > 0 &&
		  strnlen(tasks[0].comm, sizeof(tasks[0].comm)) < sizeof(tasks[0].comm),
	      "%ld tasks, overwrite %d", n, bad);
	if (pid > 0) {
		kill((int)pid, SIGKILL);
		waitpid((int)pid, NULL, 0);
	}
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
				msleep(1000); /* wait to be killed */
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
		long pid = spawn("/bin/fault", argv);

		waitpid((int)pid, &st, 0);
		after = free_pages();
		CHECK("user.task.fault_killed_task_no_leak",
		      WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV && after == before,
		      "status 0x%x; free pages %lu before, %lu after", st, before, after);
	}
}

/*
 * The initial stack as Linux builds it (kernel/exec.c): a child spawned with
 * more than 128 KiB of argv and an environment finds them all, in order,
 * then the auxiliary vector, with sp 16-byte aligned.
 */
#define STACK_ARGS    33 /* argv strings of ARG_BYTES: 132 KiB with argv[0] and envp */
#define ARG_BYTES     4000
#define STACK_ENVS    3
#define STACK_CHECKER "initial-stack"


static bool all_bytes(const char *s, char c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != c)
			return false;
	return s[n] == '\0';
}

extern char _start[];

/* The child: 0 if its stack is right, else the number of the first wrong item. */
static int check_initial_stack(int argc, char **argv)
{
	static const char *const want_env[STACK_ENVS] = { "HOME=/", "TERM=trapdoor", "EMPTY=" };
	char **envp = argv + argc + 1;
	unsigned long *auxv, at[32] = { 0 };
	const unsigned char *random;
	int i;

	if ((unsigned long)(argv - 1) % 16)
		return 1; /* sp (at argc) not 16-byte aligned */
	if (argc != STACK_ARGS + 2 || argv[argc])
		return 2;
	for (i = 2; i < argc; i++)
		if (!all_bytes(argv[i], (char)('a' + i % 26), ARG_BYTES))
			return 3;
	for (i = 0; i < STACK_ENVS; i++)
		if (!envp[i] || strcmp(envp[i], want_env[i]))
			return 4;
	if (envp[i])
		return 5;
	for (auxv = (unsigned long *)(envp + i + 1); auxv[0] != AT_NULL; auxv += 2)
		if (auxv[0] < 32)
			at[auxv[0]] = auxv[1];
	if (!at[AT_PAGESZ] || (at[AT_PAGESZ] & (at[AT_PAGESZ] - 1)) || at[AT_CLKTCK] != 100)
		return 6;
	if (at[AT_ENTRY] != (unsigned long)_start || at[AT_PHENT] != 56 || !at[AT_PHNUM])
		return 7;
	if (at[AT_UID] || at[AT_EUID] || at[AT_GID] || at[AT_EGID] || at[AT_SECURE])
		return 8;
	if (!at[AT_EXECFN] || strcmp((const char *)at[AT_EXECFN], "/bin/tasktest"))
		return 9;
	random = (const unsigned char *)at[AT_RANDOM];
	if (!random)
		return 10;
	for (i = 0; i < 16 && !random[i]; i++)
		;
	if (i == 16)
		return 11; /* 16 zero bytes: not from the CRNG */
	return 0;
}

static void test_initial_stack(void)
{
	static const char *argv[STACK_ARGS + 3];
	static char args[STACK_ARGS][ARG_BYTES + 1];
	static const char *const envp[] = { "HOME=/", "TERM=trapdoor", "EMPTY=", NULL };
	int st = -1;
	long pid;

	argv[0] = "tasktest";
	argv[1] = STACK_CHECKER;
	for (int i = 2; i < STACK_ARGS + 2; i++) {
		memset(args[i - 2], 'a' + i % 26, ARG_BYTES);
		argv[i] = args[i - 2];
	}
	pid = spawn_env("/bin/tasktest", argv, envp);
	if (pid > 0)
		waitpid((int)pid, &st, 0);
	CHECK("user.task.initial_stack_argv_envp_auxv",
	      pid > 0 && WIFEXITED(st) && !WEXITSTATUS(st),
	      "spawn %ld, status 0x%x (exit code: the first wrong item)", pid, st);
}

static struct termios saved_termios; /* the console as we found it */

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], STACK_CHECKER))
		return check_initial_stack(argc, argv);
	/* The console byte by byte, with no echo: the keys typed here are read back. */
	tty_set_raw(0, &saved_termios);
	test_initial_stack();
	test_fork_tree();
	test_isolation();
	test_sleep_wake_race();
	test_preemption();
	test_nanosleep();
	test_nanosleep_forever();
	test_kill_blocked();
	test_many_console_readers();
	test_kill_pid_range();
	test_process_groups();
	test_orphans_reaped();
	test_execve();
	test_missing_program_stack_clean();
	test_task_list();
	test_task_list_exact_bytes();
	test_fork_until_exhausted();
	test_no_leaks();
	tcsetattr(0, TCSANOW, &saved_termios);
	printf("tasktest: %lu free pages\n", free_pages());
	return test_failures;
}
