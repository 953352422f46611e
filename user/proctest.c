// SPDX-License-Identifier: MIT
/*
 * proctest: the process and signal calls as Linux programs make them, with
 * their error cases: wait4 and waitid with their statuses, every signal's
 * default action, rt_sigaction, rt_sigprocmask, rt_sigpending, kill, tkill,
 * tgkill, process groups, the ids, the resource limits, prctl's names,
 * uname, the clocks, clone with a child stack. It uses Linux calls only, so
 * the same image runs under Linux (tools/run-on-linux; make test runs it
 * there too): every expected value below is what Linux gives.
 */
#include "lib/ulib.h"
#include <uapi/prctl.h>
#include <uapi/resource.h>
#include <uapi/time.h>

/* A pid and a pointer nothing has: above Linux's largest pid_max, below user space. */
#define NO_PID	0x3fffffff
#define BAD_PTR ((void *)16)

static long sigaction_raw(int sig, const struct sigaction *act, struct sigaction *oact, long size)
{
	return syscall4(__NR_rt_sigaction, sig, act, oact, size);
}

static long set_action(int sig, void (*handler)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	return sigaction_raw(sig, &sa, NULL, sizeof(sigset_t));
}

static __noreturn void exit_42(int sig)
{
	(void)sig;
	exit(42);
}

/*
 * sig's handler is exit_42(), which never returns, so its restorer is never
 * called; SA_RESTORER only because x86_64 refuses a frame without one.
 */
/* Exits 40 + 1 if the handler's own signal is blocked in it, + 2 if SIGUSR2 (its sa_mask) is. */
static __noreturn void exit_with_mask(int sig)
{
	sigset_t now = 0;

	syscall4(__NR_rt_sigprocmask, SIG_BLOCK, 0, &now, sizeof(sigset_t));
	exit(40 + ((now & sigmask(sig)) ? 1 : 0) + ((now & sigmask(SIGUSR2)) ? 2 : 0));
}

/* Sends itself its signal once more: 43 if that nests at once (SA_NODEFER), else 44. */
static __noreturn void exit_if_nested(int sig)
{
	static volatile int depth;

	if (++depth == 2)
		exit(43);
	kill(getpid(), sig);
	exit(44);
}

static void set_handler_flags(int sig, void (*handler)(int), unsigned long flags, sigset_t mask)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = flags;
	sa.sa_mask = mask;
#ifdef SA_RESTORER
	sa.sa_flags |= SA_RESTORER;
	sa.sa_restorer = (void (*)(void))exit_42;
#endif
	sigaction_raw(sig, &sa, NULL, sizeof(sigset_t));
}


static long sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	return syscall4(__NR_rt_sigprocmask, how, set, old, sizeof(sigset_t));
}

static sigset_t sigpending(void)
{
	sigset_t set = ~0UL;

	return syscall2(__NR_rt_sigpending, &set, sizeof(set)) == 0 ? set : ~0UL;
}

static long waitid(int which, int id, int *info, int options, struct rusage *ru)
{
	return __syscall6(__NR_waitid, which, id, (long)info, options, (long)ru, 0);
}

static long prlimit64(int pid, unsigned int res, const struct rlimit *new, struct rlimit *old)
{
	return syscall4(__NR_prlimit64, pid, res, new, old);
}

/*
 * getrlimit as a libc calls it: ugetrlimit where the arch's table has that
 * (powerpc: qemu-user has no getrlimit there), getrlimit where it has that,
 * else prlimit64.
 */
static long getrlimit(unsigned int res, struct rlimit *r)
{
#if defined(__NR_ugetrlimit)
	return syscall2(__NR_ugetrlimit, res, r);
#elif defined(__NR_getrlimit)
	return syscall2(__NR_getrlimit, res, r);
#else
	return prlimit64(0, res, NULL, r);
#endif
}

static long setrlimit(unsigned int res, const struct rlimit *r)
{
#ifdef __NR_setrlimit
	return syscall2(__NR_setrlimit, res, r);
#else
	return prlimit64(0, res, r, NULL);
#endif
}

static long clock_nanosleep(int clk, int flags, const struct timespec *req)
{
	return syscall4(__NR_clock_nanosleep, clk, flags, req, NULL);
}

static long long ts_ns(const struct timespec *ts)
{
	return (long long)ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

static long long clock_ns(int clk)
{
	struct timespec ts = { 0, 0 };

	clock_gettime(clk, &ts);
	return ts_ns(&ts);
}

/* Waits for pid; its wait status, or -1 if wait4 did not return pid. */
static int reap(long pid)
{
	int status = -1;

	if (pid <= 0 || waitpid((int)pid, &status, 0) != pid)
		return -1;
	return status;
}

/* A child that takes SIGUSR1 with this handler, flags and mask: its wait status. */
static int status_after_usr1(void (*handler)(int), unsigned long flags, sigset_t mask)
{
	long pid = fork();

	if (pid == 0) {
		set_handler_flags(SIGUSR1, handler, flags, mask);
		kill(getpid(), SIGUSR1);
		exit(1);
	}
	return reap(pid);
}

/* A child that reads the pipe until its write end is closed, then exits 3: it runs until we let it go. */
static long waiting_child(const int fds[2])
{
	long pid = fork();
	char c;

	if (pid == 0) {
		close(fds[1]);
		while (read(fds[0], &c, 1) > 0)
			;
		exit(3);
	}
	return pid;
}

/* A child that sends itself sig (by kill, or by tkill with how 1, tgkill with 2), then exits 100. */
static int status_after_own_signal(int sig, int how)
{
	long pid = fork();

	if (pid == 0) {
		if (how == 1)
			syscall2(__NR_tkill, gettid(), sig);
		else if (how == 2)
			syscall3(__NR_tgkill, getpid(), gettid(), sig);
		else
			kill(getpid(), sig);
		exit(100);
	}
	return reap(pid);
}

static bool stops_by_default(int sig)
{
	return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

static bool ignored_by_default(int sig)
{
	return sig == SIGCHLD || sig == SIGCONT || sig == SIGURG || sig == SIGWINCH;
}

/*
 * Every signal's default action, as the wait status shows it: terminate
 * (the core-dumping ones too: RLIMIT_CORE is 0, so no WCOREFLAG), or ignore.
 * The stop signals are left out: under Linux the child would stop.
 */
static void default_action_cases(void)
{
	int bad = 0, first_bad = 0, first_status = 0;

	for (int sig = 1; sig <= _NSIG - 2; sig++) {
		int want = ignored_by_default(sig) ? 100 << 8 : sig, st;

		if (stops_by_default(sig))
			continue;
		st = status_after_own_signal(sig, 0);
		if (st != want && !bad++) {
			first_bad = sig;
			first_status = st;
		}
	}
	CHECK("user.proc.signal.default_actions", bad == 0,
	      "%d signals ended otherwise, first %d: status 0x%x", bad, first_bad, first_status);
	/* Apart: qemu-user keeps the last two real-time signals for itself. */
	CHECK("user.proc.signal.default_action_63_64",
	      status_after_own_signal(63, 0) == 63 && status_after_own_signal(64, 0) == 64,
	      "signals 63 and 64 did not end the child");
	CHECK("user.proc.signal.sigquit_no_core_flag",
	      status_after_own_signal(SIGQUIT, 0) == SIGQUIT,
	      "SIGQUIT with RLIMIT_CORE 0 is not status 3");
	CHECK("user.proc.signal.tkill", status_after_own_signal(SIGTERM, 1) == SIGTERM,
	      "tkill(self, SIGTERM) did not end the child");
	CHECK("user.proc.signal.tgkill", status_after_own_signal(SIGUSR2, 2) == SIGUSR2,
	      "tgkill(self, SIGUSR2) did not end the child");
	CHECK("user.proc.signal.rt_signal", status_after_own_signal(40, 0) == 40,
	      "signal 40 did not end the child");
}

static void kill_error_cases(void)
{
	CHECK("user.proc.kill.no_such_pid", kill(NO_PID, 0) == -ESRCH, "not -ESRCH");
	CHECK("user.proc.kill.signal_65", kill(getpid(), 65) == -EINVAL, "not -EINVAL");
	CHECK("user.proc.kill.signal_negative", kill(getpid(), -1) == -EINVAL, "not -EINVAL");
	CHECK("user.proc.kill.check_self", kill(getpid(), 0) == 0, "kill(self, 0) is not 0");
	CHECK("user.proc.tkill.tid_0", syscall2(__NR_tkill, 0, 0) == -EINVAL, "not -EINVAL");
	CHECK("user.proc.tkill.no_such_tid", syscall2(__NR_tkill, NO_PID, 0) == -ESRCH,
	      "not -ESRCH");
	CHECK("user.proc.tkill.check_self", syscall2(__NR_tkill, gettid(), 0) == 0, "not 0");
	CHECK("user.proc.tgkill.tgid_0", syscall3(__NR_tgkill, 0, gettid(), 0) == -EINVAL,
	      "not -EINVAL");
	CHECK("user.proc.tgkill.wrong_tgid", syscall3(__NR_tgkill, NO_PID, gettid(), 0) == -ESRCH,
	      "not -ESRCH");
	CHECK("user.proc.tgkill.signal_65",
	      syscall3(__NR_tgkill, getpid(), gettid(), 65) == -EINVAL, "not -EINVAL");

	/* A zombie not yet reaped still exists for kill(pid, 0). */
	{
		long pid = fork();
		int info[32];
		long r;

		if (pid == 0)
			exit(0);
		r = waitid(P_PID, (int)pid, info, WEXITED | WNOWAIT, NULL);
		CHECK("user.proc.kill.zombie_exists", r == 0 && kill((int)pid, 0) == 0,
		      "waitid %ld, kill(zombie, 0) %ld", r, kill((int)pid, 0));
		reap(pid);
	}
}

static void sigaction_cases(void)
{
	struct sigaction sa, old;
	long r;

	memset(&old, 0x55, sizeof(old));
	r = sigaction_raw(SIGUSR1, NULL, &old, 8);
	CHECK("user.proc.sigaction.default_is_dfl", r == 0 && old.sa_handler == SIG_DFL,
	      "returned %ld, handler %p", r, (void *)old.sa_handler);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	sa.sa_flags = SA_RESTART;
	sa.sa_mask = sigmask(SIGUSR2) | sigmask(SIGTERM);
	r = sigaction_raw(SIGUSR1, &sa, NULL, 8);
	memset(&old, 0, sizeof(old));
	CHECK("user.proc.sigaction.stored",
	      r == 0 && sigaction_raw(SIGUSR1, NULL, &old, 8) == 0 && old.sa_handler == SIG_IGN &&
		  old.sa_flags == SA_RESTART &&
		  old.sa_mask == (sigmask(SIGUSR2) | sigmask(SIGTERM)),
	      "returned %ld; read back handler %p flags 0x%lx mask 0x%lx", r,
	      (void *)old.sa_handler, old.sa_flags, old.sa_mask);
	sa.sa_handler = SIG_DFL;
	sa.sa_mask = 0;
	sa.sa_flags = 0;
	memset(&old, 0, sizeof(old));
	r = sigaction_raw(SIGUSR1, &sa, &old, 8);
	CHECK("user.proc.sigaction.old_returned", r == 0 && old.sa_handler == SIG_IGN,
	      "returned %ld, old handler %p", r, (void *)old.sa_handler);

	CHECK("user.proc.sigaction.sigsetsize_4", sigaction_raw(SIGUSR1, NULL, &old, 4) == -EINVAL,
	      "not -EINVAL");
	CHECK("user.proc.sigaction.sigsetsize_16",
	      sigaction_raw(SIGUSR1, NULL, &old, 16) == -EINVAL, "not -EINVAL");
	CHECK("user.proc.sigaction.signal_0", sigaction_raw(0, NULL, &old, 8) == -EINVAL,
	      "not -EINVAL");
	CHECK("user.proc.sigaction.signal_65", sigaction_raw(65, NULL, &old, 8) == -EINVAL,
	      "not -EINVAL");
	CHECK("user.proc.sigaction.sigkill", sigaction_raw(SIGKILL, &sa, NULL, 8) == -EINVAL,
	      "SIGKILL's action changed");
	CHECK("user.proc.sigaction.sigstop", sigaction_raw(SIGSTOP, &sa, NULL, 8) == -EINVAL,
	      "SIGSTOP's action changed");
	CHECK("user.proc.sigaction.sigkill_read", sigaction_raw(SIGKILL, NULL, &old, 8) == 0,
	      "SIGKILL's action cannot be read");
	CHECK("user.proc.sigaction.bad_act", sigaction_raw(SIGUSR1, BAD_PTR, NULL, 8) == -EFAULT,
	      "not -EFAULT");
	CHECK("user.proc.sigaction.bad_oact", sigaction_raw(SIGUSR1, NULL, BAD_PTR, 8) == -EFAULT,
	      "not -EFAULT");

	/* SIG_IGN is honoured, and fork keeps it. */
	set_action(SIGTERM, SIG_IGN);
	CHECK("user.proc.sigaction.ignored_inherited",
	      status_after_own_signal(SIGTERM, 0) == 100 << 8,
	      "an ignored SIGTERM ended the child");
	set_action(SIGTERM, SIG_DFL);
	/* SIG_DFL of an ignored-by-default signal: SIGCHLD from our own child ends nothing. */
	CHECK("user.proc.sigaction.dfl_restored", status_after_own_signal(SIGTERM, 0) == SIGTERM,
	      "SIGTERM no longer ends the child");
}

static void sigprocmask_cases(void)
{
	sigset_t set = sigmask(SIGUSR1) | sigmask(SIGKILL) | sigmask(SIGSTOP), old = ~0UL, cur = 0;
	long pid;
	int st;

	CHECK("user.proc.sigprocmask.block",
	      sigprocmask(SIG_BLOCK, &set, &old) == 0 && old == 0 &&
		  sigprocmask(SIG_BLOCK, NULL, &cur) == 0 && cur == sigmask(SIGUSR1),
	      "old 0x%lx, now 0x%lx: SIGKILL and SIGSTOP are never blocked", old, cur);
	set = sigmask(SIGUSR1);
	CHECK("user.proc.sigprocmask.unblock",
	      sigprocmask(SIG_UNBLOCK, &set, NULL) == 0 &&
		  sigprocmask(SIG_SETMASK, NULL, &cur) == 0 && cur == 0,
	      "mask 0x%lx", cur);
	CHECK("user.proc.sigprocmask.bad_how", sigprocmask(7, &set, NULL) == -EINVAL,
	      "not -EINVAL");
	CHECK("user.proc.sigprocmask.bad_how_no_set", sigprocmask(7, NULL, &cur) == 0,
	      "how is checked without a set");
	CHECK("user.proc.sigprocmask.sigsetsize",
	      syscall4(__NR_rt_sigprocmask, SIG_BLOCK, &set, NULL, 4) == -EINVAL, "not -EINVAL");
	CHECK("user.proc.sigprocmask.bad_set", sigprocmask(SIG_BLOCK, BAD_PTR, NULL) == -EFAULT,
	      "not -EFAULT");
	CHECK("user.proc.sigprocmask.bad_oset", sigprocmask(SIG_BLOCK, NULL, BAD_PTR) == -EFAULT,
	      "not -EFAULT");
	CHECK("user.proc.sigpending.sigsetsize", syscall2(__NR_rt_sigpending, &set, 16) == -EINVAL,
	      "not -EINVAL");
	CHECK("user.proc.sigpending.bad_ptr", syscall2(__NR_rt_sigpending, BAD_PTR, 8) == -EFAULT,
	      "not -EFAULT");

	/* A blocked signal stays pending, and is delivered the moment it is unblocked. */
	pid = fork();
	if (pid == 0) {
		set = sigmask(SIGUSR1);
		sigprocmask(SIG_BLOCK, &set, NULL);
		kill(getpid(), SIGUSR1);
		if (sigpending() != sigmask(SIGUSR1))
			exit(1);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		exit(2);
	}
	st = reap(pid);
	CHECK("user.proc.signal.blocked_pending_then_delivered", st == SIGUSR1,
	      "status 0x%x (exit 1: not pending; exit 2: not delivered)", st);

	/*
	 * A caught signal runs its handler, which here ends the child with
	 * exit(42) instead of returning: no restorer is ever called.
	 */
	pid = fork();
	if (pid == 0) {
		set_handler_flags(SIGUSR1, exit_42, 0, 0);
		kill(getpid(), SIGUSR1);
		exit(1);
	}
	st = reap(pid);
	CHECK("user.proc.signal.caught_runs_handler", st == 42 << 8,
	      "status 0x%x (exit 1: the handler did not run)", st);
	pid = fork();
	if (pid == 0) {
		set = sigmask(SIGUSR1);
		set_handler_flags(SIGUSR1, exit_42, 0, 0);
		sigprocmask(SIG_BLOCK, &set, NULL);
		kill(getpid(), SIGUSR1);
		if (sigpending() != sigmask(SIGUSR1))
			exit(1);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		exit(2);
	}
	st = reap(pid);
	CHECK("user.proc.signal.blocked_caught_runs_handler_on_unblock", st == 42 << 8,
	      "status 0x%x (exit 1: not pending; exit 2: the handler did not run)", st);

	/* In the handler: its signal and its sa_mask are blocked; SA_NODEFER lets it nest. */
	st = status_after_usr1(exit_with_mask, 0, sigmask(SIGUSR2));
	CHECK("user.proc.signal.handler_blocks_sig_and_sa_mask", st == 43 << 8,
	      "status 0x%x (41: only its signal blocked, 42: only sa_mask, 40: neither)", st);
	st = status_after_usr1(exit_if_nested, 0, 0);
	CHECK("user.proc.signal.no_nodefer_does_not_nest", st == 44 << 8, "status 0x%x", st);
	st = status_after_usr1(exit_if_nested, SA_NODEFER, 0);
	CHECK("user.proc.signal.nodefer_nests", st == 43 << 8, "status 0x%x (44: did not nest)",
	      st);

	/* Ignoring a pending signal discards it. */
	pid = fork();
	if (pid == 0) {
		set = sigmask(SIGTERM);
		sigprocmask(SIG_BLOCK, &set, NULL);
		kill(getpid(), SIGTERM);
		set_action(SIGTERM, SIG_IGN);
		if (sigpending() != 0)
			exit(1);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		exit(0);
	}
	st = reap(pid);
	CHECK("user.proc.signal.ignore_discards_pending", st == 0, "status 0x%x", st);

	/* SIGKILL cannot be blocked. */
	pid = fork();
	if (pid == 0) {
		set = ~0UL;
		sigprocmask(SIG_SETMASK, &set, NULL);
		kill(getpid(), SIGKILL);
		exit(1);
	}
	st = reap(pid);
	CHECK("user.proc.signal.sigkill_unblockable", st == SIGKILL, "status 0x%x", st);
}

static void sigpipe_cases(void)
{
	int st;

	for (int mode = 0; mode < 3; mode++) {
		long pid = fork();

		if (pid == 0) {
			int fds[2];
			sigset_t set = sigmask(SIGPIPE);
			long r;

			if (mode == 1)
				set_action(SIGPIPE, SIG_IGN);
			if (mode == 2)
				sigprocmask(SIG_BLOCK, &set, NULL);
			pipe2(fds, 0);
			close(fds[0]);
			r = write(fds[1], "x", 1);
			if (r != -EPIPE)
				exit(1);
			if (mode == 2 && sigpending() != sigmask(SIGPIPE))
				exit(2);
			exit(0);
		}
		st = reap(pid);
		if (mode == 0)
			CHECK("user.proc.sigpipe.default_ends", st == SIGPIPE, "status 0x%x", st);
		else if (mode == 1)
			CHECK("user.proc.sigpipe.ignored_epipe", st == 0, "status 0x%x", st);
		else
			CHECK("user.proc.sigpipe.blocked_pending", st == 0, "status 0x%x", st);
	}
}

static void wait_cases(void)
{
	struct rusage ru;
	int fds[2], st = -1, info[32];
	long pid, r;

	CHECK("user.proc.wait4.no_children_wnohang", wait4(-1, &st, WNOHANG, NULL) == -ECHILD,
	      "not -ECHILD");
	CHECK("user.proc.wait4.bad_options", wait4(-1, &st, 0x100, NULL) == -EINVAL, "not -EINVAL");
	pipe2(fds, 0);
	pid = waiting_child(fds);
	st = 12345;
	r = wait4(-1, &st, WNOHANG, NULL);
	CHECK("user.proc.wait4.wnohang_running", r == 0 && st == 12345, "returned %ld, status 0x%x",
	      r, st);
	memset(info, 0x55, sizeof(info));
	r = waitid(P_ALL, 0, info, WEXITED | WNOHANG, NULL);
	CHECK("user.proc.waitid.wnohang_running", r == 0 && info[0] == 0 && info[4] == 0,
	      "returned %ld, si_signo %d si_pid %d", r, info[0], info[4]);
	close(fds[1]);
	close(fds[0]);
	memset(&ru, 0x55, sizeof(ru));
	r = wait4((int)pid, &st, 0, &ru);
	CHECK("user.proc.wait4.exited_status",
	      r == pid && st == 3 << 8 && WIFEXITED(st) && WEXITSTATUS(st) == 3,
	      "returned %ld, status 0x%x", r, st);
	/* The fields Linux never fills are 0 on both; the rest are ours to zero. */
	CHECK("user.proc.wait4.rusage_written",
	      ru.ru_ixrss == 0 && ru.ru_idrss == 0 && ru.ru_isrss == 0 && ru.ru_nswap == 0 &&
		  ru.ru_msgsnd == 0 && ru.ru_msgrcv == 0 && ru.ru_nsignals == 0,
	      "rusage not written");

	pid = fork();
	if (pid == 0)
		exit(4);
	r = wait4((int)pid, &st, 0, BAD_PTR);
	CHECK("user.proc.wait4.bad_rusage",
	      r == -EFAULT && wait4((int)pid, &st, 0, NULL) == -ECHILD,
	      "returned %ld; the child should be reaped all the same", r);
	pid = fork();
	if (pid == 0)
		exit(4);
	r = wait4((int)pid, BAD_PTR, 0, NULL);
	CHECK("user.proc.wait4.bad_status", r == -EFAULT, "returned %ld", r);
	CHECK("user.proc.wait4.int_min", wait4(INT_MIN, &st, 0, NULL) == -ESRCH, "not -ESRCH");

	/* waitid's report: exited and killed. */
	pid = fork();
	if (pid == 0)
		exit(9);
	memset(info, 0x55, sizeof(info));
	r = waitid(P_PID, (int)pid, info, WEXITED, NULL);
	CHECK("user.proc.waitid.exited",
	      r == 0 && info[0] == SIGCHLD && info[1] == 0 && info[2] == 1 && info[4] == pid &&
		  info[5] == 0 && info[6] == 9,
	      "returned %ld: signo %d errno %d code %d pid %d uid %d status %d", r, info[0],
	      info[1], info[2], info[4], info[5], info[6]);
	pid = fork();
	if (pid == 0) {
		kill(getpid(), SIGTERM);
		exit(1);
	}
	r = waitid(P_ALL, 0, info, WEXITED, NULL);
	CHECK("user.proc.waitid.killed",
	      r == 0 && info[0] == SIGCHLD && info[2] == 2 && info[4] == pid && info[6] == SIGTERM,
	      "returned %ld: signo %d code %d pid %d status %d", r, info[0], info[2], info[4],
	      info[6]);
	CHECK("user.proc.waitid.no_children", waitid(P_ALL, 0, info, WEXITED, NULL) == -ECHILD,
	      "not -ECHILD");
	CHECK("user.proc.waitid.no_options", waitid(P_ALL, 0, info, 0, NULL) == -EINVAL,
	      "not -EINVAL");
	CHECK("user.proc.waitid.bad_idtype", waitid(9, 0, info, WEXITED, NULL) == -EINVAL,
	      "not -EINVAL");
	CHECK("user.proc.waitid.pid_0", waitid(P_PID, 0, info, WEXITED, NULL) == -EINVAL,
	      "not -EINVAL");
}

/* Process groups: kill(-pgid) reaches every member, wait4(-pgid) waits for them. */
static void pgrp_cases(void)
{
	int fds[2], st1, st2, st;
	long a, b, r;

#ifdef __NR_getpgrp
	CHECK("user.proc.getpgrp", getpgid(0) == syscall0(__NR_getpgrp),
	      "getpgid(0) %ld, getpgrp %ld", getpgid(0), syscall0(__NR_getpgrp));
#endif
	CHECK("user.proc.getpgid.no_such_pid", getpgid(NO_PID) == -ESRCH, "not -ESRCH");
	CHECK("user.proc.getsid.no_such_pid", getsid(NO_PID) == -ESRCH, "not -ESRCH");
	CHECK("user.proc.setpgid.negative", setpgid(0, -1) == -EINVAL, "not -EINVAL");
	CHECK("user.proc.setpgid.no_such_pid", setpgid(NO_PID, 0) == -ESRCH, "not -ESRCH");

	pipe2(fds, 0);
	a = waiting_child(fds);
	b = waiting_child(fds);
	r = setpgid((int)a, (int)a);
	CHECK("user.proc.setpgid.child_leads",
	      r == 0 && setpgid((int)b, (int)a) == 0 && getpgid((int)a) == a &&
		  getpgid((int)b) == a,
	      "setpgid %ld; groups %ld, %ld", r, getpgid((int)a), getpgid((int)b));
	CHECK("user.proc.kill.group_check", kill((int)-a, 0) == 0, "group -%ld not found", a);
	r = kill((int)-a, SIGTERM);
	st1 = st2 = -1;
	CHECK("user.proc.kill.group",
	      r == 0 && wait4((int)-a, &st1, 0, NULL) > 0 && wait4((int)-a, &st2, 0, NULL) > 0 &&
		  st1 == SIGTERM && st2 == SIGTERM,
	      "kill %ld, statuses 0x%x 0x%x", r, st1, st2);
	close(fds[0]);
	close(fds[1]);
	CHECK("user.proc.kill.group_gone", kill((int)-a, 0) == -ESRCH, "group -%ld still there", a);

	/* setsid: a new session and group led by the caller; a group leader cannot. */
	a = fork();
	if (a == 0) {
		long sid = setsid();

		if (sid != getpid() || getsid(0) != sid || getpgid(0) != sid)
			exit(1);
		if (setsid() != -EPERM || setpgid(0, 0) != -EPERM)
			exit(2);
		/* kill(0, sig): our own group, only us. */
		kill(0, SIGUSR2);
		exit(3);
	}
	st = reap(a);
	CHECK("user.proc.setsid", st == SIGUSR2,
	      "status 0x%x (exit 1: ids wrong; 2: leader not refused; 3: kill(0) missed)", st);
}

static void id_cases(void)
{
	CHECK("user.proc.ids.root",
	      syscall0(__NR_getuid) == 0 && syscall0(__NR_geteuid) == 0 &&
		  syscall0(__NR_getgid) == 0 && syscall0(__NR_getegid) == 0,
	      "uid %ld euid %ld gid %ld egid %ld", syscall0(__NR_getuid), syscall0(__NR_geteuid),
	      syscall0(__NR_getgid), syscall0(__NR_getegid));
}

static void rlimit_cases(bool on_trapdoor)
{
	struct rlimit r = { 1, 1 }, p = { 2, 2 }, big;
	long pid, g = getrlimit(RLIMIT_NOFILE, &r), l = prlimit64(0, RLIMIT_NOFILE, NULL, &p);
	int st;

	CHECK("user.proc.rlimit.nofile",
	      g == 0 && l == 0 && r.rlim_cur == p.rlim_cur && r.rlim_max == p.rlim_max &&
		  r.rlim_cur <= r.rlim_max,
	      "getrlimit %ld: %lu/%lu, prlimit64 %ld: %lu/%lu", g, r.rlim_cur, r.rlim_max, l,
	      p.rlim_cur, p.rlim_max);
	CHECK("user.proc.rlimit.bad_resource", getrlimit(RLIM_NLIMITS, &r) == -EINVAL,
	      "not -EINVAL");
	CHECK("user.proc.rlimit.bad_pointer", getrlimit(RLIMIT_STACK, BAD_PTR) == -EFAULT,
	      "not -EFAULT");
	CHECK("user.proc.setrlimit.bad_pointer", setrlimit(RLIMIT_CORE, BAD_PTR) == -EFAULT,
	      "not -EFAULT");
	CHECK("user.proc.prlimit64.no_such_pid", prlimit64(NO_PID, RLIMIT_CORE, NULL, &r) == -ESRCH,
	      "not -ESRCH");
	CHECK("user.proc.prlimit64.bad_resource", prlimit64(0, 99, NULL, &r) == -EINVAL,
	      "not -EINVAL");
	r.rlim_cur = 2;
	r.rlim_max = 1;
	CHECK("user.proc.setrlimit.soft_above_hard", setrlimit(RLIMIT_CORE, &r) == -EINVAL,
	      "not -EINVAL");
	big.rlim_cur = big.rlim_max = 1UL << 30;
	CHECK("user.proc.setrlimit.nofile_too_big", setrlimit(RLIMIT_NOFILE, &big) == -EPERM,
	      "not -EPERM");
	getrlimit(RLIMIT_CORE, &r);
	p.rlim_cur = 0;
	p.rlim_max = r.rlim_max;
	CHECK("user.proc.setrlimit.core_0",
	      setrlimit(RLIMIT_CORE, &p) == 0 && getrlimit(RLIMIT_CORE, &r) == 0 &&
		  r.rlim_cur == 0 && r.rlim_max == p.rlim_max,
	      "core limit now %lu/%lu", r.rlim_cur, r.rlim_max);
	/* fork keeps the limits. */
	pid = fork();
	if (pid == 0)
		exit(getrlimit(RLIMIT_CORE, &r) == 0 && r.rlim_cur == 0 ? 0 : 1);
	st = reap(pid);
	CHECK("user.proc.rlimit.inherited", st == 0, "status 0x%x", st);
	/* prlimit64 sets and returns the old value in one call. */
	p.rlim_cur = 0;
	r.rlim_cur = 7;
	CHECK("user.proc.prlimit64.set_and_get",
	      prlimit64(0, RLIMIT_CORE, &p, &r) == 0 && r.rlim_cur == 0, "old soft limit %lu",
	      r.rlim_cur);
	if (on_trapdoor) {
		/* trapdoor's own defaults (the host's shell sets Linux's). */
		getrlimit(RLIMIT_STACK, &r);
		CHECK("user.proc.rlimit.stack_default",
		      r.rlim_cur == 8UL << 20 && r.rlim_max == RLIM_INFINITY, "%lu/%lu", r.rlim_cur,
		      r.rlim_max);
	}
}

static void prctl_cases(void)
{
	char name[16];

	memset(name, 'x', sizeof(name));
	CHECK("user.proc.prctl.set_get_name",
	      syscall2(__NR_prctl, PR_SET_NAME, "proctest-a-long-name") == 0 &&
		  syscall2(__NR_prctl, PR_GET_NAME, name) == 0 && !strcmp(name, "proctest-a-long"),
	      "name \"%.16s\"", name);
	CHECK("user.proc.prctl.short_name",
	      syscall2(__NR_prctl, PR_SET_NAME, "pt") == 0 &&
		  syscall2(__NR_prctl, PR_GET_NAME, name) == 0 && !strcmp(name, "pt") &&
		  name[3] == 0 && name[15] == 0,
	      "name \"%.16s\"", name);
	CHECK("user.proc.prctl.bad_set", syscall2(__NR_prctl, PR_SET_NAME, BAD_PTR) == -EFAULT,
	      "not -EFAULT");
	CHECK("user.proc.prctl.bad_get", syscall2(__NR_prctl, PR_GET_NAME, BAD_PTR) == -EFAULT,
	      "not -EFAULT");
	CHECK("user.proc.prctl.bad_option", syscall2(__NR_prctl, 9999, 0) == -EINVAL,
	      "not -EINVAL");
}

/* The release is what glibc parses: a Linux version, major.minor.patch. */
static void uname_cases(struct new_utsname *u)
{
	const char *p = u->release;
	int dots = 0;

	while ((*p >= '0' && *p <= '9') || *p == '.')
		dots += *p++ == '.';
	CHECK("user.proc.uname.release_is_linux_version",
	      u->release[0] >= '3' && u->release[0] <= '9' && dots == 2, "release \"%s\"",
	      u->release);
	CHECK("user.proc.uname.machine",
	      !strcmp(u->machine, "x86_64") || !strcmp(u->machine, "aarch64") ||
		  !strcmp(u->machine, "riscv64") || !strcmp(u->machine, "ppc64") ||
		  !strcmp(u->machine, "s390x") || !strcmp(u->machine, "loongarch64"),
	      "machine \"%s\"", u->machine);
}

static void clock_cases(bool realtime_from_rtc)
{
	struct timespec ts = { 0, 0 }, req;
	struct timeval tv = { 0, 0 };
	struct timezone tz = { 1, 1 };
	struct tms tms;
	long long t0, t1;
	long r, ticks;

	CHECK("user.proc.clock.realtime",
	      clock_gettime(CLOCK_REALTIME, &ts) == 0 && ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000,
	      "%ld.%09ld", ts.tv_sec, ts.tv_nsec);
	if (realtime_from_rtc)
		CHECK("user.proc.clock.realtime_is_wall_clock", ts.tv_sec > 1577836800L,
		      "CLOCK_REALTIME is %ld s, before 2020", ts.tv_sec);
	CHECK("user.proc.clock.boottime",
	      clock_gettime(CLOCK_BOOTTIME, &ts) == 0 && ts.tv_nsec >= 0 && ts.tv_nsec < 1000000000,
	      "%ld.%09ld", ts.tv_sec, ts.tv_nsec);
	CHECK("user.proc.clock.unknown", clock_gettime(100, &ts) == -EINVAL, "not -EINVAL");
	CHECK("user.proc.clock.bad_pointer", clock_gettime(CLOCK_MONOTONIC, BAD_PTR) == -EFAULT,
	      "not -EFAULT");
	ts.tv_sec = 5;
	CHECK("user.proc.clock_getres.monotonic",
	      syscall2(__NR_clock_getres, CLOCK_MONOTONIC, &ts) == 0 && ts.tv_sec == 0 &&
		  ts.tv_nsec > 0 && ts.tv_nsec <= 10000000,
	      "%ld.%09ld", ts.tv_sec, ts.tv_nsec);
	CHECK("user.proc.clock_getres.null", syscall2(__NR_clock_getres, CLOCK_REALTIME, 0) == 0,
	      "not 0");
	CHECK("user.proc.clock_getres.unknown", syscall2(__NR_clock_getres, 100, &ts) == -EINVAL,
	      "not -EINVAL");

	r = syscall2(__NR_gettimeofday, &tv, &tz);
	t0 = clock_ns(CLOCK_REALTIME);
	CHECK("user.proc.gettimeofday",
	      r == 0 && tv.tv_usec >= 0 && tv.tv_usec < 1000000 && tz.tz_minuteswest == 0 &&
		  tz.tz_dsttime == 0 && t0 / 1000000000LL - tv.tv_sec <= 1 &&
		  t0 / 1000000000LL >= tv.tv_sec,
	      "returned %ld, %ld.%06ld, CLOCK_REALTIME %lld ns", r, tv.tv_sec, tv.tv_usec, t0);
	CHECK("user.proc.gettimeofday.null", syscall2(__NR_gettimeofday, 0, 0) == 0, "not 0");
	CHECK("user.proc.gettimeofday.bad", syscall2(__NR_gettimeofday, BAD_PTR, 0) == -EFAULT,
	      "not -EFAULT");
#ifdef __NR_time
	{
		long t = 0, now = syscall1(__NR_time, &t);

		CHECK("user.proc.time", now == t && now - tv.tv_sec <= 1 && now >= tv.tv_sec,
		      "time %ld, stored %ld, gettimeofday %ld", now, t, tv.tv_sec);
		CHECK("user.proc.time.bad", syscall1(__NR_time, BAD_PTR) == -EFAULT, "not -EFAULT");
	}
#endif

	/* Sleeps, each at least what was asked. */
	req.tv_sec = 0;
	req.tv_nsec = 20000000;
	t0 = clock_ns(CLOCK_MONOTONIC);
	r = clock_nanosleep(CLOCK_MONOTONIC, 0, &req);
	t1 = clock_ns(CLOCK_MONOTONIC);
	CHECK("user.proc.clock_nanosleep.relative", r == 0 && t1 - t0 >= 20000000,
	      "returned %ld after %lld ns", r, t1 - t0);
	t0 = clock_ns(CLOCK_MONOTONIC);
	req.tv_sec = (t0 + 20000000) / 1000000000;
	req.tv_nsec = (t0 + 20000000) % 1000000000;
	r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &req);
	t1 = clock_ns(CLOCK_MONOTONIC);
	CHECK("user.proc.clock_nanosleep.abstime", r == 0 && t1 >= ts_ns(&req),
	      "returned %ld at %lld, deadline %lld", r, t1, ts_ns(&req));
	t0 = clock_ns(CLOCK_REALTIME);
	req.tv_sec = (t0 + 20000000) / 1000000000;
	req.tv_nsec = (t0 + 20000000) % 1000000000;
	r = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &req);
	t1 = clock_ns(CLOCK_REALTIME);
	CHECK("user.proc.clock_nanosleep.realtime_abstime", r == 0 && t1 >= ts_ns(&req),
	      "returned %ld at %lld, deadline %lld", r, t1, ts_ns(&req));
	req.tv_sec = 0;
	req.tv_nsec = 1;
	t0 = clock_ns(CLOCK_MONOTONIC);
	r = clock_nanosleep(CLOCK_BOOTTIME, TIMER_ABSTIME, &req); /* long past */
	t1 = clock_ns(CLOCK_MONOTONIC);
	CHECK("user.proc.clock_nanosleep.past_deadline", r == 0 && t1 - t0 < 500000000,
	      "returned %ld after %lld ns", r, t1 - t0);
	req.tv_sec = 0;
	req.tv_nsec = 1000000000;
	CHECK("user.proc.clock_nanosleep.bad_nsec",
	      clock_nanosleep(CLOCK_MONOTONIC, 0, &req) == -EINVAL, "not -EINVAL");
	req.tv_nsec = 1;
	CHECK("user.proc.clock_nanosleep.unknown_clock", clock_nanosleep(100, 0, &req) == -EINVAL,
	      "not -EINVAL");
	CHECK("user.proc.clock_nanosleep.raw_clock",
	      clock_nanosleep(CLOCK_MONOTONIC_RAW, 0, &req) == -EOPNOTSUPP, "not -EOPNOTSUPP");
	CHECK("user.proc.clock_nanosleep.bad_pointer",
	      clock_nanosleep(CLOCK_MONOTONIC, 0, BAD_PTR) == -EFAULT, "not -EFAULT");

	ticks = syscall1(__NR_times, &tms);
	req.tv_sec = 0;
	req.tv_nsec = 60000000;
	clock_nanosleep(CLOCK_MONOTONIC, 0, &req);
	r = syscall1(__NR_times, NULL);
	CHECK("user.proc.times", ticks >= 0 && r - ticks >= 5, "times %ld, then %ld after 60 ms",
	      ticks, r);
	CHECK("user.proc.times.bad", syscall1(__NR_times, BAD_PTR) == -EFAULT, "not -EFAULT");
}

/* clone(fn, stack): the child runs fn on the stack given. */
static char child_stack[16384] __aligned(16);

static int on_child_stack(void)
{
	char here;

	return &here > child_stack && &here < child_stack + sizeof(child_stack) ? 7 : 1;
}

static void clone_cases(void)
{
	int st;
	long pid = clone_fn(on_child_stack, child_stack + sizeof(child_stack) - 512, SIGCHLD);

	st = reap(pid);
	CHECK("user.proc.clone.child_stack", pid > 0 && st == 7 << 8,
	      "pid %ld, status 0x%x (exit 1: not on the stack given)", pid, st);
	CHECK("user.proc.set_tid_address", syscall1(__NR_set_tid_address, NULL) == gettid(),
	      "not the tid");
}

int main(void)
{
	struct new_utsname u;
	struct rlimit core = { 0, 0 };
	bool on_trapdoor;

	/* Whatever our parent left us: every action SIG_DFL, nothing blocked. */
	for (int sig = 1; sig <= _NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			set_action(sig, SIG_DFL);
	sigprocmask(SIG_SETMASK, &(sigset_t){ 0 }, NULL);
	uname(&u);
	on_trapdoor = !strcmp(u.sysname, "trapdoor");
	/* No core files, so a core-dumping signal's status has no WCOREFLAG on Linux either. */
	getrlimit(RLIMIT_CORE, &core);
	core.rlim_cur = 0;
	setrlimit(RLIMIT_CORE, &core);

	id_cases();
	uname_cases(&u);
	rlimit_cases(on_trapdoor);
	prctl_cases();
	wait_cases();
	kill_error_cases();
	sigaction_cases();
	sigprocmask_cases();
	default_action_cases();
	sigpipe_cases();
	pgrp_cases();
	/* trapdoor on powerpc reads no real-time clock (docs/processes.md). */
	clock_cases(!(on_trapdoor && !strcmp(u.machine, "ppc64")));
	clone_cases();
	return test_failures;
}
