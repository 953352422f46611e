// SPDX-License-Identifier: MIT
/*
 * The kernel's own file calls, on kernel paths (relative ones from the
 * current task's working directory), as Linux's fs/init.c has them for the
 * initramfs; and the tree the boot starts with: the root, /dev with its
 * nodes, /proc/self/exe and /tmp.
 */
#include <trapdoor/fs.h>
#include <trapdoor/panic.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>

/* Creates the last component of pathname with create(), given its parent directory. */
static int init_create(const char *pathname, umode_t mode, dev_t dev, const char *target)
{
	struct filename *name = getname_kernel(pathname);
	unsigned int lflags = 0;
	struct path parent;
	struct dentry *d;
	struct qstr last;
	int type, err;

	if (IS_ERR(name))
		return (int)PTR_ERR(name);
	err = filename_parentat(AT_FDCWD, name, &lflags, &parent, &last, &type);
	if (err)
		goto out;
	if (type != LAST_NORM) {
		err = -EEXIST;
		goto out_parent;
	}
	d = lookup_one(parent.dentry, &last);
	if (IS_ERR(d)) {
		err = (int)PTR_ERR(d);
		goto out_parent;
	}
	mode = (umode_t)((mode & S_IFMT) | (mode & 07777 & ~current->fs.umask));
	if (d->d_inode)
		err = -EEXIST;
	else if (target)
		err = vfs_symlink(parent.dentry->d_inode, d, target);
	else if (S_ISDIR(mode))
		err = vfs_mkdir(parent.dentry->d_inode, d, mode);
	else
		err = vfs_mknod(parent.dentry->d_inode, d, mode, dev);
	dput(d);
out_parent:
	path_put(&parent);
out:
	putname(name);
	return err;
}

int init_mkdir(const char *pathname, umode_t mode)
{
	return init_create(pathname, (umode_t)(S_IFDIR | (mode & 07777)), 0, NULL);
}

int init_mknod(const char *pathname, umode_t mode, dev_t dev)
{
	if (!S_ISCHR(mode) && !S_ISBLK(mode) && !S_ISFIFO(mode) && !S_ISSOCK(mode) &&
	    !S_ISREG(mode))
		return -EINVAL;
	return init_create(pathname, mode, dev, NULL);
}

int init_symlink(const char *oldname, const char *newname)
{
	return init_create(newname, S_IFLNK | 0777, 0, oldname);
}

int init_chdir(const char *filename)
{
	struct path path;
	int err = kern_path(filename, LOOKUP_FOLLOW | LOOKUP_DIRECTORY, &path);

	if (err)
		return err;
	set_fs_pwd(&current->fs, &path);
	path_put(&path);
	return 0;
}

void vfs_init(void)
{
	static const struct {
		const char *path;
		dev_t dev;
		umode_t mode;
	} nodes[] = {
		{ "/dev/null", MKDEV(1, 3), 0666 },    { "/dev/zero", MKDEV(1, 5), 0666 },
		{ "/dev/urandom", MKDEV(1, 9), 0666 }, { "/dev/tty", MKDEV(5, 0), 0666 },
		{ "/dev/console", MKDEV(5, 1), 0600 },
	};
	int err = ramfs_init_root();

	if (!err)
		err = console_file_init();
	if (!err)
		err = init_mkdir("/dev", 0755);
	for (unsigned int i = 0; !err && i < sizeof(nodes) / sizeof(nodes[0]); i++)
		err = init_mknod(nodes[i].path, S_IFCHR | nodes[i].mode, nodes[i].dev);
	if (!err)
		err = init_mkdir("/tmp", 01777);
	if (!err)
		err = proc_init();
	if (err)
		panic("vfs_init: %d", err);
}
