// SPDX-License-Identifier: MIT
/*
 * Signals, part one: actions, masks and default actions, as Linux's
 * (signal(7)). Every task has an action per signal (rt_sigaction), a mask of
 * blocked signals (rt_sigprocmask) and a set of pending ones. A signal sent
 * (kill, tkill, tgkill, Ctrl-C, a broken pipe) is:
 *   - discarded if its action is to ignore it (SIG_IGN, or SIG_DFL for a
 *     signal whose default is to ignore: SIGCHLD, SIGCONT, SIGURG, SIGWINCH)
 *     and it is not blocked;
 *   - else pending, and delivered while not blocked: its default action,
 *     terminate (core-dumping signals too: no core is written, so the wait
 *     status has no WCOREFLAG, as Linux's with RLIMIT_CORE 0), marks the task
 *     to die on its way back to user mode (exit_to_user_mode()).
 * Stop signals (SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU) are accepted and
 * discarded: no task is ever stopped. Handlers are stored and returned but
 * not run: a caught signal stays pending, as if blocked (docs/signals.md).
 */
#include <trapdoor/arch.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

/* Default ignored; default stop (discarded here); never caught, blocked or ignored. */
#define SIG_KERNEL_IGNORE_MASK \
	(sigmask(SIGCHLD) | sigmask(SIGCONT) | sigmask(SIGURG) | sigmask(SIGWINCH))
#define SIG_KERNEL_STOP_MASK \
	(sigmask(SIGSTOP) | sigmask(SIGTSTP) | sigmask(SIGTTIN) | sigmask(SIGTTOU))
#define SIG_KERNEL_ONLY_MASK (sigmask(SIGKILL) | sigmask(SIGSTOP))

/* The sa_flags bits Linux keeps; it clears the rest, so a program can test for support. */
#ifdef SA_RESTORER
#define UAPI_SA_FLAGS_ARCH SA_RESTORER
#else
#define UAPI_SA_FLAGS_ARCH 0
#endif
#define SA_EXPOSE_TAGBITS 0x00000800
#define UAPI_SA_FLAGS                                                                      \
	(SA_NOCLDSTOP | SA_NOCLDWAIT | SA_SIGINFO | SA_ONSTACK | SA_RESTART | SA_NODEFER | \
	 SA_RESETHAND | SA_EXPOSE_TAGBITS | UAPI_SA_FLAGS_ARCH)

static bool valid_signal(long sig)
{
	return sig >= 0 && sig <= _NSIG;
}

/* t's action for sig ignores it: SIG_IGN, or SIG_DFL with a default of ignore (or stop). */
static bool sig_handler_ignored(const struct task_struct *t, int sig)
{
	void (*handler)(int) = t->sighand[sig - 1].sa_handler;

	if (sig == SIGKILL)
		return false;
	return handler == SIG_IGN ||
	       (handler == SIG_DFL &&
		(sigmask(sig) & (SIG_KERNEL_IGNORE_MASK | SIG_KERNEL_STOP_MASK)));
}

/*
 * Delivers what t may take now: of its pending, unblocked signals, ignored
 * ones are dropped, caught ones stay pending (handlers do not run yet), and
 * the lowest with a default action of terminate marks t to die and makes sure
 * it runs to notice.
 */
static void recalc_sigpending(struct task_struct *t)
{
	sigset_t ready = t->pending & ~t->blocked;

	for (int sig = 1; ready && sig <= _NSIG; sig++) {
		if (!(ready & sigmask(sig)))
			continue;
		ready &= ~sigmask(sig);
		if (sig_handler_ignored(t, sig)) {
			t->pending &= ~sigmask(sig);
			continue;
		}
		if (t->sighand[sig - 1].sa_handler != SIG_DFL || t->killed)
			continue; /* caught: pending until handlers run; or dying already */
		t->pending &= ~sigmask(sig);
		t->killed = sig;
		/* A blocked victim must run to notice: it dies in exit_to_user_mode(). */
		if (t->state == TASK_BLOCKED) {
			t->wake_at = 0;
			t->state = TASK_RUNNABLE;
			sched_enqueue(t);
		} else if (t != current && cpu_info[t->cpu].current_task == t) {
			/* Running in user mode on another CPU: interrupt it, it dies on its way back. */
			arch_send_ipi(t->cpu);
		}
	}
}

/*
 * Sends sig (1.._NSIG) to t, a live task. init (pid 1) takes only the
 * signals it catches, as Linux's SIGNAL_UNKILLABLE: a default action never
 * ends it.
 */
void send_signal(struct task_struct *t, int sig)
{
	if (t->state == TASK_ZOMBIE || t->state == TASK_UNUSED)
		return;
	if (sig_handler_ignored(t, sig) && !(t->blocked & sigmask(sig)))
		return;
	if (t->pid == 1 && t->sighand[sig - 1].sa_handler == SIG_DFL)
		return;
	t->pending |= sigmask(sig);
	recalc_sigpending(t);
}

/*
 * The current task's blocked mask becomes *newset (SIGKILL and SIGSTOP never
 * blocked), and whatever that unblocks is delivered now: ppoll()'s mask for
 * the time it waits, and rt_sigprocmask().
 */
void set_current_blocked(const sigset_t *newset)
{
	current->blocked = *newset & ~SIG_KERNEL_ONLY_MASK;
	recalc_sigpending(current);
}

/* A new process's signal state: fork copies actions and mask, never what is pending. */
void copy_sighand(struct task_struct *t, const struct task_struct *parent)
{
	memcpy(t->sighand, parent->sighand, sizeof(t->sighand));
	t->blocked = parent->blocked;
	t->pending = 0;
}

/* execve: caught signals go back to SIG_DFL (the handlers are gone); ignored ones stay ignored. */
void flush_signal_handlers(struct task_struct *t)
{
	for (int i = 0; i < _NSIG; i++) {
		if (t->sighand[i].sa_handler != SIG_IGN)
			t->sighand[i].sa_handler = SIG_DFL;
		t->sighand[i].sa_flags = 0;
		t->sighand[i].sa_mask = 0;
#ifdef SA_RESTORER
		t->sighand[i].sa_restorer = NULL;
#endif
	}
	recalc_sigpending(t);
}

/*
 * sig (0: only check) to every task of process group pgid, or with pgid -1 to
 * every task but init and the caller (Linux's kill(-1)). 0 if the group has a
 * task, else -ESRCH.
 */
long kill_pgrp(int pgid, int sig)
{
	bool found = false;

	for (int i = 0; i < NR_TASKS; i++) {
		struct task_struct *t = &task_table[i];

		if (t->state == TASK_UNUSED || t->pid == 0)
			continue;
		if (pgid == -1 ? t->pid == 1 || t == current : t->pgid != pgid)
			continue;
		found = true;
		if (sig)
			send_signal(t, sig);
	}
	return found ? 0 : -ESRCH;
}

/*
 * kill(pid, sig), Linux's forms: pid > 0 that task, 0 the caller's process
 * group, -1 every task but init and the caller, < -1 the process group -pid.
 * sig 0 only checks that the target exists; a zombie not yet reaped exists.
 * init cannot be signalled by its pid (-EPERM): nothing here may end it.
 */
SYSCALL_DEFINE2(kill, pid_t, pid, int, sig)
{
	struct task_struct *t;

	if (!valid_signal(sig))
		return -EINVAL;
	if (pid == INT_MIN) /* -pid would overflow; Linux answers the same */
		return -ESRCH;
	if (pid == 0)
		return kill_pgrp(current->pgid, sig);
	if (pid == -1)
		return kill_pgrp(-1, sig);
	if (pid < 0)
		return kill_pgrp(-pid, sig);
	t = task_by_pid(pid);
	if (!t)
		return -ESRCH;
	if (!sig)
		return 0;
	if (t->pid == 1)
		return -EPERM;
	send_signal(t, sig);
	return 0;
}

/* tgkill and tkill: one thread, here one task; tgid (if > 0) must be its. */
static long do_tkill(pid_t tgid, pid_t pid, int sig)
{
	struct task_struct *t = task_by_pid(pid);

	if (!t || (tgid > 0 && t->pid != tgid))
		return -ESRCH;
	if (!valid_signal(sig))
		return -EINVAL;
	if (!sig)
		return 0;
	if (t->pid == 1)
		return -EPERM;
	send_signal(t, sig);
	return 0;
}

SYSCALL_DEFINE3(tgkill, pid_t, tgid, pid_t, pid, int, sig)
{
	if (pid <= 0 || tgid <= 0)
		return -EINVAL;
	return do_tkill(tgid, pid, sig);
}

SYSCALL_DEFINE2(tkill, pid_t, pid, int, sig)
{
	if (pid <= 0)
		return -EINVAL;
	return do_tkill(0, pid, sig);
}

/*
 * rt_sigaction(sig, act, oact, sigsetsize): stores act (if given) as sig's
 * action and returns the old one in oact (if given). As Linux: sigsetsize
 * must be 8, SIGKILL's and SIGSTOP's actions cannot change (-EINVAL), the
 * mask never holds them, unknown sa_flags bits are cleared, and a signal now
 * ignored is no longer pending.
 */
SYSCALL_DEFINE4(rt_sigaction, int, sig, const struct sigaction __user *, act,
		struct sigaction __user *, oact, size_t, sigsetsize)
{
	struct sigaction new_sa, old_sa;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (act && copy_from_user(&new_sa, act, sizeof(new_sa)) < 0)
		return -EFAULT;
	if (sig < 1 || sig > _NSIG || (act && (sigmask(sig) & SIG_KERNEL_ONLY_MASK)))
		return -EINVAL;
	old_sa = current->sighand[sig - 1];
	if (act) {
		new_sa.sa_flags &= UAPI_SA_FLAGS;
		new_sa.sa_mask &= ~SIG_KERNEL_ONLY_MASK;
		current->sighand[sig - 1] = new_sa;
		if (sig_handler_ignored(current, sig))
			current->pending &= ~sigmask(sig);
	}
	if (oact && copy_to_user(oact, &old_sa, sizeof(old_sa)) < 0)
		return -EFAULT;
	return 0;
}

/*
 * rt_sigprocmask(how, set, oset, sigsetsize): SIG_BLOCK adds set to the
 * blocked mask, SIG_UNBLOCK removes it, SIG_SETMASK replaces it; SIGKILL and
 * SIGSTOP are never blocked. The old mask goes to oset. A signal unblocked
 * here is delivered before the call returns to user mode.
 */
SYSCALL_DEFINE4(rt_sigprocmask, int, how, const sigset_t __user *, nset, sigset_t __user *, oset,
		size_t, sigsetsize)
{
	sigset_t old = current->blocked, set;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (nset) {
		if (copy_from_user(&set, nset, sizeof(set)) < 0)
			return -EFAULT;
		set &= ~SIG_KERNEL_ONLY_MASK;
		switch (how) {
		case SIG_BLOCK:
			current->blocked |= set;
			break;
		case SIG_UNBLOCK:
			current->blocked &= ~set;
			break;
		case SIG_SETMASK:
			current->blocked = set;
			break;
		default:
			return -EINVAL;
		}
		recalc_sigpending(current);
	}
	if (oset && copy_to_user(oset, &old, sizeof(old)) < 0)
		return -EFAULT;
	return 0;
}

/* rt_sigpending(set, sigsetsize): the signals pending while blocked, as Linux reports them. */
SYSCALL_DEFINE2(rt_sigpending, sigset_t __user *, uset, size_t, sigsetsize)
{
	sigset_t set = current->pending & current->blocked;

	if (sigsetsize > sizeof(sigset_t))
		return -EINVAL;
	return copy_to_user(uset, &set, sigsetsize) < 0 ? -EFAULT : 0;
}
