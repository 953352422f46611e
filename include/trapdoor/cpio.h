/* SPDX-License-Identifier: MIT */
/*
 * A reader for cpio archives in the "new ASCII" (newc) format, the format of
 * Linux's initramfs. Each member is a 110-byte header of a six-character
 * magic ("070701", or "070702" with a checksum) and thirteen 8-digit hex
 * fields, then the NUL-terminated name, padded to 4 bytes, then the data,
 * padded to 4 bytes. A member named TRAILER!!! ends an archive; NUL padding
 * and further archives may follow it, as Linux accepts.
 *
 * Nothing in the archive is trusted: every field is checked against the
 * buffer, and a malformed archive yields an error with a message and the
 * offset it was found at, never a read past the buffer.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_CPIO_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_CPIO_H

#include <trapdoor/types.h>

#define CPIO_HEADER_SIZE 110
/* The longest name (with its NUL) and symlink target we accept: Linux's PATH_MAX. */
#define CPIO_PATH_MAX	 4096

/* The file types of a member's mode (Linux's S_IFMT values). */
#define CPIO_S_IFMT   0170000
#define CPIO_S_IFSOCK 0140000
#define CPIO_S_IFLNK  0120000
#define CPIO_S_IFREG  0100000
#define CPIO_S_IFBLK  0060000
#define CPIO_S_IFDIR  0040000
#define CPIO_S_IFCHR  0020000
#define CPIO_S_IFIFO  0010000

/* One member. name and data point into the archive. */
struct cpio_entry {
	const char *name; /* NUL-terminated */
	size_t namelen;	  /* without the NUL */
	const u8 *data;	  /* a symlink's data is its target, not NUL-terminated */
	size_t size;
	u32 ino, mode, uid, gid, nlink, mtime;
	u32 devmajor, devminor, rdevmajor, rdevminor;
};

struct cpio_reader {
	const u8 *buf;
	size_t len;
	size_t pos;	   /* offset of the next header */
	bool in_archive;   /* between a first header and its TRAILER!!! */
	unsigned int seen; /* members read, trailers not counted */
	const char *error; /* why the last cpio_next() failed */
	size_t error_pos;  /* the offset it failed at */
};

enum {
	CPIO_ENTRY = 1, /* *e holds the next member */
	CPIO_END = 0,	/* the archive ended well */
	CPIO_BAD = -1,	/* malformed: r->error and r->error_pos say why and where */
};

void cpio_init(struct cpio_reader *r, const void *buf, size_t len);

/* The next member: CPIO_ENTRY, CPIO_END or CPIO_BAD. */
int cpio_next(struct cpio_reader *r, struct cpio_entry *e);

/*
 * Walk the whole archive without acting on it: CPIO_END if it is well formed,
 * CPIO_BAD (with r's error) if not. A caller that must not act on half an
 * archive checks first.
 */
int cpio_check(struct cpio_reader *r, const void *buf, size_t len);

#endif
