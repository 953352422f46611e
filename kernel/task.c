// SPDX-License-Identifier: MIT
/*
 * Tasks: creation from an embedded program (spawn), exit, and wait. Task
 * structures and kernel stacks come from fixed pools, so running out is an
 * ordinary -EAGAIN, never a panic.
 */
#include <trapdoor/arch.h>
#include <trapdoor/exec.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

static struct task_struct tasks[NR_TASKS];
static u8 kernel_stacks[NR_TASKS][THREAD_SIZE] __aligned(THREAD_SIZE);

/* The context start_kernel() runs in; it gives the CPU away in sched_start(). */
static struct task_struct boot_task = { .pid = 0, .state = TASK_RUNNABLE, .comm = "boot" };

struct task_struct *current = &boot_task;
static int last_pid;

void task_init(void)
{
	current = &boot_task;
}

struct task_struct *task_by_pid(int pid)
{
	for (int i = 0; i < NR_TASKS; i++)
		if (tasks[i].state != TASK_UNUSED && tasks[i].pid == pid)
			return &tasks[i];
	return NULL;
}

static struct task_struct *alloc_task(void)
{
	for (int i = 0; i < NR_TASKS; i++) {
		struct task_struct *t = &tasks[i];

		if (t->state != TASK_UNUSED)
			continue;
		memset(t, 0, sizeof(*t));
		t->stack = kernel_stacks[i];
		*(unsigned long *)t->stack = STACK_END_MAGIC;
		t->pid = ++last_pid;
		return t;
	}
	return NULL;
}

long spawn_program(const char *name, const char *const *argv, int argc)
{
	struct task_struct *t = alloc_task();
	unsigned long entry, sp;
	long err;

	if (!t)
		return -EAGAIN;
	t->mm = mm_create();
	if (!t->mm)
		return -ENOMEM;	/* t stays TASK_UNUSED: nothing to undo */
	err = load_program(t->mm, name, argv, argc, &entry, &sp);
	if (err < 0) {
		mm_destroy(t->mm);
		return err;
	}
	strscpy(t->comm, name, sizeof(t->comm));
	t->parent = current->pid > 0 ? current : NULL;
	arch_task_init(t, entry, sp);
	t->state = TASK_RUNNABLE;
	sched_enqueue(t);
	return t->pid;
}

static void wake_up(struct task_struct *t)
{
	if (t && t->state == TASK_BLOCKED) {
		t->state = TASK_RUNNABLE;
		sched_enqueue(t);
	}
}

__noreturn void do_exit(int wait_status)
{
	struct task_struct *me = current, *init = task_by_pid(1);

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
	/* Orphans go to init, which reaps them. */
	for (int i = 0; i < NR_TASKS; i++)
		if (tasks[i].state != TASK_UNUSED && tasks[i].parent == me)
			tasks[i].parent = init;
	me->exit_status = wait_status;
	me->state = TASK_ZOMBIE;
	wake_up(me->parent ? me->parent : init);
	schedule();
	panic("a zombie ran again");
}

long do_wait4(int pid, int *wait_status)
{
	for (;;) {
		bool have_children = false;

		for (int i = 0; i < NR_TASKS; i++) {
			struct task_struct *t = &tasks[i];

			if (t->state == TASK_UNUSED || t->parent != current)
				continue;
			if (pid > 0 && t->pid != pid)
				continue;
			have_children = true;
			if (t->state == TASK_ZOMBIE) {
				*wait_status = t->exit_status;
				t->state = TASK_UNUSED;
				return t->pid;
			}
		}
		if (!have_children)
			return -ECHILD;
		current->state = TASK_BLOCKED;
		schedule();
	}
}

static const char *const fault_names[] = {
	[FAULT_READ]		= "page fault reading",
	[FAULT_WRITE]		= "page fault writing",
	[FAULT_EXEC]		= "page fault executing",
	[FAULT_ILLEGAL]		= "illegal instruction",
	[FAULT_PRIVILEGED]	= "privileged instruction",
	[FAULT_ALIGNMENT]	= "misaligned access to",
	[FAULT_BREAKPOINT]	= "breakpoint",
	[FAULT_OTHER]		= "unexpected exception",
};

static const int fault_signals[] = {
	[FAULT_READ] = SIGSEGV,		[FAULT_WRITE] = SIGSEGV,
	[FAULT_EXEC] = SIGSEGV,		[FAULT_ILLEGAL] = SIGILL,
	[FAULT_PRIVILEGED] = SIGILL,	[FAULT_ALIGNMENT] = SIGBUS,
	[FAULT_BREAKPOINT] = SIGTRAP,	[FAULT_OTHER] = SIGSEGV,
};

__noreturn void do_user_fault(struct pt_regs *regs, enum user_fault kind, unsigned long addr)
{
	bool has_addr = kind <= FAULT_EXEC || kind == FAULT_ALIGNMENT;

	syscall_stats.user_faults++;
	printk("task %d (%s) killed: %s", current->pid, current->comm, fault_names[kind]);
	if (has_addr)
		printk(" 0x%lx", addr);
	printk(" at pc 0x%lx\n", instruction_pointer(regs));
	do_exit(fault_signals[kind]);
}

/* spawn(name, argv): the embedded program name, with a NULL-terminated argv. */
SYSCALL_DEFINE(spawn)
{
	static char strings[MAX_ARGS][MAX_ARG_LEN];
	char name[MAX_ARG_LEN];
	const char *argv[MAX_ARGS];
	int argc = 0;
	long err;

	err = strncpy_from_user(name, a0, sizeof(name));
	if (err < 0)
		return err;
	for (;; argc++) {
		unsigned long uarg;

		if (copy_from_user(&uarg, a1 + argc * sizeof(uarg), sizeof(uarg)) < 0)
			return -EFAULT;
		if (!uarg)
			break;
		if (argc == MAX_ARGS)
			return -E2BIG;
		err = strncpy_from_user(strings[argc], uarg, MAX_ARG_LEN);
		if (err < 0)
			return err == -ENAMETOOLONG ? -E2BIG : err;
		argv[argc] = strings[argc];
	}
	return spawn_program(name, argv, argc);
}

/* wait4(pid, &status, options, rusage): options and rusage are not supported. */
SYSCALL_DEFINE(wait4)
{
	int status = 0;
	long pid;

	if (a2 != 0 || a3 != 0)
		return -EINVAL;
	pid = do_wait4((int)a0, &status);
	if (pid > 0 && a1 && copy_to_user(a1, &status, sizeof(status)) < 0)
		return -EFAULT;
	return pid;
}
