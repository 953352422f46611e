// SPDX-License-Identifier: MIT
/*
 * Creating tasks: spawn (a child running the program at a path), fork (a copy
 * of the caller) and execve (the caller becomes another program).
 */
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <trapdoor/exec.h>
#include <trapdoor/file.h>
#include <trapdoor/mm.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "randomize_kstack.h"
#include "syscalls.h"

/*
 * The hardening switches (docs/hardening.md) of a new task: its creator's,
 * the spawning task or the forking parent; for init, boot_task's. The trace
 * switch is not one of them: a task traces its own children only.
 */
static void copy_switches(struct task_struct *t, const struct task_struct *from)
{
	t->kstack_mode = from->kstack_mode;
	t->kstack_store = from->kstack_store;
	t->kstack_chacha_rounds = from->kstack_chacha_rounds;
	t->stackleak_enabled = from->stackleak_enabled;
}

/*
 * Hooks for the stack hardening (kernel/hardening.c), the kernel context, and for a fork
 * (parent != NULL) the parent's user state outside pt_regs, copied once arch_task_init()
 * has set up the rest of thread and before any CPU can run t.
 */
static void start_task(struct task_struct *t, struct task_struct *parent)
{
	/* Its own offset stream, seeded from the CRNG (prng-task mode). */
	kstack_task_init(t);
	/* A fresh stack is all poison, so the first erase knows where it ends. */
	stackleak_task_init(t);
	arch_task_init(t);
	if (parent)
		arch_dup_task_struct(t, parent); /* FP/SIMD state, thread pointer */
	t->state = TASK_RUNNABLE;
	sched_enqueue(t);
}

/*
 * A task's name, as Linux's __set_task_comm(): the rest of comm is zeroed, so
 * a shorter name never leaves the old one's tail behind (task_list copies
 * comm out whole).
 */
static void set_task_comm(struct task_struct *t, const char *name)
{
	strscpy_pad(t->comm, name, sizeof(t->comm));
}

/*
 * A task's name from the path it runs, as Linux's: the last component
 * ("/bin/sh" runs as "sh"), so a script runs under its own name.
 */
static void set_comm_from_path(struct task_struct *t, const char *path)
{
	const char *base = path;

	for (const char *p = path; *p; p++)
		if (*p == '/' && p[1])
			base = p + 1;
	set_task_comm(t, base);
}

/*
 * A new task with an empty address space, for spawn and fork. A task that is
 * being killed makes no children, as in Linux: a fork bomb's tasks stop forking
 * the moment Ctrl-C marks them. NULL and *err on failure; a task without an
 * address space stays TASK_UNUSED, so there is nothing to undo.
 */
static struct task_struct *new_task(long *err)
{
	struct task_struct *t;

	*err = -EINTR;
	if (current->killed)
		return NULL;
	*err = -EAGAIN;
	t = alloc_task();
	if (!t)
		return NULL;
	*err = -ENOMEM;
	t->mm = mm_create();
	return t->mm ? t : NULL;
}

/*
 * The new image's registers: pc and sp, then whatever the arch's ABI adds
 * (arch_elf_entry(): ppc64 ELFv1's function descriptor), or its refusal.
 */
static long start_user_regs(struct mm_struct *mm, struct pt_regs *regs,
			    const struct exec_image *image)
{
	arch_init_user_regs(regs, image->entry, image->sp);
	return arch_elf_entry(mm, regs, image->e_flags);
}

/* spawn with args prepared and counted (prepare_exec_args()): the child's pid, or an error. */
static long spawn_args(struct exec_args *args)
{
	struct task_struct *t;
	struct exec_image image;
	long err;

	t = new_task(&err);
	if (!t)
		return err;
	err = load_program(t->mm, args, &image);
	if (err >= 0)
		err = start_user_regs(t->mm, task_pt_regs(t), &image);
	if (err < 0) {
		mm_destroy(t->mm);
		return err;
	}
	err = files_init(t);
	if (err < 0) {
		mm_destroy(t->mm);
		return err;
	}
	set_comm_from_path(t, args->filename);
	if (current->pid > 0)
		fs_fork(t, current);
	else
		fs_init_task(t);
	set_task_exe_file(t, args->file); /* /proc/self/exe */
	t->parent = current->pid > 0 ? current : NULL;
	/* The caller's process group and session; the first task (init) leads its own. */
	t->pgid = t->parent ? current->pgid : t->pid;
	t->sid = t->parent ? current->sid : t->pid;
	copy_switches(t, current);
	copy_rlimits(t, t->parent);
	t->cpus_allowed = ~0UL; /* every CPU, whoever spawns it, and any that comes later */
	start_task(t, NULL);
	return t->pid;
}

/*
 * The program opened (prepare_exec(): a script's interpreter's strings in
 * front of argv), then the strings counted. A path that names nothing costs
 * no pid, task or address space.
 */
static long prepare_exec_args(struct exec_args *args)
{
	long err = prepare_exec(args);

	return err < 0 ? err : count_exec_args(args);
}

static long execve_args(struct exec_args *args);

/* spawn or execve of args, from the file's opening to its release. */
static long spawn_prepared(struct exec_args *args)
{
	long err = prepare_exec_args(args);

	if (err >= 0)
		err = spawn_args(args);
	finish_exec(args);
	return err;
}

static long execve_prepared(struct exec_args *args)
{
	long err = prepare_exec_args(args);

	if (err >= 0)
		err = execve_args(args);
	finish_exec(args);
	return err;
}

/* The kernel's own spawn (init): argv from kernel memory, no environment. */
long spawn_program(const char *path, const char *const *argv, int argc)
{
	static struct exec_args args;

	if (argc < 0 || argc > MAX_ARGS)
		return -E2BIG;
	args = (struct exec_args){ .filename = path, .kargv = argv, .kargc = (unsigned int)argc };
	return spawn_prepared(&args);
}

/*
 * fork: a new task with a copy of the caller's address space (its pages
 * shared copy-on-write, mm_dup()) and of its registers; the child sees 0 as
 * the syscall's result, the parent the child's pid.
 */
long do_fork(void)
{
	struct task_struct *parent = current, *t;
	struct mm_struct *pmm = parent->mm;
	long err;

	t = new_task(&err);
	if (!t)
		return err;
	err = mm_dup(t->mm, pmm);
	if (err < 0) {
		mm_destroy(t->mm);
		return err;
	}
	err = files_fork(t, parent);
	if (err < 0) {
		mm_destroy(t->mm);
		return err;
	}
	memcpy(t->comm, parent->comm, sizeof(t->comm));
	fs_fork(t, parent);
	set_task_exe_file(t, get_task_exe_file(parent));
	t->parent = parent;
	t->pgid = parent->pgid;
	t->sid = parent->sid;
	t->cpus_allowed = parent->cpus_allowed;
	copy_switches(t, parent);
	copy_sighand(t, parent);
	copy_rlimits(t, parent);
	*task_pt_regs(t) = *task_pt_regs(parent);
	regs_set_return_value(task_pt_regs(t), 0);
	start_task(t, parent);
	return t->pid;
}

/*
 * execve: the current task becomes a fresh run of the program at a path.
 * The old image is kept until the new one has loaded, so a failed execve
 * returns an error to a task that is still intact. Past that point, an arch
 * that refuses the image (arch_elf_entry()) leaves nothing to return to: the
 * task dies by SIGSEGV, as Linux's execve past its point of no return.
 */
static long execve_args(struct exec_args *args)
{
	struct mm_struct *old = current->mm, *mm;
	struct exec_image image;
	long err;

	mm = mm_create();
	if (!mm)
		return -ENOMEM;
	err = load_program(mm, args, &image);
	if (err < 0) {
		mm_destroy(mm);
		return err;
	}
	mm_release(current);
	do_close_on_exec(current);
	current->mm = mm;
	arch_switch_mm(mm);
	mm_destroy(old);
	set_task_exe_file(current, args->file); /* /proc/self/exe */
	set_comm_from_path(current, args->filename);
	current->did_exec = true;
	flush_signal_handlers(current);
	/*
	 * A new program must not inherit the old one's offset stream: the old
	 * image may have leaked enough offsets to predict it (prng-task).
	 */
	kstack_task_init(current);
	arch_flush_thread(); /* no FP/SIMD value of the old image reaches the new one */
	err = start_user_regs(mm, task_pt_regs(current), &image);
	if (err < 0)
		current->killed = SIGSEGV;
	return err;
}

/* The kernel's own execve (its tests): argv from kernel memory, no environment. */
long do_execve(const char *path, const char *const *argv, int argc)
{
	static struct exec_args args;

	if (argc < 0 || argc > MAX_ARGS)
		return -E2BIG;
	args = (struct exec_args){ .filename = path, .kargv = argv, .kargc = (unsigned int)argc };
	return execve_prepared(&args);
}

/*
 * A program's path copied in from user space, with argv and envp as they are
 * (prepare_exec_args() opens the file and counts them; their strings are
 * copied later, straight onto the new stack). -EFAULT, -ENAMETOOLONG as Linux.
 */
static long copy_exec_args(struct exec_args *args, char *name, const char __user *uname,
			   const char __user *const __user *argv,
			   const char __user *const __user *envp)
{
	long err = strncpy_from_user(name, uname, MAX_ARG_LEN);

	if (err < 0)
		return err;
	if (err == MAX_ARG_LEN)
		return -ENAMETOOLONG;
	*args = (struct exec_args){ .filename = name, .argv = argv, .envp = envp };
	return 0;
}

/* Used under the kernel lock, and the kernel is never preempted: one of each serves every call. */
static char name_buf[MAX_ARG_LEN];
static struct exec_args args_buf;

/*
 * spawn(path, argv, envp, flags): start the program at path as a
 * child with argv and envp (each ending with NULL; NULL: empty).
 * SPAWN_SETPGROUP: the child leads a new process group; SPAWN_TCSETPGROUP
 * (with it): that group is the console's foreground, if the caller may set
 * it (TIOCSPGRP's rule). Both are in place before the child can run: it
 * needs the kernel lock, which we hold.
 */
SYSCALL_DEFINE4(spawn, const char __user *, name, const char __user *const __user *, argv,
		const char __user *const __user *, envp, unsigned int, flags)
{
	long err, pid;
	struct task_struct *t;

	if (flags & ~(unsigned int)(SPAWN_SETPGROUP | SPAWN_TCSETPGROUP))
		return -EINVAL;
	if ((flags & SPAWN_TCSETPGROUP) && !(flags & SPAWN_SETPGROUP))
		return -EINVAL;
	if ((flags & SPAWN_TCSETPGROUP) && (err = tty_may_set_foreground()) < 0)
		return err;
	err = copy_exec_args(&args_buf, name_buf, name, argv, envp);
	if (err < 0)
		return err;
	pid = spawn_prepared(&args_buf);
	if (pid < 0 || !(flags & SPAWN_SETPGROUP))
		return pid;
	t = task_by_pid((int)pid);
	t->pgid = t->pid;
	if (flags & SPAWN_TCSETPGROUP)
		tty_set_foreground(t->pgid);
	return pid;
}

/* execve(path, argv, envp): the program or script at path, as Linux's. */
SYSCALL_DEFINE3(execve, const char __user *, filename, const char __user *const __user *, argv,
		const char __user *const __user *, envp)
{
	long err = copy_exec_args(&args_buf, name_buf, filename, argv, envp);

	return err < 0 ? err : execve_prepared(&args_buf);
}

/*
 * clone() as fork: a new process, never a thread. The exit signal is SIGCHLD
 * or none; the tid flags and CLONE_SETTLS are what every libc's fork passes.
 * newsp, if not 0, is the child's stack pointer (the clone(fn, stack) style:
 * as in Linux, any value is taken, and a bad one faults in the child).
 * Anything else (CLONE_VM, CLONE_THREAD, ...) is -EINVAL.
 */
static long kernel_clone(unsigned long clone_flags, unsigned long newsp, int __user *parent_tidptr,
			 int __user *child_tidptr, unsigned long tls)
{
	const unsigned long known = CSIGNAL | CLONE_SETTLS | CLONE_PARENT_SETTID |
				    CLONE_CHILD_CLEARTID | CLONE_CHILD_SETTID;
	unsigned long exit_signal = clone_flags & CSIGNAL;
	struct task_struct *t;
	long pid;

	if (clone_flags & ~known || (exit_signal && exit_signal != SIGCHLD))
		return -EINVAL;
	pid = do_fork();
	if (pid < 0)
		return pid;
	t = task_by_pid((int)pid);
	if (newsp)
		user_stack_pointer_set(task_pt_regs(t), newsp);
	/* The child stores its own tid, in its own memory, when it first runs (fork_tail()). */
	if (clone_flags & CLONE_CHILD_SETTID)
		t->set_child_tid = child_tidptr;
	t->clear_child_tid = clone_flags & CLONE_CHILD_CLEARTID ? child_tidptr : NULL;
	if (clone_flags & CLONE_SETTLS)
		arch_set_tls(t, tls);
	/* As Linux: a bad ptid is not an error; the child exists either way. */
	if (clone_flags & CLONE_PARENT_SETTID) {
		int tid = (int)pid;

		(void)copy_to_user(parent_tidptr, &tid, sizeof(tid));
	}
	return pid;
}

/*
 * The first return of a cloned child to user mode (exit_to_user_mode()), in
 * its own address space: CLONE_CHILD_SETTID's store. A bad pointer is
 * ignored, as Linux's schedule_tail() ignores it.
 */
void fork_tail(struct task_struct *t)
{
	int tid = t->pid;

	(void)copy_to_user(t->set_child_tid, &tid, sizeof(tid));
	t->set_child_tid = NULL;
}

/*
 * clone's arguments come in Linux's order for this arch (asm/ptrace.h):
 * flags, newsp, ptid, ctid, tls by default (x86_64, loongarch);
 * CLONE_BACKWARDS swaps the last two (arm64, riscv, powerpc);
 * CLONE_BACKWARDS2 swaps the first two (s390).
 */
#if defined(CLONE_BACKWARDS)
SYSCALL_DEFINE5(clone, unsigned long, clone_flags, unsigned long, newsp, int __user *,
		parent_tidptr, unsigned long, tls, int __user *, child_tidptr)
#elif defined(CLONE_BACKWARDS2)
SYSCALL_DEFINE5(clone, unsigned long, newsp, unsigned long, clone_flags, int __user *,
		parent_tidptr, int __user *, child_tidptr, unsigned long, tls)
#else
SYSCALL_DEFINE5(clone, unsigned long, clone_flags, unsigned long, newsp, int __user *,
		parent_tidptr, int __user *, child_tidptr, unsigned long, tls)
#endif
{
	return kernel_clone(clone_flags, newsp, parent_tidptr, child_tidptr, tls);
}

/* fork(): the old-style call of the tables that keep one (x86_64, powerpc, s390). */
SYSCALL_DEFINE0(fork)
{
	return kernel_clone(SIGCHLD, 0, NULL, NULL, 0);
}

/* set_tid_address(tidptr): where 0 is stored when the caller exits; returns its tid. */
SYSCALL_DEFINE1(set_tid_address, int __user *, tidptr)
{
	current->clear_child_tid = tidptr;
	return current->pid;
}
