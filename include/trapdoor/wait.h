/* SPDX-License-Identifier: MIT */
/*
 * Wait queues, Linux's shape: a struct wait_queue_head per thing tasks wait
 * for (a pipe, the console's input), and one struct wait_queue_entry per
 * waiting task, on that task's own kernel stack, so a queue takes any number
 * of waiters. Every call runs under the kernel lock, as every blocking path
 * does already: testing the condition, prepare_to_wait() and schedule() form
 * one step that no wake_up() can fall into.
 *
 *	DEFINE_WAIT(wait);
 *
 *	while (!condition) {
 *		if (signal_pending(current))
 *			return -ERESTARTSYS;
 *		prepare_to_wait(&wq, &wait);	// queued, TASK_BLOCKED
 *		schedule();			// until wake_up(&wq) or a kill
 *		finish_wait(&wq, &wait);	// off the queue, whoever woke us
 *	}
 *
 * wake_up() takes every entry off the queue and makes its task runnable;
 * each then tests its condition again. A signal makes a waiter runnable
 * without touching the queue: finish_wait() takes its entry off, so no
 * entry outlives its stack frame.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_WAIT_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_WAIT_H

#include <trapdoor/list.h>
#include <trapdoor/task.h>

struct wait_queue_head {
	struct list_head head; /* of struct wait_queue_entry, in the order they came */
};

struct wait_queue_entry {
	struct task_struct *task;
	struct list_head entry; /* on a wait_queue_head's list, or empty */
};

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) { .head = LIST_HEAD_INIT((name).head) }
#define DECLARE_WAIT_QUEUE_HEAD(name) \
	struct wait_queue_head name = __WAIT_QUEUE_HEAD_INITIALIZER(name)

/* An entry for the current task, on its stack, on no queue yet. */
#define DEFINE_WAIT(name) \
	struct wait_queue_entry name = { .task = current, .entry = LIST_HEAD_INIT((name).entry) }

static inline void init_waitqueue_head(struct wait_queue_head *wq)
{
	INIT_LIST_HEAD(&wq->head);
}

/* Whether some task waits on wq. */
static inline bool waitqueue_active(const struct wait_queue_head *wq)
{
	return !list_empty(&wq->head);
}

/* kernel/wait.c */
/* Queues wait (if it is on no queue) and marks the current task TASK_BLOCKED: schedule() next. */
void prepare_to_wait(struct wait_queue_head *wq, struct wait_queue_entry *wait);
/* After schedule(): the task is runnable, and wait is on no queue. */
void finish_wait(struct wait_queue_head *wq, struct wait_queue_entry *wait);
/* Every task waiting on wq runs again (those a kill woke already are left as they are). */
void wake_up(struct wait_queue_head *wq);

#endif
