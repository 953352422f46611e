// SPDX-License-Identifier: MIT
/*
 * The initramfs (include/trapdoor/initramfs.h), as Linux's init/initramfs.c:
 * the archive is checked whole first, so a malformed one is refused with the
 * reader's message before anything is taken from it; then each member, in
 * order, becomes a directory, a device node, a symlink or a regular file of
 * the same name and mode, through the VFS's boot helpers (init_mkdir(),
 * init_mknod(), init_symlink(), filp_open() and kernel_write()). A member
 * that cannot be made is named on the console, and the rest still come: a
 * name that exists already (the VFS's own /dev, /proc, /tmp) is kept, except
 * a regular file, whose contents the archive's replace.
 */
#include <trapdoor/cpio.h>
#include <trapdoor/fs.h>
#include <trapdoor/initramfs.h>
#include <trapdoor/printk.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <uapi/errno.h>

int initramfs_init(const void *buf, size_t len)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct cpio_reader r;

	if (cpio_check(&r, buf, len) != CPIO_END) {
		printk("initramfs: refused: %s at offset %zu of %zu bytes\n", r.error, r.error_pos,
		       len);
		return -EINVAL;
	}
	printk("initramfs: %u files, %zu bytes\n", r.seen, len);
	return 0;
}

/* Used at boot, before any task: one of each serves every member. */
static char path[CPIO_PATH_MAX + 1], target[CPIO_PATH_MAX];

static int write_file(const struct cpio_entry *e)
{
	struct file *f = filp_open(path, O_WRONLY | O_CREAT | O_TRUNC, e->mode & 07777);
	loff_t pos = 0;
	int err = 0;

	if (IS_ERR(f))
		return (int)PTR_ERR(f);
	while ((size_t)pos < e->size) {
		ssize_t n = kernel_write(f, e->data + pos, e->size - (size_t)pos, &pos);

		if (n <= 0) {
			err = n < 0 ? (int)n : -EIO;
			break;
		}
	}
	fput(f);
	return err;
}

static int make_member(const struct cpio_entry *e)
{
	umode_t mode = (umode_t)(e->mode & 07777);
	int err;

	switch (e->mode & CPIO_S_IFMT) {
	case CPIO_S_IFDIR:
		err = init_mkdir(path, mode);
		return err == -EEXIST ? 0 : err;
	case CPIO_S_IFCHR:
	case CPIO_S_IFBLK:
	case CPIO_S_IFIFO:
	case CPIO_S_IFSOCK:
		err = init_mknod(path, (umode_t)(e->mode & 0177777),
				 MKDEV(e->rdevmajor, e->rdevminor));
		return err == -EEXIST ? 0 : err;
	case CPIO_S_IFLNK:
		memcpy(target, e->data, e->size);
		target[e->size] = '\0';
		err = init_symlink(target, path);
		return err == -EEXIST ? 0 : err;
	default:
		return write_file(e);
	}
}

int unpack_to_rootfs(const void *buf, size_t len)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct cpio_reader r;
	struct cpio_entry e;
	unsigned int made = 0, failed = 0;
	int ret;

	if (initramfs_init(buf, len) < 0)
		return -EINVAL;
	cpio_init(&r, buf, len);
	while ((ret = cpio_next(&r, &e)) == CPIO_ENTRY) {
		const char *name = e.name;
		int err;

		/* "bin/sh", "./bin/sh" and "/bin/sh" all name /bin/sh; "." is the root. */
		while (*name == '/' || (name[0] == '.' && (name[1] == '/' || !name[1])))
			name += name[0] == '.' && name[1] ? 2 : 1;
		if (!*name)
			continue;
		path[0] = '/';
		strscpy(path + 1, name, sizeof(path) - 1);
		err = make_member(&e);
		if (err < 0) {
			printk("initramfs: %s: cannot make it (error %d)\n", path, err);
			failed++;
		} else {
			made++;
		}
	}
	printk("initramfs: unpacked %u files into ramfs%s\n", made, failed ? ", some failed" : "");
	return failed ? -EIO : 0;
}
