// SPDX-License-Identifier: MIT
/*
 * shtest: drives the shell (user/sh.c) with typed input. Each case types a
 * script into the console (trapdoor_config(TRAPDOOR_CONFIG_TTY_INJECT), as
 * if from the keyboard), starts sh, perhaps types more while it runs, and
 * judges by sh's exit status (exit with no argument returns the last
 * command's status) and the kernel's state after. A shell that hangs is
 * killed after a bound, and fails.
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
		trapdoor_config(TRAPDOOR_CONFIG_TTY_INJECT, (unsigned char)*s);
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

	trapdoor_config(TRAPDOOR_CONFIG_TTY_INJECT, 0x1f);
	while ((n = read(0, buf, sizeof(buf))) > 0)
		for (long i = 0; i < n; i++)
			if (buf[i] == 0x1f)
				return;
}

/* After a shell that had to be killed: no foreground task, and no spin left running. */
static void clean_up(void)
{
	static struct task_info tasks[128];
	long n = task_list(tasks, 128);

	trapdoor_config(TRAPDOOR_CONFIG_TTY_FOREGROUND, 0);
	for (long i = 0; i < n && i < 128; i++)
		if (!strcmp(tasks[i].comm, "spin") && tasks[i].state != 3)
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
	pid = spawn("sh", argv);
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

static void check_exit(const char *name, int status, int want)
{
	CHECK(name, status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == want,
	      "sh ended with status 0x%x, want exit %d", status, want);
}

int main(int argc, char **argv)
{
	long old_mode = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1);
	long pid, err;
	int status;

	/* shtest mode: exit with this task's kstack mode, for a shell to run. */
	if (argc > 1 && !strcmp(argv[1], "mode"))
		return (int)old_mode;

	/* A program with arguments runs, and its status comes back. */
	check_exit("user.sh.program_with_args", run_sh("echo hi\nfault nosuchmode\nexit\n", 0, NULL),
		   2);
	/* A missing program: one line, status 127, and the shell goes on. */
	check_exit("user.sh.missing_program", run_sh("nosuch\nexit\n", 0, NULL), 127);

	/*
	 * kstack switches the shell's own mode, which the programs it runs
	 * inherit (shtest mode exits with its mode), and never ours; a bad mode
	 * changes nothing.
	 */
	trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_OFF);
	status = run_sh("kstack crng8\nkstack\nshtest mode\nexit\n", 0, NULL);
	CHECK("user.sh.kstack_switch", status >= 0 && WIFEXITED(status) &&
	      WEXITSTATUS(status) == KSTACK_MODE_CRNG8 &&
	      trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1) == KSTACK_MODE_OFF,
	      "status 0x%x (want exit %d: the mode its child saw), our mode now %ld", status,
	      KSTACK_MODE_CRNG8, trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1));
	status = run_sh("kstack bogus\nexit\n", 0, NULL);
	CHECK("user.sh.kstack_bad_mode", status >= 0 && WIFEXITED(status) &&
	      WEXITSTATUS(status) == 1 &&
	      trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1) == KSTACK_MODE_OFF,
	      "status 0x%x, mode now %ld", status, trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1));
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
		CHECK("user.sh.background_and_wait", status == 0 && ms >= 2900 && ms < 3900 &&
		      !task_named("spin"), "status 0x%x after %llu ms, a spin %s", status,
		      (unsigned long long)ms, task_named("spin") ? "left over" : "gone");
	}

	/* Ctrl-C kills the foreground program (kernel/tty.c) and the shell goes on. */
	check_exit("user.sh.ctrl_c_kills_foreground", run_sh("spin\n", 300, "\003exit\n"),
		   128 + SIGKILL);
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
	CHECK("user.sh.trace_on", status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 2 &&
	      err == 0, "status 0x%x, our trace %ld", status, err);

	/* A reader with nothing to read sleeps (blocked), instead of polling (runnable). */
	{
		const char *argv[] = { "sh", NULL };
		int state;

		drain_input();
		pid = spawn("sh", argv);
		msleep(200);
		state = task_state(pid);
		CHECK("user.sh.reader_sleeps", state == 2, "sh waiting for input is in state %d", state);
		type("exit 5\n");
		for (int t = 0; t < 2000 && task_state(pid) != 3; t++)
			msleep(5);
		if (task_state(pid) != 3)
			kill((int)pid, SIGKILL);
		status = -1;
		waitpid((int)pid, &status, 0);
		check_exit("user.sh.typed_input_wakes_reader", status, 5);
	}

	/* The new trapdoor_config keys refuse bad values. */
	err = trapdoor_config(TRAPDOOR_CONFIG_TTY_INJECT, 256);
	CHECK("user.tty.inject_bad_byte", err == -EINVAL, "got %ld", err);
	err = trapdoor_config(TRAPDOOR_CONFIG_TTY_FOREGROUND, 99999);
	CHECK("user.tty.foreground_no_such_task", err == -ESRCH, "got %ld", err);
	err = trapdoor_config(TRAPDOOR_CONFIG_TRACE, 2);
	CHECK("user.trace.bad_value", err == -EINVAL, "got %ld", err);
	return test_failures;
}
