// SPDX-License-Identifier: MIT
/*
 * sroptest: rt_sigreturn against forged frames (SROP, docs/signals.md). A
 * signal frame is user memory, so a program can write one that says "return
 * to kernel mode" or "with I/O privilege" and call rt_sigreturn on it. For
 * each of this arch's cases (user/lib/arch/<arch>/srop.c) a child runs the
 * forgery and must end as Linux ends it: killed by SIGSEGV, or back in user
 * mode with the privileged bits dropped (it checks them and exits 0). The
 * kernel must go on. An arch with no case fails: nothing would be tested.
 * One PASS/FAIL line per case; exits with the failure count.
 */
#include "lib/ulib.h"
#include "lib/srop.h"

/* Until this arch has its cases: none, and the test fails. */
__attribute__((weak)) const struct srop_case srop_cases[1];
__attribute__((weak)) const unsigned int nr_srop_cases;

static void run_case(const struct srop_case *c)
{
	char name[96];
	int status = 0;
	long pid = fork();

	if (pid == 0) {
		c->run();
		exit(2); /* run() must not return */
	}
	snprintf(name, sizeof(name), "user.srop.%s", c->name);
	if (pid < 0 || waitpid((int)pid, &status, 0) != pid) {
		CHECK(name, false, "fork or wait failed: %ld", pid);
		return;
	}
	if (c->expect_signal)
		CHECK(name, WIFSIGNALED(status) && WTERMSIG(status) == c->expect_signal,
		      "status 0x%x, want killed by signal %d", status, c->expect_signal);
	else
		CHECK(name, WIFEXITED(status) && WEXITSTATUS(status) == 0,
		      "status 0x%x, want exit 0 (the privileged bits dropped)", status);
}

int main(void)
{
	CHECK("user.srop.has_cases", nr_srop_cases > 0,
	      "no SROP case for this arch (user/lib/arch/<arch>/srop.c)");
	for (unsigned int i = 0; i < nr_srop_cases; i++)
		run_case(&srop_cases[i]);
	CHECK("user.srop.kernel_alive", getpid() > 0, "getpid failed");
	return test_failures;
}
