/* SPDX-License-Identifier: MIT */
/*
 * The poll core (fs/select.c), Linux's shape: a file's poll method says which
 * of POLLIN, POLLOUT, POLLHUP, POLLERR hold now, and calls poll_wait() on
 * each wait queue whose wake_up() could change that. poll() and ppoll() call
 * every file's method, sleep on every queue named if none is ready, and ask
 * again when woken.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_POLL_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_POLL_H

#include <trapdoor/types.h>
#include <trapdoor/wait.h>
#include <uapi/poll.h>

typedef unsigned int __poll_t;

struct file;

/* One queue a poll sleeps on: an entry of the polling task, on the poller's stack. */
struct poll_table_entry {
	struct wait_queue_head *wait_address;
	struct wait_queue_entry wait;
};

#define POLL_TABLE_ENTRIES 16 /* queues one poll sleeps on; more: it looks again every tick */

typedef struct poll_table_struct {
	bool queue;	 /* false: a look only, poll_wait() does nothing */
	bool overflow;	 /* a queue did not fit: wake by the clock too */
	unsigned int nr; /* entries used */
	struct poll_table_entry entries[POLL_TABLE_ENTRIES];
} poll_table;

/* A poll method's call for each queue it could be woken by; a queue named twice counts once. */
void poll_wait(struct file *filp, struct wait_queue_head *wait_address, poll_table *p);

/* What a file with no poll method always is (a ramfs file): readable and writable. */
#define DEFAULT_POLLMASK (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

/* The console's and a pipe's poll methods (kernel/tty.c, kernel/pipe.c). */
__poll_t tty_poll(struct file *filp, poll_table *p);
__poll_t pipe_poll(struct file *filp, poll_table *p);

#endif
