// SPDX-License-Identifier: MIT
/*
 * cpio "newc" reader (include/trapdoor/cpio.h). Every offset is checked
 * against the buffer before it is read, with sums that cannot overflow: a
 * header's sizes are 32-bit, the buffer's length is a size_t, and nothing is
 * added before it is known to fit.
 */
#include <trapdoor/compiler.h>
#include <trapdoor/cpio.h>
#include <trapdoor/string.h>

#define TRAILER "TRAILER!!!"

/* The header's thirteen fields, in order, after the six-byte magic. */
enum {
	F_INO,
	F_MODE,
	F_UID,
	F_GID,
	F_NLINK,
	F_MTIME,
	F_FILESIZE,
	F_DEVMAJOR,
	F_DEVMINOR,
	F_RDEVMAJOR,
	F_RDEVMINOR,
	F_NAMESIZE,
	F_CHECK,
	NR_FIELDS,
};

static const char *const bad_hex[NR_FIELDS] = {
	"bad hex digit in c_ino",	"bad hex digit in c_mode",
	"bad hex digit in c_uid",	"bad hex digit in c_gid",
	"bad hex digit in c_nlink",	"bad hex digit in c_mtime",
	"bad hex digit in c_filesize",	"bad hex digit in c_devmajor",
	"bad hex digit in c_devminor",	"bad hex digit in c_rdevmajor",
	"bad hex digit in c_rdevminor", "bad hex digit in c_namesize",
	"bad hex digit in c_check",
};

static int fail(struct cpio_reader *r, const char *why, size_t at)
{
	r->error = why;
	r->error_pos = at;
	return CPIO_BAD;
}

/* Eight hex digits at p into *v; false if one is not a hex digit. */
static bool parse_hex8(const u8 *p, u32 *v)
{
	u32 x = 0;

	for (int i = 0; i < 8; i++) {
		u8 c = p[i];
		u32 d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return false;
		x = x << 4 | d;
	}
	*v = x;
	return true;
}

/* Offset off rounded up to 4, or len if that passes len. */
static size_t pad4(size_t off, size_t len)
{
	size_t rem = (4 - (off & 3)) & 3;

	return rem > len - off ? len : off + rem;
}

static bool known_type(u32 mode)
{
	switch (mode & CPIO_S_IFMT) {
	case CPIO_S_IFREG:
	case CPIO_S_IFDIR:
	case CPIO_S_IFLNK:
	case CPIO_S_IFCHR:
	case CPIO_S_IFBLK:
	case CPIO_S_IFIFO:
	case CPIO_S_IFSOCK:
		return true;
	}
	return false;
}

void cpio_init(struct cpio_reader *r, const void *buf, size_t len)
{
	memset(r, 0, sizeof(*r));
	r->buf = buf;
	r->len = len;
}

/* Between archives: skip NUL padding; true if another archive follows. */
static bool skip_padding(struct cpio_reader *r)
{
	while (r->pos < r->len && r->buf[r->pos] == 0)
		r->pos++;
	return r->pos < r->len;
}

int cpio_next(struct cpio_reader *r, struct cpio_entry *e)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	const u8 *h;
	u32 f[NR_FIELDS];
	size_t start, name_off, data_off;
	bool crc;

	if (r->error)
		return CPIO_BAD;
next_header:
	start = r->pos;
	if (!r->in_archive) {
		if (!skip_padding(r)) {
			if (!r->seen)
				return fail(r,
					    "no members: empty, all padding or a bare TRAILER!!!",
					    r->pos);
			return CPIO_END;
		}
		start = r->pos;
		if (start & 3)
			return fail(r, "junk after TRAILER!!!", start);
	}
	if (start >= r->len)
		return fail(r, "truncated: no TRAILER!!!", start);
	if (r->len - start < CPIO_HEADER_SIZE)
		return fail(r, "truncated header", start);
	h = r->buf + start;
	if (memcmp(h, "07070", 5) || (h[5] != '1' && h[5] != '2'))
		return fail(r, "bad magic (not 070701 or 070702)", start);
	crc = h[5] == '2';
	for (int i = 0; i < NR_FIELDS; i++)
		if (!parse_hex8(h + 6 + 8 * i, &f[i]))
			return fail(r, bad_hex[i], start + 6 + 8 * i);

	if (f[F_NAMESIZE] == 0)
		return fail(r, "empty name (c_namesize 0)", start);
	if (f[F_NAMESIZE] > CPIO_PATH_MAX)
		return fail(r, "name too long (c_namesize past PATH_MAX)", start);
	name_off = start + CPIO_HEADER_SIZE;
	if (f[F_NAMESIZE] > r->len - name_off)
		return fail(r, "name past the end of the archive", start);
	if (h[CPIO_HEADER_SIZE + f[F_NAMESIZE] - 1] != 0)
		return fail(r, "name not NUL-terminated", name_off);
	if (strnlen((const char *)h + CPIO_HEADER_SIZE, f[F_NAMESIZE]) != f[F_NAMESIZE] - 1)
		return fail(r, "NUL inside the name", name_off);

	e->name = (const char *)h + CPIO_HEADER_SIZE;
	e->namelen = f[F_NAMESIZE] - 1;
	data_off = pad4(name_off + f[F_NAMESIZE], r->len);
	if (e->namelen == sizeof(TRAILER) - 1 && !memcmp(e->name, TRAILER, e->namelen)) {
		if (f[F_FILESIZE] > r->len - data_off)
			return fail(r, "data past the end of the archive", start);
		r->pos = pad4(data_off + f[F_FILESIZE], r->len);
		r->in_archive = false;
		goto next_header;
	}

	if (f[F_FILESIZE] > r->len - data_off)
		return fail(r, "data past the end of the archive", start);
	if (!known_type(f[F_MODE]))
		return fail(r, "unknown file type in c_mode", start);
	switch (f[F_MODE] & CPIO_S_IFMT) {
	case CPIO_S_IFREG:
		break;
	case CPIO_S_IFLNK:
		if (f[F_FILESIZE] == 0 || f[F_FILESIZE] >= CPIO_PATH_MAX)
			return fail(r, "symlink target empty or longer than PATH_MAX", start);
		if (strnlen((const char *)r->buf + data_off, f[F_FILESIZE]) != f[F_FILESIZE])
			return fail(r, "NUL inside a symlink target", data_off);
		break;
	default:
		if (f[F_FILESIZE])
			return fail(r, "data on a member that is not a file or symlink", start);
	}
	if (crc) {
		u32 sum = 0;

		for (size_t i = 0; i < f[F_FILESIZE]; i++)
			sum += r->buf[data_off + i];
		if (sum != f[F_CHECK])
			return fail(r, "bad checksum (070702)", start);
	}

	e->data = r->buf + data_off;
	e->size = f[F_FILESIZE];
	e->ino = f[F_INO];
	e->mode = f[F_MODE];
	e->uid = f[F_UID];
	e->gid = f[F_GID];
	e->nlink = f[F_NLINK];
	e->mtime = f[F_MTIME];
	e->devmajor = f[F_DEVMAJOR];
	e->devminor = f[F_DEVMINOR];
	e->rdevmajor = f[F_RDEVMAJOR];
	e->rdevminor = f[F_RDEVMINOR];
	r->pos = pad4(data_off + e->size, r->len);
	r->in_archive = true;
	r->seen++;
	return CPIO_ENTRY;
}

int cpio_check(struct cpio_reader *r, const void *buf, size_t len)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	struct cpio_entry e;
	int ret;

	cpio_init(r, buf, len);
	while ((ret = cpio_next(r, &e)) == CPIO_ENTRY)
		;
	return ret;
}
