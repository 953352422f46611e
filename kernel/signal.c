// SPDX-License-Identifier: MIT
/*
 * Signals, as Linux's (signal(7)). Every task has an action per signal
 * (rt_sigaction), a mask of blocked signals (rt_sigprocmask) and a set of
 * pending ones. A signal sent (kill, tkill, tgkill, Ctrl-C, a broken pipe) is:
 *   - discarded if its action is to ignore it (SIG_IGN, or SIG_DFL for a
 *     signal whose default is to ignore: SIGCHLD, SIGCONT, SIGURG, SIGWINCH)
 *     and it is not blocked;
 *   - else pending, and delivered while not blocked: its default action,
 *     terminate (core-dumping signals too: no core is written, so the wait
 *     status has no WCOREFLAG, as Linux's with RLIMIT_CORE 0), marks the task
 *     to die on its way back to user mode (exit_to_user_mode()); a handler
 *     runs on that way back instead (do_signal(): the arch's frame on the user
 *     stack, the handler, rt_sigreturn back).
 * Stop signals (SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU) are accepted and
 * discarded: no task is ever stopped (docs/signals.md).
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/signal.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/mman.h>
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

/* t must run to notice a signal: woken from a blocking call, or interrupted on its CPU. */
static void signal_wake_up(struct task_struct *t)
{
	if (t->state == TASK_BLOCKED) {
		t->wake_at = 0;
		t->state = TASK_RUNNABLE;
		sched_enqueue(t);
	} else if (t != current && cpu_info[t->cpu].current_task == t) {
		/* Running in user mode on another CPU: interrupt it, it takes the signal on its way back. */
		arch_send_ipi(t->cpu);
	}
}

/*
 * Delivers what t may take now: of its pending, unblocked signals, ignored
 * ones are dropped, caught ones wait for do_signal() (sigpending), and the
 * lowest with a default action of terminate marks t to die. Either way t is
 * made to run and notice.
 */
static void recalc_sigpending(struct task_struct *t)
{
	sigset_t ready = t->pending & ~t->blocked;
	bool caught = false;

	for (int sig = 1; ready && sig <= _NSIG; sig++) {
		if (!(ready & sigmask(sig)))
			continue;
		ready &= ~sigmask(sig);
		if (sig_handler_ignored(t, sig)) {
			t->pending &= ~sigmask(sig);
			continue;
		}
		if (t->sighand[sig - 1].sa_handler != SIG_DFL) {
			caught = true; /* its handler runs on the way out */
			continue;
		}
		if (t->killed)
			continue; /* dying already */
		t->pending &= ~sigmask(sig);
		t->killed = sig;
		signal_wake_up(t);
	}
	if (caught && !t->sigpending) {
		t->sigpending = 1;
		signal_wake_up(t);
	} else if (!caught) {
		t->sigpending = 0;
	}
}

/*
 * Sends sig (1.._NSIG) to t, a live task. init (pid 1) takes only the
 * signals it catches, as Linux's SIGNAL_UNKILLABLE: a default action never
 * ends it.
 */
void send_signal_info(struct task_struct *t, int sig, int code, unsigned long addr)
{
	if (t->state == TASK_ZOMBIE || t->state == TASK_UNUSED)
		return;
	if (sig_handler_ignored(t, sig) && !(t->blocked & sigmask(sig)))
		return;
	if (t->pid == 1 && t->sighand[sig - 1].sa_handler == SIG_DFL)
		return;
	/* A standard signal already pending is not queued twice: the first sender's info stays. */
	if (!(t->pending & sigmask(sig))) {
		t->sigqueue[sig - 1].code = code;
		t->sigqueue[sig - 1].pid = code == SI_KERNEL ? 0 : current->pid;
		t->sigqueue[sig - 1].status = (int)addr;
		t->sigqueue[sig - 1].addr = addr;
	}
	t->pending |= sigmask(sig);
	recalc_sigpending(t);
}

/* From the kernel itself (Ctrl-C, SIGPIPE): si_code SI_KERNEL, or SI_USER where Linux says so. */
void send_signal(struct task_struct *t, int sig)
{
	send_signal_info(t, sig, SI_KERNEL, 0);
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
	t->sigpending = 0;
	t->sigreturned = 0;
	t->restore_sigmask = 0;
	/* The alternate stack is in the copied address space: the child keeps it, as Linux's. */
	t->sas_ss_sp = parent->sas_ss_sp;
	t->sas_ss_size = parent->sas_ss_size;
	t->sas_ss_flags = parent->sas_ss_flags;
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
	/* The old image's alternate stack is gone with it. */
	t->sas_ss_sp = 0;
	t->sas_ss_size = 0;
	t->sas_ss_flags = SS_DISABLE;
	recalc_sigpending(t);
}

/*
 * sig (0: only check) to every task of process group pgid, or with pgid -1 to
 * every task but init and the caller (Linux's kill(-1)), code its si_code.
 * 0 if the group has a task, else -ESRCH.
 */
static long __kill_pgrp_info(int pgid, int sig, int code)
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
			send_signal_info(t, sig, code, 0);
	}
	return found ? 0 : -ESRCH;
}

/* The terminal's signals to its foreground group: from the kernel, SI_KERNEL. */
long kill_pgrp(int pgid, int sig)
{
	return __kill_pgrp_info(pgid, sig, SI_KERNEL);
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
		return __kill_pgrp_info(current->pgid, sig, SI_USER);
	if (pid == -1)
		return __kill_pgrp_info(-1, sig, SI_USER);
	if (pid < 0)
		return __kill_pgrp_info(-pid, sig, SI_USER);
	t = task_by_pid(pid);
	if (!t)
		return -ESRCH;
	if (!sig)
		return 0;
	if (t->pid == 1)
		return -EPERM;
	send_signal_info(t, sig, SI_USER, 0);
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
	send_signal_info(t, sig, SI_TKILL, 0);
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
		recalc_sigpending(current); /* a pending signal may now have a handler, or none */
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

/* --- handlers: delivery, the restart rules, the alternate stack ----------- */

/*
 * Takes the lowest caught, unblocked pending signal off the pending set and
 * fills ksig: its action as it is now, and the siginfo its sender left. An
 * SA_RESETHAND action goes back to SIG_DFL here, before the handler runs, as
 * Linux's. false if there is none.
 */
bool get_signal(struct ksignal *ksig)
{
	struct task_struct *t = current;
	sigset_t ready = t->pending & ~t->blocked;

	for (int sig = 1; ready && sig <= _NSIG; sig++) {
		struct sigaction *ka = &t->sighand[sig - 1];
		const struct sigqueue_info *q = &t->sigqueue[sig - 1];

		if (!(ready & sigmask(sig)))
			continue;
		ready &= ~sigmask(sig);
		if (ka->sa_handler == SIG_DFL || ka->sa_handler == SIG_IGN)
			continue; /* recalc_sigpending() deals with these */
		t->pending &= ~sigmask(sig);
		ksig->sig = sig;
		ksig->ka = *ka;
		memset(&ksig->info, 0, sizeof(ksig->info));
		ksig->info.si_signo = sig;
		ksig->info.si_code = q->code;
		if (q->code == SI_USER || q->code == SI_TKILL) {
			ksig->info.si_pid = q->pid; /* si_uid 0: every task is root */
		} else if (sig == SIGCHLD && q->code != SI_KERNEL) {
			ksig->info.si_pid = q->pid;
			ksig->info.si_status = q->status;
		} else if (q->code != SI_KERNEL) {
			ksig->info.si_addr = (void *)q->addr;
		}
		if (ka->sa_flags & SA_RESETHAND)
			ka->sa_handler = SIG_DFL;
		recalc_sigpending(t);
		return true;
	}
	recalc_sigpending(t);
	return false;
}

/* Whether ret is one of the restart codes an interrupted call returns. */
static bool is_restart_code(long ret)
{
	return ret == -ERESTARTSYS || ret == -ERESTARTNOINTR || ret == -ERESTARTNOHAND;
}

/*
 * Runs ksig's handler on the way out. An interrupted syscall first follows
 * Linux's restart rules: -ERESTARTNOHAND gives -EINTR, -ERESTARTSYS gives
 * -EINTR unless the action has SA_RESTART, and the rest run the syscall again
 * once the handler returns. Then the arch's frame goes on the user stack, with
 * the mask to restore (sigsuspend's and ppoll's saved one if they set it), and
 * the handler runs with sa_mask and, unless SA_NODEFER, its signal blocked. A
 * frame that cannot be written kills the task with SIGSEGV (Linux's
 * force_sigsegv()).
 */
static void handle_signal(struct ksignal *ksig, struct pt_regs *regs, bool in_syscall, long ret)
{
	struct task_struct *t = current;
	sigset_t oldset = t->restore_sigmask ? t->saved_sigmask : t->blocked, blocked;

	if (in_syscall) {
		switch (ret) {
		case -ERESTARTNOHAND:
			regs_set_return_value(regs, -EINTR);
			break;
		case -ERESTARTSYS:
			if (!(ksig->ka.sa_flags & SA_RESTART)) {
				regs_set_return_value(regs, -EINTR);
				break;
			}
			__attribute__((fallthrough));
		case -ERESTARTNOINTR:
			regs_syscall_restart(regs);
			break;
		}
	}
	if (arch_setup_rt_frame(ksig, oldset, regs) < 0) {
		t->killed = SIGSEGV;
		return;
	}
	t->restore_sigmask = 0;
	blocked = t->blocked | ksig->ka.sa_mask;
	if (!(ksig->ka.sa_flags & SA_NODEFER))
		blocked |= sigmask(ksig->sig);
	set_current_blocked(&blocked);
}

/*
 * The exit work's signal part (kernel/syscall.c), kernel lock held: one caught
 * signal's handler set up, or, with none to deliver, an interrupted syscall
 * restarted and sigsuspend's or ppoll's mask put back. in_syscall says that
 * regs hold syscall_ret, a syscall's result; after rt_sigreturn they hold the
 * frame's registers, which no rule may touch. The caller calls it again while
 * work is left: each further signal's frame goes on top of the last, and its
 * handler runs first, as Linux nests them.
 */
void do_signal(struct pt_regs *regs, bool in_syscall, long syscall_ret)
{
	stackleak_track_stack(); /* the siginfo in ksig: a frame bigger than the search depth */
	struct task_struct *t = current;
	struct ksignal ksig;

	if (t->sigreturned) {
		t->sigreturned = 0;
		in_syscall = false;
	}
	if (get_signal(&ksig)) {
		handle_signal(&ksig, regs, in_syscall, syscall_ret);
		return;
	}
	if (in_syscall && is_restart_code(syscall_ret))
		regs_syscall_restart(regs);
	if (t->restore_sigmask) {
		t->restore_sigmask = 0;
		set_current_blocked(&t->saved_sigmask);
	}
}

/* Whether sp is on the current task's alternate signal stack. */
static bool on_sig_stack(unsigned long sp)
{
	const struct task_struct *t = current;

	return t->sas_ss_size && sp > t->sas_ss_sp && sp - t->sas_ss_sp <= t->sas_ss_size;
}

static int sas_ss_flags(unsigned long sp)
{
	if (!current->sas_ss_size)
		return SS_DISABLE;
	return on_sig_stack(sp) ? SS_ONSTACK : 0;
}

/*
 * Where the frame goes: the top of the alternate stack for an SA_ONSTACK
 * action when there is one and the task is not on it already, else sp (the
 * arch goes below its red zone and aligns).
 */
unsigned long sigsp(unsigned long sp, const struct ksignal *ksig)
{
	if ((ksig->ka.sa_flags & SA_ONSTACK) && !sas_ss_flags(sp))
		return current->sas_ss_sp + current->sas_ss_size;
	return sp;
}

/* The frame's uc_stack: the alternate stack as the handler sees it, sp the interrupted sp. */
int __save_altstack(stack_t __user *uss, unsigned long sp)
{
	stack_t st = {
		.ss_sp = (void *)current->sas_ss_sp,
		.ss_flags = sas_ss_flags(sp),
		.ss_size = current->sas_ss_size,
	};

	return copy_to_user(uss, &st, sizeof(st)) < 0 ? -EFAULT : 0;
}

/*
 * sigaltstack(uss, uoss): uoss gets the alternate stack as it is; uss, if
 * given, sets it (ss_flags 0, or SS_DISABLE to have none). As Linux: changing
 * it while running on it is -EPERM, a flag other than those -EINVAL, a size
 * below MINSIGSTKSZ -ENOMEM, a bad pointer -EFAULT.
 */
static long do_sigaltstack(const stack_t __user *uss, stack_t __user *uoss, unsigned long sp)
{
	struct task_struct *t = current;
	stack_t old = {
		.ss_sp = (void *)t->sas_ss_sp,
		.ss_flags = sas_ss_flags(sp),
		.ss_size = t->sas_ss_size,
	};

	if (uss) {
		stack_t ss;

		if (copy_from_user(&ss, uss, sizeof(ss)) < 0)
			return -EFAULT;
		if (on_sig_stack(sp))
			return -EPERM;
		if (ss.ss_flags != SS_DISABLE && ss.ss_flags != SS_ONSTACK && ss.ss_flags != 0)
			return -EINVAL;
		if (ss.ss_flags == SS_DISABLE) {
			t->sas_ss_sp = 0;
			t->sas_ss_size = 0;
		} else {
			if (ss.ss_size < MINSIGSTKSZ)
				return -ENOMEM;
			t->sas_ss_sp = (unsigned long)ss.ss_sp;
			t->sas_ss_size = ss.ss_size;
		}
		t->sas_ss_flags = (unsigned int)ss.ss_flags;
	}
	if (uoss && copy_to_user(uoss, &old, sizeof(old)) < 0)
		return -EFAULT;
	return 0;
}

SYSCALL_DEFINE2(sigaltstack, const stack_t __user *, uss, stack_t __user *, uoss)
{
	return do_sigaltstack(uss, uoss, user_stack_pointer(task_pt_regs(current)));
}

/*
 * rt_sigreturn's part (arch/<arch>/signal.c calls it): the frame's uc_stack
 * sets the alternate stack again, as sigaltstack() would; a bad one is
 * ignored, as Linux's. It also marks the way out so that the restored
 * registers are not mistaken for an interrupted call's result.
 */
int restore_altstack(const stack_t __user *uss)
{
	current->sigreturned = 1;
	if (do_sigaltstack(uss, NULL, user_stack_pointer(task_pt_regs(current))) == -EFAULT)
		return -EFAULT;
	return 0;
}

/*
 * rt_sigsuspend(mask, sigsetsize): waits with mask as the blocked mask until
 * a signal runs a handler (or ends the task); returns -EINTR, after the
 * handler, with the old mask back (the frame holds it, so it is restored by
 * rt_sigreturn).
 */
SYSCALL_DEFINE2(rt_sigsuspend, const sigset_t __user *, unewset, size_t, sigsetsize)
{
	struct task_struct *t = current;
	sigset_t newset;

	if (sigsetsize != sizeof(sigset_t))
		return -EINVAL;
	if (copy_from_user(&newset, unewset, sizeof(newset)) < 0)
		return -EFAULT;
	t->saved_sigmask = t->blocked;
	t->restore_sigmask = 1;
	set_current_blocked(&newset);
	while (!signal_pending(t)) {
		t->state = TASK_BLOCKED;
		schedule();
	}
	return -ERESTARTNOHAND;
}

/*
 * The signal page: one page for every address space, allocated and filled
 * from __sigpage_start..__sigpage_end the first time a program is started,
 * mapped read and execute (never write) at exec where an mmap would go.
 * fork keeps it, as it keeps every mapping.
 */
static void *sigpage;

int setup_sigpage(struct mm_struct *mm)
{
	size_t len = (size_t)(__sigpage_end - __sigpage_start);
	long addr;

	mm->sigpage = 0;
	if (!len)
		return 0;
	if (!sigpage) {
		sigpage = alloc_page();
		if (!sigpage)
			return -ENOMEM;
		memcpy(sigpage, __sigpage_start, len);
	}
	addr = mm_map_special_page(mm, sigpage, PROT_READ | PROT_EXEC);
	if (addr < 0)
		return (int)addr;
	mm->sigpage = (unsigned long)addr;
	return 0;
}

/*
 * The signal page as the current task sees it (mm->sigpage, mapped at exec:
 * mm/mmap.c): where label, one of the trampolines between __sigpage_start
 * and __sigpage_end, is in user space; 0 if the page is not mapped.
 */
unsigned long sigpage_user_addr(const char *label)
{
	unsigned long base = current->mm ? current->mm->sigpage : 0;

	if (!base)
		return 0;
	return base + (unsigned long)(label - __sigpage_start);
}
