// SPDX-License-Identifier: MIT
/*
 * init: the first user program. The kernel starts it with argv[1] = "demo"
 * (make run) or "test" (make check). In test mode it runs every user test
 * program as a child, checks how each ended, and powers off with the number
 * of failures. With the boot option bench=ARGS it is "bench ARGS": it runs
 * bench (bench/bench.c) with ARGS split at commas (kernel/bench.c).
 * of failures. In demo mode, argv[2] = "shell=1" (init.shell=1) starts the
 * shell after the demos, "shell=script" the shell alone.
 */
#include "lib/ulib.h"
#include <uapi/fcntl.h>
#include "test_registry.h" /* generated from tests/registry (tools/gen-registry) */

/* The fault matrix: each run of user/fault.c must end with signal sig (0: exit 0). */
static const struct fault_case fault_cases[] = {
	{ "read-kernel", SIGSEGV },	/* load from the kernel's stack */
	{ "write-kernel", SIGSEGV },	/* store to it */
	{ "exec-kernel", SIGSEGV },	/* jump into the kernel's text */
	{ "read-null", SIGSEGV },	/* nothing is mapped at 0 */
	{ "write-text", SIGSEGV },	/* own text is read+execute only */
	{ "exec-stack", SIGSEGV },	/* own stack is never executable */
	{ "privileged", SIGILL },	/* a supervisor-only instruction */
	{ "undefined", SIGILL },	/* an undefined instruction */
	{ "breakpoint", SIGTRAP },	/* the breakpoint instruction */
	{ "exec-data", SIGSEGV },	/* own data is never executable */
	{ "stack-overflow", SIGSEGV },	/* recursion runs off the user stack */
	{ "hostile-sp", 0 },		/* syscalls with a wild stack pointer */
	{ "write-protected", SIGSEGV }, /* a page made read-only after a write */
	{ "read-protnone", SIGSEGV },	/* a page made PROT_NONE after a write */
};

/*
 * A case the emulator itself cannot run, named by the boot option test.skip=
 * (comma-separated), which make check sets from the QEMU version: QEMU 7.2's
 * loongarch64 target loops for ever raising the page-not-executable exception
 * for a fetch from a no-execute page (it re-reads the faulting instruction for
 * BADI, which faults again), so exec-stack and exec-data would hang the
 * machine before the kernel sees the fault (arch/loongarch/Makefile.arch,
 * docs/syscall-path.md).
 */
static bool skipped_case(const char *mode, const char *skip)
{
	size_t n = strlen(mode);

	for (const char *p = skip; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, mode, n) && (p[n] == ',' || p[n] == '\0'))
			return true;
	return false;
}

/* Runs the program name (found in /bin) with argv and waits for it. */
static int run(const char *name, const char *const *argv, int *status)
{
	char path[64];
	long pid = spawn(program_path(name, path, sizeof(path)), argv);

	if (pid < 0)
		return (int)pid;
	if (waitpid((int)pid, status, 0) != pid)
		return -ECHILD;
	return 0;
}

/*
 * After a test program: every page it took is free again, every inode it
 * made (a file left in /tmp, a pipe never closed) is gone, and so is every
 * task it started, once the orphans it left have ended (up to a second). The
 * kernel's own tables and counts come from pages too: a leak anywhere shows
 * here.
 */
static int check_pages_back(const char *prog, const struct kernel_stats *before)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	struct kernel_stats after;
	char name[64];
	bool ok;

	for (int i = 0; i < 100; i++) {
		get_kernel_stats(&after);
		if (after.nr_tasks == before->nr_tasks && after.free_pages == before->free_pages &&
		    after.nr_inodes == before->nr_inodes)
			break;
		nanosleep(&ts, NULL);
	}
	ok = after.free_pages == before->free_pages && after.nr_inodes == before->nr_inodes &&
	     after.nr_tasks == before->nr_tasks;
	snprintf(name, sizeof(name), "user.%s.pages_back", prog);
	test_result(name, ok, "free pages %lu before, %lu after; inodes %lu, %lu; tasks %lu, %lu",
		    (unsigned long)before->free_pages, (unsigned long)after.free_pages,
		    (unsigned long)before->nr_inodes, (unsigned long)after.nr_inodes,
		    (unsigned long)before->nr_tasks, (unsigned long)after.nr_tasks);
	return !ok;
}

/* A user test program: it prints its own PASS/FAIL lines and exits with its failure count. */
static int run_user_test(const char *const *argv)
{
	struct kernel_stats before;
	char name[64];
	int status = 0, err;

	get_kernel_stats(&before);
	err = run(argv[0], argv, &status);
	snprintf(name, sizeof(name), "user.%s.exit", argv[0]);
	if (err < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		test_result(name, false, "ended with status 0x%x (spawn %d)", status, err);
		return 1 + check_pages_back(argv[0], &before);
	}
	return check_pages_back(argv[0], &before);
}

/* user/fault.c once per case: only that task dies, with the case's signal. */
static int run_fault_matrix(const char *skip)
{
	struct kernel_stats before, after;
	int failed = 0, status;
	char name[64];

	get_kernel_stats(&before);
	for (unsigned int i = 0; i < ARRAY_SIZE(fault_cases) + arch_nr_fault_cases; i++) {
		const struct fault_case *fc = i < ARRAY_SIZE(fault_cases) ?
						  &fault_cases[i] :
						  &arch_fault_cases[i - ARRAY_SIZE(fault_cases)];
		const char *argv[] = { "fault", fc->mode, NULL };
		int err;
		bool ok;

		snprintf(name, sizeof(name), "user.fault.%s", fc->mode);
		if (skipped_case(fc->mode, skip)) {
			printf("SKIP: %s: test.skip=: this QEMU cannot run it\n", name);
			continue;
		}
		err = run("fault", argv, &status);
		if (fc->sig)
			ok = err == 0 && WIFSIGNALED(status) && WTERMSIG(status) == fc->sig;
		else
			ok = err == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
		test_result(name, ok, "want %s %d, got %s %d (spawn %d)",
			    fc->sig ? "signal" : "exit", fc->sig,
			    WIFSIGNALED(status) ? "signal" : "exit",
			    WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status), err);
		failed += !ok;
	}

	/* The kernel survived all of that, and got every page and task slot back. */
	get_kernel_stats(&after);
	test_result("user.kernel_alive_after_faults", getpid() == 1, "getpid() = %ld", getpid());
	test_result("user.fault_matrix.pages_back", after.free_pages == before.free_pages,
		    "free pages %lu before, %lu after", (unsigned long)before.free_pages,
		    (unsigned long)after.free_pages);
	test_result("user.fault_matrix.tasks_back", after.nr_tasks == before.nr_tasks,
		    "tasks %lu before, %lu after", (unsigned long)before.nr_tasks,
		    (unsigned long)after.nr_tasks);
	failed += after.free_pages != before.free_pages || after.nr_tasks != before.nr_tasks;
	return failed;
}

/*
 * The tests before this one may have left orphans for the kernel to reap;
 * init's own children are still init's to wait for, with wait4(-1) too.
 */
static int run_wait_any(void)
{
	const char *argv[] = { "fault", "nosuchmode", NULL };
	long pid = spawn("/bin/fault", argv), got = -1;
	int status = -1;
	bool ok;

	if (pid > 0)
		got = waitpid(-1, &status, 0);
	ok = pid > 0 && got == pid && WIFEXITED(status) && WEXITSTATUS(status) == 2;
	test_result("user.init.wait_any_reaps_own_child", ok,
		    "spawn %ld, wait4(-1) %ld, status 0x%x", pid, got, status);
	return !ok;
}

/*
 * The test image: every user and init row of tests/registry, in its order,
 * or only those of group (make check T=GROUP). Returns the failures.
 */
static int run_tests(const char *group, const char *skip)
{
	int failed = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(test_registry); i++) {
		const struct test_registry_entry *t = &test_registry[i];

		if (group && !test_registry_has(t->groups, group))
			continue;
		if (!strcmp(t->kind, "user")) {
			failed += run_user_test(t->argv);
		} else if (!strcmp(t->kind, "init")) {
			if (!strcmp(t->argv[0], "fault-matrix")) {
				failed += run_fault_matrix(skip);
			} else if (!strcmp(t->argv[0], "wait-any")) {
				failed += run_wait_any();
			} else {
				test_result("user.init.registry", false,
					    "tests/registry names an init check '%s' init lacks",
					    t->argv[0]);
				failed++;
			}
		}
	}
	return failed;
}

/*
 * init.fuzz=SEED:COUNT[:TRACE_FROM] (make soak) arrives as "fuzz=SEED:COUNT...": only the
 * fuzzer runs, with those arguments.
 */
static int run_fuzz(const char *spec)
{
	static char fields[3][24];
	const char *argv[5] = { "fuzz" };
	int n = 0, status = 0, err;
	size_t len = 0;
	bool ok;

	for (const char *p = spec; n < 3; p++) {
		if (*p == ':' || !*p) {
			fields[n][len] = '\0';
			argv[1 + n] = fields[n];
			n++;
			len = 0;
			if (!*p)
				break;
		} else if (len < sizeof(fields[0]) - 1) {
			fields[n][len++] = *p;
		}
	}
	err = run("fuzz", argv, &status);
	ok = err == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
	test_result("user.fuzz.exit", ok, "ended with status 0x%x (spawn %d)", status, err);
	return !ok;
}

/*
 * A person's shell at the console, as getty and login start it on Linux: a
 * session of its own whose controlling terminal is the console (setsid,
 * TIOCSCTTY), so that a shell with job control (busybox's sh) can give the
 * console to a job and Ctrl-C reaches that job. Returns the child's pid or
 * an error.
 */
static long spawn_login_shell(const char *const *argv)
{
	char path[64];
	long pid;

	program_path("sh", path, sizeof(path));
	pid = fork();
	if (pid == 0) {
		if (setsid() < 0 || ioctl(0, TIOCSCTTY, NULL) < 0)
			printf("init: the console is not the shell's terminal: no job control\n");
		printf("init: cannot start the shell (error %ld)\n", execve(path, argv, NULL));
		exit(127);
	}
	return pid;
}

/*
 * The shell (user/sh.c), until it exits; then the machine powers off: with 0
 * when the shell exited, whatever its last command's status (a person ended
 * the session; the shell's poweroff STATUS passes a status on), with 1 if it
 * could not start or was killed. At a terminal (hint) it leads a session
 * that holds the console; a script's shell runs as a test program does.
 */
static __noreturn void run_shell(bool hint)
{
	char link[64];
	/* A /bin/sh that is a symlink is busybox's (make run BUSYBOX=1), which has no -h. */
	bool own_sh = syscall4(__NR_readlinkat, AT_FDCWD, "/bin/sh", link, sizeof(link)) < 0;
	const char *argv[] = { "sh", hint && own_sh ? "-h" : NULL, NULL };
	int status = 0, err;

	if (!hint) {
		err = run("sh", argv, &status);
	} else {
		long pid = spawn_login_shell(argv);

		err = pid < 0 ? (int)pid : waitpid((int)pid, &status, 0) == pid ? 0 : -ECHILD;
	}

	if (err < 0)
		printf("init: cannot start the shell (error %d)\n", err);
	else if (!WIFEXITED(status))
		printf("init: the shell was killed by signal %d\n", WTERMSIG(status));
	poweroff(err < 0 || !WIFEXITED(status) ? 1 : 0);
}

/* make run: the demos, each in its default form; their own output says what they show. */
static int run_demos(bool shell)
{
	static const char *const demos[] = { "entropy", "leak", "predict" };
	int status, failed = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(demos); i++) {
		const char *argv[] = { demos[i], NULL };

		if (run(demos[i], argv, &status) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0) {
			printf("init: demo %s ended with status 0x%x\n", demos[i], status);
			failed++;
		}
	}
	if (shell)
		run_shell(true);
	poweroff(failed ? 1 : 0);
}

/* bench=ARGS: bench (bench/bench.c), with ARGS split at commas into its arguments. */
static __noreturn void run_bench(char *args)
{
	const char *argv[16] = { "bench" };
	int argc = 1, status = 0, err;

	for (char *p = args; *p && argc < (int)ARRAY_SIZE(argv) - 1;) {
		char *comma = strchr(p, ',');

		argv[argc++] = p;
		if (!comma)
			break;
		*comma = '\0';
		p = comma + 1;
	}
	argv[argc] = NULL;
	err = run("bench", argv, &status);
	if (err < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		printf("init: bench ended with status 0x%x (spawn %d)\n", status, err);
	poweroff(err < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ? 1 : 0);
}

int main(int argc, char **argv)
{
	struct new_utsname u;

	/* Started again from the shell, init would run the demos and power the machine off. */
	if (getpid() != 1) {
		printf("init: only the kernel starts init (this is pid %ld)\n", getpid());
		return 1;
	}
	uname(&u);
	printf("init: pid %ld, running in user mode on %s (%s %s)\n", getpid(), u.machine,
	       u.sysname, u.release);
	if (argc > 2 && strcmp(argv[1], "test") == 0 && strncmp(argv[2], "fuzz=", 5) == 0)
		poweroff(run_fuzz(argv[2] + 5));
	if (argc > 1 && strcmp(argv[1], "test") == 0) {
		const char *group = NULL, *skip = NULL;

		for (int i = 2; i < argc; i++) {
			if (!strncmp(argv[i], "group=", 6))
				group = argv[i] + 6;
			else if (!strncmp(argv[i], "skip=", 5))
				skip = argv[i] + 5;
		}
		poweroff(run_tests(group, skip) ? 1 : 0);
	}
	if (argc > 2 && strcmp(argv[1], "bench") == 0)
		run_bench(argv[2]);
	if (argc > 2 && strcmp(argv[1], "lkdtm") == 0) {
		/* lkdtm=NAME: one deliberate kernel bug, which must end the machine. */
		const char *lkargv[] = { "lkdtm", argv[2], NULL };
		int status;

		run("lkdtm", lkargv, &status);
		printf("FAIL: lkdtm.%s: the kernel survived it (status 0x%x)\n", argv[2], status);
		poweroff(1);
	}
	if (argc > 2 && strcmp(argv[2], "shell=script") == 0)
		run_shell(false);
	return run_demos(argc > 2 && strcmp(argv[2], "shell=1") == 0);
}
