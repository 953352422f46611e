// SPDX-License-Identifier: MIT
/*
 * Signals: kill(pid, sig) to a task, a process group or every task. There
 * are no handlers and no masks: a signal whose default action (Linux's,
 * signal(7)) is to terminate ends the task on its way back to user mode, one
 * whose default is to be ignored does nothing, and the stop signals are
 * refused, since no task can be stopped here (docs/tasks.md, "Signals").
 */
#include <trapdoor/arch.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

static bool sig_ignored_by_default(int sig)
{
	return sig == SIGCHLD || sig == SIGCONT || sig == SIGURG || sig == SIGWINCH;
}

static bool sig_stops(int sig)
{
	return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
}

/*
 * Delivers sig (nonzero) to t, a live task that is not init: a terminating
 * signal marks it to die, and makes sure it runs to notice.
 */
void send_signal(struct task_struct *t, int sig)
{
	if (sig_ignored_by_default(sig) || t->killed)
		return; /* the first fatal signal is the one it dies by */
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

/*
 * sig (0: only check) to every task of process group pgid, or with pgid -1 to
 * every task but init and the caller (Linux's kill(-1)). Init is skipped as
 * Linux skips it: it has no handler, so the signal is dropped. 0 if the group
 * has a task, else -ESRCH.
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
		if (sig && t->state != TASK_ZOMBIE && t->pid != 1)
			send_signal(t, sig);
	}
	return found ? 0 : -ESRCH;
}

/*
 * kill(pid, sig), Linux's forms: pid > 0 that task, 0 the caller's process
 * group, -1 every task but init and the caller, < -1 the process group -pid.
 * sig 0 only checks that the target exists. init cannot be killed by its
 * pid (-EPERM).
 */
SYSCALL_DEFINE2(kill, pid_t, pid, int, sig)
{
	struct task_struct *t;

	if (sig < 0 || sig >= 32 || sig_stops(sig))
		return -EINVAL; /* not a signal; or real-time, or a stop: not supported */
	if (pid == INT_MIN)	/* -pid would overflow; Linux answers the same */
		return -ESRCH;
	if (pid == 0)
		return kill_pgrp(current->pgid, sig);
	if (pid == -1)
		return kill_pgrp(-1, sig);
	if (pid < 0)
		return kill_pgrp(-pid, sig);
	t = task_by_pid(pid);
	if (!t || t->state == TASK_ZOMBIE)
		return -ESRCH;
	if (!sig)
		return 0;
	if (t->pid == 1)
		return -EPERM;
	send_signal(t, sig);
	return 0;
}
