// SPDX-License-Identifier: MIT
/*
 * Inodes (include/trapdoor/fs.h): kmalloc'd, counted. An inode lives while a
 * dentry or an open file holds it (i_count); the last iput() lets its file
 * system free what it holds (evict_inode) and frees it.
 */
#include <trapdoor/fs.h>
#include <trapdoor/slab.h>

static unsigned long inode_count;
static unsigned long last_ino;

struct inode *new_inode(void)
{
	struct inode *inode = kzalloc(sizeof(*inode));

	if (!inode)
		return NULL;
	inode->i_count = 1;
	inode->i_nlink = 1;
	inode->i_ino = ++last_ino;
	inode_count++;
	return inode;
}

struct inode *ihold(struct inode *inode)
{
	inode->i_count++;
	return inode;
}

void iput(struct inode *inode)
{
	if (!inode || --inode->i_count)
		return;
	ramfs_evict_inode(inode);
	inode_count--;
	kfree(inode);
}

unsigned long nr_inodes(void)
{
	return inode_count;
}
