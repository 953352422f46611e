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
struct poll_table_struct;

/* Linux's poll_table: a file's poll method hands it to poll_wait(). */
typedef void (*poll_queue_proc)(struct file *, struct wait_queue_head *,
				struct poll_table_struct *);
typedef struct poll_table_struct {
	poll_queue_proc _qproc; /* NULL: no waiting, only the mask */
	void *priv;
} poll_table;

/* A poll method's call for each wait queue that could wake a poller of this file. */
static inline void poll_wait(struct file *filp, struct wait_queue_head *wait_address, poll_table *p)
{
	if (p && p->_qproc && wait_address)
		p->_qproc(filp, wait_address, p);
}

/* What a file with no poll method always is (a ramfs file): readable and writable. */
#define DEFAULT_POLLMASK (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

/* The console's and a pipe's poll methods (kernel/tty.c, kernel/pipe.c). */
__poll_t tty_poll(struct file *filp, poll_table *p);
__poll_t pipe_poll(struct file *filp, poll_table *p);

#endif
