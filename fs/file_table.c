// SPDX-License-Identifier: MIT
/*
 * struct file: kmalloc'd, counted (f_count: each descriptor naming it, in any
 * task, and each kernel user). The last fput() tells its kind (f_op->release)
 * and lets go of its dentry and inode, which may be the last hold on a file
 * already unlinked.
 */
#include <trapdoor/fs.h>
#include <trapdoor/slab.h>
#include <uapi/errno.h>

struct file *alloc_file(struct inode *inode, struct dentry *dentry, unsigned int flags,
			const struct file_operations *fop)
{
	struct file *f = kzalloc(sizeof(*f));

	if (!f)
		return ERR_PTR(-ENFILE);
	f->f_count = 1;
	f->f_flags = flags;
	switch (flags & O_ACCMODE) {
	case O_RDONLY:
		f->f_mode = FMODE_READ;
		break;
	case O_WRONLY:
		f->f_mode = FMODE_WRITE;
		break;
	case O_RDWR:
		f->f_mode = FMODE_READ | FMODE_WRITE;
		break;
	}
	f->f_op = fop;
	f->f_inode = inode ? ihold(inode) : NULL;
	f->f_path.dentry = dentry ? dget(dentry) : NULL;
	return f;
}

struct file *get_file(struct file *f)
{
	f->f_count++;
	return f;
}

void fput(struct file *f)
{
	if (--f->f_count)
		return;
	if (f->f_op && f->f_op->release)
		f->f_op->release(f->f_inode, f);
	if (f->f_path.dentry)
		dput(f->f_path.dentry);
	if (f->f_inode)
		iput(f->f_inode);
	kfree(f);
}
