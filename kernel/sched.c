// SPDX-License-Identifier: MIT
/*
 * The scheduler: one run queue, first in first out. A task runs until it
 * yields, blocks or exits (timer preemption arrives with the tasks issue).
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/task.h>

static struct task_struct *run_head, *run_tail;

void sched_enqueue(struct task_struct *t)
{
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
	}
	return t;
}

void schedule(void)
{
	struct task_struct *prev = current, *next;

	/* A stack overflow would have run over the canary at the bottom. */
	if (prev->stack && *(unsigned long *)prev->stack != STACK_END_MAGIC)
		panic("kernel stack overflow in task %d (%s)", prev->pid, prev->comm);

	if (prev->state == TASK_RUNNABLE && prev->pid > 0)
		sched_enqueue(prev);
	next = sched_dequeue();
	if (!next)
		panic("nothing to run: every task is blocked");
	if (next == prev)
		return;
	current = next;
	arch_switch_mm(next->mm);
	arch_switch_to(prev, next);
}

__noreturn void sched_start(void)
{
	/* The boot context is never runnable again: it becomes nobody. */
	current->state = TASK_BLOCKED;
	schedule();
	panic("the boot context was scheduled again");
}
