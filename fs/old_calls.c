// SPDX-License-Identifier: MIT
/*
 * The old-style open, creat, stat and lstat that the x86_64, powerpc and s390
 * tables keep (Linux's fs/open.c and fs/stat.c have them beside openat and
 * newfstatat): each is its *at form with AT_FDCWD. An arch without them
 * (the generic table) builds nothing here.
 */
#include <trapdoor/fs.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/unistd.h>

#include "../kernel/syscalls.h"

#ifdef __NR_open
/* openat(AT_FDCWD, ...): on a 64-bit kernel every file is O_LARGEFILE, as Linux's open(). */
static long do_open(const char __user *filename, int flags, umode_t mode)
{
	struct filename *name = getname(filename);
	struct file *f;
	int fd;

	if (IS_ERR(name))
		return PTR_ERR(name);
	fd = get_unused_fd_flags((unsigned int)flags & O_CLOEXEC);
	if (fd >= 0) {
		f = do_filp_open(AT_FDCWD, name, flags | O_LARGEFILE, mode);
		if (IS_ERR(f)) {
			put_unused_fd((unsigned int)fd);
			fd = (int)PTR_ERR(f);
		} else {
			fd_install((unsigned int)fd, f);
		}
	}
	putname(name);
	return fd;
}

SYSCALL_DEFINE3(open, const char __user *, filename, int, flags, umode_t, mode)
{
	return do_open(filename, flags, mode);
}

SYSCALL_DEFINE2(creat, const char __user *, pathname, umode_t, mode)
{
	return do_open(pathname, O_CREAT | O_WRONLY | O_TRUNC, mode);
}
#endif

#ifdef __NR_stat
static long do_stat(const char __user *filename, struct stat __user *statbuf, unsigned int flags)
{
	stackleak_track_stack(); /* struct stat is a big frame */
	struct stat st;
	struct path path;
	int err = user_path_at(AT_FDCWD, filename, flags, &path);

	if (err)
		return err;
	generic_fillattr(path.dentry->d_inode, &st);
	path_put(&path);
	return copy_to_user(statbuf, &st, sizeof(st)) ? -EFAULT : 0;
}

SYSCALL_DEFINE2(stat, const char __user *, filename, struct stat __user *, statbuf)
{
	return do_stat(filename, statbuf, LOOKUP_FOLLOW);
}

SYSCALL_DEFINE2(lstat, const char __user *, filename, struct stat __user *, statbuf)
{
	return do_stat(filename, statbuf, 0);
}
#endif
