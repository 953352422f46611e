// SPDX-License-Identifier: MIT
/*
 * The path walk. A path is split at '/' into components, each looked up in
 * the directory the walk has reached: "." stays, ".." goes up (the root is its
 * own parent), a symlink is followed (its target walked from the directory
 * that holds it, or from the root if absolute) unless it is the last
 * component and the caller asked not to. As Linux:
 *   - a component longer than NAME_MAX: -ENAMETOOLONG;
 *   - a component looked up in something that is not a directory: -ENOTDIR,
 *     and so is a last component followed by '/' that is not a directory;
 *   - a name that does not exist: -ENOENT, and so is the empty path;
 *   - more than MAXSYMLINKS symlinks followed in one walk: -ELOOP.
 * Nothing here sleeps or touches user memory, so it runs on the host too
 * (tests/host): the kernel lock keeps the tree still during a walk.
 */
#include <trapdoor/fs.h>
#include <trapdoor/string.h>
#ifndef HOST_TEST
#include <trapdoor/stackleak.h>
#else
#define stackleak_track_stack() ((void)0)
#endif

struct nameidata {
	struct path path; /* where the walk is: a reference held */
	unsigned int total_link_count;
};

void path_get(struct path *p)
{
	dget(p->dentry);
}

void path_put(struct path *p)
{
	dput(p->dentry);
	p->dentry = NULL;
}

static void nd_set(struct nameidata *nd, struct dentry *d)
{
	struct dentry *old = nd->path.dentry;

	nd->path.dentry = dget(d);
	dput(old);
}

static bool is_dir(const struct dentry *d)
{
	return d->d_inode && S_ISDIR(d->d_inode->i_mode);
}

static int walk(struct nameidata *nd, const char *name, unsigned int flags, struct qstr *last,
		int *type);

/* Follows the symlink link, found in the directory nd is at: nd ends at its target. */
static int follow_link(struct nameidata *nd, struct dentry *link)
{
	struct inode *inode = link->d_inode;
	struct path jump = { 0 };
	const char *target;

	if (++nd->total_link_count > MAXSYMLINKS)
		return -ELOOP;
	if (!inode->i_op || !inode->i_op->get_link)
		return -EINVAL;
	target = inode->i_op->get_link(link, inode, &jump);
	if (IS_ERR(target))
		return (int)PTR_ERR(target);
	if (!target) { /* a magic link: straight to where it points */
		nd_set(nd, jump.dentry);
		path_put(&jump);
		return 0;
	}
	if (!*target)
		return -ENOENT;
	return walk(nd, target, LOOKUP_FOLLOW, NULL, NULL);
}

/* The dentry named comp in the directory nd is at, or NULL. */
static struct dentry *lookup_child(struct nameidata *nd, const struct qstr *comp)
{
	struct dentry *dir = nd->path.dentry;
	struct dentry *d = d_lookup(dir, comp);

	if (!d && dir->d_inode->i_op && dir->d_inode->i_op->lookup) {
		struct dentry *neg = d_alloc(dir, comp), *found;

		if (!neg)
			return ERR_PTR(-ENOMEM);
		found = dir->d_inode->i_op->lookup(dir->d_inode, neg);
		dput(neg);
		d = found;
	}
	return d;
}

static int last_type(const struct qstr *comp)
{
	if (comp->len == 1 && comp->name[0] == '.')
		return LAST_DOT;
	if (comp->len == 2 && comp->name[0] == '.' && comp->name[1] == '.')
		return LAST_DOTDOT;
	return LAST_NORM;
}

/*
 * Walks name from nd->path (from the root if name is absolute). With last
 * NULL, every component, ending at what name names. Otherwise every one but
 * the last, which goes to *last (*type says what it is; a name ending in '/'
 * adds LOOKUP_DIRECTORY to *type's high bits).
 */
static int walk(struct nameidata *nd, const char *name, unsigned int flags, struct qstr *last,
		int *type)
{
	stackleak_track_stack(); /* recursive, through follow_link() */
	if (*name == '/') {
		nd_set(nd, root_dentry);
		while (*name == '/')
			name++;
		if (!*name && last) {
			*last = (struct qstr){ .name = name, .len = 0 };
			*type = LAST_ROOT;
			return 0;
		}
	}
	while (*name) {
		struct qstr comp = { .name = name };
		struct dentry *child;
		bool is_last, slash;
		int ltype, err;

		while (name[comp.len] && name[comp.len] != '/')
			comp.len++;
		if (comp.len > NAME_MAX)
			return -ENAMETOOLONG;
		name += comp.len;
		slash = *name == '/';
		while (*name == '/')
			name++;
		is_last = !*name;
		if (!is_dir(nd->path.dentry))
			return -ENOTDIR;
		ltype = last_type(&comp);
		if (is_last && last) {
			*last = comp;
			*type = ltype | (slash ? LOOKUP_DIRECTORY << 8 : 0);
			return 0;
		}
		if (ltype == LAST_DOT)
			child = nd->path.dentry;
		else if (ltype == LAST_DOTDOT)
			child = nd->path.dentry->d_parent;
		else
			child = lookup_child(nd, &comp);
		if (IS_ERR(child))
			return (int)PTR_ERR(child);
		if (!child || !child->d_inode)
			return -ENOENT;
		if (S_ISLNK(child->d_inode->i_mode) &&
		    (!is_last || slash || (flags & LOOKUP_FOLLOW))) {
			dget(child);
			err = follow_link(nd, child);
			dput(child);
			if (err)
				return err;
		} else {
			nd_set(nd, child);
		}
		if (is_last && (slash || (flags & LOOKUP_DIRECTORY)) && !is_dir(nd->path.dentry))
			return -ENOTDIR;
	}
	return 0;
}

/* Starts nd at start, with a reference of its own. */
static void nd_init(struct nameidata *nd, const struct path *start)
{
	nd->path.dentry = dget(start->dentry);
	nd->total_link_count = 0;
}

int path_walk(const struct path *start, const char *name, unsigned int flags, struct path *result)
{
	struct nameidata nd;
	int err;

	if (!*name && !(flags & LOOKUP_EMPTY))
		return -ENOENT;
	nd_init(&nd, start);
	err = walk(&nd, name, flags, NULL, NULL);
	if (!err && (flags & LOOKUP_DIRECTORY) && !is_dir(nd.path.dentry))
		err = -ENOTDIR;
	if (err) {
		path_put(&nd.path);
		return err;
	}
	*result = nd.path;
	return 0;
}

int path_walk_parent(const struct path *start, const char *name, unsigned int *lflags,
		     struct path *parent, struct qstr *last, int *type)
{
	struct nameidata nd;
	int err, t = LAST_NORM;

	if (!*name)
		return -ENOENT;
	nd_init(&nd, start);
	err = walk(&nd, name, 0, last, &t);
	if (!err && !is_dir(nd.path.dentry))
		err = -ENOTDIR;
	if (err) {
		path_put(&nd.path);
		return err;
	}
	if (t & (LOOKUP_DIRECTORY << 8))
		*lflags |= LOOKUP_DIRECTORY;
	*type = t & 0xff;
	*parent = nd.path;
	return 0;
}

struct dentry *lookup_one(struct dentry *dir, const struct qstr *last)
{
	struct nameidata nd = { .path.dentry = dir };
	struct dentry *d;

	if (!is_dir(dir))
		return ERR_PTR(-ENOTDIR);
	if (dir->d_unlinked)
		return ERR_PTR(-ENOENT);
	if (last->len > NAME_MAX)
		return ERR_PTR(-ENAMETOOLONG);
	d = lookup_child(&nd, last);
	if (IS_ERR(d))
		return d;
	if (d)
		return dget(d);
	d = d_alloc(dir, last);
	return d ? d : ERR_PTR(-ENOMEM);
}
