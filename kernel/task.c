// SPDX-License-Identifier: MIT
/*
 * Tasks: creation from an embedded program (spawn), exit, and wait. Task
 * structures and kernel stacks come from fixed pools, so running out is an
 * ordinary -EAGAIN, never a panic.
 */
#include <trapdoor/arch.h>
#include <trapdoor/exec.h>
#include <trapdoor/file.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "randomize_kstack.h"
#include "syscalls.h"

static struct task_struct tasks[NR_TASKS];

/*
 * Each kernel stack sits right above a guard region of its own size that
 * kernel_protect() (kernel/traps.c) leaves unmapped where the arch pages its
 * kernel: running off the bottom of a stack then faults at once instead of
 * overwriting whatever lies below. Index [i][0] is the guard, [i][1] the stack.
 */
static u8 kernel_stacks[NR_TASKS][2][THREAD_SIZE] __aligned(THREAD_SIZE);

void kstack_guard_range(unsigned int i, unsigned long *start, unsigned long *end)
{
	*start = (unsigned long)kernel_stacks[i][0];
	*end = *start + THREAD_SIZE;
}

struct task_struct *kstack_guard_owner(unsigned long addr)
{
	unsigned long base = (unsigned long)kernel_stacks;

	if (addr < base || addr - base >= sizeof(kernel_stacks))
		return NULL;
	if ((addr - base) % (2 * THREAD_SIZE) >= THREAD_SIZE)
		return NULL;	/* inside a stack, not a guard */
	return &tasks[(addr - base) / (2 * THREAD_SIZE)];
}

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

/* Hooks for the stack hardening (kernel/randomize_kstack.c, kernel/stackleak.c). */
static void start_task(struct task_struct *t)
{
	/* Its own offset stream, seeded from the CRNG (prng-task mode). */
	kstack_task_init(t);
	/* A fresh stack is all poison, so the first erase knows where it ends. */
	stackleak_task_init(t);
	arch_task_init(t);
	t->state = TASK_RUNNABLE;
	sched_enqueue(t);
}

static struct task_struct *alloc_task(void)
{
	for (int i = 0; i < NR_TASKS; i++) {
		struct task_struct *t = &tasks[i];

		if (t->state != TASK_UNUSED)
			continue;
		memset(t, 0, sizeof(*t));
		t->stack = kernel_stacks[i][1];
		*(unsigned long *)t->stack = STACK_END_MAGIC;
		t->pid = ++last_pid;
		return t;
	}
	return NULL;
}

/*
 * Whether name is an embedded program, asked before anything is allocated for
 * it: a name that names nothing costs no pid, task or page, and load_program()
 * only ever runs for a real program. Its early error paths return before its
 * stackleak tracking call (kernel/exec.c), leaving its large frame as an
 * untracked hole above the calls it made; user/tasktest checks the stack
 * after a spawn and an execve of a missing program.
 */
static bool program_exists(const char *name)
{
	for (unsigned int i = 0; i < nr_user_programs; i++)
		if (!strcmp(user_programs[i].name, name))
			return true;
	return false;
}

long spawn_program(const char *name, const char *const *argv, int argc)
{
	struct task_struct *t;
	unsigned long entry, sp;
	long err;

	if (!program_exists(name))
		return -ENOENT;
	t = alloc_task();
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
	files_init(t);
	t->parent = current->pid > 0 ? current : NULL;
	arch_init_user_regs(task_pt_regs(t), entry, sp);
	start_task(t);
	return t->pid;
}

/*
 * fork: a new task with a copy of every user page and of the registers; the
 * child sees 0 as the syscall's result, the parent the child's pid.
 */
long do_fork(void)
{
	struct task_struct *parent = current, *t = alloc_task();
	struct mm_struct *pmm = parent->mm;

	if (!t)
		return -EAGAIN;
	t->mm = mm_create();
	if (!t->mm)
		return -ENOMEM;
	for (unsigned int i = 0; i < pmm->nr_pages; i++) {
		const struct user_page *p = &pmm->pages[i];
		int err = mm_map_page(t->mm, p->va, p->prot);

		if (err < 0) {
			mm_destroy(t->mm);
			return err;
		}
		memcpy(phys_to_virt(mm_find_page(t->mm, p->va)->pa), phys_to_virt(p->pa),
		       PAGE_SIZE);
	}
	t->mm->brk = pmm->brk;
	memcpy(t->comm, parent->comm, sizeof(t->comm));
	files_fork(t, parent);
	t->parent = parent;
	*task_pt_regs(t) = *task_pt_regs(parent);
	regs_set_return_value(task_pt_regs(t), 0);
	start_task(t);
	return t->pid;
}

/*
 * execve: the current task becomes a fresh run of another embedded program.
 * The old image is kept until the new one has loaded, so a failed execve
 * returns an error to a task that is still intact.
 */
long do_execve(const char *name, const char *const *argv, int argc)
{
	struct mm_struct *old = current->mm, *mm;
	unsigned long entry, sp;
	long err;

	if (!program_exists(name))
		return -ENOENT;
	mm = mm_create();
	if (!mm)
		return -ENOMEM;
	err = load_program(mm, name, argv, argc, &entry, &sp);
	if (err < 0) {
		mm_destroy(mm);
		return err;
	}
	current->mm = mm;
	arch_switch_mm(mm);
	mm_destroy(old);
	strscpy(current->comm, name, sizeof(current->comm));
	/*
	 * A new program must not inherit the old one's offset stream: the old
	 * image may have leaked enough offsets to predict it (prng-task).
	 */
	kstack_task_init(current);
	arch_init_user_regs(task_pt_regs(current), entry, sp);
	return 0;
}

unsigned long nr_tasks(void)
{
	unsigned long n = 0;

	for (int i = 0; i < NR_TASKS; i++)
		n += tasks[i].state != TASK_UNUSED;
	return n;
}

bool task_wake_sleepers(u64 now)
{
	bool sleeping = false;

	for (int i = 0; i < NR_TASKS; i++) {
		struct task_struct *t = &tasks[i];

		if (t->state != TASK_BLOCKED || !t->wake_at)
			continue;
		if (now >= t->wake_at || t->killed) {
			t->wake_at = 0;
			t->state = TASK_RUNNABLE;
			sched_enqueue(t);
		} else {
			sleeping = true;
		}
	}
	return sleeping;
}

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

__noreturn void do_exit(int wait_status)
{
	struct task_struct *me = current, *init = task_by_pid(1);

	/* Close every descriptor: a pipe's other end sees EOF or EPIPE. */
	files_exit(me);
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
		struct task_struct *t = &tasks[i];

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
			struct task_struct *t = &tasks[i];

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
			return -EINTR;	/* exit_to_user_mode() finishes the kill */
		current->wait_for = pid > 0 ? pid : 0;
		current->state = TASK_BLOCKED;
		schedule();
	}
}

/* Program names and argv strings copied in from user space (spawn, execve). */
struct user_args {
	char name[MAX_ARG_LEN];
	char strings[MAX_ARGS][MAX_ARG_LEN];
	const char *argv[MAX_ARGS];
	int argc;
};

static long copy_args_from_user(struct user_args *a, unsigned long uname, unsigned long uargv)
{
	long err = strncpy_from_user(a->name, uname, sizeof(a->name));

	if (err < 0)
		return err;
	for (a->argc = 0;; a->argc++) {
		unsigned long uarg;

		if (!uargv)
			break;
		if (copy_from_user(&uarg, uargv + a->argc * sizeof(uarg), sizeof(uarg)) < 0)
			return -EFAULT;
		if (!uarg)
			break;
		if (a->argc == MAX_ARGS)
			return -E2BIG;
		err = strncpy_from_user(a->strings[a->argc], uarg, MAX_ARG_LEN);
		if (err < 0)
			return err == -ENAMETOOLONG ? -E2BIG : err;
		a->argv[a->argc] = a->strings[a->argc];
	}
	return 0;
}

/* One CPU, and the kernel is never preempted: one static buffer serves every call. */
static struct user_args args_buf;

/* spawn(name, argv): start the embedded program name as a child; argv ends with NULL. */
SYSCALL_DEFINE(spawn)
{
	long err = copy_args_from_user(&args_buf, a0, a1);

	return err < 0 ? err : spawn_program(args_buf.name, args_buf.argv, args_buf.argc);
}

/* execve(name, argv, envp): envp is ignored (there is no environment). */
SYSCALL_DEFINE(execve)
{
	long err = copy_args_from_user(&args_buf, a0, a1);

	return err < 0 ? err : do_execve(args_buf.name, args_buf.argv, args_buf.argc);
}

/* clone(flags, newsp, ...): only fork's form, clone(SIGCHLD, 0). */
SYSCALL_DEFINE(clone)
{
	if (a0 != SIGCHLD || a1 != 0)
		return -EINVAL;
	return do_fork();
}

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
	}
	return 0;
}

/*
 * nanosleep(req, rem): sleeps at least req; rem is not written (no signals).
 * A deadline beyond the counter's range saturates: the task sleeps until it
 * is killed (tv_sec * hz would otherwise wrap and return at once).
 */
SYSCALL_DEFINE(nanosleep)
{
	struct timespec ts;
	u64 hz = arch_cycles_per_sec(), start = arch_get_cycles(), ns_ticks, deadline;

	if (copy_from_user(&ts, a0, sizeof(ts)) < 0)
		return -EFAULT;
	if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000L)
		return -EINVAL;
	/* Round up, so that we never sleep less than asked. tv_nsec * hz fits: hz < 2^34. */
	ns_ticks = ((u64)ts.tv_nsec * hz + 999999999ULL) / 1000000000ULL;
	if ((u64)ts.tv_sec > (U64_MAX - start - ns_ticks) / hz)
		deadline = U64_MAX;	/* for ever */
	else
		deadline = start + (u64)ts.tv_sec * hz + ns_ticks;
	while (arch_get_cycles() < deadline) {
		if (current->killed)
			return -EINTR;
		sleep_until(deadline);
	}
	return 0;
}

/* task_list(buf, n): up to n entries; returns how many tasks there are. */
SYSCALL_DEFINE(task_list)
{
	unsigned long n = 0;

	for (int i = 0; i < NR_TASKS; i++) {
		struct task_struct *t = &tasks[i];
		struct task_info info;

		if (t->state == TASK_UNUSED)
			continue;
		if (n < a1) {
			memset(&info, 0, sizeof(info));
			info.pid = t->pid;
			info.ppid = t->parent ? t->parent->pid : 0;
			info.state = (int)t->state;
			info.exit_status = t->exit_status;
			memcpy(info.comm, t->comm, sizeof(info.comm));
			if (copy_to_user(a0 + n * sizeof(info), &info, sizeof(info)) < 0)
				return -EFAULT;
		}
		n++;
	}
	return (long)n;
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
