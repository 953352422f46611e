// SPDX-License-Identifier: MIT
/*
 * The task table: task structures and kernel stacks come from fixed pools,
 * so running out is an ordinary -EAGAIN, never a panic. Creating a task is
 * kernel/fork.c's job, ending one kernel/exit.c's, kill kernel/signal.c's.
 */
#include <trapdoor/arch.h>
#include <trapdoor/sprintf.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "randomize_kstack.h"
#include "syscalls.h"

/* Every task there is; a slot in state TASK_UNUSED is free. */
struct task_struct task_table[NR_TASKS];

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
		return NULL; /* inside a stack, not a guard */
	return &task_table[(addr - base) / (2 * THREAD_SIZE)];
}

/*
 * The context start_kernel() runs in; it gives the CPU away in sched_start().
 * Its hardening switches are the defaults, which the boot options change
 * (kernel/cmdline.c runs in it), and init inherits them.
 */
struct task_struct boot_task = {
	.pid = 0,
	.state = TASK_RUNNABLE,
	.comm = "boot",
	.kstack_mode = KSTACK_MODE_DEFAULT,
	.kstack_store = KSTACK_STORE_DEFAULT,
	.kstack_chacha_rounds = KSTACK_CHACHA_ROUNDS_DEFAULT,
	.stackleak_enabled = STACKLEAK_DEFAULT,
};

static int last_pid;

void task_init(void)
{
	current = &boot_task;
}

struct task_struct *task_by_pid(int pid)
{
	for (int i = 0; i < NR_TASKS; i++)
		if (task_table[i].state != TASK_UNUSED && task_table[i].pid == pid)
			return &task_table[i];
	return NULL;
}

static struct task_struct *alloc_task_slot(void)
{
	for (int i = 0; i < NR_TASKS; i++) {
		struct task_struct *t = &task_table[i];

		if (t->state != TASK_UNUSED)
			continue;
		memset(t, 0, sizeof(*t));
		t->stack = kernel_stacks[i][1];
		*(unsigned long *)t->stack = STACK_END_MAGIC;
		return t;
	}
	return NULL;
}

/* A free slot with its kernel stack and a new pid, or NULL when every slot is taken. */
struct task_struct *alloc_task(void)
{
	struct task_struct *t = alloc_task_slot();

	if (t)
		t->pid = ++last_pid;
	return t;
}

struct task_struct *alloc_idle_task(unsigned int cpu)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct task_struct *t = alloc_task_slot();

	if (t) {
		t->pid = 0;
		t->cpu = cpu;
		t->cpus_allowed = 1UL << cpu;
		t->state = TASK_BLOCKED; /* never on the run queue */
		snprintf(t->comm, sizeof(t->comm), "idle%u", cpu);
		/*
		 * What arch_switch_to() loads besides the saved registers (the
		 * top of the kernel stack, for the next trap from user mode), so
		 * that schedule() can switch to it; the first switch away from it
		 * saves where it really runs.
		 */
		arch_task_init(t);
	}
	return t;
}

unsigned long nr_tasks(void)
{
	unsigned long n = 0;

	for (int i = 0; i < NR_TASKS; i++)
		n += task_table[i].state != TASK_UNUSED && task_table[i].pid != 0;
	return n;
}

bool task_wake_sleepers(u64 now)
{
	bool sleeping = false;

	for (int i = 0; i < NR_TASKS; i++) {
		struct task_struct *t = &task_table[i];

		if (t->state != TASK_BLOCKED || !t->wake_at)
			continue;
		if (now >= t->wake_at || signal_pending(t)) {
			t->wake_at = 0;
			t->state = TASK_RUNNABLE;
			sched_enqueue(t);
		} else {
			sleeping = true;
		}
	}
	return sleeping;
}

/* task_list(buf, n): up to n entries; returns how many tasks there are. */
SYSCALL_DEFINE2(task_list, struct task_info __user *, ubuf, unsigned long, count)
{
	unsigned long n = 0;

	for (int i = 0; i < NR_TASKS; i++) {
		struct task_struct *t = &task_table[i];
		struct task_info info;

		if (t->state == TASK_UNUSED || t->pid == 0)
			continue; /* free, or a CPU's idle task */
		if (n < count) {
			memset(&info, 0, sizeof(info));
			info.pid = t->pid;
			info.ppid = t->parent ? t->parent->pid : 0;
			info.state = (int)t->state;
			info.exit_status = t->exit_status;
			info.cpu = (int)t->cpu;
			strscpy_pad(info.comm, t->comm, sizeof(info.comm));
			if (copy_to_user(ubuf + n, &info, sizeof(info)) < 0)
				return -EFAULT;
		}
		n++;
	}
	return (long)n;
}
