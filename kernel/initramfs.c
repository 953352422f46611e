// SPDX-License-Identifier: MIT
/*
 * The initramfs archive (include/trapdoor/initramfs.h): checked whole at
 * boot, so a malformed archive is refused with the reader's message before
 * anything is taken from it, and then looked up by path. A path is walked a
 * component at a time, each prefix found as a member of the archive; a
 * symlink's target replaces the components it stands for.
 */
#include <trapdoor/cpio.h>
#include <trapdoor/initramfs.h>
#include <trapdoor/printk.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <uapi/errno.h>

#define PATH_MAX    4096
#define MAXSYMLINKS 40

static struct cpio_reader archive;
static bool archive_ok;

int initramfs_init(const void *buf, size_t len)
{
	struct cpio_reader r;

	archive_ok = false;
	if (cpio_check(&r, buf, len) != CPIO_END) {
		printk("initramfs: refused: %s at offset %zu of %zu bytes\n", r.error, r.error_pos,
		       len);
		return -EINVAL;
	}
	cpio_init(&archive, buf, len);
	archive_ok = true;
	printk("initramfs: %u files, %zu bytes\n", r.seen, len);
	return 0;
}

/* The member named name[0..len) (no leading '/'), the last if several: true if found. */
static bool find_member(const char *name, size_t len, struct cpio_entry *found)
{
	struct cpio_reader r = archive;
	struct cpio_entry e;
	bool hit = false;

	while (cpio_next(&r, &e) == CPIO_ENTRY) {
		const char *n = e.name;
		size_t nlen = e.namelen;

		/* gen-initramfs writes "bin/sh"; other tools "./bin/sh" or "/bin/sh". */
		while (nlen && (n[0] == '/' || (n[0] == '.' && (nlen == 1 || n[1] == '/')))) {
			n++;
			nlen--;
		}
		if (nlen == len && !memcmp(n, name, len)) {
			*found = e;
			hit = true;
		}
	}
	return hit;
}

/* Used under the kernel lock, and the kernel is never preempted: one of each serves every call. */
static char path_buf[PATH_MAX], link_buf[PATH_MAX];

/* Removes the run of '/' at buf[at]. */
static void squeeze_slashes(char *buf, size_t at)
{
	size_t n = 0;

	while (buf[at + n] == '/')
		n++;
	if (n)
		memmove(buf + at, buf + at + n, strlen(buf + at + n) + 1);
}

/*
 * Walks buf, a path from the root without its leading '/', in place: each
 * component is found by its whole prefix, "." and ".." are taken out and a
 * symlink is replaced by its target.
 */
static int walk(char *buf, struct initramfs_file *file)
{
	char *tmp = link_buf;
	unsigned int links = 0;
	size_t done = 0; /* buf[0..done) is resolved: directories only */

	for (;;) {
		struct cpio_entry e;
		size_t start = done, end;
		size_t tlen, rest;

		squeeze_slashes(buf, start);
		if (!buf[start]) {
			/* The root, or a path ending in '/': a directory. */
			file->data = NULL;
			file->size = 0;
			file->mode = CPIO_S_IFDIR | 0755;
			return 0;
		}
		end = start;
		while (buf[end] && buf[end] != '/')
			end++;
		if (end - start == 1 && buf[start] == '.') {
			memmove(buf + start, buf + end, strlen(buf + end) + 1);
			continue;
		}
		if (end - start == 2 && buf[start] == '.' && buf[start + 1] == '.') {
			/* Up one: drop the last resolved component ("/.." is "/"). */
			size_t up = done;

			while (up && buf[up - 1] == '/')
				up--;
			while (up && buf[up - 1] != '/')
				up--;
			memmove(buf + up, buf + end, strlen(buf + end) + 1);
			done = up;
			continue;
		}
		if (!find_member(buf, end, &e))
			return -ENOENT;
		if ((e.mode & CPIO_S_IFMT) == CPIO_S_IFLNK) {
			if (++links > MAXSYMLINKS)
				return -ELOOP;
			/* The target, then what followed the link; from the root if absolute. */
			rest = strlen(buf + end);
			tlen = e.size;
			if (tlen + rest + start + 1 > PATH_MAX)
				return -ENAMETOOLONG;
			memcpy(tmp, e.data, tlen);
			memcpy(tmp + tlen, buf + end, rest + 1);
			if (tmp[0] == '/')
				start = 0;
			memcpy(buf + start, tmp, tlen + rest + 1);
			done = start;
			continue;
		}
		if (!buf[end]) {
			file->data = e.data;
			file->size = e.size;
			file->mode = e.mode;
			return 0;
		}
		if ((e.mode & CPIO_S_IFMT) != CPIO_S_IFDIR)
			return -ENOTDIR;
		done = end + 1;
	}
}

int initramfs_lookup(const char *path, struct initramfs_file *file)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	size_t len = strnlen(path, PATH_MAX);

	if (len == PATH_MAX)
		return -ENAMETOOLONG;
	if (!len || !archive_ok)
		return -ENOENT;
	strscpy(path_buf, path, PATH_MAX);
	squeeze_slashes(path_buf, 0);
	return walk(path_buf, file);
}
