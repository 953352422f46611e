// SPDX-License-Identifier: MIT
/*
 * Wait queues (include/trapdoor/wait.h): any number of tasks wait on one
 * thing, each with an entry on its own kernel stack. The kernel lock, which
 * every caller holds, keeps each queue consistent.
 */
#include <trapdoor/panic.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/task.h>
#include <trapdoor/wait.h>

void prepare_to_wait(struct wait_queue_head *wq, struct wait_queue_entry *wait)
{
	if (list_empty(&wait->entry))
		list_add_tail(&wait->entry, &wq->head);
	current->wake_at = 0; /* woken by wake_up() or a kill, not by the clock */
	current->state = TASK_BLOCKED;
}

void finish_wait(struct wait_queue_head *wq, struct wait_queue_entry *wait)
{
	(void)wq;
	current->state = TASK_RUNNABLE;
	/* A kill woke us: our entry is still queued, and must not outlive this frame. */
	if (!list_empty(&wait->entry))
		list_del_init(&wait->entry);
}

void wake_up(struct wait_queue_head *wq)
{
	if (!spin_is_held_by_me(&kernel_lock))
		panic("wake_up() without the kernel lock");
	while (!list_empty(&wq->head)) {
		struct wait_queue_entry *wait =
		    list_first_entry(&wq->head, struct wait_queue_entry, entry);
		struct task_struct *t = wait->task;

		list_del_init(&wait->entry);
		/* Runnable already (a kill woke it, it has not run yet): queued once is enough. */
		if (t->state == TASK_BLOCKED) {
			t->state = TASK_RUNNABLE;
			sched_enqueue(t);
		}
	}
}
