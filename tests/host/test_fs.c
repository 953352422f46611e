// SPDX-License-Identifier: MIT
/*
 * The path walk (fs/lookup.c, on fs/dcache.c's tree) and getdents64's record
 * packing (fs/readdir.c), on the host. Each test builds a small tree by hand:
 *
 *   /a/            a directory
 *   /a/f           a regular file
 *   /a/l -> f      a relative symlink
 *   /abs -> /a     an absolute one
 *   /loop1 -> loop2, /loop2 -> loop1
 *   /dangling -> nope
 *   /c0 -> c1 -> ... -> c40 -> /a/f   a chain of 41 links (c<n>, n < 41)
 *
 * and checks what a walk finds, or its errno, and that every reference a
 * walk takes is given back.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <trapdoor/fs.h>
#include <trapdoor/slab.h>
#include <uapi/dirent.h>
#include <uapi/errno.h>

/* kmalloc and the file system's inode teardown, as the host gives them. */
void *kmalloc(size_t size)
{
	return size && size <= KMALLOC_MAX_SIZE ? malloc(size) : NULL;
}

void *kzalloc(size_t size)
{
	return size && size <= KMALLOC_MAX_SIZE ? calloc(1, size) : NULL;
}

void kfree(const void *p)
{
	free((void *)p);
}

void ramfs_evict_inode(struct inode *inode)
{
	if (S_ISLNK(inode->i_mode))
		free(inode->i_private);
}

static const char *test_get_link(struct dentry *d, struct inode *inode, struct path *jump)
{
	(void)d;
	(void)jump;
	return inode->i_private;
}

static const struct inode_operations symlink_ops = { .get_link = test_get_link };

static struct dentry *add(struct dentry *dir, const char *name, umode_t mode, const char *target)
{
	struct qstr q = { .name = name, .len = (unsigned int)strlen(name) };
	struct dentry *d = d_alloc(dir, &q);
	struct inode *inode = new_inode();

	cr_assert(d && inode);
	inode->i_mode = mode;
	if (target) {
		inode->i_op = &symlink_ops;
		inode->i_private = malloc(strlen(target) + 1);
		memcpy(inode->i_private, target, strlen(target) + 1);
	}
	d_instantiate(d, inode);
	d_add(d);
	dput(d); /* the tree's own reference keeps it */
	return d;
}

static struct dentry *a, *f, *l;
static unsigned long base_inodes;

static void setup(void)
{
	struct qstr slash = { .name = "/", .len = 1 };
	struct inode *inode = new_inode();
	char name[16], target[16];

	inode->i_mode = S_IFDIR | 0755;
	root_dentry = d_alloc(NULL, &slash);
	d_instantiate(root_dentry, inode);
	root_dentry->d_unlinked = false;
	a = add(root_dentry, "a", S_IFDIR | 0755, NULL);
	f = add(a, "f", S_IFREG | 0644, NULL);
	l = add(a, "l", S_IFLNK | 0777, "f");
	add(root_dentry, "abs", S_IFLNK | 0777, "/a");
	add(root_dentry, "loop1", S_IFLNK | 0777, "loop2");
	add(root_dentry, "loop2", S_IFLNK | 0777, "loop1");
	add(root_dentry, "dangling", S_IFLNK | 0777, "nope");
	for (int i = 0; i <= 40; i++) {
		snprintf(name, sizeof(name), "c%d", i);
		snprintf(target, sizeof(target), "c%d", i + 1);
		add(root_dentry, name, S_IFLNK | 0777, i == 40 ? "/a/f" : target);
	}
	base_inodes = nr_inodes();
}

/* Every dentry's count is what the tree alone gives it. */
static void check_counts(struct dentry *dir)
{
	struct dentry *d;

	list_for_each_entry(d, &dir->d_subdirs, d_child)
	{
		unsigned int children = 0;
		struct dentry *c;

		list_for_each_entry(c, &d->d_subdirs, d_child) children++;
		cr_expect_eq(d->d_count, 1 + children, "%s: d_count %u, want %u", d->d_name.name,
			     d->d_count, 1 + children);
		check_counts(d);
	}
}

static void teardown(void)
{
	check_counts(root_dentry);
	cr_expect_eq(nr_inodes(), base_inodes);
}

static struct path root_path(void)
{
	return (struct path){ .dentry = root_dentry };
}

/* Walks name from start; the dentry found (its reference given back), or ERR_PTR. */
static struct dentry *walk_from(struct dentry *start, const char *name, unsigned int flags)
{
	struct path s = { .dentry = start }, p;
	int err = path_walk(&s, name, flags, &p);

	if (err)
		return ERR_PTR(err);
	dput(p.dentry);
	return p.dentry;
}

static struct dentry *walk(const char *name, unsigned int flags)
{
	return walk_from(root_dentry, name, flags);
}

TestSuite(fs_walk, .init = setup, .fini = teardown);

Test(fs_walk, plain_names)
{
	cr_expect_eq(walk("/a/f", 0), f);
	cr_expect_eq(walk("a/f", 0), f);
	cr_expect_eq(walk("f", 0), ERR_PTR(-ENOENT));
	cr_expect_eq(walk_from(a, "f", 0), f);
	cr_expect_eq(walk("/", 0), root_dentry);
	cr_expect_eq(walk("//a//f", 0), f);
}

Test(fs_walk, dot_and_dotdot)
{
	cr_expect_eq(walk("/a/./f", 0), f);
	cr_expect_eq(walk("/a/../a/f", 0), f);
	cr_expect_eq(walk("/..", 0), root_dentry, "the root is its own parent");
	cr_expect_eq(walk("/../../a", 0), a);
	cr_expect_eq(walk_from(a, "..", 0), root_dentry);
	cr_expect_eq(walk("/a/f/..", 0), ERR_PTR(-ENOTDIR), "\"..\" of a file");
	cr_expect_eq(walk("/a/f/.", 0), ERR_PTR(-ENOTDIR));
}

Test(fs_walk, errors)
{
	cr_expect_eq(walk("", 0), ERR_PTR(-ENOENT), "the empty path");
	cr_expect_eq(walk("", LOOKUP_EMPTY), root_dentry, "AT_EMPTY_PATH's empty path");
	cr_expect_eq(walk("/nope", 0), ERR_PTR(-ENOENT));
	cr_expect_eq(walk("/nope/f", 0), ERR_PTR(-ENOENT));
	cr_expect_eq(walk("/a/f/x", 0), ERR_PTR(-ENOTDIR));
	cr_expect_eq(walk("/a/f/", 0), ERR_PTR(-ENOTDIR), "a file with a trailing slash");
	cr_expect_eq(walk("/a/", 0), a);
	cr_expect_eq(walk("/a/f", LOOKUP_DIRECTORY), ERR_PTR(-ENOTDIR));
}

Test(fs_walk, name_max)
{
	char name[NAME_MAX + 3];

	name[0] = '/';
	memset(name + 1, 'n', NAME_MAX);
	name[NAME_MAX + 1] = '\0';
	cr_expect_eq(walk(name, 0), ERR_PTR(-ENOENT), "NAME_MAX bytes: a name");
	name[NAME_MAX + 1] = 'n';
	name[NAME_MAX + 2] = '\0';
	cr_expect_eq(walk(name, 0), ERR_PTR(-ENAMETOOLONG), "NAME_MAX + 1 bytes");
}

Test(fs_walk, symlinks)
{
	cr_expect_eq(walk("/a/l", LOOKUP_FOLLOW), f);
	cr_expect_eq(walk("/a/l", 0), l, "the last one unfollowed");
	cr_expect_eq(walk("/a/l/", 0), ERR_PTR(-ENOTDIR), "followed for the slash, to a file");
	cr_expect_eq(walk("/abs/f", 0), f, "an absolute link in the middle");
	cr_expect_eq(walk("/abs/l", LOOKUP_FOLLOW), f);
	cr_expect_eq(walk("/abs/..", 0), root_dentry,
		     "\"..\" after the link is the target's parent");
	cr_expect_eq(walk("/dangling", LOOKUP_FOLLOW), ERR_PTR(-ENOENT));
	cr_expect(!IS_ERR(walk("/dangling", 0)));
}

Test(fs_walk, eloop)
{
	cr_expect_eq(walk("/loop1", LOOKUP_FOLLOW), ERR_PTR(-ELOOP));
	cr_expect_eq(walk("/loop1/x", 0), ERR_PTR(-ELOOP));
	cr_expect(!IS_ERR(walk("/loop1", 0)));
	cr_expect_eq(walk("/c1", LOOKUP_FOLLOW), f, "40 links: still followed");
	cr_expect_eq(walk("/c0", LOOKUP_FOLLOW), ERR_PTR(-ELOOP), "41 links: Linux's ELOOP");
}

Test(fs_walk, parent)
{
	struct path start = root_path(), parent;
	unsigned int lflags;
	struct qstr last;
	int type, err;

	lflags = 0;
	err = path_walk_parent(&start, "/a/new", &lflags, &parent, &last, &type);
	cr_assert_eq(err, 0);
	cr_expect_eq(parent.dentry, a);
	cr_expect(last.len == 3 && !memcmp(last.name, "new", 3));
	cr_expect_eq(type, LAST_NORM);
	cr_expect_eq(lflags, 0);
	path_put(&parent);

	err = path_walk_parent(&start, "abs/x/", &lflags, &parent, &last, &type);
	cr_assert_eq(err, 0);
	cr_expect_eq(parent.dentry, a, "the symlink in the middle followed");
	cr_expect(last.len == 1 && last.name[0] == 'x');
	cr_expect_eq(lflags, LOOKUP_DIRECTORY, "a trailing slash");
	path_put(&parent);

	err = path_walk_parent(&start, "/", &lflags, &parent, &last, &type);
	cr_assert_eq(err, 0);
	cr_expect_eq(type, LAST_ROOT);
	path_put(&parent);

	err = path_walk_parent(&start, "/a/..", &lflags, &parent, &last, &type);
	cr_assert_eq(err, 0);
	cr_expect_eq(type, LAST_DOTDOT);
	path_put(&parent);

	cr_expect_eq(path_walk_parent(&start, "/a/f/x", &lflags, &parent, &last, &type), -ENOTDIR);
	cr_expect_eq(path_walk_parent(&start, "/nope/x", &lflags, &parent, &last, &type), -ENOENT);
	cr_expect_eq(path_walk_parent(&start, "", &lflags, &parent, &last, &type), -ENOENT);
}

Test(fs_walk, lookup_one_gives_a_negative_dentry)
{
	struct qstr name = { .name = "new", .len = 3 }, file = { .name = "f", .len = 1 };
	struct dentry *d = lookup_one(a, &name);

	cr_assert(!IS_ERR(d));
	cr_expect_null(d->d_inode);
	cr_expect(d->d_unlinked, "not in the tree until created");
	dput(d);
	d = lookup_one(a, &file);
	cr_expect_eq(d, f);
	dput(d);
	cr_expect_eq(lookup_one(f, &name), ERR_PTR(-ENOTDIR));
}

Test(fs_walk, unlinked_file_lives_while_held)
{
	struct dentry *d = walk("/a/f", 0);
	unsigned long before = nr_inodes();

	dget(d);
	d_delete(d);
	cr_expect_eq(walk("/a/f", 0), ERR_PTR(-ENOENT), "gone from the tree");
	cr_expect_eq(nr_inodes(), before, "its inode lives while the dentry is held");
	dput(d);
	cr_expect_eq(nr_inodes(), before - 1, "and goes with the last reference");
	f = add(a, "f", S_IFREG | 0644, NULL);
	base_inodes = nr_inodes();
}

Test(fs_walk, d_path)
{
	char buf[64];
	struct path p = { .dentry = f };

	cr_expect_str_eq(d_path(&p, buf, sizeof(buf)), "/a/f");
	p.dentry = root_dentry;
	cr_expect_str_eq(d_path(&p, buf, sizeof(buf)), "/");
	p.dentry = f;
	cr_expect_eq(d_path(&p, buf, 4), ERR_PTR(-ENAMETOOLONG));
}

/* getdents64's records: header 19 bytes, the name and its NUL, rounded up to 8. */
Test(fs_getdents, packing)
{
	unsigned char buf[64];
	struct linux_dirent64 *d = (struct linux_dirent64 *)buf;
	size_t used = 0;

	memset(buf, 0xaa, sizeof(buf));
	cr_assert(linux_dirent64_pack(buf, sizeof(buf), &used, ".", 1, 7, 1, DT_DIR));
	cr_expect_eq(used, 24, "19 + 2 bytes rounded up to 24");
	cr_expect_eq(d->d_ino, 7);
	cr_expect_eq(d->d_off, 1);
	cr_expect_eq(d->d_reclen, 24);
	cr_expect_eq(d->d_type, DT_DIR);
	cr_expect_str_eq(d->d_name, ".");
	for (size_t i = 19 + 1; i < 24; i++)
		cr_expect_eq(buf[i], 0, "padding byte %zu zeroed", i);

	cr_assert(linux_dirent64_pack(buf, sizeof(buf), &used, "hello", 5, 9, 2, DT_REG));
	d = (struct linux_dirent64 *)(buf + 24);
	cr_expect_eq(used, 24 + 32, "19 + 6 = 25: 32");
	cr_expect_eq(d->d_reclen, 32);
	cr_expect_str_eq(d->d_name, "hello");
	cr_expect_eq(((uintptr_t)d - (uintptr_t)buf) % 8, 0);
}

Test(fs_getdents, does_not_fit)
{
	unsigned char buf[64];
	size_t used = 0;

	cr_expect_not(linux_dirent64_pack(buf, 23, &used, ".", 1, 1, 1, DT_DIR));
	cr_expect_eq(used, 0, "nothing packed");
	cr_expect(linux_dirent64_pack(buf, 24, &used, ".", 1, 1, 1, DT_DIR), "an exact fit");
	cr_expect_not(linux_dirent64_pack(buf, 40, &used, "abcde", 5, 1, 2, DT_REG),
		      "24 + 32 > 40");
	cr_expect_eq(used, 24);
	/* Names of every length from 0 to 40: reclen is the header and name rounded up. */
	for (int n = 1; n <= 40; n++) {
		char name[41];
		unsigned char big[128];
		size_t u = 0;

		memset(name, 'x', (size_t)n);
		cr_assert(linux_dirent64_pack(big, sizeof(big), &u, name, n, 1, 1, DT_REG));
		cr_expect_eq(u, (19 + (size_t)n + 1 + 7) / 8 * 8);
		cr_expect_eq(strlen(((struct linux_dirent64 *)big)->d_name), (size_t)n);
	}
}
