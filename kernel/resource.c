// SPDX-License-Identifier: MIT
/*
 * Credentials, resource limits and prctl, as Linux's kernel/sys.c has them.
 * There is one user, root: every id is 0. Every task has Linux's sixteen
 * resource limits, inherited at fork and spawn; the defaults are Linux's
 * for init, except where trapdoor's own limit is smaller and is what is
 * enforced (RLIMIT_NOFILE: the fd table; RLIMIT_NPROC: the task table).
 * Only those two and RLIMIT_STACK's soft value describe what is enforced;
 * the others are stored and returned (docs/processes.md, "Limits").
 */
#include <trapdoor/mm.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/prctl.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

/* Linux's INIT_RLIMITS, with trapdoor's table sizes where they are the real limit. */
static const struct rlimit init_rlimits[RLIM_NLIMITS] = {
	[RLIMIT_CPU] = { RLIM_INFINITY, RLIM_INFINITY },
	[RLIMIT_FSIZE] = { RLIM_INFINITY, RLIM_INFINITY },
	[RLIMIT_DATA] = { RLIM_INFINITY, RLIM_INFINITY },
	[RLIMIT_STACK] = { STACK_SIZE, RLIM_INFINITY }, /* the stack area is STACK_SIZE */
	[RLIMIT_CORE] = { 0, RLIM_INFINITY },		/* no core is ever written */
	[RLIMIT_RSS] = { RLIM_INFINITY, RLIM_INFINITY },
	[RLIMIT_NPROC] = { NR_TASKS, NR_TASKS },
	[RLIMIT_NOFILE] = { NR_OPEN, NR_OPEN },
	[RLIMIT_MEMLOCK] = { 8UL << 20, 8UL << 20 },
	[RLIMIT_AS] = { RLIM_INFINITY, RLIM_INFINITY },
	[RLIMIT_LOCKS] = { RLIM_INFINITY, RLIM_INFINITY },
	[RLIMIT_SIGPENDING] = { _NSIG, _NSIG }, /* one of each signal at most */
	[RLIMIT_MSGQUEUE] = { 819200, 819200 },
	[RLIMIT_NICE] = { 0, 0 },
	[RLIMIT_RTPRIO] = { 0, 0 },
	[RLIMIT_RTTIME] = { RLIM_INFINITY, RLIM_INFINITY },
};

void copy_rlimits(struct task_struct *t, const struct task_struct *from)
{
	memcpy(t->rlim, from ? from->rlim : init_rlimits, sizeof(t->rlim));
}

/*
 * Linux's do_prlimit(): the old limit to *old, then new (if given) set. As
 * Linux: -EINVAL for a resource past RLIM_NLIMITS or a soft limit above the
 * hard one; -EPERM for an RLIMIT_NOFILE above what the fd table holds (Linux's
 * nr_open). Root may raise a hard limit.
 */
static long do_prlimit(struct task_struct *t, unsigned int resource, const struct rlimit *new,
		       struct rlimit *old)
{
	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	if (new) {
		if (new->rlim_cur > new->rlim_max)
			return -EINVAL;
		if (resource == RLIMIT_NOFILE && new->rlim_max > NR_OPEN)
			return -EPERM;
	}
	if (old)
		*old = t->rlim[resource];
	if (new)
		t->rlim[resource] = *new;
	return 0;
}

SYSCALL_DEFINE2(getrlimit, unsigned int, resource, struct rlimit __user *, rlim)
{
	struct rlimit value;
	long err = do_prlimit(current, resource, NULL, &value);

	if (!err && copy_to_user(rlim, &value, sizeof(value)) < 0)
		return -EFAULT;
	return err;
}

SYSCALL_DEFINE2(setrlimit, unsigned int, resource, const struct rlimit __user *, rlim)
{
	struct rlimit value;

	if (copy_from_user(&value, rlim, sizeof(value)) < 0)
		return -EFAULT;
	return do_prlimit(current, resource, &value, NULL);
}

/* prlimit64(pid, resource, new, old): pid 0 is the caller; struct rlimit64 is struct rlimit here. */
SYSCALL_DEFINE4(prlimit64, pid_t, pid, unsigned int, resource, const struct rlimit __user *,
		new_rlim, struct rlimit __user *, old_rlim)
{
	struct rlimit new, old;
	struct task_struct *t = current;
	long err;

	if (new_rlim && copy_from_user(&new, new_rlim, sizeof(new)) < 0)
		return -EFAULT;
	if (pid) {
		t = pid > 0 ? task_by_pid(pid) : NULL;
		if (!t || t->state == TASK_ZOMBIE)
			return -ESRCH;
	}
	err = do_prlimit(t, resource, new_rlim ? &new : NULL, old_rlim ? &old : NULL);
	if (!err && old_rlim && copy_to_user(old_rlim, &old, sizeof(old)) < 0)
		return -EFAULT;
	return err;
}

/* One user, root. */
SYSCALL_DEFINE0(getuid)
{
	return 0;
}

SYSCALL_DEFINE0(geteuid)
{
	return 0;
}

SYSCALL_DEFINE0(getgid)
{
	return 0;
}

SYSCALL_DEFINE0(getegid)
{
	return 0;
}

/*
 * prctl(option, arg2, ...): PR_SET_NAME sets the caller's name (comm, what
 * ps and task_list show) from up to 15 bytes at arg2, cut there as Linux
 * cuts it; PR_GET_NAME copies the 16 bytes of comm to arg2. Other options:
 * -EINVAL.
 */
SYSCALL_DEFINE2(prctl, int, option, unsigned long, arg2)
{
	char comm[TASK_COMM_LEN];
	const char __user *src = (const char __user *)arg2;

	switch (option) {
	case PR_SET_NAME:
		memset(comm, 0, sizeof(comm));
		for (unsigned int i = 0; i < sizeof(comm) - 1; i++) {
			if (copy_from_user(&comm[i], src + i, 1) < 0)
				return -EFAULT;
			if (!comm[i])
				break;
		}
		memcpy(current->comm, comm, sizeof(comm));
		return 0;
	case PR_GET_NAME:
		memcpy(comm, current->comm, sizeof(comm));
		return copy_to_user((char __user *)arg2, comm, sizeof(comm)) < 0 ? -EFAULT : 0;
	default:
		return -EINVAL;
	}
}

/* Calls a program may make and that Linux lets fail: a libc falls back without them. */
SYSCALL_DEFINE0(set_robust_list)
{
	return -ENOSYS;
}

SYSCALL_DEFINE0(rseq)
{
	return -ENOSYS;
}
