// SPDX-License-Identifier: MIT
/*
 * fstat, newfstatat and statx: what an inode says of itself, in this arch's
 * struct stat (<asm/stat.h>) or in struct statx. Everything is owned by root;
 * the device of every file is ramfs's one (0:1, Linux's first anonymous
 * device).
 */
#include <trapdoor/fs.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>

#include "../kernel/syscalls.h"

#define FS_DEV	   MKDEV(0, 1)
#define FS_BLKSIZE 4096

static u64 inode_blocks(const struct inode *inode)
{
	/* 512-byte blocks, in whole pages, as a page-backed file system counts them. */
	if (!S_ISREG(inode->i_mode))
		return 0;
	return (u64)((inode->i_size + 4095) / 4096) * 8;
}

void generic_fillattr(struct inode *inode, struct stat *st)
{
	memset(st, 0, sizeof(*st));
	st->st_dev = new_encode_dev(FS_DEV);
	st->st_ino = inode->i_ino;
	st->st_mode = inode->i_mode;
	st->st_nlink = inode->i_nlink;
	st->st_uid = inode->i_uid;
	st->st_gid = inode->i_gid;
	st->st_rdev = new_encode_dev(inode->i_rdev);
	st->st_size = inode->i_size;
	st->st_blksize = FS_BLKSIZE;
	st->st_blocks = (long)inode_blocks(inode);
	st->st_atime = inode->i_atime.tv_sec;
	st->st_atime_nsec = (unsigned long)inode->i_atime.tv_nsec;
	st->st_mtime = inode->i_mtime.tv_sec;
	st->st_mtime_nsec = (unsigned long)inode->i_mtime.tv_nsec;
	st->st_ctime = inode->i_ctime.tv_sec;
	st->st_ctime_nsec = (unsigned long)inode->i_ctime.tv_nsec;
}

/*
 * The inode dfd and name lead to, with a reference in *path: AT_EMPTY_PATH
 * with "" is dfd itself (any open file, a pipe too), AT_SYMLINK_NOFOLLOW
 * leaves a last symlink unfollowed. Flags beyond those: -EINVAL.
 */
static int vfs_statx_path(int dfd, const char __user *name, int flags, struct inode **inode,
			  struct path *path)
{
	unsigned int lookup = LOOKUP_FOLLOW;
	int err;

	if (flags & ~(AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | AT_EMPTY_PATH | AT_STATX_SYNC_TYPE))
		return -EINVAL;
	if (flags & AT_SYMLINK_NOFOLLOW)
		lookup &= ~LOOKUP_FOLLOW;
	if (flags & AT_EMPTY_PATH) {
		char c;

		if (copy_from_user(&c, name, 1) < 0)
			return -EFAULT;
		if (!c) {
			struct file *f = dfd == AT_FDCWD ? NULL : fget((unsigned int)dfd);

			if (dfd != AT_FDCWD && !f)
				return -EBADF;
			if (f && !f->f_path.dentry) {
				*inode = ihold(f->f_inode);
				path->dentry = NULL;
				return 0;
			}
			lookup |= LOOKUP_EMPTY;
		}
	}
	err = user_path_at(dfd, name, lookup, path);
	if (err)
		return err;
	*inode = ihold(path->dentry->d_inode);
	return 0;
}

static void statx_put(struct inode *inode, struct path *path)
{
	iput(inode);
	if (path->dentry)
		path_put(path);
}

SYSCALL_DEFINE4(newfstatat, int, dfd, const char __user *, filename, struct stat __user *, statbuf,
		int, flag)
{
	stackleak_track_stack(); /* struct stat or statx is a big frame */
	struct inode *inode;
	struct path path;
	struct stat st;
	int err = vfs_statx_path(dfd, filename, flag, &inode, &path);

	if (err)
		return err;
	generic_fillattr(inode, &st);
	statx_put(inode, &path);
	return copy_to_user(statbuf, &st, sizeof(st)) < 0 ? -EFAULT : 0;
}

SYSCALL_DEFINE2(fstat, unsigned int, fd, struct stat __user *, statbuf)
{
	stackleak_track_stack(); /* struct stat or statx is a big frame */
	struct file *f = fget(fd);
	struct stat st;

	if (!f)
		return -EBADF;
	generic_fillattr(f->f_inode, &st);
	return copy_to_user(statbuf, &st, sizeof(st)) < 0 ? -EFAULT : 0;
}

static struct statx_timestamp statx_time(struct timespec64 t)
{
	return (struct statx_timestamp){ .tv_sec = t.tv_sec, .tv_nsec = (unsigned int)t.tv_nsec };
}

/* statx(dfd, name, flags, mask, buf): every basic field, whatever mask asks (as Linux may). */
SYSCALL_DEFINE5(statx, int, dfd, const char __user *, filename, unsigned int, flags, unsigned int,
		mask, struct statx __user *, buffer)
{
	stackleak_track_stack(); /* struct stat or statx is a big frame */
	struct inode *inode;
	struct path path;
	struct statx sx;
	int err;

	if (mask & STATX__RESERVED)
		return -EINVAL;
	if ((flags & AT_STATX_SYNC_TYPE) == AT_STATX_SYNC_TYPE)
		return -EINVAL;
	err = vfs_statx_path(dfd, filename, (int)flags, &inode, &path);
	if (err)
		return err;
	memset(&sx, 0, sizeof(sx));
	sx.stx_mask = STATX_BASIC_STATS;
	sx.stx_blksize = FS_BLKSIZE;
	sx.stx_nlink = inode->i_nlink;
	sx.stx_uid = inode->i_uid;
	sx.stx_gid = inode->i_gid;
	sx.stx_mode = inode->i_mode;
	sx.stx_ino = inode->i_ino;
	sx.stx_size = (u64)inode->i_size;
	sx.stx_blocks = inode_blocks(inode);
	sx.stx_atime = statx_time(inode->i_atime);
	sx.stx_ctime = statx_time(inode->i_ctime);
	sx.stx_mtime = statx_time(inode->i_mtime);
	sx.stx_rdev_major = MAJOR(inode->i_rdev);
	sx.stx_rdev_minor = MINOR(inode->i_rdev);
	sx.stx_dev_major = MAJOR(FS_DEV);
	sx.stx_dev_minor = MINOR(FS_DEV);
	statx_put(inode, &path);
	return copy_to_user(buffer, &sx, sizeof(sx)) < 0 ? -EFAULT : 0;
}
