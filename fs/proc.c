// SPDX-License-Identifier: MIT
/*
 * /proc, as far as trapdoor has one: /proc/self/exe, a magic link. Following
 * it does not walk a string but jumps straight to the file the current task
 * runs (set at execve, inherited at fork), so it works even once that file
 * is renamed or unlinked; readlink shows that file's path.
 */
#include <trapdoor/fs.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>

void set_task_exe_file(struct task_struct *t, struct file *exe)
{
	struct file *old = t->exe_file;

	t->exe_file = exe ? get_file(exe) : NULL;
	if (old)
		fput(old);
}

struct file *get_task_exe_file(struct task_struct *t)
{
	return t->exe_file;
}

static const char *proc_exe_get_link(struct dentry *dentry, struct inode *inode, struct path *jump)
{
	struct file *exe = get_task_exe_file(current);

	if (!exe || !exe->f_path.dentry)
		return ERR_PTR(-ENOENT);
	jump->dentry = dget(exe->f_path.dentry);
	return NULL;
}

static const struct inode_operations proc_exe_link_operations = {
	.get_link = proc_exe_get_link,
};

/* /proc/self/exe in the tree (/proc/self made as a directory if missing). */
int proc_init(void)
{
	static const struct qstr exe = { .name = "exe", .len = 3 };
	struct path self;
	struct dentry *d;
	struct inode *inode;
	int err;

	err = init_mkdir("/proc", 0555);
	if (err && err != -EEXIST)
		return err;
	err = init_mkdir("/proc/self", 0555);
	if (err && err != -EEXIST)
		return err;
	err = kern_path("/proc/self", LOOKUP_DIRECTORY, &self);
	if (err)
		return err;
	d = lookup_one(self.dentry, &exe);
	path_put(&self);
	if (IS_ERR(d))
		return (int)PTR_ERR(d);
	if (d->d_inode) {
		dput(d);
		return -EEXIST;
	}
	inode = new_inode();
	if (!inode) {
		dput(d);
		return -ENOMEM;
	}
	inode->i_mode = S_IFLNK | 0777;
	inode->i_op = &proc_exe_link_operations;
	d_instantiate(d, inode);
	d_add(d);
	dput(d);
	return 0;
}
