// SPDX-License-Identifier: MIT
/*
 * shtest: drives the shell (user/sh.c) with typed input. Each case types a
 * script into the console (ioctl(TIOCSTI), which the test image's
 * TDIOC_LEGACY_TIOCSTI switch lets a task do, as if from the
 * keyboard), starts sh, perhaps types more while it runs, and judges by sh's
 * exit status (exit with no argument returns the last command's status) and
 * the kernel's state after. A shell that hangs is killed after a bound, and
 * fails. Job control's cases run shtest itself as the shell's job, with an
 * argument: "shtest bgread" and "shtest steal" in the background, "shtest
 * forkbomb" and "shtest sigign" in the foreground.
 */
#include "lib/ulib.h"

static void msleep(long ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static u64 now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000 + (u64)ts.tv_nsec / 1000000;
}

/* Is a task with this name alive (not a zombie)? */
static bool task_named(const char *comm)
{
	static struct task_info tasks[128];
	long n = task_list(tasks, 128);

	for (long i = 0; i < n && i < 128; i++)
		if (!strcmp(tasks[i].comm, comm) && tasks[i].state != 3)
			return true;
	return false;
}

static void type(const char *s)
{
	for (; *s; s++)
		ioctl(0, TIOCSTI, (void *)s);
}

/*
 * Empties the console input, so that a case that failed cannot leave its
 * keys to the next: types a marker, then reads up to it (never blocking,
 * since the marker is there).
 */
static void drain_input(void)
{
	char buf[64];
	long n;

	type("\037");
	while ((n = read(0, buf, sizeof(buf))) > 0)
		for (long i = 0; i < n; i++)
			if (buf[i] == 0x1f)
				return;
}

/* After a shell that had to be killed: no spin or job of ours left running. */
static void clean_up(void)
{
	static struct task_info tasks[128];
	long n = task_list(tasks, 128);

	for (long i = 0; i < n && i < 128; i++)
		if ((!strcmp(tasks[i].comm, "spin") ||
		     (!strcmp(tasks[i].comm, "shtest") && tasks[i].pid != getpid())) &&
		    tasks[i].state != 3)
			kill(tasks[i].pid, SIGKILL);
}

/*
 * Types before, starts sh, waits delay_ms, types after, and waits (at most
 * 10 s) for sh to end. Returns sh's wait status, or -1 if it had to be killed.
 */
static int run_sh(const char *before, long delay_ms, const char *after)
{
	const char *argv[] = { "sh", NULL };
	int status = -1;
	long pid;

	drain_input();
	type(before);
	pid = spawn("/bin/sh", argv);
	if (pid < 0)
		return -1;
	if (after) {
		msleep(delay_ms);
		type(after);
	}
	for (int t = 0; t < 2000 && task_state(pid) != 3; t++)
		msleep(5);
	if (task_state(pid) != 3) {
		printf("shtest: sh did not finish; killing it\n");
		kill((int)pid, SIGKILL);
		waitpid((int)pid, &status, 0);
		clean_up();
		return -1;
	}
	waitpid((int)pid, &status, 0);
	return status;
}

/* Waits (at most 2 s) until the shell has put us, its job, in a process group of our own. */
static void wait_for_own_group(void)
{
	for (int t = 0; t < 400 && getpgrp() != getpid(); t++)
		msleep(5);
}

/* shtest sigign: a foreground job that ignores SIGINT, so Ctrl-C leaves it be; exits 7 after 600 ms. */
static int job_sigign(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	if (syscall4(__NR_rt_sigaction, SIGINT, &sa, NULL, sizeof(sigset_t)) < 0)
		return 1;
	msleep(600);
	return 7;
}

/* shtest bgread: a background job reads the console; exits 0 if refused with -EIO. */
static int job_bgread(void)
{
	char c;
	long n;

	wait_for_own_group();
	n = read(0, &c, 1);
	if (n != -EIO)
		printf("shtest bgread: read gave %ld, want -EIO\n", n);
	return n != -EIO;
}

/* shtest steal: a background job names the shell's group the foreground; exits 0 if refused. */
static int job_steal(void)
{
	long err;

	wait_for_own_group();
	err = tcsetpgrp(0, (int)getsid(0));
	if (err != -ENOTTY)
		printf("shtest steal: tcsetpgrp gave %ld, want -ENOTTY\n", err);
	return err != -ENOTTY;
}

/* shtest forkbomb: every task forks, for ever, until Ctrl-C ends the group. */
static int job_forkbomb(void)
{
	for (;;)
		fork();
	return 0;
}

/*
 * In a session that holds the console: a child in a group of its own names
 * itself the foreground, with SIGTTOU ignored (ignore) or blocked (block) or
 * neither. Returns what tcsetpgrp gave (0, or -errno; 1 if it gave 0 and the
 * foreground is not the child's group), with the console given back to us.
 */
static long background_tcsetpgrp(bool ignore, bool block)
{
	long pid = fork();
	int st = 0;

	if (pid == 0) {
		struct sigaction sa;
		sigset_t ttou = sigmask(SIGTTOU);
		long err;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = ignore ? SIG_IGN : SIG_DFL;
		syscall4(__NR_rt_sigaction, SIGTTOU, &sa, NULL, sizeof(sigset_t));
		if (block)
			syscall4(__NR_rt_sigprocmask, SIG_BLOCK, &ttou, NULL, sizeof(sigset_t));
		setpgid(0, 0);
		err = tcsetpgrp(0, (int)getpgrp());
		if (err == 0 && tcgetpgrp(0) != getpgrp())
			exit(1);
		exit((int)-err);
	}
	waitpid((int)pid, &st, 0);
	tcsetpgrp(0, (int)getpgrp());
	return WIFEXITED(st) ? -(long)WEXITSTATUS(st) : -1000;
}

static void check_exit(const char *name, int status, int want)
{
	CHECK(name, status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == want,
	      "sh ended with status 0x%x, want exit %d", status, want);
}

/*
 * ioctl's errors, and a session of our own: its leader takes the console,
 * tcsetpgrp's errors are Linux's, a task of another session cannot read the
 * console, and the leader's exit lets the console go.
 */
static void check_tty_ioctls(void)
{
	int fds[2], up[2], down[2], pgrp, status = -1, leader_bad = 0;
	long r_pipe, r_badf, r_get, r_ctty, r_req, r_fault, n, pid;
	char c = 0;

	pipe2(fds, 0);
	r_pipe = ioctl(fds[0], TIOCGPGRP, &pgrp);
	close(fds[0]);
	close(fds[1]);
	r_badf = ioctl(99, TIOCGPGRP, &pgrp);
	r_get = tcgetpgrp(0);
	r_ctty = ioctl(0, TIOCSCTTY, NULL);
	r_req = ioctl(0, 0x7401, NULL);
	r_fault = ioctl(0, TIOCSTI, NULL);
	CHECK("user.tty.ioctl_errors",
	      r_pipe == -ENOTTY && r_badf == -EBADF && r_get == -ENOTTY && r_ctty == -EPERM &&
		  r_req == -ENOTTY && r_fault == -EFAULT,
	      "pipe %ld (-ENOTTY), fd 99 %ld (-EBADF), TIOCGPGRP %ld (-ENOTTY), TIOCSCTTY %ld "
	      "(-EPERM), "
	      "unknown request %ld (-ENOTTY), TIOCSTI NULL %ld (-EFAULT)",
	      r_pipe, r_badf, r_get, r_ctty, r_req, r_fault);

	pipe2(up, 0);
	pipe2(down, 0);
	pid = fork();
	if (pid == 0) {
		long sid = setsid();
		int bad = 0;

		bad |= (sid != getpid()) << 0;
		bad |= (ioctl(0, TIOCSCTTY, NULL) != 0) << 1;
		bad |= (tcgetpgrp(0) != sid) << 2;
		bad |= (tcsetpgrp(0, -1) != -EINVAL) << 3;
		bad |= (tcsetpgrp(0, 99999) != -ESRCH) << 4;
		bad |= (tcsetpgrp(0, 1) != -EPERM) << 5; /* init's group: another session */
		bad |= (tcsetpgrp(0, (int)sid) != 0) << 6;
		/* spawn's flags: a group of its own and the console, both before it runs. */
		{
			const char *spin_argv[] = { "spin", NULL };
			long sp = spawn_flags("/bin/spin", spin_argv,
					      SPAWN_SETPGROUP | SPAWN_TCSETPGROUP);

			bad |= (sp <= 0 || getpgid((int)sp) != sp || tcgetpgrp(0) != sp) << 7;
			if (sp > 0) {
				kill((int)sp, SIGKILL);
				waitpid((int)sp, NULL, 0);
			}
			bad |= (tcsetpgrp(0, (int)sid) != 0) << 8;
		}
		/* A background group may take the console only if it ignores or blocks SIGTTOU. */
		bad |= (background_tcsetpgrp(false, false) != -ENOTTY) << 9;
		bad |= (background_tcsetpgrp(true, false) != 0) << 10;
		bad |= (background_tcsetpgrp(false, true) != 0) << 11;
		/* The console is ours now; the failed checks, wider than an exit status. */
		write(up[1], &bad, sizeof(bad));
		read(down[0], &c, 1); /* until our parent has tried to read it */
		exit(bad != 0);
	}
	if (read(up[0], &leader_bad, sizeof(leader_bad)) != sizeof(leader_bad))
		leader_bad = -1;
	n = read(0, &c, 1);
	write(down[1], "x", 1);
	waitpid((int)pid, &status, 0);
	CHECK("user.tty.session_leader_takes_console",
	      WIFEXITED(status) && WEXITSTATUS(status) == 0 && leader_bad == 0 && n == -EIO,
	      "the leader's failed checks 0x%x (status 0x%x); our read of its console %ld",
	      leader_bad, status, n);
	close(up[0]);
	close(up[1]);
	close(down[0]);
	close(down[1]);
	/* The leader has exited: the console is no session's, and anyone reads it again. */
	type("\037");
	n = read(0, &c, 1);
	CHECK("user.tty.leader_exit_frees_console", n == 1 && c == 0x1f, "read %ld, 0x%x", n, c);
}

static struct termios saved_termios; /* the console as we found it */

int main(int argc, char **argv)
{
	long old_mode = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1);
	long pid, err, legacy;
	int status;
	char c = 'x';

	if (argc > 1 && !strcmp(argv[1], "bgread"))
		return job_bgread();
	if (argc > 1 && !strcmp(argv[1], "sigign"))
		return job_sigign();
	if (argc > 1 && !strcmp(argv[1], "steal"))
		return job_steal();
	if (argc > 1 && !strcmp(argv[1], "forkbomb"))
		return job_forkbomb();
	/* shtest mode: exit with this task's kstack mode, for a shell to run. */
	if (argc > 1 && !strcmp(argv[1], "mode"))
		return (int)old_mode;

	/* The console byte by byte, with no echo: the keys typed here are read back. */
	tty_set_raw(0, &saved_termios);
	/* TIOCSTI is refused (Linux's -EIO) until the test image's switch allows it. */
	legacy = tty_test_control(TDIOC_LEGACY_TIOCSTI, -1);
	err = ioctl(0, TIOCSTI, &c);
	CHECK("user.tty.tiocsti_refused_by_default", legacy == 0 && err == -EIO,
	      "legacy_tiocsti %ld at boot, TIOCSTI gave %ld", legacy, err);
	tty_test_control(TDIOC_LEGACY_TIOCSTI, 1);
	check_tty_ioctls();

	/* A program with arguments runs, and its status comes back. */
	check_exit("user.sh.program_with_args",
		   run_sh("echo hi\nfault nosuchmode\nexit\n", 0, NULL), 2);
	/* A missing program: one line, status 127, and the shell goes on. */
	check_exit("user.sh.missing_program", run_sh("nosuch\nexit\n", 0, NULL), 127);

	/*
	 * kstack switches the shell's own mode, which the programs it runs
	 * inherit (shtest mode exits with its mode), and never ours; a bad mode
	 * changes nothing.
	 */
	trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_OFF);
	status = run_sh("kstack crng8\nkstack\nshtest mode\nexit\n", 0, NULL);
	CHECK("user.sh.kstack_switch",
	      status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == KSTACK_MODE_CRNG8 &&
		  trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1) == KSTACK_MODE_OFF,
	      "status 0x%x (want exit %d: the mode its child saw), our mode now %ld", status,
	      KSTACK_MODE_CRNG8, trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1));
	status = run_sh("kstack bogus\nexit\n", 0, NULL);
	CHECK("user.sh.kstack_bad_mode",
	      status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 1 &&
		  trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1) == KSTACK_MODE_OFF,
	      "status 0x%x, mode now %ld", status,
	      trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1));
	trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, old_mode);

	/* ps finds the shell itself in the task list. */
	check_exit("user.sh.ps", run_sh("ps\nexit\n", 0, NULL), 0);
	/*
	 * A program in the background runs beside one in the foreground, and
	 * wait waits for it: spin 3 & and spin 1 together take 3 s (one after
	 * the other: 4 s; without the wait: 1 s), and leave no spin behind.
	 */
	{
		u64 t0 = now_ms(), ms;

		status = run_sh("spin 3 &\nspin 1\nps\nwait\nexit\n", 0, NULL);
		ms = now_ms() - t0;
		CHECK("user.sh.background_and_wait",
		      status == 0 && ms >= 2900 && ms < 3900 && !task_named("spin"),
		      "status 0x%x after %llu ms, a spin %s", status, (unsigned long long)ms,
		      task_named("spin") ? "left over" : "gone");
	}

	/* Ctrl-C ends the foreground program (SIGINT, kernel/tty.c) and the shell goes on. */
	check_exit("user.sh.ctrl_c_kills_foreground", run_sh("spin\n", 300, "\003exit\n"),
		   128 + SIGINT);
	/* Ctrl-C is a SIGINT like any other: a job that ignores it goes on. */
	check_exit("user.sh.ctrl_c_ignored", run_sh("shtest sigign\n", 300, "\003exit\n"), 7);
	/* A background job cannot read the keys: -EIO (its exit status is wait's, then exit's). */
	check_exit("user.sh.background_read_eio", run_sh("shtest bgread &\nwait\nexit\n", 0, NULL),
		   0);
	/*
	 * A background job cannot make the shell's group the foreground, and the
	 * next Ctrl-C ends the foreground job, not the shell: spin dies, and the
	 * shell goes on to wait for the job and exits with its status.
	 */
	check_exit("user.sh.background_tcsetpgrp_refused",
		   run_sh("shtest steal &\nspin\n", 500, "\003wait\nexit\n"), 0);
	CHECK("user.sh.ctrl_c_after_steal_ends_job", !task_named("spin"), "a spin is left running");
	/*
	 * Ctrl-C on a fork bomb ends its whole process group, and the machine
	 * is usable again: the task count and the free pages come back to what
	 * they were, and a spawn works.
	 */
	{
		const char *argv_spin[] = { "spin", "0", NULL };
		struct kernel_stats before, after;
		long spawned;
		int st = -1;

		get_kernel_stats(&before);
		status = run_sh("shtest forkbomb\n", 1000, "\003exit\n");
		for (int t = 0; t < 400; t++) {
			get_kernel_stats(&after);
			if (after.nr_tasks == before.nr_tasks &&
			    after.free_pages == before.free_pages)
				break;
			msleep(5);
		}
		spawned = spawn("/bin/spin", argv_spin);
		if (spawned > 0)
			waitpid((int)spawned, &st, 0);
		CHECK("user.sh.ctrl_c_ends_fork_bomb",
		      status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGINT &&
			  after.nr_tasks == before.nr_tasks &&
			  after.free_pages == before.free_pages && spawned > 0 && st == 0,
		      "sh status 0x%x; tasks %lu (were %lu), free pages %lu (were %lu); spawn %ld",
		      status, after.nr_tasks, before.nr_tasks, after.free_pages, before.free_pages,
		      spawned);
		clean_up();
	}
	/* At the prompt, Ctrl-C drops the line; backspace, Ctrl-U and history edit it. */
	check_exit("user.sh.ctrl_c_drops_line", run_sh("exit 3\003exit 4\n", 0, NULL), 4);
	check_exit("user.sh.backspace", run_sh("exit 5\1776\n", 0, NULL), 6);
	check_exit("user.sh.ctrl_u", run_sh("exit 7\025exit 8\n", 0, NULL), 8);
	check_exit("user.sh.history_up",
		   run_sh("echo x\nfault nosuchmode\n\033[A\033[A\nexit\n", 0, NULL), 0);
	check_exit("user.sh.ctrl_d_on_empty_line", run_sh("fault nosuchmode\n\004", 0, NULL), 2);

	/*
	 * trace on reaches the kernel, a traced program still runs as before,
	 * and the shell's trace is its own: ours stays off.
	 */
	status = run_sh("trace on\ntrace\nfault nosuchmode\nexit\n", 0, NULL);
	err = trapdoor_config(TRAPDOOR_CONFIG_TRACE, -1);
	CHECK("user.sh.trace_on",
	      status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 2 && err == 0,
	      "status 0x%x, our trace %ld", status, err);

	/* A reader with nothing to read sleeps (blocked), instead of polling (runnable). */
	{
		const char *argv[] = { "sh", NULL };
		int state;

		drain_input();
		pid = spawn("/bin/sh", argv);
		msleep(200);
		state = task_state(pid);
		CHECK("user.sh.reader_sleeps", state == 2, "sh waiting for input is in state %d",
		      state);
		type("exit 5\n");
		for (int t = 0; t < 2000 && task_state(pid) != 3; t++)
			msleep(5);
		if (task_state(pid) != 3)
			kill((int)pid, SIGKILL);
		status = -1;
		waitpid((int)pid, &status, 0);
		check_exit("user.sh.typed_input_wakes_reader", status, 5);
	}

	/* The terminal's test controls and the trapdoor_config keys refuse bad values. */
	err = tty_test_control(TDIOC_LEGACY_TIOCSTI, 2);
	CHECK("user.tty.legacy_tiocsti_bad_value", err == -EINVAL, "got %ld", err);
	tty_test_control(TDIOC_LEGACY_TIOCSTI, 0);
	/*
	 * The terminal's test controls are ioctl()s of the terminal: no
	 * trapdoor_config() key (6 and 8, the holes among its keys, are refused)
	 * and no request of a file that is no terminal.
	 */
	{
		int p[2] = { -1, -1 };
		long k6 = trapdoor_config(6, -1), k8 = trapdoor_config(8, -1), on_pipe = -1;

		if (pipe2(p, 0) == 0) {
			on_pipe = ioctl(p[0], TDIOC_LEGACY_TIOCSTI, (void *)-1L);
			close(p[0]);
			close(p[1]);
		}
		CHECK("user.tty.test_controls_are_tty_ioctls",
		      k6 == -EINVAL && k8 == -EINVAL && on_pipe == -ENOTTY &&
			  tty_test_control(TDIOC_LEGACY_TIOCSTI, -1) == 0,
		      "trapdoor_config(6) %ld, (8) %ld, on a pipe %ld", k6, k8, on_pipe);
	}
	err = trapdoor_config(TRAPDOOR_CONFIG_TRACE, 2);
	CHECK("user.trace.bad_value", err == -EINVAL, "got %ld", err);
	tcsetattr(0, TCSANOW, &saved_termios);
	return test_failures;
}
