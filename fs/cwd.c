// SPDX-License-Identifier: MIT
/*
 * A task's working directory and umask, as the calls see them: chdir,
 * fchdir, getcwd and umask (Linux's fs/open.c, fs/d_path.c and
 * kernel/sys.c). The working directory is a referenced dentry in the task's
 * fs_struct (fs/fs_struct.c): a directory removed while a task works in it
 * lives on, with no name (getcwd: -ENOENT), until the task leaves it.
 */
#include <trapdoor/fs.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>

#include "../kernel/syscalls.h"

SYSCALL_DEFINE1(chdir, const char __user *, filename)
{
	struct path path;
	int err = user_path_at(AT_FDCWD, filename, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &path);

	if (err)
		return err;
	set_fs_pwd(&current->fs, &path);
	path_put(&path);
	return 0;
}

SYSCALL_DEFINE1(fchdir, unsigned int, fd)
{
	struct file *f = fget(fd);

	if (!f)
		return -EBADF;
	if (!S_ISDIR(f->f_inode->i_mode))
		return -ENOTDIR;
	set_fs_pwd(&current->fs, &f->f_path);
	return 0;
}

/* The kernel lock is held: one buffer serves every call. */
static char cwd_buf[PATH_MAX];

/* getcwd: the length with the NUL; -ERANGE if size is too small for it. */
SYSCALL_DEFINE2(getcwd, char __user *, buf, unsigned long, size)
{
	const struct path *pwd = &current->fs.pwd;
	const char *cwd;
	size_t len;

	if (pwd->dentry->d_unlinked)
		return -ENOENT;
	cwd = d_path(pwd, cwd_buf, sizeof(cwd_buf));
	if (IS_ERR(cwd))
		return PTR_ERR(cwd);
	len = strlen(cwd) + 1;
	if (len > size)
		return -ERANGE;
	if (copy_to_user(buf, cwd, len))
		return -EFAULT;
	return (long)len;
}

/* umask: the old mask; only the permission bits are kept. */
SYSCALL_DEFINE1(umask, int, mask)
{
	umode_t old = current->fs.umask;

	current->fs.umask = (umode_t)(mask & (S_IRWXU | S_IRWXG | S_IRWXO));
	return old;
}
