// SPDX-License-Identifier: MIT
/*
 * Ending tasks: exit (the task becomes a zombie, its children orphans) and
 * wait4 (the parent collects the status and frees the slot).
 */
#include <trapdoor/signal.h>
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <trapdoor/file.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/trace.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

/* The slot is free again: a zombie nobody will wait for, or one just reaped. */
static void release_task(struct task_struct *t)
{
	t->state = TASK_UNUSED;
	t->parent = NULL;
}

static void wake_up(struct task_struct *t)
{
	/* A sleeper is woken by its clock only (or by kill). */
	if (t && t->state == TASK_BLOCKED && !t->wake_at) {
		t->state = TASK_RUNNABLE;
		sched_enqueue(t);
	}
}

/*
 * Linux's mm_release(): before a task leaves its memory (exit, execve), 0
 * goes to the word set_tid_address() or CLONE_CHILD_CLEARTID named, where a
 * thread library waits for it. A bad pointer is ignored, as in Linux.
 */
void mm_release(struct task_struct *t)
{
	int zero = 0;

	if (!t->clear_child_tid)
		return;
	(void)copy_to_user(t->clear_child_tid, &zero, sizeof(zero));
	t->clear_child_tid = NULL;
}

__noreturn void do_exit(int wait_status)
{
	struct task_struct *me = current, *init = task_by_pid(1);

	/* Close every descriptor: a pipe's other end sees EOF or EPIPE. */
	files_exit(me);
	fs_exit(me);
	set_task_exe_file(me, NULL);
	/* A session leader lets the console go (kernel/tty.c). */
	tty_session_exit(me);
	/* Our trace on ends with us. */
	trace_exit(me);
	/* set_tid_address()'s word gets 0, while our memory is still ours. */
	mm_release(me);
	/* Leave our address space before tearing it down. */
	arch_switch_mm(NULL);
	if (me->mm) {
		mm_destroy(me->mm);
		me->mm = NULL;
	}
	if (me->pid == 1) {
		printk("init exited: %s %d\n", WIFSIGNALED(wait_status) ? "signal" : "status",
		       WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : WEXITSTATUS(wait_status));
		kernel_poweroff(wait_status ? EXIT_TESTS_FAILED : EXIT_ALL_PASSED);
	}
	/*
	 * Our children become orphans: init is their parent from now on, and
	 * the kernel reaps them (docs/tasks.md): init waits only for the
	 * children it started. Those already dead are released now.
	 */
	for (int i = 0; i < NR_TASKS; i++) {
		struct task_struct *t = &task_table[i];

		if (t->state == TASK_UNUSED || t->parent != me)
			continue;
		if (t->state == TASK_ZOMBIE) {
			release_task(t);
		} else {
			t->parent = init;
			t->orphan = true;
		}
	}
	me->exit_status = wait_status;
	me->state = TASK_ZOMBIE;
	/* An orphan nobody waits for by pid is released at once; init still wakes to re-check. */
	if (me->orphan && !(init && init->state == TASK_BLOCKED && init->wait_for == me->pid))
		release_task(me);
	/* The parent's SIGCHLD (dropped unless caught: its default is to ignore), as Linux's. */
	if (me->parent && me->parent->state != TASK_UNUSED)
		send_signal_info(me->parent, SIGCHLD,
				 WIFEXITED(wait_status) ? CLD_EXITED : CLD_KILLED,
				 (unsigned long)(WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) :
									  WTERMSIG(wait_status)));
	wake_up(me->parent ? me->parent : init);
	schedule();
	panic("a zombie ran again");
}

/* Whether child t is one wait4(pid) asks for: pid > 0 that one, 0 our group, < -1 group -pid. */
static bool wait_matches(const struct task_struct *t, int pid)
{
	if (pid > 0)
		return t->pid == pid;
	if (t->orphan)
		return false; /* the kernel reaps init's adopted children */
	if (pid == 0)
		return t->pgid == current->pgid;
	return pid == -1 || t->pgid == -pid;
}

/*
 * Waits for a child that matches pid (wait_matches()) to exit and returns its
 * pid, with its wait status in *wait_status; the child is reaped unless
 * WNOWAIT. -ECHILD if no child matches; with WNOHANG, 0 if those that match
 * are all still running. Orphans (init's adopted children) are reaped by the
 * kernel, so wait4(-1) never waits for them; wait4(pid) names one and gets
 * its status.
 */
long do_wait4(int pid, int *wait_status, int options)
{
	for (;;) {
		bool have_children = false;

		for (int i = 0; i < NR_TASKS; i++) {
			struct task_struct *t = &task_table[i];

			if (t->state == TASK_UNUSED || t->parent != current ||
			    !wait_matches(t, pid))
				continue;
			have_children = true;
			if (t->state == TASK_ZOMBIE) {
				int child = t->pid;

				*wait_status = t->exit_status;
				if (!(options & WNOWAIT))
					release_task(t);
				current->wait_for = 0;
				return child;
			}
		}
		current->wait_for = 0;
		if (!have_children)
			return -ECHILD;
		if (options & WNOHANG)
			return 0;
		if (signal_pending(current))
			return -ERESTARTSYS; /* exit_to_user_mode() finishes a kill, runs a handler */
		current->wait_for = pid > 0 ? pid : 0;
		current->state = TASK_BLOCKED;
		schedule();
	}
}

/* The usage wait4() reports: no CPU time or faults are counted here, so all zero. */
static long put_zero_rusage(struct rusage __user *ru)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth unoptimised */
	struct rusage r;

	memset(&r, 0, sizeof(r));
	return copy_to_user(ru, &r, sizeof(r)) < 0 ? -EFAULT : 0;
}

/*
 * wait4(pid, &status, options, rusage), Linux's: pid > 0 that child, 0 any in
 * our process group, -1 any, < -1 any in group -pid; options WNOHANG
 * (WUNTRACED and WCONTINUED are accepted: no child ever stops); a zeroed
 * rusage if asked. A bad status or rusage pointer is -EFAULT, after the child
 * is reaped, as in Linux.
 */
SYSCALL_DEFINE4(wait4, pid_t, upid, int __user *, stat_addr, int, options, struct rusage __user *,
		ru)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	int status = 0;
	long pid;

	if (options & ~(WNOHANG | WUNTRACED | WCONTINUED | __WNOTHREAD | __WCLONE | __WALL))
		return -EINVAL;
	if (upid == INT_MIN) /* -INT_MIN is not a group */
		return -ESRCH;
	pid = do_wait4(upid, &status, options);
	if (pid > 0 && stat_addr && copy_to_user(stat_addr, &status, sizeof(status)) < 0)
		return -EFAULT;
	if (pid > 0 && ru && put_zero_rusage(ru) < 0)
		return -EFAULT;
	return pid;
}

/* waitid()'s report, the part of Linux's siginfo_t it writes (si_code CLD_*). */
struct waitid_info {
	int si_signo, si_errno, si_code, pad;
	int pid, uid, status; /* si_pid, si_uid, si_status */
};

/*
 * waitid(idtype, id, infop, options, rusage): P_ALL, P_PID id, P_PGID id (0:
 * ours); WEXITED must be asked for, WNOWAIT leaves the child a zombie. infop
 * gets SIGCHLD, CLD_EXITED or CLD_KILLED, the pid, uid 0 and the exit code or
 * signal; all zero when WNOHANG found nothing (the call returns 0 both ways).
 */
SYSCALL_DEFINE5(waitid, int, which, pid_t, upid, void __user *, infop, int, options,
		struct rusage __user *, ru)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct waitid_info info;
	int status = 0, pid;
	long ret;

	if (options & ~(WNOHANG | WNOWAIT | WEXITED | WSTOPPED | WCONTINUED | __WNOTHREAD |
			__WCLONE | __WALL))
		return -EINVAL;
	if (!(options & (WEXITED | WSTOPPED | WCONTINUED)))
		return -EINVAL;
	switch (which) {
	case P_ALL:
		pid = -1;
		break;
	case P_PID:
		if (upid <= 0)
			return -EINVAL;
		pid = upid;
		break;
	case P_PGID:
		if (upid < 0)
			return -EINVAL;
		pid = upid ? -upid : 0;
		break;
	default:
		return -EINVAL;
	}
	if (options & WEXITED) {
		ret = do_wait4(pid, &status, options);
	} else {
		/* Only stopped or continued children: none ever is. */
		ret = do_wait4(pid, &status, WNOHANG | WNOWAIT);
		if (ret > 0)
			ret = 0;
		if (ret == 0 && !(options & WNOHANG))
			ret = -ECHILD; /* nothing will ever wake this wait */
	}
	if (ret < 0)
		return ret;
	memset(&info, 0, sizeof(info));
	if (ret > 0) {
		info.si_signo = SIGCHLD;
		info.si_code = WIFEXITED(status) ? CLD_EXITED : CLD_KILLED;
		info.pid = (int)ret;
		info.status = WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status);
		if (ru && put_zero_rusage(ru) < 0)
			return -EFAULT;
	}
	if (infop && copy_to_user(infop, &info, sizeof(info)) < 0)
		return -EFAULT;
	return 0;
}
