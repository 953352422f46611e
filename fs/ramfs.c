// SPDX-License-Identifier: MIT
/*
 * ramfs: the tree of dentries is the whole file system; an inode holds only
 * its data. A regular file's bytes are in pages found through two levels of
 * page-sized tables (i_private): a top table of index pages, each a table of
 * data pages. Pages appear as a file is written; a hole reads as zeros; a
 * truncate gives back the pages past the new end. A symlink keeps its target
 * in i_private.
 */
#include <trapdoor/fs.h>
#include <trapdoor/mm.h>
#include <trapdoor/slab.h>
#include <trapdoor/string.h>
#include <uapi/dirent.h>

#define PTRS_PER_PAGE  (PAGE_SIZE / sizeof(void *))
#define RAMFS_MAX_SIZE ((loff_t)(PTRS_PER_PAGE * PTRS_PER_PAGE * PAGE_SIZE))

static const struct inode_operations ramfs_dir_inode_operations;
static const struct inode_operations ramfs_file_inode_operations;
static const struct inode_operations ramfs_symlink_inode_operations;

/* The data page holding byte pos of inode, allocated (zeroed) if create; NULL if none. */
static u8 *ramfs_page(struct inode *inode, loff_t pos, bool create)
{
	unsigned long index = (unsigned long)(pos / PAGE_SIZE);
	void ***top = (void ***)&inode->i_private;
	void **table, **slot;

	if (!*top) {
		if (!create || !(*top = alloc_page()))
			return NULL;
		memset(*top, 0, PAGE_SIZE);
	}
	slot = &(*top)[index / PTRS_PER_PAGE];
	if (!*slot) {
		if (!create || !(*slot = alloc_page()))
			return NULL;
		memset(*slot, 0, PAGE_SIZE);
	}
	table = *slot;
	slot = &table[index % PTRS_PER_PAGE];
	if (!*slot) {
		if (!create || !(*slot = alloc_page()))
			return NULL;
		memset(*slot, 0, PAGE_SIZE);
	}
	return *slot;
}

/* Frees the data pages from byte size on (whole pages only) and zeroes the tail of the last. */
static void ramfs_free_from(struct inode *inode, loff_t size)
{
	void **top = inode->i_private;
	unsigned long first = (unsigned long)((size + PAGE_SIZE - 1) / PAGE_SIZE);
	u8 *page;

	if (!top)
		return;
	if (size % PAGE_SIZE && (page = ramfs_page(inode, size, false)))
		memset(page + size % PAGE_SIZE, 0, PAGE_SIZE - size % PAGE_SIZE);
	for (unsigned long t = first / PTRS_PER_PAGE; t < PTRS_PER_PAGE; t++) {
		void **table = top[t];

		if (!table)
			continue;
		for (unsigned long i = 0; i < PTRS_PER_PAGE; i++) {
			if (t * PTRS_PER_PAGE + i >= first && table[i]) {
				free_page(table[i]);
				table[i] = NULL;
			}
		}
		if (t * PTRS_PER_PAGE >= first) {
			free_page(table);
			top[t] = NULL;
		}
	}
	if (size == 0) {
		free_page(top);
		inode->i_private = NULL;
	}
}

void ramfs_evict_inode(struct inode *inode)
{
	if (S_ISREG(inode->i_mode))
		ramfs_free_from(inode, 0);
	else if (S_ISLNK(inode->i_mode) && inode->i_size + 1 > KMALLOC_MAX_SIZE)
		free_page(inode->i_private);
	else if (S_ISLNK(inode->i_mode))
		kfree(inode->i_private);
}

static int ramfs_setsize(struct inode *inode, loff_t size)
{
	if (size < 0)
		return -EINVAL;
	if (size > RAMFS_MAX_SIZE)
		return -EFBIG;
	if (size < inode->i_size)
		ramfs_free_from(inode, size);
	inode->i_size = size;
	return 0;
}

static ssize_t ramfs_read_iter(struct file *f, struct iov_iter *to, loff_t *pos)
{
	struct inode *inode = f->f_inode;
	size_t done = 0;

	while (to->count && *pos < inode->i_size) {
		size_t off = (size_t)(*pos % PAGE_SIZE), n = PAGE_SIZE - off, copied;
		const u8 *page = ramfs_page(inode, *pos, false);
		static const u8 zeros[64];

		if ((loff_t)n > inode->i_size - *pos)
			n = (size_t)(inode->i_size - *pos);
		if (n > to->count)
			n = to->count;
		if (!page) { /* a hole */
			if (n > sizeof(zeros))
				n = sizeof(zeros);
			copied = copy_to_iter(zeros, n, to);
		} else {
			copied = copy_to_iter(page + off, n, to);
		}
		*pos += (loff_t)copied;
		done += copied;
		if (copied < n)
			return done ? (ssize_t)done : -EFAULT;
	}
	return (ssize_t)done;
}

static ssize_t ramfs_write_iter(struct file *f, struct iov_iter *from, loff_t *pos)
{
	struct inode *inode = f->f_inode;
	size_t done = 0;

	if (*pos >= RAMFS_MAX_SIZE && from->count)
		return -EFBIG;
	while (from->count && *pos < RAMFS_MAX_SIZE) {
		size_t off = (size_t)(*pos % PAGE_SIZE), n = PAGE_SIZE - off, copied;
		u8 *page = ramfs_page(inode, *pos, true);

		if (!page)
			return done ? (ssize_t)done : -ENOSPC;
		if (n > from->count)
			n = from->count;
		copied = copy_from_iter(page + off, n, from);
		*pos += (loff_t)copied;
		done += copied;
		if (*pos > inode->i_size)
			inode->i_size = *pos;
		if (copied < n)
			return done ? (ssize_t)done : -EFAULT;
	}
	return (ssize_t)done;
}

/* "." and ".." at positions 0 and 1, then the children in order. */
static int ramfs_iterate(struct file *f, struct dir_context *ctx)
{
	struct dentry *dir = f->f_path.dentry, *d;
	loff_t i = 2;

	if (ctx->pos == 0) {
		if (!dir_emit(ctx, ".", 1, dir->d_inode->i_ino, DT_DIR))
			return 0;
		ctx->pos = 1;
	}
	if (ctx->pos == 1) {
		if (!dir_emit(ctx, "..", 2, dir->d_parent->d_inode->i_ino, DT_DIR))
			return 0;
		ctx->pos = 2;
	}
	list_for_each_entry(d, &dir->d_subdirs, d_child)
	{
		if (i++ < ctx->pos)
			continue;
		if (!dir_emit(ctx, d->d_name.name, (int)d->d_name.len, d->d_inode->i_ino,
			      fs_umode_to_dtype(d->d_inode->i_mode)))
			return 0;
		ctx->pos = i;
	}
	return 0;
}

const struct file_operations ramfs_file_operations = {
	.llseek = generic_file_llseek,
	.read_iter = ramfs_read_iter,
	.write_iter = ramfs_write_iter,
};

const struct file_operations ramfs_dir_operations = {
	.llseek = generic_file_llseek,
	.iterate_shared = ramfs_iterate,
};

/* A new ramfs inode of mode (dev for a device node); NULL if memory is short. */
struct inode *ramfs_get_inode(umode_t mode, dev_t dev)
{
	struct inode *inode = new_inode();

	if (!inode)
		return NULL;
	inode->i_mode = mode;
	switch (mode & S_IFMT) {
	case S_IFREG:
		inode->i_op = &ramfs_file_inode_operations;
		inode->i_fop = &ramfs_file_operations;
		break;
	case S_IFDIR:
		inode->i_op = &ramfs_dir_inode_operations;
		inode->i_fop = &ramfs_dir_operations;
		inode->i_nlink = 2; /* its parent's entry and its own "." */
		break;
	case S_IFLNK:
		inode->i_op = &ramfs_symlink_inode_operations;
		break;
	default:
		init_special_inode(inode, mode, dev);
		break;
	}
	return inode;
}

/* dentry (negative) in dir becomes inode, linked in the tree. */
static int ramfs_instantiate(struct inode *dir, struct dentry *dentry, struct inode *inode)
{
	if (!inode)
		return -ENOSPC;
	d_instantiate(dentry, inode);
	d_add(dentry);
	if (S_ISDIR(inode->i_mode))
		dir->i_nlink++; /* the child's ".." */
	return 0;
}

static int ramfs_mknod(struct inode *dir, struct dentry *dentry, umode_t mode, dev_t dev)
{
	return ramfs_instantiate(dir, dentry, ramfs_get_inode(mode, dev));
}

static int ramfs_create(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	return ramfs_mknod(dir, dentry, (umode_t)((mode & ~S_IFMT) | S_IFREG), 0);
}

static int ramfs_mkdir(struct inode *dir, struct dentry *dentry, umode_t mode)
{
	return ramfs_mknod(dir, dentry, (umode_t)((mode & ~S_IFMT) | S_IFDIR), 0);
}

static int ramfs_symlink(struct inode *dir, struct dentry *dentry, const char *target)
{
	size_t len = strlen(target);
	struct inode *inode;
	char *copy;

	if (len + 1 > PATH_MAX)
		return -ENAMETOOLONG;
	copy = len + 1 > KMALLOC_MAX_SIZE ? alloc_page() : kmalloc(len + 1);
	if (!copy)
		return -ENOSPC;
	inode = ramfs_get_inode(S_IFLNK | 0777, 0);
	if (!inode) {
		if (len + 1 > KMALLOC_MAX_SIZE)
			free_page(copy);
		else
			kfree(copy);
		return -ENOSPC;
	}
	memcpy(copy, target, len + 1);
	inode->i_private = copy;
	inode->i_size = (loff_t)len;
	return ramfs_instantiate(dir, dentry, inode);
}

static int ramfs_unlink(struct inode *dir, struct dentry *dentry)
{
	dentry->d_inode->i_nlink--;
	d_delete(dentry);
	return 0;
}

static int ramfs_rmdir(struct inode *dir, struct dentry *dentry)
{
	if (!list_empty(&dentry->d_subdirs))
		return -ENOTEMPTY;
	dentry->d_inode->i_nlink = 0;
	dir->i_nlink--;
	d_delete(dentry);
	return 0;
}

/*
 * Where dentry's new name will be: its inline room, or (a long name) a copy
 * made now, so that a rename that cannot have it fails before it changes
 * anything. NULL if memory is short.
 */
static char *d_name_room(struct dentry *dentry, const struct qstr *name)
{
	return name->len < sizeof(dentry->d_iname) ? dentry->d_iname : kmalloc(name->len + 1);
}

/*
 * Moves dentry under new_parent with new_dentry's name (new_dentry itself is
 * not linked), into copy from d_name_room().
 */
static void d_move(struct dentry *dentry, struct dentry *new_dentry, char *copy)
{
	struct dentry *old_parent = dentry->d_parent;
	struct qstr name = new_dentry->d_name;

	if (dentry->d_name.name != dentry->d_iname)
		kfree(dentry->d_name.name);
	memmove(copy, name.name, name.len);
	copy[name.len] = '\0';
	dentry->d_name = (struct qstr){ .name = copy, .len = name.len };
	list_del_init(&dentry->d_child);
	dentry->d_parent = dget(new_dentry->d_parent);
	list_add_tail(&dentry->d_child, &dentry->d_parent->d_subdirs);
	dput(old_parent);
}

/* Moves from's children to the list to, as children of new_parent, each child's hold with it. */
static void move_children(struct dentry *from, struct dentry *new_parent, struct list_head *to)
{
	while (!list_empty(&from->d_subdirs)) {
		struct dentry *c = list_first_entry(&from->d_subdirs, struct dentry, d_child);

		list_del_init(&c->d_child);
		list_add_tail(&c->d_child, to);
		c->d_parent = new_parent;
		from->d_count--;
		new_parent->d_count++;
	}
}

/*
 * RENAME_EXCHANGE: the two names swap what they name. In a tree of dentries
 * that is the two inodes changing places, each directory's children with it.
 */
static int ramfs_exchange(struct inode *old_dir, struct dentry *a, struct inode *new_dir,
			  struct dentry *b)
{
	struct inode *ia = a->d_inode, *ib = b->d_inode;
	LIST_HEAD(parked);

	move_children(a, b, &parked);
	move_children(b, a, &a->d_subdirs);
	while (!list_empty(&parked)) {
		struct dentry *c = list_first_entry(&parked, struct dentry, d_child);

		list_del_init(&c->d_child);
		list_add_tail(&c->d_child, &b->d_subdirs);
	}
	a->d_inode = ib;
	b->d_inode = ia;
	if (old_dir != new_dir && S_ISDIR(ia->i_mode) != S_ISDIR(ib->i_mode)) {
		/* The directory among them changes parent: its ".." counts in the other. */
		struct inode *gains = S_ISDIR(ia->i_mode) ? new_dir : old_dir;
		struct inode *loses = S_ISDIR(ia->i_mode) ? old_dir : new_dir;

		gains->i_nlink++;
		loses->i_nlink--;
	}
	return 0;
}

/*
 * rename: old_dentry takes new_dentry's name. The caller has checked the
 * types (a directory over an empty directory, a non-directory over a
 * non-directory) and flags; an existing target is unlinked first.
 */
static int ramfs_rename(struct inode *old_dir, struct dentry *old_dentry, struct inode *new_dir,
			struct dentry *new_dentry, unsigned int flags)
{
	bool is_dir = S_ISDIR(old_dentry->d_inode->i_mode);
	char *copy;

	if (flags & RENAME_EXCHANGE)
		return ramfs_exchange(old_dir, old_dentry, new_dir, new_dentry);
	/* The new name's room first: out of memory, the target must still be there. */
	copy = d_name_room(old_dentry, &new_dentry->d_name);
	if (!copy)
		return -ENOSPC;
	if (new_dentry->d_inode) {
		int err = S_ISDIR(new_dentry->d_inode->i_mode) ? ramfs_rmdir(new_dir, new_dentry) :
								 ramfs_unlink(new_dir, new_dentry);
		if (err) {
			if (copy != old_dentry->d_iname)
				kfree(copy);
			return err;
		}
	}
	if (is_dir && old_dir != new_dir) {
		old_dir->i_nlink--;
		new_dir->i_nlink++;
	}
	d_move(old_dentry, new_dentry, copy);
	return 0;
}

static const char *ramfs_get_link(struct dentry *dentry, struct inode *inode, struct path *jump)
{
	return inode->i_private;
}

static const struct inode_operations ramfs_dir_inode_operations = {
	.create = ramfs_create,
	.mkdir = ramfs_mkdir,
	.mknod = ramfs_mknod,
	.symlink = ramfs_symlink,
	.unlink = ramfs_unlink,
	.rmdir = ramfs_rmdir,
	.rename = ramfs_rename,
};

static const struct inode_operations ramfs_file_inode_operations = {
	.setsize = ramfs_setsize,
};

static const struct inode_operations ramfs_symlink_inode_operations = {
	.get_link = ramfs_get_link,
};

/* The root directory: its own parent. */
int ramfs_init_root(void)
{
	static const struct qstr slash = { .name = "/", .len = 1 };
	struct inode *inode = ramfs_get_inode(S_IFDIR | 0755, 0);

	root_dentry = inode ? d_alloc(NULL, &slash) : NULL;
	if (!root_dentry)
		return -ENOMEM;
	d_instantiate(root_dentry, inode);
	root_dentry->d_unlinked = false;
	return 0;
}
