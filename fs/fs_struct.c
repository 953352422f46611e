// SPDX-License-Identifier: MIT
/*
 * Each task's working directory and umask (struct fs_struct, in the task):
 * the first task starts at the root with Linux's umask 022; fork copies
 * both; exit lets the directory go.
 */
#include <trapdoor/fs.h>
#include <trapdoor/task.h>

void fs_init_task(struct task_struct *t)
{
	t->fs.pwd.dentry = root_dentry ? dget(root_dentry) : NULL;
	t->fs.umask = 022;
}

void fs_fork(struct task_struct *child, struct task_struct *parent)
{
	child->fs = parent->fs;
	if (child->fs.pwd.dentry)
		dget(child->fs.pwd.dentry);
}

void fs_exit(struct task_struct *t)
{
	if (t->fs.pwd.dentry)
		path_put(&t->fs.pwd);
}

void set_fs_pwd(struct fs_struct *fs, const struct path *path)
{
	struct dentry *old = fs->pwd.dentry;

	fs->pwd.dentry = dget(path->dentry);
	if (old)
		dput(old);
}
