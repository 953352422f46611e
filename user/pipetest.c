// SPDX-License-Identifier: MIT
/*
 * pipetest: pipe2, close, dup2/dup3 and the blocking rules of kernel/pipe.c:
 * data in order, read blocking for a writer, write blocking for a reader, EOF
 * once every write end is closed, SIGPIPE for a write nobody can read, and a
 * task killed while it waits on a pipe really ends. Prints one PASS/FAIL line
 * per test and exits with the number of failures.
 */
#include "lib/ulib.h"

static void msleep(long ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* Reads exactly n bytes unless EOF or an error comes first; returns how many it got. */
static long read_full(int fd, void *buf, size_t n)
{
	size_t done = 0;

	while (done < n) {
		long r = read(fd, (char *)buf + done, n - done);

		if (r <= 0)
			return done ? (long)done : r;
		done += (size_t)r;
	}
	return (long)done;
}

static void test_basics(void)
{
	int fds[2] = { -1, -1 };
	char buf[16];
	long r = pipe2(fds, 0), w;

	CHECK("user.pipe.pipe2", r == 0 && fds[0] >= 3 && fds[1] >= 3 && fds[0] != fds[1],
	      "returned %ld, fds %d %d", r, fds[0], fds[1]);
	w = write(fds[1], "hello", 5);
	r = read(fds[0], buf, sizeof(buf));
	CHECK("user.pipe.write_then_read", w == 5 && r == 5 && !memcmp(buf, "hello", 5),
	      "write %ld, read %ld", w, r);
	r = write(fds[0], "x", 1);
	CHECK("user.pipe.write_read_end_ebadf", r == -EBADF, "returned %ld", r);
	r = read(fds[1], buf, 1);
	CHECK("user.pipe.read_write_end_ebadf", r == -EBADF, "returned %ld", r);
	r = pipe2(fds, 1);
	CHECK("user.pipe.pipe2_bad_flags", r == -EINVAL, "returned %ld", r);
	r = syscall2(__NR_pipe2, 16, 0); /* a pointer into unmapped page 0 */
	CHECK("user.pipe.pipe2_bad_pointer", r == -EFAULT, "returned %ld", r);
	/* The failed calls took no descriptor: the next pipe gets the same two. */
	{
		int again[2];

		close(fds[0]);
		close(fds[1]);
		r = pipe2(again, 0);
		CHECK("user.pipe.failed_pipe2_leaks_nothing",
		      r == 0 && again[0] == fds[0] && again[1] == fds[1], "got %d %d, first %d %d",
		      again[0], again[1], fds[0], fds[1]);
		close(again[0]);
		close(again[1]);
	}
}

static void test_close(void)
{
	int fds[2];
	long r;

	pipe2(fds, 0);
	r = close(fds[0]);
	CHECK("user.close.ok", r == 0, "returned %ld", r);
	r = close(fds[0]);
	CHECK("user.close.twice_ebadf", r == -EBADF, "returned %ld", r);
	r = read(fds[0], &r, 1);
	CHECK("user.close.read_closed_ebadf", r == -EBADF, "returned %ld", r);
	r = close(1000);
	CHECK("user.close.bad_fd", r == -EBADF, "returned %ld", r);
	close(fds[1]);
}

static long dup(int fd)
{
	return syscall1(__NR_dup, fd);
}

/*
 * Up to 1024 descriptors (Linux's default limit): dup succeeds until then,
 * and a pipe2 that finds no room is -EMFILE; closing frees them.
 */
static void test_fd_limit(void)
{
	int fds[2], n = 0;
	long r = 0;

	r = pipe2(fds, 0);
	CHECK("user.pipe.before_limit", r == 0, "returned %ld", r);
	while (n < 2000 && (r = dup(fds[0])) >= 0)
		n++;
	/* 3 console descriptors + the pipe's 2 + n = 1024. */
	CHECK("user.dup.emfile", n == 1024 - 5 && r == -EMFILE, "%d dups, then %ld", n, r);
	r = pipe2(fds, 0);
	CHECK("user.pipe.emfile", r == -EMFILE, "returned %ld", r);
	for (int fd = 3; fd < 1024; fd++)
		close(fd);
	r = pipe2(fds, 0);
	CHECK("user.pipe.fds_back_after_close", r == 0, "returned %ld", r);
	close(fds[0]);
	close(fds[1]);
}

/* read blocks until the writer, which sleeps first, writes. */
static void test_read_blocks(void)
{
	int fds[2], st = 0;
	char buf[8] = { 0 };
	long pid, r;

	pipe2(fds, 0);
	pid = fork();
	if (pid == 0) {
		msleep(20);
		exit(write(fds[1], "late", 4) == 4 ? 0 : 1);
	}
	r = read(fds[0], buf, sizeof(buf));
	waitpid((int)pid, &st, 0);
	CHECK("user.pipe.read_blocks_for_writer",
	      r == 4 && !memcmp(buf, "late", 4) && WIFEXITED(st) && WEXITSTATUS(st) == 0,
	      "read %ld, child status 0x%x", r, st);
	close(fds[0]);
	close(fds[1]);
}

/* 3 pipe-fulls from one write: the writer blocks until the reader makes room. */
static void test_write_blocks(void)
{
	static char out[3 * 4096 + 100], in[sizeof(out)];
	int fds[2], st = 0;
	long pid, r;

	for (size_t i = 0; i < sizeof(out); i++)
		out[i] = (char)(i * 7 + 3);
	pipe2(fds, 0);
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		exit(write(fds[1], out, sizeof(out)) == (long)sizeof(out) ? 0 : 1);
	}
	close(fds[1]);
	msleep(10); /* let the writer fill the pipe and block */
	r = read_full(fds[0], in, sizeof(in));
	waitpid((int)pid, &st, 0);
	CHECK("user.pipe.write_blocks_for_reader",
	      r == (long)sizeof(in) && !memcmp(in, out, sizeof(in)) && WIFEXITED(st) &&
		  WEXITSTATUS(st) == 0,
	      "read %ld of %zu, child status 0x%x", r, sizeof(in), st);
	close(fds[0]);
}

/* Once every write end is closed (the child's by exit, ours by close), read gives 0. */
static void test_eof(void)
{
	int fds[2], st;
	char buf[8];
	long pid, r1, r2;

	pipe2(fds, 0);
	pid = fork();
	if (pid == 0)
		exit(write(fds[1], "abc", 3) == 3 ? 0 : 1);
	close(fds[1]);
	r1 = read_full(fds[0], buf, 3);
	r2 = read(fds[0], buf, sizeof(buf));
	waitpid((int)pid, &st, 0);
	CHECK("user.pipe.eof_after_writers_close", r1 == 3 && r2 == 0, "read %ld then %ld", r1, r2);
	close(fds[0]);
}

/* A write with no read end left: the writer dies by SIGPIPE. */
static void test_sigpipe(void)
{
	int fds[2], st = 0;
	long pid;

	pipe2(fds, 0);
	close(fds[0]);
	pid = fork();
	if (pid == 0) {
		write(fds[1], "x", 1);
		exit(0); /* not reached: SIGPIPE on the way out of write */
	}
	waitpid((int)pid, &st, 0);
	CHECK("user.pipe.sigpipe_kills_writer", WIFSIGNALED(st) && WTERMSIG(st) == SIGPIPE,
	      "child status 0x%x", st);
	close(fds[1]);
}

/* A task killed while blocked in read (or write) on a pipe must end. */
static void test_kill_blocked(bool in_write)
{
	int fds[2], st = 0;
	long pid, r;

	pipe2(fds, 0);
	pid = fork();
	if (pid == 0) {
		static char big[8192];

		if (in_write)
			write(fds[1], big, sizeof(big)); /* nobody reads: blocks when full */
		else
			read(fds[0], big, 1); /* nobody writes: blocks */
		exit(0);
	}
	msleep(20);
	r = kill((int)pid, SIGKILL);
	waitpid((int)pid, &st, 0);
	CHECK(in_write ? "user.pipe.kill_blocked_writer" : "user.pipe.kill_blocked_reader",
	      r == 0 && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "kill %ld, child status 0x%x",
	      r, st);
	close(fds[0]);
	close(fds[1]);
}

static u64 now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000 + (u64)ts.tv_nsec / 1000000;
}

/* Polls every 5 ms, for up to ms milliseconds, until every pid is in state; true if all got there. */
static bool wait_all_state(const long *pids, int n, int state, long ms)
{
	for (u64 end = now_ms() + (u64)ms;;) {
		int there = 0;

		for (int i = 0; i < n; i++)
			there += pids[i] > 0 && task_state(pids[i]) == state;
		if (there == n)
			return true;
		if (now_ms() >= end)
			return false;
		msleep(5);
	}
}

/* A child that reads one byte from fd and exits with it (255: the read failed). */
static long fork_reader(int fd)
{
	long pid = fork();

	if (pid == 0) {
		unsigned char c = 0;

		exit(read(fd, &c, 1) == 1 ? c : 255);
	}
	return pid;
}

/*
 * Any number of readers wait on one pipe (a wait queue, not a few slots):
 * MANY_READERS block, half of them are killed while they wait (each must
 * leave the queue as it dies), as many new ones take their place (on the
 * dead ones' task slots and stacks), and then one write of MANY_READERS
 * bytes gives each reader one byte.
 */
#define MANY_READERS 16

static void test_many_readers(void)
{
	long pids[MANY_READERS];
	int fds[2], st, killed_ok = 0, got = 0;
	bool blocked, again, seen[MANY_READERS] = { false };
	char bytes[MANY_READERS];

	pipe2(fds, 0);
	for (int i = 0; i < MANY_READERS; i++)
		pids[i] = fork_reader(fds[0]);
	blocked = wait_all_state(pids, MANY_READERS, 2, 2000);
	for (int i = 0; i < MANY_READERS; i += 2) {
		st = 0;
		if (pids[i] > 0 && kill((int)pids[i], SIGKILL) == 0 &&
		    waitpid((int)pids[i], &st, 0) == pids[i] && WIFSIGNALED(st) &&
		    WTERMSIG(st) == SIGKILL)
			killed_ok++;
		pids[i] = fork_reader(fds[0]);
	}
	again = wait_all_state(pids, MANY_READERS, 2, 2000);
	for (int i = 0; i < MANY_READERS; i++)
		bytes[i] = (char)('A' + i);
	write(fds[1], bytes, sizeof(bytes));
	wait_all_state(pids, MANY_READERS, 3, 5000);
	for (int i = 0; i < MANY_READERS; i++) {
		if (pids[i] <= 0)
			continue;
		if (task_state(pids[i]) != 3)
			kill((int)pids[i], SIGKILL);
		st = 0;
		waitpid((int)pids[i], &st, 0);
		if (WIFEXITED(st) && WEXITSTATUS(st) >= 'A' &&
		    WEXITSTATUS(st) < 'A' + MANY_READERS && !seen[WEXITSTATUS(st) - 'A']) {
			seen[WEXITSTATUS(st) - 'A'] = true;
			got++;
		}
	}
	CHECK("user.pipe.many_readers_block", blocked && again, "%d readers not all blocked (%s)",
	      MANY_READERS, blocked ? "after the kills" : "at first");
	CHECK("user.pipe.kill_readers_leave_the_queue", killed_ok == MANY_READERS / 2,
	      "%d of %d killed readers died by SIGKILL", killed_ok, MANY_READERS / 2);
	CHECK("user.pipe.many_readers_each_get_a_byte", got == MANY_READERS,
	      "%d of %d readers got a byte of their own within 5 s", got, MANY_READERS);
	close(fds[0]);
	close(fds[1]);
}

/*
 * Every task blocked, none asleep: init waits for us, we wait for a session
 * leader, the leader waits for its foreground job, and the job reads a pipe
 * only it could write. Only a key can end that, so the machine must idle,
 * not give up: a Ctrl-C typed once every CPU idles
 * (the console's TDIOC_INJECT_IDLE) sends SIGINT to the foreground group,
 * the job. All on CPU 0, so that the last task to block blocks where the
 * idle loop that could give up runs. The leader exits 0 if its job died by
 * SIGINT, else with the step that failed.
 */
static int all_blocked_leader(void)
{
	long job, err;
	int st = 0;

	if (setsid() < 0 || ioctl(0, TIOCSCTTY, NULL) < 0)
		return 10; /* the console is another session's */
	job = fork();
	if (job == 0) {
		int fds[2];
		char c;

		setpgid(0, 0);
		if (pipe2(fds, 0) < 0)
			exit(1);
		read(fds[0], &c, 1); /* only we could write: blocks until killed */
		exit(2);
	}
	setpgid((int)job, (int)job);
	err = tcsetpgrp(0, (int)job);
	waitpid((int)job, &st, 0);
	if (err < 0)
		return 11;
	return WIFSIGNALED(st) && WTERMSIG(st) == SIGINT ? 0 : 12;
}

static void test_all_blocked_idles(void)
{
	unsigned long cpu0 = 1, all = 0;
	long pid, pending, legacy;
	int st = 0;
	u64 start;

	sched_getaffinity(0, sizeof(all), &all);
	sched_setaffinity(0, sizeof(cpu0), &cpu0);
	pid = fork();
	if (pid == 0)
		exit(all_blocked_leader());
	legacy = tty_test_control(TDIOC_LEGACY_TIOCSTI, 1);
	tty_test_control(TDIOC_INJECT_IDLE, 0x03);
	start = now_ms();
	waitpid((int)pid, &st, 0);
	pending = tty_test_control(TDIOC_INJECT_IDLE, -1);
	sched_setaffinity(0, sizeof(all), &all);
	CHECK("user.pipe.all_blocked_idles_until_ctrl_c",
	      pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 && pending == -1,
	      "leader status 0x%x after %llu ms (10: no console, 11: tcsetpgrp, 12: job not "
	      "ended by SIGINT), Ctrl-C %s",
	      st, (unsigned long long)(now_ms() - start), pending == -1 ? "typed" : "not typed");
	if (pending != -1) {
		/* Let it arrive now, and read it back: no later test must find it. */
		char c = 0;

		while (tty_test_control(TDIOC_INJECT_IDLE, -1) != -1)
			msleep(5);
		while (c != 0x03 && read(0, &c, 1) == 1)
			;
	}
	tty_test_control(TDIOC_LEGACY_TIOCSTI, legacy);
}

/* dup2 onto 1: the child's printf goes into the pipe. */
static void test_dup2(void)
{
	int fds[2], st;
	char buf[32] = { 0 };
	long pid, r;

	pipe2(fds, 0);
	pid = fork();
	if (pid == 0) {
		if (dup2(fds[1], 1) != 1)
			exit(1);
		close(fds[1]);
		printf("through the pipe");
		exit(0);
	}
	close(fds[1]);
	r = read_full(fds[0], buf, 16);
	waitpid((int)pid, &st, 0);
	CHECK("user.dup2.stdout_into_pipe", r == 16 && !memcmp(buf, "through the pipe", 16),
	      "read %ld: '%s'", r, buf);
	r = dup3(fds[0], fds[0], 0);
	CHECK("user.dup3.same_fd_einval", r == -EINVAL, "returned %ld", r);
	r = dup2(fds[0], fds[0]);
	CHECK("user.dup2.same_fd_returns_it", r == fds[0], "returned %ld", r);
	r = dup3(fds[0], 9, 1);
	CHECK("user.dup3.bad_flags", r == -EINVAL, "returned %ld", r);
	r = dup2(12, 9);
	CHECK("user.dup2.closed_oldfd", r == -EBADF, "returned %ld", r);
	r = dup2(fds[0], 1024);
	CHECK("user.dup2.newfd_out_of_range", r == -EBADF, "returned %ld", r);
	close(fds[0]);
}

int main(void)
{
	struct kernel_stats before, after;

	get_kernel_stats(&before);
	test_basics();
	test_close();
	test_fd_limit();
	test_read_blocks();
	test_write_blocks();
	test_eof();
	test_sigpipe();
	test_kill_blocked(false);
	test_kill_blocked(true);
	test_many_readers();
	test_all_blocked_idles();
	test_dup2();
	get_kernel_stats(&after);
	CHECK("user.pipe.no_leaks",
	      after.free_pages == before.free_pages && after.nr_tasks == before.nr_tasks,
	      "pages %lu -> %lu, tasks %lu -> %lu", (unsigned long)before.free_pages,
	      (unsigned long)after.free_pages, (unsigned long)before.nr_tasks,
	      (unsigned long)after.nr_tasks);
	return test_failures;
}
