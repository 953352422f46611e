// SPDX-License-Identifier: MIT
/*
 * Process groups and sessions, Linux's (credentials(7), setpgid(2),
 * setsid(2)): every task has a process group id and a session id, inherited
 * at fork and spawn. A shell puts each job in a group of its own, and the
 * console's foreground group (kernel/tty.c) is the one that reads the keys
 * and that Ctrl-C ends. A session is what a shell and its jobs share; its
 * leader (pid == sid) is the one that may take the console (TIOCSCTTY).
 */
#include <trapdoor/console.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>

#include "syscalls.h"

/* A task (zombies too, as in Linux until they are reaped) whose process group is pgid, or NULL. */
struct task_struct *find_pgrp_member(int pgid)
{
	for (int i = 0; i < NR_TASKS; i++) {
		struct task_struct *t = &task_table[i];

		if (t->state != TASK_UNUSED && t->pid != 0 && t->pgid == pgid)
			return t;
	}
	return NULL;
}

/* pid as the id calls take it: 0 is the caller, a negative one names nothing. */
static struct task_struct *task_by_id_arg(pid_t pid)
{
	if (pid == 0)
		return current;
	if (pid < 0)
		return NULL;
	return task_by_pid(pid);
}

/*
 * setpgid(pid, pgid): moves task pid (0: the caller) into process group pgid
 * (0: pid's own), as Linux does: pid must be the caller or a child of it
 * (-ESRCH), a child in the caller's session (-EPERM) that has not called
 * execve (-EACCES; a spawned child has not); a session leader cannot move
 * (-EPERM); the group must be pid's own or one that exists in the caller's
 * session (-EPERM); a negative pgid is -EINVAL.
 */
SYSCALL_DEFINE2(setpgid, pid_t, pid, pid_t, pgid)
{
	struct task_struct *p = task_by_id_arg(pid), *g;

	if (pgid < 0)
		return -EINVAL;
	if (!p || p->state == TASK_ZOMBIE)
		return -ESRCH;
	if (p != current) {
		if (p->parent != current)
			return -ESRCH;
		if (p->sid != current->sid)
			return -EPERM;
		if (p->did_exec)
			return -EACCES;
	}
	if (p->sid == p->pid)
		return -EPERM;
	if (pgid == 0)
		pgid = p->pid;
	if (pgid != p->pid) {
		g = find_pgrp_member(pgid);
		if (!g || g->sid != current->sid)
			return -EPERM;
	}
	p->pgid = pgid;
	return 0;
}

/* getpgid(pid): pid's process group (0: the caller's); getpgrp() is getpgid(0). */
SYSCALL_DEFINE1(getpgid, pid_t, pid)
{
	struct task_struct *p = task_by_id_arg(pid);

	return p ? p->pgid : -ESRCH;
}

/* getsid(pid): pid's session (0: the caller's). */
SYSCALL_DEFINE1(getsid, pid_t, pid)
{
	struct task_struct *p = task_by_id_arg(pid);

	return p ? p->sid : -ESRCH;
}

/*
 * setsid(): the caller leads a new session and a new process group, both
 * with its pid, and has no controlling terminal. A process group leader (a
 * task whose pid is some task's process group) cannot: -EPERM.
 */
SYSCALL_DEFINE0(setsid)
{
	if (find_pgrp_member(current->pid))
		return -EPERM;
	current->sid = current->pid;
	current->pgid = current->pid;
	return current->sid;
}

/* getpgrp(): the old-style call of x86_64, powerpc and s390; getpgid(0). */
SYSCALL_DEFINE0(getpgrp)
{
	return current->pgid;
}
