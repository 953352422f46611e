// SPDX-License-Identifier: MIT
/*
 * poll() and ppoll() (Linux's fs/select.c): for each struct pollfd, the
 * file's poll method says which events hold; if none does, the caller sleeps
 * on every wait queue the methods named with poll_wait() (include/trapdoor/
 * poll.h) until one is woken, the timeout passes or the task is killed, and
 * then asks every file again. As Linux:
 *   - a negative fd is skipped (revents 0); an fd that is not open gives
 *     POLLNVAL; POLLERR and POLLHUP are reported whether asked for or not;
 *   - the result is the number of entries with a nonzero revents;
 *   - nfds above RLIMIT_NOFILE (1024 here, Linux's default) is -EINVAL, a
 *     bad array -EFAULT;
 *   - poll's timeout is in ms, negative for ever; ppoll's a timespec, NULL
 *     for ever, and ppoll writes back the time left.
 * ppoll's signal mask (8 bytes, Linux's sigset_t) replaces the blocked mask
 * while it waits: a pending signal it unblocks takes its action at once, and
 * the old mask is back before ppoll returns.
 */
#include <trapdoor/signal.h>
#include <trapdoor/arch.h>
#include <trapdoor/fs.h>
#include <trapdoor/poll.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/mman.h>
#include <uapi/trapdoor.h>

#include "../kernel/syscalls.h"

#define POLL_NFDS_MAX	 NR_OPEN /* RLIMIT_NOFILE: Linux's default soft limit */
#define POLL_SIGSET_SIZE 8	 /* Linux's sigset_t: 64 signals */

/* One queue a poll sleeps on: an entry of the polling task, on the poller's stack. */
struct poll_table_entry {
	struct wait_queue_head *wait_address;
	struct wait_queue_entry wait;
};

#define POLL_TABLE_ENTRIES 16 /* queues one poll sleeps on; more: it looks again every tick */

/* The poller's state (Linux's struct poll_wqueues): the queues it is on. */
struct poll_wqueues {
	poll_table pt;
	bool overflow; /* a queue did not fit: wake by the clock too */
	unsigned int nr;
	struct poll_table_entry entries[POLL_TABLE_ENTRIES];
};

/* poll_wait()'s work while polling: on the queue, once however many files name it. */
static void __pollwait(struct file *filp, struct wait_queue_head *wait_address, poll_table *p)
{
	struct poll_wqueues *pwq = container_of(p, struct poll_wqueues, pt);
	struct poll_table_entry *e;

	(void)filp;
	for (unsigned int i = 0; i < pwq->nr; i++)
		if (pwq->entries[i].wait_address == wait_address)
			return;
	if (pwq->nr == POLL_TABLE_ENTRIES) {
		pwq->overflow = true;
		return;
	}
	e = &pwq->entries[pwq->nr++];
	e->wait_address = wait_address;
	e->wait.task = current;
	INIT_LIST_HEAD(&e->wait.entry);
	list_add_tail(&e->wait.entry, &wait_address->head);
}

/* Off every queue: a wake_up() took some entries off already, a kill or the clock none. */
static void poll_freewait(struct poll_wqueues *pwq)
{
	for (unsigned int i = 0; i < pwq->nr; i++)
		if (!list_empty(&pwq->entries[i].wait.entry))
			list_del_init(&pwq->entries[i].wait.entry);
	pwq->nr = 0;
	pwq->overflow = false;
}

/* The file's poll method; a file with none is always ready (Linux's vfs_poll()). */
static __poll_t vfs_poll(struct file *f, poll_table *pt)
{
	if (!f->f_op || !f->f_op->poll)
		return DEFAULT_POLLMASK;
	return f->f_op->poll(f, pt);
}

static __poll_t do_pollfd(const struct pollfd *pfd, poll_table *pt)
{
	__poll_t filter = (unsigned short)pfd->events | POLLERR | POLLHUP;
	struct file *f;

	if (pfd->fd < 0)
		return 0;
	f = fget((unsigned int)pfd->fd);
	if (!f)
		return POLLNVAL;
	return vfs_poll(f, pt) & filter;
}

/*
 * Polls nfds entries of ufds until one is ready, the cycle counter reaches
 * deadline (0: never; a past deadline: one look, no sleep), or a kill.
 */
static long do_sys_poll(struct pollfd __user *ufds, unsigned int nfds, u64 deadline)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct poll_wqueues table = { .nr = 0 };
	u64 tick = arch_cycles_per_sec() / 100;
	long count;

	if (nfds > POLL_NFDS_MAX)
		return -EINVAL;
	if (!access_ok(ufds, (size_t)nfds * sizeof(struct pollfd), PROT_READ | PROT_WRITE))
		return -EFAULT;
	for (;;) {
		bool expired = deadline && arch_get_cycles() >= deadline;

		count = 0;
		table.pt._qproc = expired ? NULL : __pollwait;
		for (unsigned int i = 0; i < nfds; i++) {
			struct pollfd pfd;

			if (copy_from_user(&pfd, ufds + i, sizeof(pfd)) < 0) {
				poll_freewait(&table);
				return -EFAULT;
			}
			pfd.revents = (short)do_pollfd(&pfd, &table.pt);
			if (pfd.revents) {
				count++;
				table.pt._qproc = NULL; /* ready: no sleep, no more queues */
			}
			if (copy_to_user(&ufds[i].revents, &pfd.revents, sizeof(pfd.revents)) < 0) {
				poll_freewait(&table);
				return -EFAULT;
			}
		}
		if (count || expired)
			break;
		if (signal_pending(current)) {
			count = -ERESTARTNOHAND; /* -EINTR if a handler runs, as Linux's */
			break;
		}
		current->state = TASK_BLOCKED;
		current->wake_at = deadline;
		if (table.overflow && (!deadline || deadline > arch_get_cycles() + tick))
			current->wake_at = arch_get_cycles() + tick;
		schedule();
		current->wake_at = 0;
		poll_freewait(&table);
	}
	poll_freewait(&table);
	return count;
}

/* The cycle count sec seconds and nsec ns from now; 0 (never) if that is past the counter's range. */
static u64 poll_deadline(u64 sec, u64 nsec)
{
	u64 hz = arch_cycles_per_sec(), now = arch_get_cycles();
	/* Rounded up, so that the wait is never shorter than asked. nsec * hz fits: hz < 2^34. */
	u64 ticks = (nsec * hz + 999999999ULL) / 1000000000ULL;

	if ((U64_MAX - now - ticks) / hz < sec)
		return 0;
	return now + sec * hz + ticks;
}

/* poll(ufds, nfds, timeout_ms): the old-style call of x86_64, powerpc and s390. */
SYSCALL_DEFINE3(poll, struct pollfd __user *, ufds, unsigned int, nfds, int, timeout_msecs)
{
	u64 deadline = 0;

	if (timeout_msecs == 0)
		deadline = 1; /* past: one look */
	else if (timeout_msecs > 0)
		deadline = poll_deadline((u64)timeout_msecs / 1000,
					 (u64)(timeout_msecs % 1000) * 1000000ULL);
	return do_sys_poll(ufds, nfds, deadline);
}

/* ppoll(ufds, nfds, tsp, sigmask, sigsetsize) */
SYSCALL_DEFINE5(ppoll, struct pollfd __user *, ufds, unsigned int, nfds, struct timespec __user *,
		tsp, const void __user *, sigmask, size_t, sigsetsize)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth on powerpc */
	struct timespec ts;
	u64 deadline = 0;
	sigset_t mask, saved;
	long ret;

	if (tsp) {
		if (copy_from_user(&ts, tsp, sizeof(ts)) < 0)
			return -EFAULT;
		if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000L)
			return -EINVAL;
		if (!ts.tv_sec && !ts.tv_nsec)
			deadline = 1;
		else
			deadline = poll_deadline((u64)ts.tv_sec, (u64)ts.tv_nsec);
	}
	if (sigmask) {
		if (sigsetsize != POLL_SIGSET_SIZE)
			return -EINVAL;
		if (copy_from_user(&mask, sigmask, sizeof(mask)) < 0)
			return -EFAULT;
	}
	/*
	 * The mask holds while it waits, as Linux's: a signal it unblocks is
	 * delivered (its default action taken, or its handler run) before the
	 * old mask is back.
	 */
	if (sigmask) {
		saved = current->blocked;
		set_current_blocked(&mask);
	}
	ret = do_sys_poll(ufds, nfds, deadline);
	if (sigmask) {
		if (ret == -ERESTARTNOHAND) {
			/* Interrupted: the handler runs under the poll's mask; its frame restores ours. */
			current->saved_sigmask = saved;
			current->restore_sigmask = 1;
		} else {
			set_current_blocked(&saved);
		}
	}
	/* The time left, as Linux writes it back; a zero timeout is left as it was. */
	if (tsp && deadline > 1) {
		u64 now = arch_get_cycles(), hz = arch_cycles_per_sec();
		u64 left = now < deadline ? deadline - now : 0;

		ts.tv_sec = (long)(left / hz);
		ts.tv_nsec = (long)((left % hz) * 1000000000ULL / hz);
		copy_to_user(tsp, &ts, sizeof(ts));
	}
	return ret;
}
