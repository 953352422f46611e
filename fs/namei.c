// SPDX-License-Identifier: MIT
/*
 * The calls that change names: mkdirat, unlinkat (AT_REMOVEDIR: rmdir),
 * symlinkat, readlinkat and renameat2, with the old-style forms that the
 * x86_64, powerpc and s390 tables keep (mkdir, rmdir, unlink, symlink,
 * readlink, rename) and renameat. As Linux's fs/namei.c: the path walk
 * (fs/lookup.c) gives the parent directory and the last component; the
 * checks and the errors are here; the file system's inode_operations make
 * the change, and the tree of dentries follows it.
 */
#include <trapdoor/fs.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/unistd.h>

#include "../kernel/syscalls.h"

#define S_IRWXUGO (S_IRWXU | S_IRWXG | S_IRWXO)

static bool d_is_dir(const struct dentry *d)
{
	return d->d_inode && S_ISDIR(d->d_inode->i_mode);
}

/* A directory with no names in it but "." and "..". */
static bool simple_empty(struct dentry *dir)
{
	struct list_head *pos;

	for (pos = dir->d_subdirs.next; pos != &dir->d_subdirs; pos = pos->next) {
		struct dentry *child = list_entry(pos, struct dentry, d_child);

		if (child->d_inode && !child->d_unlinked)
			return false;
	}
	return true;
}

/* Is d the directory anc, or inside it? */
static bool is_subdir(struct dentry *d, struct dentry *anc)
{
	for (;;) {
		if (d == anc)
			return true;
		if (d->d_parent == d)
			return false;
		d = d->d_parent;
	}
}

/* The parent and last component of a name a call creates or removes. */
struct nameidata_parent {
	struct filename *name;
	struct path parent;
	struct qstr last;
	int type;
	unsigned int lflags; /* LOOKUP_DIRECTORY: the name ended in '/' */
};

static int parent_of(int dfd, const char __user *uname, struct nameidata_parent *nd)
{
	int err;

	nd->lflags = 0;
	nd->name = getname(uname);
	if (IS_ERR(nd->name))
		return (int)PTR_ERR(nd->name);
	err = filename_parentat(dfd, nd->name, &nd->lflags, &nd->parent, &nd->last, &nd->type);
	if (err) {
		putname(nd->name);
		return err;
	}
	return 0;
}

static void parent_put(struct nameidata_parent *nd)
{
	path_put(&nd->parent);
	putname(nd->name);
}

/*
 * The child named nd->last, a referenced dentry (negative if the name is
 * free), or ERR_PTR. A directory that was removed takes no new names.
 */
static struct dentry *child_of(struct nameidata_parent *nd)
{
	if (nd->last.len > NAME_MAX)
		return ERR_PTR(-ENAMETOOLONG);
	return lookup_one(nd->parent.dentry, &nd->last);
}

/*
 * A new name for mkdir or symlink: the negative dentry to create it at.
 * "/", "." and ".." and names in use are -EEXIST; a name ending in '/' only
 * makes a directory (-ENOENT otherwise), as Linux's filename_create().
 */
static struct dentry *create_at(struct nameidata_parent *nd, bool is_dir)
{
	struct dentry *dentry;

	if (nd->type != LAST_NORM)
		return ERR_PTR(-EEXIST);
	dentry = child_of(nd);
	if (IS_ERR(dentry))
		return dentry;
	if (dentry->d_inode) {
		dput(dentry);
		return ERR_PTR(-EEXIST);
	}
	if ((!is_dir && (nd->lflags & LOOKUP_DIRECTORY)) || nd->parent.dentry->d_unlinked) {
		dput(dentry);
		return ERR_PTR(-ENOENT);
	}
	return dentry;
}

static long do_mkdirat(int dfd, const char __user *pathname, umode_t mode)
{
	struct nameidata_parent nd;
	struct dentry *dentry;
	long err = parent_of(dfd, pathname, &nd);

	if (err)
		return err;
	dentry = create_at(&nd, true);
	if (IS_ERR(dentry)) {
		err = PTR_ERR(dentry);
	} else {
		mode = (umode_t)((mode & (S_IRWXUGO | S_ISVTX)) & ~current->fs.umask);
		err = vfs_mkdir(nd.parent.dentry->d_inode, dentry, mode);
		dput(dentry);
	}
	parent_put(&nd);
	return err;
}

SYSCALL_DEFINE3(mkdirat, int, dfd, const char __user *, pathname, umode_t, mode)
{
	return do_mkdirat(dfd, pathname, mode);
}

static long do_symlinkat(const char __user *oldname, int newdfd, const char __user *newname)
{
	struct filename *target = getname(oldname);
	struct nameidata_parent nd;
	struct dentry *dentry;
	long err;

	if (IS_ERR(target))
		return PTR_ERR(target);
	err = parent_of(newdfd, newname, &nd);
	if (!err) {
		dentry = create_at(&nd, false);
		if (IS_ERR(dentry)) {
			err = PTR_ERR(dentry);
		} else {
			err = vfs_symlink(nd.parent.dentry->d_inode, dentry, target->name);
			dput(dentry);
		}
		parent_put(&nd);
	}
	putname(target);
	return err;
}

SYSCALL_DEFINE3(symlinkat, const char __user *, oldname, int, newdfd, const char __user *, newname)
{
	return do_symlinkat(oldname, newdfd, newname);
}

/* Linux's vfs_rmdir(): dentry is a directory of dir; it must be empty. */
int vfs_rmdir(struct inode *dir, struct dentry *dentry)
{
	int err;

	if (!simple_empty(dentry))
		return -ENOTEMPTY;
	if (!dir->i_op || !dir->i_op->rmdir)
		return -EPERM;
	err = dir->i_op->rmdir(dir, dentry);
	if (!err)
		d_delete(dentry);
	return err;
}

/* Linux's vfs_unlink(): dentry, not a directory, leaves dir (its inode lives while open). */
int vfs_unlink(struct inode *dir, struct dentry *dentry)
{
	int err;

	if (!dir->i_op || !dir->i_op->unlink)
		return -EPERM;
	err = dir->i_op->unlink(dir, dentry);
	if (!err)
		d_delete(dentry);
	return err;
}

/* rmdir: "." is -EINVAL, ".." -ENOTEMPTY and "/" -EBUSY, as Linux's do_rmdir(). */
static long do_rmdir(int dfd, const char __user *pathname)
{
	static const int type_errors[] = {
		[LAST_ROOT] = -EBUSY, [LAST_DOT] = -EINVAL, [LAST_DOTDOT] = -ENOTEMPTY
	};
	struct nameidata_parent nd;
	struct dentry *dentry;
	long err = parent_of(dfd, pathname, &nd);

	if (err)
		return err;
	if (nd.type != LAST_NORM) {
		err = type_errors[nd.type];
		goto out;
	}
	dentry = child_of(&nd);
	if (IS_ERR(dentry)) {
		err = PTR_ERR(dentry);
		goto out;
	}
	if (!dentry->d_inode)
		err = -ENOENT;
	else if (!d_is_dir(dentry))
		err = -ENOTDIR;
	else
		err = vfs_rmdir(nd.parent.dentry->d_inode, dentry);
	dput(dentry);
out:
	parent_put(&nd);
	return err;
}

/* unlink: a directory is -EISDIR; a name ending in '/' must be one (-ENOTDIR). */
static long do_unlinkat(int dfd, const char __user *pathname)
{
	struct nameidata_parent nd;
	struct dentry *dentry;
	long err = parent_of(dfd, pathname, &nd);

	if (err)
		return err;
	if (nd.type != LAST_NORM) {
		err = -EISDIR;
		goto out;
	}
	dentry = child_of(&nd);
	if (IS_ERR(dentry)) {
		err = PTR_ERR(dentry);
		goto out;
	}
	if (!dentry->d_inode)
		err = -ENOENT;
	else if (d_is_dir(dentry))
		err = -EISDIR;
	else if (nd.lflags & LOOKUP_DIRECTORY)
		err = -ENOTDIR;
	else
		err = vfs_unlink(nd.parent.dentry->d_inode, dentry);
	dput(dentry);
out:
	parent_put(&nd);
	return err;
}

SYSCALL_DEFINE3(unlinkat, int, dfd, const char __user *, pathname, int, flag)
{
	if (flag & ~AT_REMOVEDIR)
		return -EINVAL;
	return flag & AT_REMOVEDIR ? do_rmdir(dfd, pathname) : do_unlinkat(dfd, pathname);
}

/*
 * A symlink's target into buf (at most size bytes, no NUL added): the bytes
 * copied. A magic link (/proc/self/exe) reads as the path of what it names.
 */
static char link_buf[PATH_MAX]; /* the kernel lock is held: one serves every call */

static long readlink_copy(struct dentry *dentry, char __user *buf, int size)
{
	struct inode *inode = dentry->d_inode;
	struct path jump = { 0 };
	const char *target;
	size_t len;

	if (!inode->i_op || !inode->i_op->get_link)
		return -EINVAL;
	target = inode->i_op->get_link(dentry, inode, &jump);
	if (IS_ERR(target))
		return PTR_ERR(target);
	if (!target) {
		target = d_path(&jump, link_buf, sizeof(link_buf));
		path_put(&jump);
		if (IS_ERR(target))
			return PTR_ERR(target);
	}
	len = strlen(target);
	if (len > (size_t)size)
		len = (size_t)size;
	if (copy_to_user(buf, target, len))
		return -EFAULT;
	return (long)len;
}

static long do_readlinkat(int dfd, const char __user *pathname, char __user *buf, int bufsiz)
{
	struct path path;
	long err;

	if (bufsiz <= 0)
		return -EINVAL;
	err = user_path_at(dfd, pathname, LOOKUP_EMPTY, &path);
	if (err)
		return err;
	if (S_ISLNK(path.dentry->d_inode->i_mode))
		err = readlink_copy(path.dentry, buf, bufsiz);
	else
		err = -EINVAL;
	path_put(&path);
	return err;
}

SYSCALL_DEFINE4(readlinkat, int, dfd, const char __user *, pathname, char __user *, buf, int,
		bufsiz)
{
	return do_readlinkat(dfd, pathname, buf, bufsiz);
}

/*
 * Linux's vfs_rename(): old_dentry in old_dir becomes new_dentry in new_dir
 * (negative, or a file it replaces, or with RENAME_EXCHANGE one it swaps
 * with). A directory replaces only an empty directory; a file only a file.
 */
static int vfs_rename(struct inode *old_dir, struct dentry *old_dentry, struct inode *new_dir,
		      struct dentry *new_dentry, unsigned int flags)
{
	bool is_dir = d_is_dir(old_dentry);
	int err;

	if (old_dentry->d_inode == new_dentry->d_inode)
		return 0;
	if (new_dentry->d_inode) {
		bool new_is_dir = d_is_dir(new_dentry);

		if (!(flags & RENAME_EXCHANGE)) {
			if (is_dir && !new_is_dir)
				return -ENOTDIR;
			if (!is_dir && new_is_dir)
				return -EISDIR;
			if (new_is_dir && !simple_empty(new_dentry))
				return -ENOTEMPTY;
		}
	} else if (new_dentry->d_parent->d_unlinked) {
		return -ENOENT;
	}
	if (!old_dir->i_op || !old_dir->i_op->rename)
		return -EPERM;
	err = old_dir->i_op->rename(old_dir, old_dentry, new_dir, new_dentry, flags);
	if (err)
		return err;
	return 0;
}

static long do_renameat2(int olddfd, const char __user *oldname, int newdfd,
			 const char __user *newname, unsigned int flags)
{
	stackleak_track_stack(); /* two parents' walks: a big frame */
	struct nameidata_parent from, to;
	struct dentry *old_dentry, *new_dentry;
	long err;

	/* RENAME_WHITEOUT is for union file systems: trapdoor has none. */
	if (flags & ~(RENAME_NOREPLACE | RENAME_EXCHANGE))
		return -EINVAL;
	if ((flags & RENAME_NOREPLACE) && (flags & RENAME_EXCHANGE))
		return -EINVAL;
	err = parent_of(olddfd, oldname, &from);
	if (err)
		return err;
	err = parent_of(newdfd, newname, &to);
	if (err)
		goto out_from;
	err = -EBUSY;
	if (from.type != LAST_NORM)
		goto out_to;
	if (flags & RENAME_NOREPLACE)
		err = -EEXIST;
	if (to.type != LAST_NORM)
		goto out_to;

	old_dentry = child_of(&from);
	err = PTR_ERR(old_dentry);
	if (IS_ERR(old_dentry))
		goto out_to;
	err = -ENOENT;
	if (!old_dentry->d_inode)
		goto out_old;
	new_dentry = child_of(&to);
	err = PTR_ERR(new_dentry);
	if (IS_ERR(new_dentry))
		goto out_old;
	err = -EEXIST;
	if ((flags & RENAME_NOREPLACE) && new_dentry->d_inode)
		goto out_new;
	if (flags & RENAME_EXCHANGE) {
		err = -ENOENT;
		if (!new_dentry->d_inode)
			goto out_new;
		err = -ENOTDIR;
		if (!d_is_dir(new_dentry) && (to.lflags & LOOKUP_DIRECTORY))
			goto out_new;
	}
	err = -ENOTDIR;
	if (!d_is_dir(old_dentry) &&
	    ((from.lflags & LOOKUP_DIRECTORY) ||
	     (!(flags & RENAME_EXCHANGE) && (to.lflags & LOOKUP_DIRECTORY))))
		goto out_new;
	/* Neither may move into itself. */
	err = -EINVAL;
	if (is_subdir(to.parent.dentry, old_dentry))
		goto out_new;
	err = flags & RENAME_EXCHANGE ? -EINVAL : -ENOTEMPTY;
	if (is_subdir(from.parent.dentry, new_dentry))
		goto out_new;
	err = vfs_rename(from.parent.dentry->d_inode, old_dentry, to.parent.dentry->d_inode,
			 new_dentry, flags);
out_new:
	dput(new_dentry);
out_old:
	dput(old_dentry);
out_to:
	parent_put(&to);
out_from:
	parent_put(&from);
	return err;
}

SYSCALL_DEFINE5(renameat2, int, olddfd, const char __user *, oldname, int, newdfd,
		const char __user *, newname, unsigned int, flags)
{
	return do_renameat2(olddfd, oldname, newdfd, newname, flags);
}

/* The older forms, where this arch's table has them. */
#ifdef __NR_renameat
SYSCALL_DEFINE4(renameat, int, olddfd, const char __user *, oldname, int, newdfd,
		const char __user *, newname)
{
	return do_renameat2(olddfd, oldname, newdfd, newname, 0);
}
#endif
#ifdef __NR_rename
SYSCALL_DEFINE2(rename, const char __user *, oldname, const char __user *, newname)
{
	return do_renameat2(AT_FDCWD, oldname, AT_FDCWD, newname, 0);
}
#endif
#ifdef __NR_mkdir
SYSCALL_DEFINE2(mkdir, const char __user *, pathname, umode_t, mode)
{
	return do_mkdirat(AT_FDCWD, pathname, mode);
}
#endif
#ifdef __NR_rmdir
SYSCALL_DEFINE1(rmdir, const char __user *, pathname)
{
	return do_rmdir(AT_FDCWD, pathname);
}
#endif
#ifdef __NR_unlink
SYSCALL_DEFINE1(unlink, const char __user *, pathname)
{
	return do_unlinkat(AT_FDCWD, pathname);
}
#endif
#ifdef __NR_symlink
SYSCALL_DEFINE2(symlink, const char __user *, oldname, const char __user *, newname)
{
	return do_symlinkat(oldname, AT_FDCWD, newname);
}
#endif
#ifdef __NR_readlink
SYSCALL_DEFINE3(readlink, const char __user *, path, char __user *, buf, int, bufsiz)
{
	return do_readlinkat(AT_FDCWD, path, buf, bufsiz);
}
#endif
