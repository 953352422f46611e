// SPDX-License-Identifier: MIT
/*
 * Reading and writing: read, write, readv, writev, pread64, pwrite64, lseek
 * and sendfile, and the kernel's own kernel_read() and kernel_write(). A file
 * reads through f_op->read (user memory only: pipes, the tty) or
 * f_op->read_iter (either memory: ramfs, the memory devices); writes alike.
 */
#include <trapdoor/fs.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/mman.h>

#include "../kernel/syscalls.h"

#define MAX_RW_COUNT (INT_MAX & ~4095L) /* Linux's cap on one read or write */

size_t copy_to_iter(const void *src, size_t n, struct iov_iter *i)
{
	if (n > i->count)
		n = i->count;
	if (i->kernel) {
		memcpy(i->kbuf, src, n);
		i->kbuf = (char *)i->kbuf + n;
	} else {
		if (copy_to_user(i->ubuf, src, n) < 0)
			return 0;
		i->ubuf = (char __user *)i->ubuf + n;
	}
	i->count -= n;
	return n;
}

size_t copy_from_iter(void *dst, size_t n, struct iov_iter *i)
{
	if (n > i->count)
		n = i->count;
	if (i->kernel) {
		memcpy(dst, i->kbuf, n);
		i->kbuf = (char *)i->kbuf + n;
	} else {
		if (copy_from_user(dst, i->ubuf, n) < 0)
			return 0;
		i->ubuf = (char __user *)i->ubuf + n;
	}
	i->count -= n;
	return n;
}

static int rw_check(struct file *f, unsigned int mode, size_t *count)
{
	if (!(f->f_mode & mode))
		return -EBADF;
	if (f->f_inode && S_ISDIR(f->f_inode->i_mode))
		return -EISDIR;
	if (*count > MAX_RW_COUNT)
		*count = MAX_RW_COUNT;
	return 0;
}

ssize_t vfs_read(struct file *f, char __user *buf, size_t count, loff_t *pos)
{
	int err = rw_check(f, FMODE_READ, &count);

	if (err)
		return err;
	if (f->f_op->read)
		return f->f_op->read(f, buf, count, pos);
	if (f->f_op->read_iter) {
		struct iov_iter to = { .ubuf = buf, .count = count };

		if (!access_ok(buf, count, PROT_WRITE))
			return -EFAULT;
		return f->f_op->read_iter(f, &to, pos);
	}
	return -EINVAL;
}

ssize_t vfs_write(struct file *f, const char __user *buf, size_t count, loff_t *pos)
{
	int err = rw_check(f, FMODE_WRITE, &count);

	if (err)
		return err;
	if (f->f_op->write)
		return f->f_op->write(f, buf, count, pos);
	if (f->f_op->write_iter) {
		struct iov_iter from = { .ubuf = (char __user *)buf, .count = count };

		if (!access_ok(buf, count, PROT_READ))
			return -EFAULT;
		return f->f_op->write_iter(f, &from, pos);
	}
	return -EINVAL;
}

ssize_t kernel_read(struct file *f, void *buf, size_t count, loff_t *pos)
{
	struct iov_iter to = { .kernel = true, .kbuf = buf, .count = count };
	int err = rw_check(f, FMODE_READ, &to.count);

	if (err)
		return err;
	if (!f->f_op->read_iter)
		return -EINVAL;
	return f->f_op->read_iter(f, &to, pos);
}

ssize_t kernel_write(struct file *f, const void *buf, size_t count, loff_t *pos)
{
	struct iov_iter from = { .kernel = true, .kbuf = (void *)buf, .count = count };
	int err = rw_check(f, FMODE_WRITE, &from.count);

	if (err)
		return err;
	if (!f->f_op->write_iter)
		return -EINVAL;
	return f->f_op->write_iter(f, &from, pos);
}

/* The position a read or write at the file's own position starts at (O_APPEND: the end). */
static loff_t *file_ppos(struct file *f)
{
	return (f->f_mode & FMODE_LSEEK) ? &f->f_pos : NULL;
}

static ssize_t ksys_read(unsigned int fd, char __user *buf, size_t count)
{
	struct file *f = fget(fd);
	loff_t pos, *ppos;
	ssize_t ret;

	if (!f)
		return -EBADF;
	ppos = file_ppos(f);
	pos = ppos ? *ppos : 0;
	ret = vfs_read(f, buf, count, &pos);
	if (ppos && ret >= 0)
		*ppos = pos;
	return ret;
}

static ssize_t ksys_write(unsigned int fd, const char __user *buf, size_t count)
{
	struct file *f = fget(fd);
	loff_t pos, *ppos;
	ssize_t ret;

	if (!f)
		return -EBADF;
	ppos = file_ppos(f);
	if (ppos && (f->f_flags & O_APPEND) && f->f_inode)
		*ppos = f->f_inode->i_size;
	pos = ppos ? *ppos : 0;
	ret = vfs_write(f, buf, count, &pos);
	if (ppos && ret >= 0)
		*ppos = pos;
	return ret;
}

SYSCALL_DEFINE3(read, unsigned int, fd, char __user *, buf, size_t, count)
{
	return ksys_read(fd, buf, count);
}

SYSCALL_DEFINE3(write, unsigned int, fd, const char __user *, buf, size_t, count)
{
	return ksys_write(fd, buf, count);
}

static ssize_t ksys_pread64(unsigned int fd, char __user *buf, size_t count, loff_t pos, bool write)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	if (pos < 0)
		return -EINVAL;
	if (!(f->f_mode & FMODE_LSEEK))
		return -ESPIPE;
	return write ? vfs_write(f, buf, count, &pos) : vfs_read(f, buf, count, &pos);
}

SYSCALL_DEFINE4(pread64, unsigned int, fd, char __user *, buf, size_t, count, loff_t, pos)
{
	return ksys_pread64(fd, buf, count, pos, false);
}

SYSCALL_DEFINE4(pwrite64, unsigned int, fd, const char __user *, buf, size_t, count, loff_t, pos)
{
	return ksys_pread64(fd, (char __user *)buf, count, pos, true);
}

/* One piece of readv()'s or writev()'s buffer, Linux's struct iovec. */
struct iovec {
	void __user *iov_base;
	size_t iov_len;
};

#define UIO_MAXIOV 1024 /* Linux's limit on iovcnt */

/*
 * readv/writev(fd, iov, iovcnt): the pieces in order, as one read or write
 * would do them. As Linux: iovcnt above UIO_MAXIOV or lengths that add up past
 * SSIZE_MAX are -EINVAL before anything is done; a short transfer ends it; an
 * error after some bytes returns the count so far.
 */
static ssize_t do_iov(unsigned long fd, const struct iovec __user *uvec, unsigned long vlen,
		      bool write)
{
	size_t total = 0;
	ssize_t done = 0;

	if (!fget((unsigned int)fd)) /* Linux, too, takes fd as an unsigned int */
		return -EBADF;
	if (vlen > UIO_MAXIOV)
		return -EINVAL;
	for (unsigned long i = 0; i < vlen; i++) {
		struct iovec iov;

		if (copy_from_user(&iov, uvec + i, sizeof(iov)) < 0)
			return -EFAULT;
		if (iov.iov_len > (size_t)LONG_MAX - total)
			return -EINVAL;
		total += iov.iov_len;
	}
	for (unsigned long i = 0; i < vlen; i++) {
		struct iovec iov;
		ssize_t ret;

		if (copy_from_user(&iov, uvec + i, sizeof(iov)) < 0)
			return done ? done : -EFAULT;
		if (!iov.iov_len)
			continue;
		ret = write ? ksys_write((unsigned int)fd, iov.iov_base, iov.iov_len) :
			      ksys_read((unsigned int)fd, iov.iov_base, iov.iov_len);
		if (ret < 0)
			return done ? done : ret;
		done += ret;
		if ((size_t)ret < iov.iov_len)
			break;
	}
	return done;
}

SYSCALL_DEFINE3(readv, unsigned long, fd, const struct iovec __user *, uvec, unsigned long, vlen)
{
	return do_iov(fd, uvec, vlen, false);
}

SYSCALL_DEFINE3(writev, unsigned long, fd, const struct iovec __user *, uvec, unsigned long, vlen)
{
	return do_iov(fd, uvec, vlen, true);
}

loff_t generic_file_llseek(struct file *f, loff_t offset, int whence)
{
	loff_t pos;

	switch (whence) {
	case SEEK_SET:
		pos = offset;
		break;
	case SEEK_CUR:
		pos = f->f_pos + offset;
		break;
	case SEEK_END:
		pos = f->f_inode->i_size + offset;
		break;
	default:
		return -EINVAL;
	}
	if (pos < 0)
		return -EINVAL;
	f->f_pos = pos;
	return pos;
}

loff_t no_llseek(struct file *f, loff_t offset, int whence)
{
	return -ESPIPE;
}

SYSCALL_DEFINE3(lseek, unsigned int, fd, long, offset, unsigned int, whence)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	if (whence > SEEK_END)
		return -EINVAL;
	if (!(f->f_mode & FMODE_LSEEK) || !f->f_op->llseek)
		return -ESPIPE;
	return f->f_op->llseek(f, offset, (int)whence);
}

/* sendfile: not offered; Linux programs fall back to read and write on -EINVAL. */
SYSCALL_DEFINE4(sendfile, int, out_fd, int, in_fd, loff_t __user *, offset, size_t, count)
{
	return -EINVAL;
}
