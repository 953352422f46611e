// SPDX-License-Identifier: MIT
/* Signals: kill(pid, SIGKILL), the only one a task can send. */
#include <trapdoor/arch.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

/*
 * kill(pid, SIGKILL): the only signal there is. init cannot be killed. pid is
 * an int to Linux; a value outside that range names no task (rather than the
 * one its low 32 bits would name).
 */
SYSCALL_DEFINE(kill)
{
	struct task_struct *t;

	if (a1 != SIGKILL)
		return -EINVAL;
	if ((long)a0 <= 0 || (long)a0 > INT_MAX)
		return -ESRCH;
	t = task_by_pid((int)a0);
	if (!t || t->state == TASK_ZOMBIE)
		return -ESRCH;
	if (t->pid == 1)
		return -EPERM;
	t->killed = SIGKILL;
	/* A blocked victim must run to notice: it dies in exit_to_user_mode(). */
	if (t->state == TASK_BLOCKED) {
		t->wake_at = 0;
		t->state = TASK_RUNNABLE;
		sched_enqueue(t);
	} else if (t != current && cpu_info[t->cpu].current_task == t) {
		/* Running in user mode on another CPU: interrupt it, it dies on its way back. */
		arch_send_ipi(t->cpu);
	}
	return 0;
}
