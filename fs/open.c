// SPDX-License-Identifier: MIT
/*
 * Names to files: getname() copies a path in, the walk (fs/lookup.c) starts
 * at the root, the working directory or a directory descriptor, and openat
 * makes an open file of what it finds, or creates it (O_CREAT). As Linux:
 *   - O_CREAT|O_EXCL on an existing name: -EEXIST (a symlink included);
 *   - O_NOFOLLOW on a symlink: -ELOOP; O_DIRECTORY on a non-directory: -ENOTDIR;
 *   - a directory opened for writing, or created: -EISDIR;
 *   - O_TRUNC empties a regular file; O_APPEND writes at the end;
 *   - no free descriptor: -EMFILE.
 */
#include <trapdoor/fs.h>
#include <trapdoor/mm.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>

#include "../kernel/syscalls.h"

struct filename *getname(const char __user *uname)
{
	struct filename *name = alloc_page();
	long len;

	if (!name)
		return ERR_PTR(-ENOMEM);
	len = strncpy_from_user(name->name, uname, PATH_MAX);
	if (len < 0) {
		free_page(name);
		return ERR_PTR(len);
	}
	return name;
}

struct filename *getname_kernel(const char *kname)
{
	size_t len = strlen(kname);
	struct filename *name;

	if (len >= PATH_MAX)
		return ERR_PTR(-ENAMETOOLONG);
	name = alloc_page();
	if (!name)
		return ERR_PTR(-ENOMEM);
	memcpy(name->name, kname, len + 1);
	return name;
}

void putname(struct filename *name)
{
	if (!IS_ERR_OR_NULL(name))
		free_page(name);
}

int path_start(int dfd, struct path *start)
{
	struct file *f;

	if (dfd == AT_FDCWD) {
		start->dentry = current->fs.pwd.dentry ? current->fs.pwd.dentry : root_dentry;
		path_get(start);
		return 0;
	}
	f = fget((unsigned int)dfd);
	if (!f)
		return -EBADF;
	if (!f->f_path.dentry)
		return -ENOTDIR;
	start->dentry = f->f_path.dentry;
	path_get(start);
	return 0;
}

/* The start for name: dfd's directory, or none needed for an absolute name. */
static int name_start(int dfd, const char *name, struct path *start)
{
	if (name[0] == '/') {
		start->dentry = dget(root_dentry);
		return 0;
	}
	return path_start(dfd, start);
}

int filename_lookup(int dfd, struct filename *name, unsigned int flags, struct path *path)
{
	struct path start;
	int err = name_start(dfd, name->name, &start);

	if (err)
		return err;
	err = path_walk(&start, name->name, flags, path);
	path_put(&start);
	return err;
}

int filename_parentat(int dfd, struct filename *name, unsigned int *lflags, struct path *parent,
		      struct qstr *last, int *type)
{
	struct path start;
	int err = name_start(dfd, name->name, &start);

	if (err)
		return err;
	err = path_walk_parent(&start, name->name, lflags, parent, last, type);
	path_put(&start);
	return err;
}

int user_path_at(int dfd, const char __user *uname, unsigned int flags, struct path *path)
{
	struct filename *name = getname(uname);
	int err;

	if (IS_ERR(name))
		return (int)PTR_ERR(name);
	err = filename_lookup(dfd, name, flags, path);
	putname(name);
	return err;
}

int kern_path(const char *kname, unsigned int flags, struct path *path)
{
	struct filename *name = getname_kernel(kname);
	int err;

	if (IS_ERR(name))
		return (int)PTR_ERR(name);
	err = filename_lookup(AT_FDCWD, name, flags, path);
	putname(name);
	return err;
}

static umode_t apply_umask(umode_t mode)
{
	return (umode_t)(mode & ~current->fs.umask & 07777);
}

int vfs_create(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	if (!dir->i_op || !dir->i_op->create)
		return -EACCES;
	return dir->i_op->create(dir, dentry, mode);
}

int vfs_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	if (!dir->i_op || !dir->i_op->mkdir)
		return -EPERM;
	return dir->i_op->mkdir(dir, dentry, mode);
}

int vfs_mknod(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t dev)
{
	if (!dir->i_op || !dir->i_op->mknod)
		return -EPERM;
	return dir->i_op->mknod(dir, dentry, mode, dev);
}

int vfs_symlink(struct inode *dir, struct dentry *dentry, const char *target)
{
	if (!*target)
		return -ENOENT; /* Linux refuses an empty target */
	if (!dir->i_op || !dir->i_op->symlink)
		return -EPERM;
	return dir->i_op->symlink(dir, dentry, target);
}

int vfs_truncate(struct inode *inode, loff_t size)
{
	if (S_ISDIR(inode->i_mode))
		return -EISDIR;
	if (!S_ISREG(inode->i_mode) || !inode->i_op || !inode->i_op->setsize)
		return -EINVAL;
	return inode->i_op->setsize(inode, size);
}

/*
 * The dentry last names in the directory parent, created (a regular file of
 * mode) if missing; an existing symlink is followed, and a dangling one
 * creates its target, as in Linux. A reference in *path.
 */
static int create_at(const struct path *parent, struct qstr last, int flags, umode_t mode,
		     struct path *path)
{
	struct path dir = *parent;
	int err = 0;

	path_get(&dir);
	for (unsigned int links = 0;; links++) {
		struct dentry *d = lookup_one(dir.dentry, &last);
		const char *target;
		struct path jump = { 0 }, next;
		unsigned int lflags = 0;
		int type;

		if (IS_ERR(d)) {
			err = (int)PTR_ERR(d);
			break;
		}
		if (!d->d_inode) {
			err = vfs_create(dir.dentry->d_inode, d, apply_umask(mode));
		} else if (flags & O_EXCL) {
			err = -EEXIST;
		} else if (S_ISLNK(d->d_inode->i_mode) && !(flags & O_NOFOLLOW)) {
			struct inode *inode = d->d_inode;

			err = links >= MAXSYMLINKS ? -ELOOP : 0;
			target = err ? NULL : inode->i_op->get_link(d, inode, &jump);
			if (IS_ERR(target))
				err = (int)PTR_ERR(target);
			if (!err && !target) { /* a magic link: its file */
				dput(d);
				*path = jump;
				break;
			}
			if (!err)
				err = path_walk_parent(&dir, target, &lflags, &next, &last, &type);
			dput(d);
			if (err)
				break;
			path_put(&dir);
			dir = next;
			if (type != LAST_NORM || (lflags & LOOKUP_DIRECTORY)) {
				err = -EISDIR;
				break;
			}
			continue;
		}
		if (err) {
			dput(d);
		} else {
			path->dentry = d;
		}
		break;
	}
	path_put(&dir);
	return err;
}

/* The dentry an O_CREAT open names, created if missing: a reference in *path. */
static int open_create(int dfd, struct filename *name, int flags, umode_t mode, struct path *path)
{
	unsigned int lflags = 0;
	struct path parent;
	struct qstr last;
	int type, err;

	err = filename_parentat(dfd, name, &lflags, &parent, &last, &type);
	if (err)
		return err;
	if (type != LAST_NORM || (lflags & LOOKUP_DIRECTORY)) {
		path_put(&parent);
		return -EISDIR;
	}
	err = create_at(&parent, last, flags, mode, path);
	path_put(&parent);
	return err;
}

struct file *do_filp_open(int dfd, struct filename *name, int flags, umode_t mode)
{
	stackleak_track_stack(); /* a big frame */
	unsigned int lookup = (flags & O_NOFOLLOW) ? 0 : LOOKUP_FOLLOW;
	struct path path;
	struct inode *inode;
	struct file *f;
	int err;

	if (flags & O_DIRECTORY)
		lookup |= LOOKUP_DIRECTORY;
	if (flags & O_CREAT)
		err = open_create(dfd, name, flags, mode, &path);
	else
		err = filename_lookup(dfd, name, lookup, &path);
	if (err)
		return ERR_PTR(err);
	inode = path.dentry->d_inode;
	err = 0;
	if (S_ISLNK(inode->i_mode))
		err = -ELOOP; /* O_NOFOLLOW */
	else if ((flags & O_DIRECTORY) && !S_ISDIR(inode->i_mode))
		err = -ENOTDIR;
	else if (S_ISDIR(inode->i_mode) && ((flags & O_ACCMODE) != O_RDONLY || (flags & O_CREAT)))
		err = -EISDIR;
	else if ((flags & O_TRUNC) && S_ISREG(inode->i_mode))
		err = vfs_truncate(inode, 0);
	if (err) {
		path_put(&path);
		return ERR_PTR(err);
	}
	f = alloc_file(
	    inode, path.dentry,
	    ((unsigned int)flags & ~(O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC | O_CLOEXEC)) |
		O_LARGEFILE,
	    inode->i_fop);
	path_put(&path);
	if (IS_ERR(f))
		return f;
	if (f->f_op && f->f_op->open) {
		err = f->f_op->open(inode, f);
		if (err) {
			fput(f);
			return ERR_PTR(err);
		}
	}
	if (!f->f_op) {
		fput(f);
		return ERR_PTR(-ENXIO);
	}
	if (f->f_op->llseek && f->f_op->llseek != no_llseek)
		f->f_mode |= FMODE_LSEEK;
	return f;
}

struct file *filp_open(const char *path, int flags, umode_t mode)
{
	struct filename *name = getname_kernel(path);
	struct file *f;

	if (IS_ERR(name))
		return ERR_CAST(name);
	f = do_filp_open(AT_FDCWD, name, flags, mode);
	putname(name);
	return f;
}

int filp_close(struct file *f)
{
	fput(f);
	return 0;
}

static long do_sys_open(int dfd, const char __user *filename, int flags, umode_t mode)
{
	struct filename *name = getname(filename);
	struct file *f;
	int fd;

	if (IS_ERR(name))
		return PTR_ERR(name);
	fd = get_unused_fd_flags((unsigned int)flags);
	if (fd >= 0) {
		f = do_filp_open(dfd, name, flags, mode);
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

SYSCALL_DEFINE4(openat, int, dfd, const char __user *, filename, int, flags, umode_t, mode)
{
	return do_sys_open(dfd, filename, flags, mode);
}
