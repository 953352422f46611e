// SPDX-License-Identifier: MIT
/*
 * File descriptors (include/trapdoor/file.h): the per-task table, the file
 * pool, and the calls that work on descriptors rather than on what they name:
 * close and dup3. A file lives as long as some descriptor, in any task, names
 * it (f_count); when the last one goes, its kind is told (pipe_release()).
 */
#include <trapdoor/file.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>

#include "syscalls.h"

#define NR_FILES (NR_TASKS * 2)

static struct file file_pool[NR_FILES];

/* The console: one file for every task's 0, 1 and 2, never freed. */
static struct file console_file = { .type = FILE_CONSOLE, .f_mode = FMODE_READ | FMODE_WRITE };

struct file *file_alloc(void)
{
	for (int i = 0; i < NR_FILES; i++) {
		struct file *f = &file_pool[i];

		if (f->f_count == 0) {
			*f = (struct file){ .f_count = 1 };
			return f;
		}
	}
	return NULL;
}

void file_free(struct file *f)
{
	f->f_count = 0;
}

static struct file *get_file(struct file *f)
{
	if (f != &console_file)
		f->f_count++;
	return f;
}

/* One descriptor fewer names f; the last one releases what it is. */
static void fput(struct file *f)
{
	if (f == &console_file)
		return;
	if (--f->f_count == 0 && f->type == FILE_PIPE)
		pipe_release(f);
}

void files_init(struct task_struct *t)
{
	for (int fd = 0; fd < NR_OPEN; fd++)
		t->files[fd] = fd < 3 ? &console_file : NULL;
}

void files_fork(struct task_struct *child, struct task_struct *parent)
{
	for (int fd = 0; fd < NR_OPEN; fd++)
		child->files[fd] = parent->files[fd] ? get_file(parent->files[fd]) : NULL;
}

void files_exit(struct task_struct *t)
{
	for (int fd = 0; fd < NR_OPEN; fd++) {
		struct file *f = t->files[fd];

		t->files[fd] = NULL;
		if (f)
			fput(f);
	}
}

struct file *fget(unsigned long fd)
{
	return fd < NR_OPEN ? current->files[fd] : NULL;
}

int get_unused_fd(void)
{
	for (int fd = 0; fd < NR_OPEN; fd++)
		if (!current->files[fd])
			return fd;
	return -EMFILE;
}

void fd_install(int fd, struct file *f)
{
	current->files[fd] = f;
}

long file_read(struct file *f, char __user *ubuf, size_t count)
{
	if (!(f->f_mode & FMODE_READ))
		return -EBADF;
	return pipe_read(f, ubuf, count);
}

long file_write(struct file *f, const char __user *ubuf, size_t count)
{
	if (!(f->f_mode & FMODE_WRITE))
		return -EBADF;
	return pipe_write(f, ubuf, count);
}

/* close(fd) */
SYSCALL_DEFINE1(close, unsigned int, fd)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	current->files[fd] = NULL;
	fput(f);
	return 0;
}

/*
 * dup3(oldfd, newfd, flags): newfd names what oldfd names, closing what it
 * named before. flags must be 0 (there is no close-on-exec); oldfd == newfd
 * is -EINVAL, as in Linux.
 */
static long do_dup3(unsigned int oldfd, unsigned int newfd, int flags)
{
	struct file *f = fget(oldfd), *old;

	if (!f)
		return -EBADF;
	if (newfd >= NR_OPEN)
		return -EBADF;
	if (flags != 0 || oldfd == newfd)
		return -EINVAL;
	old = current->files[newfd];
	current->files[newfd] = get_file(f);
	if (old)
		fput(old);
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
