// SPDX-License-Identifier: MIT
/*
 * Dentries (include/trapdoor/fs.h): the tree of names. A directory's
 * children are a list in creation order. A dentry counts its holders: its
 * place in the tree (while linked), each child (through d_parent), each open
 * file and each working directory; the last dput() frees it and drops its
 * inode and its parent.
 */
#include <trapdoor/fs.h>
#include <trapdoor/slab.h>
#include <trapdoor/string.h>

struct dentry *root_dentry;

struct dentry *dget(struct dentry *dentry)
{
	dentry->d_count++;
	return dentry;
}

void dput(struct dentry *dentry)
{
	while (dentry && --dentry->d_count == 0) {
		struct dentry *parent = dentry->d_parent;

		if (dentry->d_inode)
			iput(dentry->d_inode);
		if (dentry->d_name.name != dentry->d_iname)
			kfree(dentry->d_name.name);
		kfree(dentry);
		dentry = parent != dentry ? parent : NULL;
	}
}

struct dentry *d_alloc(struct dentry *parent, const struct qstr *name)
{
	struct dentry *dentry = kzalloc(sizeof(*dentry));
	char *copy = dentry ? dentry->d_iname : NULL;

	if (!dentry)
		return NULL;
	if (name->len >= sizeof(dentry->d_iname)) {
		copy = kmalloc(name->len + 1);
		if (!copy) {
			kfree(dentry);
			return NULL;
		}
	}
	memcpy(copy, name->name, name->len);
	copy[name->len] = '\0';
	dentry->d_name = (struct qstr){ .name = copy, .len = name->len };
	dentry->d_count = 1;
	dentry->d_unlinked = true; /* until d_add() */
	dentry->d_parent = parent ? dget(parent) : dentry;
	INIT_LIST_HEAD(&dentry->d_child);
	INIT_LIST_HEAD(&dentry->d_subdirs);
	return dentry;
}

void d_instantiate(struct dentry *dentry, struct inode *inode)
{
	dentry->d_inode = inode;
}

void d_add(struct dentry *dentry)
{
	dentry->d_unlinked = false;
	list_add_tail(&dentry->d_child, &dentry->d_parent->d_subdirs);
	dget(dentry); /* the tree's own reference */
}

void d_delete(struct dentry *dentry)
{
	if (dentry->d_unlinked)
		return;
	dentry->d_unlinked = true;
	list_del_init(&dentry->d_child);
	dput(dentry);
}

struct dentry *d_lookup(struct dentry *dir, const struct qstr *name)
{
	struct dentry *d;

	list_for_each_entry(d, &dir->d_subdirs,
			    d_child) if (d->d_name.len == name->len &&
					 !memcmp(d->d_name.name, name->name, name->len)) return d;
	return NULL;
}

char *d_path(const struct path *p, char *buf, int buflen)
{
	char *end = buf + buflen;
	struct dentry *d = p->dentry;

	if (buflen < 1)
		return ERR_PTR(-ENAMETOOLONG);
	*--end = '\0';
	if (d->d_unlinked && d != root_dentry) {
		static const char deleted[] = " (deleted)";

		if (end - buf < (long)sizeof(deleted))
			return ERR_PTR(-ENAMETOOLONG);
		end -= sizeof(deleted) - 1;
		memcpy(end, deleted, sizeof(deleted) - 1);
	}
	for (; d != d->d_parent; d = d->d_parent) {
		if (end - buf < (long)d->d_name.len + 1)
			return ERR_PTR(-ENAMETOOLONG);
		end -= d->d_name.len;
		memcpy(end, d->d_name.name, d->d_name.len);
		*--end = '/';
	}
	if (*end != '/') {
		if (end == buf)
			return ERR_PTR(-ENAMETOOLONG);
		*--end = '/';
	}
	return end;
}
