// SPDX-License-Identifier: MIT
/*
 * File descriptors: each task's table (struct files_struct) of up to NR_OPEN
 * descriptors, allocated FD_CHUNK at a time as they are used, with a
 * close-on-exec bit each. fork copies the table (both tasks then share each
 * open file, as in Linux); execve closes those marked close-on-exec; exit
 * closes every one. And the calls on descriptors themselves: close, dup,
 * dup2, dup3 and fcntl.
 */
#include <trapdoor/bitops.h>
#include <trapdoor/fs.h>
#include <trapdoor/slab.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>

#include "../kernel/syscalls.h"

#define BITS_PER_LONG (8 * sizeof(unsigned long))

static struct file **fd_slot(struct files_struct *files, unsigned int fd, bool create)
{
	struct file ***chunk = &files->fd_chunk[fd / FD_CHUNK];

	if (!*chunk) {
		if (!create)
			return NULL;
		*chunk = kzalloc(FD_CHUNK * sizeof(struct file *));
		if (!*chunk)
			return NULL;
	}
	return &(*chunk)[fd % FD_CHUNK];
}

/* A chunk past the first with no descriptor left goes back: memory returns to its baseline. */
static void release_chunk(struct files_struct *files, unsigned int fd)
{
	struct file **chunk = files->fd_chunk[fd / FD_CHUNK];

	if (fd < FD_CHUNK || !chunk)
		return;
	for (unsigned int i = 0; i < FD_CHUNK; i++)
		if (chunk[i])
			return;
	kfree(chunk);
	files->fd_chunk[fd / FD_CHUNK] = NULL;
}

static struct file *files_lookup(struct files_struct *files, unsigned int fd)
{
	struct file **slot;

	if (!files || fd >= NR_OPEN)
		return NULL; /* a kernel task has no table */
	slot = fd_slot(files, fd, false);
	return slot ? *slot : NULL;
}

static void set_cloexec(struct files_struct *files, unsigned int fd, bool on)
{
	unsigned long bit = 1UL << (fd % BITS_PER_LONG);

	if (on)
		files->close_on_exec[fd / BITS_PER_LONG] |= bit;
	else
		files->close_on_exec[fd / BITS_PER_LONG] &= ~bit;
}

int files_init(struct task_struct *t)
{
	struct file *console = console_file();

	t->files = kzalloc(sizeof(*t->files));
	if (!t->files)
		return -ENOMEM;
	for (unsigned int fd = 0; fd < 3; fd++) {
		struct file **slot = fd_slot(t->files, fd, true);

		if (!slot) {
			files_exit(t);
			return -ENOMEM;
		}
		*slot = get_file(console);
	}
	t->files->next_fd = 3;
	return 0;
}

int files_fork(struct task_struct *child, struct task_struct *parent)
{
	struct files_struct *pf = parent->files, *cf;

	if (!pf)
		return 0; /* a kernel task's child has no table either */
	cf = kzalloc(sizeof(*cf));
	if (!cf)
		return -ENOMEM;
	child->files = cf;
	memcpy(cf->close_on_exec, pf->close_on_exec, sizeof(cf->close_on_exec));
	cf->next_fd = pf->next_fd;
	for (unsigned int c = 0; c < NR_OPEN / FD_CHUNK; c++) {
		if (!pf->fd_chunk[c])
			continue;
		cf->fd_chunk[c] = kmalloc(FD_CHUNK * sizeof(struct file *));
		if (!cf->fd_chunk[c]) {
			files_exit(child);
			return -ENOMEM;
		}
		for (unsigned int i = 0; i < FD_CHUNK; i++) {
			struct file *f = pf->fd_chunk[c][i];

			cf->fd_chunk[c][i] = f ? get_file(f) : NULL;
		}
	}
	return 0;
}

void files_exit(struct task_struct *t)
{
	struct files_struct *files = t->files;

	if (!files)
		return;
	t->files = NULL;
	for (unsigned int c = 0; c < NR_OPEN / FD_CHUNK; c++) {
		if (!files->fd_chunk[c])
			continue;
		for (unsigned int i = 0; i < FD_CHUNK; i++)
			if (files->fd_chunk[c][i])
				fput(files->fd_chunk[c][i]);
		kfree(files->fd_chunk[c]);
	}
	kfree(files);
}

void do_close_on_exec(struct task_struct *t)
{
	struct files_struct *files = t->files;

	if (!files)
		return;
	for (unsigned int w = 0; w < NR_OPEN / BITS_PER_LONG; w++) {
		unsigned long bits = files->close_on_exec[w];

		files->close_on_exec[w] = 0;
		for (unsigned int b = 0; bits; b++, bits >>= 1) {
			unsigned int fd = w * (unsigned int)BITS_PER_LONG + b;
			struct file **slot;

			if (!(bits & 1) || !(slot = fd_slot(files, fd, false)) || !*slot)
				continue;
			fput(*slot);
			*slot = NULL;
			release_chunk(files, fd);
			if (fd < files->next_fd)
				files->next_fd = fd;
		}
	}
}

struct file *fget(unsigned int fd)
{
	return files_lookup(current->files, fd);
}

bool get_close_on_exec(unsigned int fd)
{
	return current->files->close_on_exec[fd / BITS_PER_LONG] & (1UL << (fd % BITS_PER_LONG));
}

void set_close_on_exec(unsigned int fd, bool on)
{
	set_cloexec(current->files, fd, on);
}

/*
 * The lowest descriptor from start that is free, reserved (its slot
 * allocated, still NULL) with its close-on-exec bit per flags. -EMFILE if
 * none below NR_OPEN, -ENOMEM if its chunk cannot be allocated.
 */
int __get_unused_fd(unsigned int flags, unsigned int start)
{
	struct files_struct *files = current->files;
	unsigned int fd;

	if (!files)
		return -EMFILE;
	fd = start > files->next_fd ? start : files->next_fd;
	for (; fd < NR_OPEN; fd++) {
		struct file **slot = fd_slot(files, fd, true);

		if (!slot)
			return -ENOMEM;
		if (!*slot)
			break;
	}
	if (fd >= NR_OPEN)
		return -EMFILE;
	if (start <= files->next_fd)
		files->next_fd = fd; /* every one below is taken; fd itself until installed */
	set_cloexec(files, fd, flags & O_CLOEXEC);
	return (int)fd;
}

int get_unused_fd_flags(unsigned int flags)
{
	return __get_unused_fd(flags, 0);
}

void put_unused_fd(unsigned int fd)
{
	if (fd < current->files->next_fd)
		current->files->next_fd = fd;
	release_chunk(current->files, fd);
}

void fd_install(unsigned int fd, struct file *file)
{
	struct files_struct *files = current->files;

	*fd_slot(files, fd, true) = file;
	if (fd == files->next_fd)
		files->next_fd = fd + 1;
}

int close_fd(unsigned int fd)
{
	struct files_struct *files = current->files;
	struct file *f = files_lookup(files, fd);

	if (!f)
		return -EBADF;
	*fd_slot(files, fd, false) = NULL;
	set_cloexec(files, fd, false);
	release_chunk(files, fd);
	if (fd < files->next_fd)
		files->next_fd = fd;
	fput(f);
	return 0;
}

/* close(fd) */
SYSCALL_DEFINE1(close, unsigned int, fd)
{
	return close_fd(fd);
}

/*
 * newfd names what oldfd names, closing what it named before; its
 * close-on-exec bit per flags (O_CLOEXEC or 0, else -EINVAL).
 */
static long do_dup3(unsigned int oldfd, unsigned int newfd, int flags)
{
	struct files_struct *files = current->files;
	struct file *f, **slot, *old;

	if (flags & ~O_CLOEXEC)
		return -EINVAL;
	if (oldfd == newfd)
		return -EINVAL;
	if (newfd >= NR_OPEN)
		return -EBADF;
	f = fget(oldfd);
	if (!f)
		return -EBADF;
	slot = fd_slot(files, newfd, true);
	if (!slot)
		return -ENOMEM;
	old = *slot;
	*slot = get_file(f);
	set_cloexec(files, newfd, flags & O_CLOEXEC);
	if (old)
		fput(old);
	if (newfd == files->next_fd)
		while (files->next_fd < NR_OPEN && files_lookup(files, files->next_fd))
			files->next_fd++;
	return newfd;
}

SYSCALL_DEFINE3(dup3, unsigned int, oldfd, unsigned int, newfd, int, flags)
{
	return do_dup3(oldfd, newfd, flags);
}

/*
 * dup2(oldfd, newfd): the old-style call of x86_64, powerpc and s390. As
 * dup3, except that oldfd == newfd is no error: it returns newfd if oldfd is
 * open, -EBADF if not.
 */
SYSCALL_DEFINE2(dup2, unsigned int, oldfd, unsigned int, newfd)
{
	if (oldfd == newfd)
		return fget(oldfd) ? (long)newfd : -EBADF;
	return do_dup3(oldfd, newfd, 0);
}

/* The lowest free descriptor from start names f too. */
static long dupfd(struct file *f, unsigned int start, unsigned int flags)
{
	int fd;

	if (start >= NR_OPEN)
		return -EINVAL;
	fd = __get_unused_fd(flags, start);
	if (fd < 0)
		return fd;
	fd_install((unsigned int)fd, get_file(f));
	return fd;
}

SYSCALL_DEFINE1(dup, unsigned int, fildes)
{
	struct file *f = fget(fildes);

	return f ? dupfd(f, 0, 0) : -EBADF;
}

/* The flags F_SETFL may change; the rest of arg is ignored, as in Linux. */
#define SETFL_MASK (O_APPEND | O_NONBLOCK)

SYSCALL_DEFINE3(fcntl, unsigned int, fd, unsigned int, cmd, unsigned long, arg)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	switch (cmd) {
	case F_DUPFD:
		return dupfd(f, (unsigned int)arg > NR_OPEN ? NR_OPEN : (unsigned int)arg, 0);
	case F_DUPFD_CLOEXEC:
		return dupfd(f, (unsigned int)arg > NR_OPEN ? NR_OPEN : (unsigned int)arg,
			     O_CLOEXEC);
	case F_GETFD:
		return get_close_on_exec(fd) ? FD_CLOEXEC : 0;
	case F_SETFD:
		set_close_on_exec(fd, arg & FD_CLOEXEC);
		return 0;
	case F_GETFL:
		return f->f_flags;
	case F_SETFL:
		f->f_flags = (f->f_flags & ~SETFL_MASK) | ((unsigned int)arg & SETFL_MASK);
		return 0;
	default:
		return -EINVAL;
	}
}
