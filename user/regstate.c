// SPDX-License-Identifier: MIT
/*
 * regstate: no register a user program can write crosses into another
 * program. The registers are this arch's list in
 * user/lib/arch/<arch>/userregs.c (thread pointers, segment, floating-point
 * and special-purpose registers outside pt_regs' general set).
 *
 *   regstate            run every case below, as children
 *   regstate fresh      check that every register reads 0 (a new image)
 *   regstate exec       write the markers, then execve("regstate fresh")
 *   regstate switch     write the markers; a forked child must read them
 *                       (fork copies them), then zero its own and read 0
 *                       across many switches, and ours must stay
 */
#include "lib/ulib.h"

#define MAX_REGS 160

/*
 * The arch's own calls that set these registers (x86_64's arch_prctl), their
 * errors checked as Linux gives them, in user/lib/arch/<arch>/userregs.c;
 * returns how many failed. An arch without such a call has nothing to check.
 */
int user_regs_calls(void);

__attribute__((weak)) int user_regs_calls(void)
{
	return 0;
}

/*
 * Every register against want (NULL: 0). quiet reports only the registers
 * that differ, for the checks repeated across switches (an arch with the
 * FP registers has over a hundred).
 */
static int check_regs(const char *test, const unsigned long *want, bool quiet)
{
	unsigned long got[MAX_REGS];
	int bad = 0;

	user_regs_read(got);
	for (unsigned int i = 0; i < user_regs_nr; i++) {
		char name[96];
		bool ok = got[i] == (want ? want[i] : 0);

		if (quiet && ok)
			continue;
		snprintf(name, sizeof(name), "user.regstate.%s.%s", test, user_regs_names[i]);
		test_result(name, ok, "reads 0x%lx, want 0x%lx", got[i], want ? want[i] : 0);
		bad += !ok;
	}
	return bad;
}

static int check_values(const char *test, const unsigned long *want)
{
	return check_regs(test, want, false);
}

static int fresh(const char *test)
{
	return check_values(test, NULL) ? 1 : 0;
}

static int exec_case(void)
{
	const char *argv[] = { "regstate", "fresh-exec", NULL };

	user_regs_write(user_regs_marker);
	execve("/bin/regstate", argv, NULL);
	printf("regstate: execve failed\n");
	return 1;
}

/* Our markers stay ours, and a task that never wrote any reads 0, across switches. */
static int switch_case(void)
{
	int status, bad = 0;
	long pid;

	user_regs_write(user_regs_marker);
	pid = fork();
	if (pid == 0) {
		/* fork copies the registers: check, clear ours, then watch for the parent's. */
		static const unsigned long zero[MAX_REGS];

		if (check_values("switch-fork", user_regs_marker))
			exit(1);
		user_regs_write(zero);
		for (int i = 0; i < 50; i++) {
			sched_yield();
			if (check_regs("switch-other", NULL, i < 49))
				exit(1);
		}
		exit(0);
	}
	for (int i = 0; i < 50; i++) {
		sched_yield();
		bad += check_regs("switch-own", user_regs_marker, i < 49) != 0;
		if (bad)
			break;
	}
	if (pid < 0 || waitpid((int)pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		bad++;
	return bad ? 1 : 0;
}

static int run_case(const char *mode)
{
	const char *argv[] = { "regstate", mode, NULL };
	int status;
	long pid = spawn("/bin/regstate", argv);

	if (pid < 0 || waitpid((int)pid, &status, 0) != pid)
		return 1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "all";
	int bad = 0;

	if (user_regs_nr > MAX_REGS)
		return 3;
	if (!strcmp(mode, "fresh") || !strcmp(mode, "fresh-spawn") || !strcmp(mode, "fresh-exec"))
		return fresh(mode);
	if (!strcmp(mode, "exec"))
		return exec_case();
	if (!strcmp(mode, "switch"))
		return switch_case();
	if (strcmp(mode, "all"))
		return 2;

	printf("regstate: %u registers outside pt_regs on this arch\n", user_regs_nr);
	/* The spawner's markers must not reach a program it starts. */
	user_regs_write(user_regs_marker);
	bad += run_case("fresh-spawn");
	bad += run_case("exec");
	bad += run_case("switch");
	bad += user_regs_calls() != 0;
	test_result("user.regstate.all", bad == 0, "%d cases failed", bad);
	return bad;
}
