// SPDX-License-Identifier: MIT
/*
 * Pipes: pipe2() gives two descriptors, a read end and a write end of one
 * PIPE_SIZE-byte ring buffer. As in Linux:
 *   - read blocks while the pipe is empty and some write end is open; once
 *     every write end is closed, an empty pipe reads as 0 bytes (EOF);
 *   - write blocks while the pipe is full, and returns once every byte is in;
 *   - a write with no read end left open fails with -EPIPE, and the writer
 *     gets SIGPIPE (kernel/signal.c): it dies on its way back to user mode
 *     unless SIGPIPE is ignored or blocked;
 *   - a task killed while it waits stops waiting and dies on the way out
 *     (exit_to_user_mode(), kernel/syscall.c); a caught signal stops it too:
 *     -EINTR after the handler, or the call restarted under SA_RESTART.
 * Readers and writers that wait sleep on the pipe's wait queue
 * (include/trapdoor/wait.h), which takes any number of them.
 * Pipes come from a fixed pool, so running out is -ENFILE, never a panic.
 */
#include <trapdoor/signal.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/file.h>
#include <uapi/fcntl.h>
#include <trapdoor/mm.h>
#include <trapdoor/poll.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <trapdoor/wait.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

#define NR_PIPES  32
#define PIPE_SIZE 4096

struct pipe_inode_info {
	bool used;
	unsigned int readers, writers; /* open files of each end */
	unsigned int head, len;	       /* the bytes in buf: len of them from head, wrapping */
	/* Tasks blocked on this pipe, reading or writing. */
	struct wait_queue_head wait;
	u8 buf[PIPE_SIZE];
};

static struct pipe_inode_info pipes[NR_PIPES];

/* Blocks the current task until a pipe_wake() on p (or a kill); the caller checks again. */
static void pipe_wait(struct pipe_inode_info *p)
{
	DEFINE_WAIT(wait);

	prepare_to_wait(&p->wait, &wait);
	schedule();
	finish_wait(&p->wait, &wait);
}

/* Something changed: every task blocked on p runs again and re-checks. */
static void pipe_wake(struct pipe_inode_info *p)
{
	wake_up(&p->wait);
}

ssize_t pipe_read(struct file *f, char __user *ubuf, size_t count, loff_t *pos)
{
	struct pipe_inode_info *p = f->private_data;
	size_t done = 0;

	if (count == 0)
		return 0;
	if (!access_ok(ubuf, count, PROT_WRITE))
		return -EFAULT;
	while (p->len == 0) {
		if (p->writers == 0)
			return 0; /* EOF: nobody can write any more */
		if (f->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (signal_pending(current))
			return -ERESTARTSYS;
		pipe_wait(p);
	}
	while (done < count && p->len) {
		size_t n = count - done;

		if (n > p->len)
			n = p->len;
		if (n > PIPE_SIZE - p->head)
			n = PIPE_SIZE - p->head; /* up to the end of the ring */
		/*
		 * Straight from the ring: copy_to_user() writes through the
		 * kernel's map of the page and never faults, so no bounce
		 * buffer (whose frame would deepen every read the erase
		 * rewrites). Consumed only once the user has it: a bad
		 * pointer loses nothing.
		 */
		if (copy_to_user(ubuf + done, p->buf + p->head, n) < 0)
			return done ? (long)done : -EFAULT;
		p->head = (p->head + (unsigned int)n) % PIPE_SIZE;
		p->len -= (unsigned int)n;
		done += n;
	}
	pipe_wake(p); /* writers waiting for room */
	return (long)done;
}

ssize_t pipe_write(struct file *f, const char __user *ubuf, size_t count, loff_t *pos)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth on riscv */
	struct pipe_inode_info *p = f->private_data;
	size_t done = 0;

	if (!access_ok(ubuf, count, PROT_READ))
		return -EFAULT;
	while (done < count) {
		unsigned int tail = (p->head + p->len) % PIPE_SIZE;
		size_t n = count - done;

		if (p->readers == 0) {
			/* Nobody will ever read it: SIGPIPE (ignored or blocked: -EPIPE only). */
			send_signal_info(current, SIGPIPE, SI_USER, 0);
			return done ? (long)done : -EPIPE;
		}
		if (p->len == PIPE_SIZE) {
			if (f->f_flags & O_NONBLOCK)
				return done ? (long)done : -EAGAIN;
			if (signal_pending(current))
				return done ? (long)done : -ERESTARTSYS;
			pipe_wake(p); /* the readers: there is data */
			pipe_wait(p);
			continue;
		}
		if (n > PIPE_SIZE - p->len)
			n = PIPE_SIZE - p->len;
		if (n > PIPE_SIZE - tail)
			n = PIPE_SIZE - tail;
		/* Straight into the ring (as pipe_read()); counted in only once it is all there. */
		if (copy_from_user(p->buf + tail, ubuf + done, n) < 0)
			return done ? (long)done : -EFAULT;
		p->len += (unsigned int)n;
		done += n;
	}
	pipe_wake(p); /* readers waiting for data */
	return (long)done;
}

/*
 * poll: the read end is readable with data in the pipe, hung up (POLLHUP)
 * once no write end is left; the write end is writable with room, and
 * POLLERR once no read end is left.
 */
__poll_t pipe_poll(struct file *f, poll_table *pt)
{
	struct pipe_inode_info *p = f->private_data;
	__poll_t mask = 0;

	poll_wait(f, &p->wait, pt);
	if (f->f_mode & FMODE_READ) {
		if (p->len)
			mask |= POLLIN | POLLRDNORM;
		if (!p->writers)
			mask |= POLLHUP;
	} else {
		if (p->len < PIPE_SIZE)
			mask |= POLLOUT | POLLWRNORM;
		if (!p->readers)
			mask |= POLLERR;
	}
	return mask;
}

static int pipe_release(struct inode *inode, struct file *f)
{
	struct pipe_inode_info *p = f->private_data;

	if (f->f_mode & FMODE_READ)
		p->readers--;
	else
		p->writers--;
	/* Readers may now see EOF, writers EPIPE. */
	pipe_wake(p);
	if (!p->readers && !p->writers)
		p->used = false;
	return 0;
}

const struct file_operations pipefifo_fops = {
	.llseek = no_llseek,
	.read = pipe_read,
	.write = pipe_write,
	.poll = pipe_poll,
	.release = pipe_release,
};

/*
 * pipe2(fds, flags): fds[0] the read end, fds[1] the write end. flags:
 * O_CLOEXEC and O_NONBLOCK, else -EINVAL. Both ends share one inode (a FIFO,
 * for fstat).
 */
static long do_pipe2(int __user *fildes, int flags)
{
	struct pipe_inode_info *p = NULL;
	struct file *rf, *wf;
	struct inode *inode;
	int fds[2];

	if (flags & ~(O_CLOEXEC | O_NONBLOCK))
		return -EINVAL;
	for (int i = 0; i < NR_PIPES && !p; i++)
		if (!pipes[i].used)
			p = &pipes[i];
	if (!p)
		return -ENFILE;
	inode = new_inode();
	if (!inode)
		return -ENFILE;
	inode->i_mode = S_IFIFO | 0600;
	rf = alloc_file(inode, NULL, O_RDONLY | (flags & O_NONBLOCK), &pipefifo_fops);
	wf = IS_ERR(rf) ? rf :
			  alloc_file(inode, NULL, O_WRONLY | (flags & O_NONBLOCK), &pipefifo_fops);
	iput(inode);
	if (IS_ERR(wf)) {
		if (!IS_ERR(rf)) {
			rf->f_op = NULL; /* no release: no pipe is attached yet */
			fput(rf);
		}
		return -ENFILE;
	}
	fds[0] = get_unused_fd_flags((unsigned int)flags);
	if (fds[0] >= 0)
		fd_install((unsigned int)fds[0], rf);
	fds[1] = fds[0] >= 0 ? get_unused_fd_flags((unsigned int)flags) : -EMFILE;
	if (fds[1] < 0 || copy_to_user(fildes, fds, sizeof(fds)) < 0) {
		long err = fds[1] < 0 ? fds[1] : -EFAULT;

		if (fds[0] >= 0) {
			fd_install((unsigned int)fds[0], NULL);
			put_unused_fd((unsigned int)fds[0]);
		}
		if (fds[1] >= 0)
			put_unused_fd((unsigned int)fds[1]);
		rf->f_op = wf->f_op = NULL;
		fput(rf);
		fput(wf);
		return err;
	}
	fd_install((unsigned int)fds[1], wf);
	init_waitqueue_head(&p->wait);
	p->head = p->len = 0;
	p->used = true;
	p->readers = p->writers = 1;
	rf->private_data = wf->private_data = p;
	return 0;
}

SYSCALL_DEFINE2(pipe2, int __user *, fildes, int, flags)
{
	return do_pipe2(fildes, flags);
}

/* pipe(fds): the old-style call of x86_64, powerpc and s390; pipe2 with no flags. */
SYSCALL_DEFINE1(pipe, int __user *, fildes)
{
	return do_pipe2(fildes, 0);
}
