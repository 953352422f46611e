// SPDX-License-Identifier: MIT
/*
 * leaktest: the stackleak tests. The self-check (stackleak_check, LKDTM's
 * STACKLEAK_ERASING) after a shallow syscall, after a deep one with a hole in
 * its frame, and after a task killed by a fault; proof that the check sees a
 * hole nobody tracked; the metrics; and the leak rates of the buggy pair that
 * user/leak shows, asserted: some leak with everything off (or the other
 * asserts would be vacuous), 1/64 within a binomial bound with only the stack
 * offset on, none with stackleak on. One PASS/FAIL line each; exits with the
 * failure count. The settings found at start are restored.
 *
 * "leaktest check-first" is the child the fault test spawns: its very first
 * syscall is the self-check, on a kernel stack a killed task just gave back.
 */
#include "lib/ulib.h"

#include <uapi/stackleak.h>

#define PAIRS	    10000
#define OFFSETS	    64 /* KSTACK_OFFSET_MAX: 6 bits, docs/kstack-offset.md */
#define SECRET_BASE 0x5ec2e75ec2e70000UL

static long stackleak_check(void)
{
	return syscall0(__NR_stackleak_check);
}

static long stackleak_deep(long untracked)
{
	return syscall1(__NR_stackleak_deep, untracked);
}

static long set_config(int key, long value)
{
	return trapdoor_config(key, value);
}

/* The pair, n times with a fresh secret each; returns how often the read leaked it. */
static unsigned long count_leaks(unsigned long n)
{
	unsigned long leaks = 0;

	for (unsigned long i = 0; i < n; i++) {
		unsigned long secret = SECRET_BASE ^ i;

		syscall1(__NR_leak_write_secret, secret);
		leaks += (unsigned long)syscall0(__NR_leak_read_uninit) == secret;
	}
	return leaks;
}

/*
 * Runs the pair under one setting and says what it saw; returns the number of
 * leaks, or a negative errno if the setting was refused.
 */
static long leaks_under(const char *kstack_name, long kstack_mode, long stackleak, unsigned long n)
{
	long err = set_config(TRAPDOOR_CONFIG_KSTACK_MODE, kstack_mode), leaks;

	if (err >= 0)
		err = set_config(TRAPDOOR_CONFIG_STACKLEAK, stackleak);
	if (err < 0) {
		printf("leaktest: kstack %s, stackleak %s: trapdoor_config refused (%ld)\n",
		       kstack_name, stackleak ? "on" : "off", err);
		return err;
	}
	leaks = (long)count_leaks(n);
	printf("leaktest: kstack %s, stackleak %s: %ld of %lu pairs leaked\n", kstack_name,
	       stackleak ? "on" : "off", leaks, n);
	return leaks;
}

/* floor(w * num / den) without overflow, for w * num / den <= w and num, den < 2^32. */
static u64 muldiv(u64 w, u64 num, u64 den)
{
	return (w / den) * num + (w % den) * num / den;
}

/*
 * The acceptance interval [lo, hi] for X ~ Binomial(n, 1/d): the widest one
 * with P(X < lo) <= 5e-7 and P(X > hi) <= 5e-7, so a correct kernel fails
 * the test with probability below 1e-6. Integers only (user mode has no FPU
 * either): the probabilities are kept as weights relative to the mode's,
 * 2^52, each neighbour from the last by the ratio
 *	P(k+1) / P(k) = (n - k) / ((k + 1)(d - 1)),
 * walking away from the mode, where every ratio is below 1 and so nothing
 * overflows. The whole sum is about 2^52 / P(mode) < 2^58. For n = 10000,
 * d = 64 it gives [99, 220] (an exact computation in floating point agrees).
 */
static void binomial_interval(u64 n, u64 d, u64 *lo, u64 *hi)
{
	const u64 mode = (n + 1) / d, w_mode = 1ULL << 52;
	u64 below = 0, above = 0, total, tail, w;

	/* First pass: the mass below and above the mode. */
	w = w_mode;
	for (u64 k = mode; k > 0 && w; k--) {
		w = muldiv(w, k * (d - 1), n - k + 1); /* w is now P(k - 1) */
		below += w;
	}
	w = w_mode;
	for (u64 k = mode; k < n && w; k++) {
		w = muldiv(w, n - k, (k + 1) * (d - 1)); /* P(k + 1) */
		above += w;
	}
	total = below + w_mode + above;

	/* Second pass: walk out until what is left beyond k fits in half the budget. */
	*lo = 0;
	tail = below;
	w = w_mode;
	for (u64 k = mode; k > 0 && w; k--) {
		if (tail <= total / 2000000) {
			*lo = k; /* P(X < k) = tail */
			break;
		}
		w = muldiv(w, k * (d - 1), n - k + 1);
		tail -= w;
	}
	*hi = n;
	tail = above;
	w = w_mode;
	for (u64 k = mode; k < n && w; k++) {
		if (tail <= total / 2000000) {
			*hi = k; /* P(X > k) = tail */
			break;
		}
		w = muldiv(w, n - k, (k + 1) * (d - 1));
		tail -= w;
	}
}

/* The self-check, three ways. */
static void test_self_check(void)
{
	const char *child_argv[] = { "leaktest", "check-first", NULL };
	const char *fault_argv[] = { "fault", "read-null", NULL };
	long r, pid, child_check;
	int status = 0, child_status = 0;

	getpid();
	r = stackleak_check();
	CHECK("user.stackleak.check_after_shallow_syscall", r == 0, "stackleak_check() = %ld", r);

	stackleak_deep(0);
	r = stackleak_check();
	CHECK("user.stackleak.check_after_deep_syscall", r == 0, "stackleak_check() = %ld", r);

	/*
	 * A task killed by a fault never returns to user mode, so nothing erases
	 * its stack: our own stack must still check clean, and so must a fresh
	 * task's, on the stack slot the dead one just gave back.
	 */
	pid = spawn("/bin/fault", fault_argv);
	if (pid > 0)
		waitpid((int)pid, &status, 0);
	r = stackleak_check();
	pid = spawn("/bin/leaktest", child_argv);
	child_check = pid > 0 ? waitpid((int)pid, &child_status, 0) : pid;
	CHECK("user.stackleak.check_after_fault_killed_task",
	      WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV && r == 0 && child_check > 0 &&
		  WIFEXITED(child_status) && WEXITSTATUS(child_status) == 0,
	      "fault status 0x%x; our check %ld; the new task's check: status 0x%x (wait %ld)",
	      status, r, child_status, child_check);

	/*
	 * Mode 2: every erase checks that the whole stack below it is poison
	 * afterwards, the offset's gap and the exit path's frames included;
	 * the next stackleak_check() reports what they found. Shallow, deep,
	 * failing and blocking syscalls, a fork and a fault in between, and a
	 * sleep with no other task to run: the CPU idles inside schedule() and
	 * the tick that wakes it is taken in kernel mode, on our stack.
	 */
	{
		long old = set_config(TRAPDOOR_CONFIG_STACKLEAK, 2), verified;
		const struct timespec nap = { 0, 2000000 }; /* 2 ms: a tick or two */

		getpid();
		stackleak_deep(0);
		stackleak_check(); /* clears what the switch itself left */
		getpid();
		stackleak_deep(0);
		getppid();
		close(-1);
		pid = spawn("/bin/fault", fault_argv);
		if (pid > 0)
			waitpid((int)pid, &status, 0);
		sched_yield();
		nanosleep(&nap, NULL);
		verified = stackleak_check();
		set_config(TRAPDOOR_CONFIG_STACKLEAK, old);
		CHECK("user.stackleak.exit_path_verified", old == 1 && verified == 0,
		      "stackleak was %ld; stackleak_check() after verified erases = %ld", old,
		      verified);
	}
}

/*
 * The negative control: stackleak_deep(STACKLEAK_DEEP_UNTRACKED) skips its
 * tracking call, so the erase stops at the 2 KiB hole in its frame and the
 * deeper frames' words stay; the check must say so. A tracked run at the same
 * depth then cleans up. Needs the stack offset off, so that both runs and the
 * checks put their frames at the same places.
 */
static void test_check_sees_untracked_hole(void)
{
	long err = set_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_OFF);
	long missed = -1, cleaned = -1;

	if (err >= 0) {
		stackleak_deep(STACKLEAK_DEEP_UNTRACKED);
		missed = stackleak_check();
		stackleak_deep(0);
		cleaned = stackleak_check();
	}
	CHECK("user.stackleak.check_sees_untracked_hole", missed == -EFAULT && cleaned == 0,
	      "kstack off: %ld; check after the untracked hole %ld (want %d), after cleanup %ld",
	      err, missed, -EFAULT, cleaned);
}

/*
 * The caller's switches in one number, an exit status: kstack mode (bits
 * 2..0), stackleak (4..3), kstack.store (5), chacha-task rounds 8 (6).
 */
static int switches_status(void)
{
	return (int)(set_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1) |
		     set_config(TRAPDOOR_CONFIG_STACKLEAK, -1) << 3 |
		     set_config(TRAPDOOR_CONFIG_KSTACK_STORE, -1) << 5 |
		     (set_config(TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS, -1) == 8) << 6);
}

/* A forked child runs fn and exits with what it returns; its wait status, or -1. */
static int in_child(int (*fn)(void))
{
	long pid = fork();
	int status = -1;

	if (pid == 0)
		exit(fn());
	if (pid < 0 || waitpid((int)pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* A child that switches everything off for itself, and reads its own back. */
static int child_switches_off(void)
{
	set_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_OFF);
	set_config(TRAPDOOR_CONFIG_STACKLEAK, 0);
	set_config(TRAPDOOR_CONFIG_KSTACK_STORE, KSTACK_STORE_CPU);
	set_config(TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS, 8);
	set_config(TRAPDOOR_CONFIG_TRACE, 0);
	return switches_status(); /* and exits without switching anything back */
}

/* A child that execs itself: the new image's switches come back as its status. */
static int child_exec_switches(void)
{
	const char *argv[] = { "leaktest", "switches", NULL };

	execve("/bin/leaktest", argv, NULL);
	return 255;
}

/* What a traced child may do to the trace: only its own switch changes. */
static int child_trace(void)
{
	long own = set_config(TRAPDOOR_CONFIG_TRACE, -1);
	long off = set_config(TRAPDOOR_CONFIG_TRACE, 0);
	long on = set_config(TRAPDOOR_CONFIG_TRACE, 1);
	long now = set_config(TRAPDOOR_CONFIG_TRACE, 0);

	return own == 0 && off == 0 && on == 0 && now == 1 ? 0 : 1;
}

/*
 * A traced child, everything off, runs the pair: the tracer prints a line
 * after every call, and must leave the kernel stack as it found it
 * (include/trapdoor/trace.h), so the secret is still there to read back.
 * Exits with how many pairs did not leak.
 */
#define TRACED_PAIRS 16

static int child_leaks_traced(void)
{
	set_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_OFF);
	set_config(TRAPDOOR_CONFIG_STACKLEAK, 0);
	return (int)(TRACED_PAIRS - count_leaks(TRACED_PAIRS));
}

static void test_trace_leaves_stack(void)
{
	long was = set_config(TRAPDOOR_CONFIG_TRACE, 1);
	int missed = in_child(child_leaks_traced);

	set_config(TRAPDOOR_CONFIG_TRACE, was);
	/* A timer tick between the two calls may still take a secret (test_leak_rates()). */
	CHECK("user.trace.leaves_the_stack_as_found", was == 0 && missed >= 0 && missed <= 2,
	      "trace was %ld; %d of %d traced pairs with everything off did not leak (want at "
	      "most 2)",
	      was, missed, TRACED_PAIRS);
}

/*
 * The hardening switches are each task's own (docs/hardening.md): a child
 * that switches everything off changes nothing of its parent's, by value or
 * by behaviour; a child forked, and an image exec'd, after the parent's
 * switch start with it; a traced child's trace on and off leave its
 * parent's trace alone.
 */
static void test_switches_per_task(void)
{
	const int mine = switches_status();
	int child, forked, execd, off_leaks;
	long trace_was, trace_child, trace_now;
	unsigned long first, differ = 0;

	child = in_child(child_switches_off);
	CHECK("user.switch.child_sets_its_own",
	      child == (KSTACK_MODE_OFF | KSTACK_STORE_CPU << 5 | 1 << 6) &&
		  switches_status() == mine,
	      "the child read back 0x%x (want 0x%x); ours were 0x%x, now 0x%x", child,
	      KSTACK_MODE_OFF | KSTACK_STORE_CPU << 5 | 1 << 6, mine, switches_status());

	/* By behaviour: our offsets still vary, and our erase still takes the secret. */
	set_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_PRNG_TASK);
	in_child(child_switches_off);
	first = report_stack();
	for (int i = 0; i < 64; i++)
		differ += report_stack() != first;
	set_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_OFF);
	in_child(child_switches_off);
	off_leaks = (int)count_leaks(1000);
	CHECK("user.switch.child_leaves_parent_hardened", differ > 0 && off_leaks == 0,
	      "after a child switched everything off: %lu of 64 offsets differ, %d of 1000 "
	      "pairs leaked with our stackleak on",
	      differ, off_leaks);

	/* Inherited at fork, kept across exec. */
	set_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_CRNG8);
	set_config(TRAPDOOR_CONFIG_STACKLEAK, 2);
	forked = in_child(switches_status);
	execd = in_child(child_exec_switches);
	set_config(TRAPDOOR_CONFIG_KSTACK_MODE, mine & 7);
	set_config(TRAPDOOR_CONFIG_STACKLEAK, mine >> 3 & 3);
	stackleak_check(); /* clears what the verifying erases counted */
	CHECK("user.switch.inherited_at_fork_kept_at_exec",
	      forked == (KSTACK_MODE_CRNG8 | 2 << 3) && execd == forked,
	      "kstack crng8, stackleak 2: a forked child has 0x%x, an exec'd one 0x%x", forked,
	      execd);

	/* trace: the child's switch is its own, ours stays on. */
	trace_was = set_config(TRAPDOOR_CONFIG_TRACE, 1);
	trace_child = in_child(child_trace);
	trace_now = set_config(TRAPDOOR_CONFIG_TRACE, trace_was);
	CHECK("user.switch.trace_child_cannot_stop_parent",
	      trace_was == 0 && trace_child == 0 && trace_now == 1,
	      "ours was %ld; the child's checks %ld; ours after the child %ld", trace_was,
	      trace_child, trace_now);
}

/*
 * The erase switched back on takes what was left while it was off, on one
 * CPU while a sibling task, whose erase was never off, runs on another: our
 * own gap is forgotten (the erase after the switch is a full one), every
 * erase of either task, verified, leaves nothing behind, and the sibling's
 * secrets never leak while ours is off. Its exit status: 1 leaked, 2 a check
 * failed.
 */
static int sibling_verified(void)
{
	unsigned long cpu1 = 2, leaks = 0;
	int bad = 0;

	sched_setaffinity(0, sizeof(cpu1), &cpu1);
	set_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_OFF); /* same slot: a leak shows */
	for (unsigned long i = 0; i < 2000; i++) {
		unsigned long secret = SECRET_BASE ^ i;

		syscall1(__NR_leak_write_secret, secret);
		leaks += (unsigned long)syscall0(__NR_leak_read_uninit) == secret;
		if (i % 20 == 0) {
			stackleak_deep(0);
			bad += stackleak_check() != 0;
		}
	}
	return (leaks ? 1 : 0) | (bad ? 2 : 0);
}

static void test_erase_back_on(void)
{
	unsigned long cpu0 = 1, all = ~0UL;
	long old = set_config(TRAPDOOR_CONFIG_STACKLEAK, 2), pid;
	int status = -1, failed = 0, rounds = 0;

	set_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_PRNG_TASK);
	stackleak_check();
	pid = fork();
	if (pid == 0)
		exit(sibling_verified());
	sched_setaffinity(0, sizeof(cpu0), &cpu0);
	/* At least 100 rounds, and on until the sibling is done. */
	for (; pid > 0 && rounds < 20000 && (rounds < 100 || task_state(pid) != 3); rounds++) {
		set_config(TRAPDOOR_CONFIG_STACKLEAK, 0);
		syscall1(__NR_leak_write_secret, SECRET_BASE ^ (unsigned long)rounds);
		stackleak_deep(0);
		getpid();
		syscall1(__NR_leak_write_secret, SECRET_BASE);
		set_config(TRAPDOOR_CONFIG_STACKLEAK, 2); /* its erase: verified, full */
		failed += stackleak_check() != 0;
	}
	sched_setaffinity(0, sizeof(all), &all);
	if (pid < 0 || waitpid((int)pid, &status, 0) != pid)
		status = -1;
	set_config(TRAPDOOR_CONFIG_STACKLEAK, old);
	set_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_OFF);
	CHECK("user.stackleak.erase_back_on_smp", old == 1 && failed == 0 && status == 0,
	      "%d of %d rounds off and on again left non-poison; the sibling's status 0x%x "
	      "(exit 1: its secrets leaked, 2: its verified erases failed)",
	      failed, rounds, status);
}

static void test_metrics(void)
{
	struct kernel_stats before, after;
	long r = get_kernel_stats(&before), r2;

	/* stackleak_deep() uses its whole 2 KiB hole and more: at least that is erased. */
	stackleak_deep(0);
	r2 = get_kernel_stats(&after);
	CHECK("user.stackleak.metrics",
	      r == 0 && r2 == 0 &&
		  after.stackleak_bytes_total - before.stackleak_bytes_total >= 2048,
	      "kernel_stats %ld %ld: %lu bytes erased in total before stackleak_deep(), %lu after",
	      r, r2, before.stackleak_bytes_total, after.stackleak_bytes_total);
	if (r2 == 0 && after.calls)
		printf("leaktest: %lu bytes erased per syscall on average (%lu syscalls)\n",
		       after.stackleak_bytes_total / after.calls, after.calls);
}

static void test_leak_rates(void)
{
	u64 lo, hi;
	long none, offset, erased, both;

	binomial_interval(PAIRS, OFFSETS, &lo, &hi);

	/*
	 * Nothing on: the read must find the secret nearly every time, or the
	 * zeros below would prove nothing. Not always: a timer tick between the
	 * two calls runs its handler over the slot (seen: 9998 to 10000 of 10000).
	 */
	none = leaks_under("off", KSTACK_MODE_OFF, 0, PAIRS);
	CHECK("user.leak.kstack_off_stackleak_off_leaks", none >= PAIRS * 9 / 10,
	      "%ld of %d pairs leaked, want at least 90%%", none, PAIRS);

	offset = leaks_under("prng-task", KSTACK_MODE_PRNG_TASK, 0, PAIRS);
	CHECK("user.leak.kstack_prng_task_leaks_1_in_64",
	      offset >= 0 && (u64)offset >= lo && (u64)offset <= hi,
	      "%ld of %d pairs leaked, want %llu..%llu (1/%d, P(fail) < 1e-6)", offset, PAIRS,
	      (unsigned long long)lo, (unsigned long long)hi, OFFSETS);

	erased = leaks_under("off", KSTACK_MODE_OFF, 1, PAIRS);
	CHECK("user.leak.stackleak_on_leaks_nothing", erased == 0, "%ld of %d pairs leaked", erased,
	      PAIRS);

	both = leaks_under("prng-task", KSTACK_MODE_PRNG_TASK, 1, PAIRS);
	CHECK("user.leak.stackleak_and_kstack_on_leak_nothing", both == 0, "%ld of %d pairs leaked",
	      both, PAIRS);
}

int main(int argc, char **argv)
{
	long old_kstack, old_stackleak, on;

	if (argc > 1 && !strcmp(argv[1], "check-first"))
		return stackleak_check() == 0 ? 0 : 1;
	if (argc > 1 && !strcmp(argv[1], "switches"))
		return switches_status();

	old_kstack = set_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1);
	old_stackleak = set_config(TRAPDOOR_CONFIG_STACKLEAK, -1);
	on = set_config(TRAPDOOR_CONFIG_STACKLEAK, 1);
	CHECK("user.stackleak.switch",
	      (on == 0 || on == 1) && old_stackleak == on &&
		  set_config(TRAPDOOR_CONFIG_STACKLEAK, -1) == 1 &&
		  set_config(TRAPDOOR_CONFIG_STACKLEAK, 3) == -EINVAL,
	      "trapdoor_config(STACKLEAK): read %ld, set 1 gave %ld", old_stackleak, on);

	test_self_check();
	test_check_sees_untracked_hole();
	test_switches_per_task();
	test_trace_leaves_stack();
	test_erase_back_on();
	test_metrics();
	test_leak_rates();

	if (old_kstack >= 0)
		set_config(TRAPDOOR_CONFIG_KSTACK_MODE, old_kstack);
	if (old_stackleak >= 0)
		set_config(TRAPDOOR_CONFIG_STACKLEAK, old_stackleak);
	return test_failures;
}
