// SPDX-License-Identifier: MIT
/*
 * faccessat (and the old-style access), fchmodat, fchmod (and the old-style
 * chmod) and ftruncate, as Linux's fs/open.c has them. Every task is root: reading and writing are always allowed, and
 * executing needs an x bit somewhere in the mode, unless it is a directory
 * (Linux's rule for the superuser, generic_permission()).
 */
#include <trapdoor/fs.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>
#include <uapi/unistd.h>

#include "../kernel/syscalls.h"

static long do_faccessat(int dfd, const char __user *filename, int mode)
{
	struct path path;
	umode_t imode;
	int err;

	if (mode & ~(F_OK | R_OK | W_OK | X_OK))
		return -EINVAL;
	err = user_path_at(dfd, filename, LOOKUP_FOLLOW, &path);
	if (err)
		return err;
	imode = path.dentry->d_inode->i_mode;
	if ((mode & X_OK) && !S_ISDIR(imode) && !(imode & (S_IXUSR | S_IXGRP | S_IXOTH)))
		err = -EACCES;
	path_put(&path);
	return err;
}

SYSCALL_DEFINE3(faccessat, int, dfd, const char __user *, filename, int, mode)
{
	return do_faccessat(dfd, filename, mode);
}

#ifdef __NR_access
SYSCALL_DEFINE2(access, const char __user *, filename, int, mode)
{
	return do_faccessat(AT_FDCWD, filename, mode);
}
#endif

/*
 * chmod: the permission bits (and set-id and sticky bits) become mode's; the
 * file's type stays. Every task is root, so no ownership check applies.
 */
static long chmod_common(struct inode *inode, umode_t mode)
{
	inode->i_mode = (inode->i_mode & S_IFMT) |
			(mode & (S_ISUID | S_ISGID | S_ISVTX | S_IRWXU | S_IRWXG | S_IRWXO));
	return 0;
}

static long do_fchmodat(int dfd, const char __user *filename, umode_t mode)
{
	struct path path;
	long err = user_path_at(dfd, filename, LOOKUP_FOLLOW, &path);

	if (err)
		return err;
	err = chmod_common(path.dentry->d_inode, mode);
	path_put(&path);
	return err;
}

SYSCALL_DEFINE3(fchmodat, int, dfd, const char __user *, filename, umode_t, mode)
{
	return do_fchmodat(dfd, filename, mode);
}

SYSCALL_DEFINE2(fchmod, unsigned int, fd, umode_t, mode)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	return chmod_common(f->f_inode, mode);
}

#ifdef __NR_chmod
SYSCALL_DEFINE2(chmod, const char __user *, filename, umode_t, mode)
{
	return do_fchmodat(AT_FDCWD, filename, mode);
}
#endif

/*
 * ftruncate: a regular file open for writing gets the size given, grown with
 * zeros or cut; its offset stays where it was.
 */
SYSCALL_DEFINE2(ftruncate, unsigned int, fd, long, length)
{
	struct file *f;

	if (length < 0)
		return -EINVAL;
	f = fget(fd);
	if (!f)
		return -EBADF;
	if (!S_ISREG(f->f_inode->i_mode) || !(f->f_mode & FMODE_WRITE))
		return -EINVAL;
	return vfs_truncate(f->f_inode, length);
}
