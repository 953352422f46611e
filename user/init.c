// SPDX-License-Identifier: MIT
/*
 * init: the first user program. The kernel starts it with argv[1] = "demo"
 * (make run) or "test" (make check). In test mode it runs every user test
 * program as a child, checks how each ended, and powers off with the number
 * of failures.
 */
#include "lib/ulib.h"

/* A fault program run that must end with signal sig (see user/fault.c). */
struct fault_case {
	const char *mode;
	int sig;
};

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
};

/*
 * A case the emulator itself cannot run. QEMU 7.2's loongarch64 target loops
 * for ever raising the page-not-executable exception for a fetch from a
 * no-execute page (it re-reads the faulting instruction for BADI, which faults
 * again): the kernel maps the stack no-execute, but the machine hangs before
 * the kernel sees the fault. See docs/syscall-path.md.
 */
static const char *emulator_limitation(const char *mode, const struct new_utsname *u)
{
	if (!strcmp(mode, "exec-stack") && !strcmp(u->machine, "loongarch64"))
		return "QEMU 7.2 loongarch hangs raising PNX for a fetch from a no-execute page";
	return NULL;
}

static int run(const char *name, const char *const *argv, int *status)
{
	long pid = spawn(name, argv);

	if (pid < 0)
		return (int)pid;
	if (waitpid((int)pid, status, 0) != pid)
		return -ECHILD;
	return 0;
}

static int run_tests(const struct new_utsname *uts)
{
	/* Each prints its own PASS/FAIL lines and exits with its failure count. */
	static const char *const programs[] = { "systest", "tasktest", "kstacktest", "leaktest",
						"fuzz" };
	const struct new_utsname u = *uts;
	int failed = 0, status;
	char name[64];

	for (unsigned int i = 0; i < ARRAY_SIZE(programs); i++) {
		const char *argv[] = { programs[i], NULL };
		int err = run(programs[i], argv, &status);

		snprintf(name, sizeof(name), "user.%s.exit", programs[i]);
		if (err < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			test_result(name, false, "ended with status 0x%x (spawn %d)", status, err);
			failed++;
		}
	}

	for (unsigned int i = 0; i < ARRAY_SIZE(fault_cases); i++) {
		const char *argv[] = { "fault", fault_cases[i].mode, NULL };
		const char *why_not = emulator_limitation(fault_cases[i].mode, &u);
		int err;
		bool ok;

		snprintf(name, sizeof(name), "user.fault.%s", fault_cases[i].mode);
		if (why_not) {
			printf("SKIP: %s: %s\n", name, why_not);
			continue;
		}
		err = run("fault", argv, &status);
		ok = err == 0 && WIFSIGNALED(status) && WTERMSIG(status) == fault_cases[i].sig;
		test_result(name, ok, "want signal %d, got %s %d (spawn %d)", fault_cases[i].sig,
			    WIFSIGNALED(status) ? "signal" : "exit",
			    WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status), err);
		failed += !ok;
	}

	/*
	 * The tests above left orphans for the kernel to reap; init's own
	 * children are still init's to wait for, with wait4(-1) too.
	 */
	{
		const char *argv[] = { "fault", "nosuchmode", NULL };
		long pid = spawn("fault", argv), got = -1;
		bool ok;

		status = -1;
		if (pid > 0)
			got = waitpid(-1, &status, 0);
		ok = pid > 0 && got == pid && WIFEXITED(status) && WEXITSTATUS(status) == 2;
		test_result("user.init.wait_any_reaps_own_child", ok,
			    "spawn %ld, wait4(-1) %ld, status 0x%x", pid, got, status);
		failed += !ok;
	}

	/* The kernel survived all of that: say so with one more syscall. */
	test_result("user.kernel_alive_after_faults", getpid() == 1, "getpid() = %ld", getpid());
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

/* make run: the demos, each in its default form; their own output says what they show. */
static int run_demos(void)
{
	static const char *const demos[] = { "entropy", "leak" };
	int status, failed = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(demos); i++) {
		const char *argv[] = { demos[i], NULL };

		if (run(demos[i], argv, &status) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0) {
			printf("init: demo %s ended with status 0x%x\n", demos[i], status);
			failed++;
		}
	}
	poweroff(failed ? 1 : 0);
}

int main(int argc, char **argv)
{
	struct new_utsname u;

	uname(&u);
	printf("init: pid %ld, running in user mode on %s (%s %s)\n", getpid(), u.machine,
	       u.sysname, u.release);
	if (argc > 2 && strcmp(argv[1], "test") == 0 && strncmp(argv[2], "fuzz=", 5) == 0)
		poweroff(run_fuzz(argv[2] + 5));
	if (argc > 1 && strcmp(argv[1], "test") == 0)
		poweroff(run_tests(&u) ? 1 : 0);
	return run_demos();
}
