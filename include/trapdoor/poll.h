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

#include <trapdoor/fs.h> /* poll_table, poll_wait(), __poll_t */
#include <trapdoor/wait.h>
#include <uapi/poll.h>

/* What a file with no poll method always is (a ramfs file): readable and writable. */
#define DEFAULT_POLLMASK (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)

/* The console's and a pipe's poll methods (kernel/tty.c, kernel/pipe.c). */
__poll_t tty_poll(struct file *filp, poll_table *p);
__poll_t pipe_poll(struct file *filp, poll_table *p);

#endif
