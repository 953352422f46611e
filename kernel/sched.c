// SPDX-License-Identifier: MIT
/*
 * The scheduler: one run queue, first in first out. A task runs until it
 * yields, blocks, exits, or its time slice (one timer tick) ends while it is
 * in user mode: the tick sets need_resched, and exit_to_user_mode() gives the
 * CPU away on the way back to user mode. The kernel itself is never
 * preempted: it runs with interrupts masked on every architecture.
 */
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <trapdoor/stackleak.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

static struct task_struct *run_head, *run_tail;
unsigned long jiffies;

void sched_enqueue(struct task_struct *t)
{
	/* Queued twice, the list would loop or lose the tasks behind it. */
	if (t->on_rq)
		panic("sched_enqueue: task %d (%s) is already on the run queue", t->pid, t->comm);
	t->on_rq = true;
	t->run_next = NULL;
	if (run_tail)
		run_tail->run_next = t;
	else
		run_head = t;
	run_tail = t;
}

static struct task_struct *sched_dequeue(void)
{
	struct task_struct *t = run_head;

	if (t) {
		run_head = t->run_next;
		if (!run_head)
			run_tail = NULL;
		t->on_rq = false;
		t->run_next = NULL;
	}
	return t;
}

void schedule(void)
{
	stackleak_track_stack();	/* a frame bigger than the stackleak search depth */
	struct task_struct *prev = current, *next;

	/* A stack overflow would have run over the canary at the bottom. */
	if (prev->stack && *(unsigned long *)prev->stack != STACK_END_MAGIC)
		panic("kernel stack overflow in task %d (%s)", prev->pid, prev->comm);

	need_resched = false;
	/*
	 * prev first: a sleeper whose time has come is BLOCKED until the wake
	 * below makes it RUNNABLE and queues it, so prev must be queued (or
	 * not) by the state it had on the way in. The other order would queue
	 * a sleeping prev twice: once as a sleeper, once as prev.
	 */
	if (prev->state == TASK_RUNNABLE && prev->pid > 0)
		sched_enqueue(prev);
	task_wake_sleepers(arch_get_cycles());
	/*
	 * Nothing runnable: idle here until a sleeper's time comes or console
	 * input wakes a reader, the CPU asleep between interrupts. Only these
	 * can end this: a task blocked in wait needs another task to run, and
	 * none can. The idle may leave the console's interrupt pending rather
	 * than take it (include/trapdoor/arch.h): console_rx_interrupt() looks.
	 */
	while (!run_head) {
		bool sleepers = task_wake_sleepers(arch_get_cycles());

		if (run_head || !(sleepers || console_has_readers()))
			break;
		arch_cpu_idle();
		console_rx_interrupt();
	}
	next = sched_dequeue();
	if (!next)
		panic("nothing to run: every task is blocked");
	if (next == prev)
		return;
	kernel_stats.context_switches++;
	current = next;
	arch_switch_mm(next->mm);
	arch_switch_to(prev, next);
}

void sleep_until(u64 wake_at)
{
	current->wake_at = wake_at ? wake_at : 1;
	current->state = TASK_BLOCKED;
	schedule();
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

	if (copy_from_user(&ts, u64_to_user_ptr(a0), sizeof(ts)) < 0)
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

void timer_interrupt(struct pt_regs *regs)
{
	struct cpu_info *c = this_cpu();

	WRITE_ONCE(c->ticks, c->ticks + 1);
	/* The time slice is one tick: whoever runs now yields on the way out. */
	c->resched = true;
	if (c->cpu != 0)
		return;		/* the clock and the console are CPU 0's */
	jiffies++;
	kernel_stats.ticks++;
	console_tick();
}

__noreturn void sched_start(void)
{
	/* The boot context is never runnable again: it becomes nobody. */
	current->state = TASK_BLOCKED;
	schedule();
	panic("the boot context was scheduled again");
}
