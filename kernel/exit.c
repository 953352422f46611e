// SPDX-License-Identifier: MIT
/*
 * Ending tasks: exit (the task becomes a zombie, its children orphans) and
 * wait4 (the parent collects the status and frees the slot).
 */
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <trapdoor/file.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
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
	wake_up(me->parent ? me->parent : init);
	schedule();
	panic("a zombie ran again");
}

/*
 * Orphans (init's adopted children) are reaped by the kernel, so wait4(-1)
 * never waits for them; wait4(pid) names one and gets its status.
 */
long do_wait4(int pid, int *wait_status)
{
	for (;;) {
		bool have_children = false;

		for (int i = 0; i < NR_TASKS; i++) {
			struct task_struct *t = &task_table[i];

			if (t->state == TASK_UNUSED || t->parent != current)
				continue;
			if (pid > 0 ? t->pid != pid : t->orphan)
				continue;
			have_children = true;
			if (t->state == TASK_ZOMBIE) {
				*wait_status = t->exit_status;
				release_task(t);
				current->wait_for = 0;
				return t->pid;
			}
		}
		current->wait_for = 0;
		if (!have_children)
			return -ECHILD;
		if (current->killed)
			return -EINTR; /* exit_to_user_mode() finishes the kill */
		current->wait_for = pid > 0 ? pid : 0;
		current->state = TASK_BLOCKED;
		schedule();
	}
}

/* wait4(pid, &status, options, rusage): options and rusage are not supported. */
SYSCALL_DEFINE4(wait4, pid_t, upid, int __user *, stat_addr, int, options, void __user *, ru)
{
	int status = 0;
	long pid;

	if (options != 0 || ru)
		return -EINVAL;
	pid = do_wait4(upid, &status);
	if (pid > 0 && stat_addr && copy_to_user(stat_addr, &status, sizeof(status)) < 0)
		return -EFAULT;
	return pid;
}
