// SPDX-License-Identifier: MIT
/*
 * lib/cpio.c against archives built here member by member: a good archive
 * read back field by field, the checksum variant, archives one after another,
 * then each malformation alone (bad magic, a header cut short, a name without
 * its NUL, sizes past the end, a bad hex digit in every field, no trailer,
 * absurd sizes), every prefix of a good archive, and random corruptions of
 * it. The archive is copied to a buffer of exactly its size, so AddressSanitizer
 * sees any read past the end.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <trapdoor/cpio.h>

static uint8_t arc[8192];
static size_t len;

/* One member: header, name, padding, data, padding (crc: the 070702 form). */
static size_t add_crc(bool crc, const char *name, uint32_t mode, const void *data, uint32_t size,
		      uint32_t rmaj, uint32_t rmin)
{
	size_t start = len;
	uint32_t sum = 0;
	char h[CPIO_HEADER_SIZE + 1];

	for (uint32_t i = 0; i < size; i++)
		sum += ((const uint8_t *)data)[i];
	snprintf(h, sizeof(h), "%s%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		 crc ? "070702" : "070701", (uint32_t)len, mode, 0u, 0u, 1u, 1700000000u, size, 0u,
		 0u, rmaj, rmin, (uint32_t)strlen(name) + 1, crc ? sum : 0u);
	memcpy(arc + len, h, CPIO_HEADER_SIZE);
	len += CPIO_HEADER_SIZE;
	memcpy(arc + len, name, strlen(name) + 1);
	len += strlen(name) + 1;
	while (len & 3)
		arc[len++] = 0;
	memcpy(arc + len, data, size);
	len += size;
	while (len & 3)
		arc[len++] = 0;
	return start;
}

static size_t add(const char *name, uint32_t mode, const void *data, uint32_t size)
{
	return add_crc(false, name, mode, data, size, 0, 0);
}

static size_t trailer(void)
{
	return add("TRAILER!!!", 0, "", 0);
}

/* A good archive: a dir, a file, a symlink, a device, the trailer, 512-byte padding. */
static size_t file_at;
static void good(void)
{
	len = 0;
	memset(arc, 0, sizeof(arc));
	add(".", CPIO_S_IFDIR | 0755, "", 0);
	add("bin", CPIO_S_IFDIR | 0755, "", 0);
	file_at = add("bin/hello", CPIO_S_IFREG | 0755, "hello, world\n", 13);
	add("bin/sh", CPIO_S_IFLNK | 0777, "hello", 5);
	add_crc(false, "dev/null", CPIO_S_IFCHR | 0666, "", 0, 1, 3);
	trailer();
	len = (len + 511) & ~(size_t)511;
}

/* Every member's name, and the result, of reading the first n bytes of arc. */
static int read_all(size_t n, struct cpio_reader *r, char *names, size_t names_len)
{
	uint8_t *copy = malloc(n ? n : 1);
	struct cpio_entry e;
	int ret;

	memcpy(copy, arc, n);
	cpio_init(r, copy, n);
	if (names)
		names[0] = 0;
	while ((ret = cpio_next(r, &e)) == CPIO_ENTRY) {
		cr_assert_leq(e.data + e.size, copy + n, "data past the buffer");
		cr_assert_leq((const uint8_t *)e.name + e.namelen, copy + n);
		cr_assert_eq(strlen(e.name), e.namelen);
		if (names) {
			strncat(names, e.name, names_len - strlen(names) - 1);
			strncat(names, " ", names_len - strlen(names) - 1);
		}
	}
	free(copy);
	return ret;
}

/* The archive is refused, and the message contains why. */
static void refused(const char *why)
{
	struct cpio_reader r;

	cr_assert_eq(read_all(len, &r, NULL, 0), CPIO_BAD, "accepted; expected: %s", why);
	cr_assert_not_null(r.error);
	cr_assert_not_null(strstr(r.error, why), "error \"%s\", expected \"%s\"", r.error, why);
	cr_assert_leq(r.error_pos, len);
}

Test(cpio, good_archive_read_back)
{
	struct cpio_reader r;
	struct cpio_entry e;

	good();
	cpio_init(&r, arc, len);
	cr_assert_eq(cpio_next(&r, &e), CPIO_ENTRY);
	cr_assert_str_eq(e.name, ".");
	cr_assert_eq(e.mode, CPIO_S_IFDIR | 0755);
	cr_assert_eq(cpio_next(&r, &e), CPIO_ENTRY);
	cr_assert_str_eq(e.name, "bin");
	cr_assert_eq(cpio_next(&r, &e), CPIO_ENTRY);
	cr_assert_str_eq(e.name, "bin/hello");
	cr_assert_eq(e.namelen, 9);
	cr_assert_eq(e.size, 13);
	cr_assert_eq(memcmp(e.data, "hello, world\n", 13), 0);
	cr_assert_eq(e.mode, CPIO_S_IFREG | 0755);
	cr_assert_eq(e.mtime, 1700000000u);
	cr_assert_eq(e.nlink, 1);
	cr_assert_eq(cpio_next(&r, &e), CPIO_ENTRY);
	cr_assert_str_eq(e.name, "bin/sh");
	cr_assert_eq(e.mode & CPIO_S_IFMT, CPIO_S_IFLNK);
	cr_assert_eq(e.size, 5);
	cr_assert_eq(memcmp(e.data, "hello", 5), 0);
	cr_assert_eq(cpio_next(&r, &e), CPIO_ENTRY);
	cr_assert_str_eq(e.name, "dev/null");
	cr_assert_eq(e.rdevmajor, 1);
	cr_assert_eq(e.rdevminor, 3);
	cr_assert_eq(cpio_next(&r, &e), CPIO_END);
	cr_assert_null(r.error);
	cr_assert_eq(cpio_check(&r, arc, len), CPIO_END);
}

Test(cpio, checksum_form)
{
	struct cpio_reader r;

	len = 0;
	add_crc(true, "f", CPIO_S_IFREG | 0644, "abc", 3, 0, 0);
	trailer();
	cr_assert_eq(read_all(len, &r, NULL, 0), CPIO_END);
	/* One data byte changed: the sum no longer matches. */
	arc[CPIO_HEADER_SIZE + 4] = 'x';
	refused("bad checksum");
}

Test(cpio, archives_one_after_another)
{
	struct cpio_reader r;
	char names[256];

	len = 0;
	add("a", CPIO_S_IFREG | 0644, "1", 1);
	trailer();
	memset(arc + len, 0, 64); /* padding between archives, as Linux allows */
	len += 64;
	add("b", CPIO_S_IFREG | 0644, "22", 2);
	trailer();
	cr_assert_eq(read_all(len, &r, names, sizeof(names)), CPIO_END);
	cr_assert_str_eq(names, "a b ");
}

Test(cpio, bad_magic)
{
	good();
	arc[0] = '1';
	refused("bad magic");
	good();
	arc[5] = '7'; /* 070707 is the old ASCII format */
	refused("bad magic");
}

Test(cpio, truncated_header)
{
	len = 0;
	add("a", CPIO_S_IFREG | 0644, "", 0);
	len = CPIO_HEADER_SIZE + 8 + 50;
	refused("truncated header");
}

Test(cpio, name_not_nul_terminated)
{
	good();
	arc[CPIO_HEADER_SIZE + 1] = 'x'; /* "." then its NUL: the NUL becomes 'x' */
	refused("not NUL-terminated");
}

Test(cpio, nul_inside_name)
{
	good();
	arc[file_at + CPIO_HEADER_SIZE + 3] = 0; /* bin\0hello */
	refused("NUL inside the name");
}

/* Write v as the 8 hex digits of field i of the header at off. */
static void set_field(size_t off, int i, uint32_t v)
{
	char s[9];

	snprintf(s, sizeof(s), "%08X", v);
	memcpy(arc + off + 6 + 8 * i, s, 8);
}

#define F_FILESIZE 6
#define F_NAMESIZE 11

Test(cpio, data_past_the_end)
{
	good();
	set_field(file_at, F_FILESIZE, (uint32_t)len);
	refused("data past the end");
	good();
	set_field(file_at, F_FILESIZE, 0xffffffffu);
	refused("data past the end");
}

Test(cpio, name_past_the_end)
{
	len = 0;
	add("name", CPIO_S_IFREG | 0644, "", 0);
	len = CPIO_HEADER_SIZE + 3;
	refused("name past the end");
}

Test(cpio, absurd_namesize)
{
	good();
	set_field(file_at, F_NAMESIZE, 0);
	refused("empty name");
	good();
	set_field(file_at, F_NAMESIZE, 0xffffffffu);
	refused("name too long");
	good();
	set_field(file_at, F_NAMESIZE, CPIO_PATH_MAX + 1);
	refused("name too long");
	good();
	set_field(file_at, F_NAMESIZE, 100); /* inside the buffer, but no NUL there */
	refused("not NUL-terminated");
}

Test(cpio, bad_hex_in_every_field)
{
	static const char *const names[] = { "c_ino",	    "c_mode",	   "c_uid",
					     "c_gid",	    "c_nlink",	   "c_mtime",
					     "c_filesize",  "c_devmajor",  "c_devminor",
					     "c_rdevmajor", "c_rdevminor", "c_namesize",
					     "c_check" };

	for (int i = 0; i < 13; i++) {
		char why[64];

		good();
		arc[file_at + 6 + 8 * i + 3] = 'g';
		snprintf(why, sizeof(why), "bad hex digit in %s", names[i]);
		refused(why);
		good();
		arc[file_at + 6 + 8 * i + 7] = ' ';
		refused(why);
	}
}

Test(cpio, missing_trailer)
{
	len = 0;
	add("a", CPIO_S_IFREG | 0644, "1", 1);
	refused("no TRAILER!!!");
}

Test(cpio, empty_or_bare_trailer)
{
	len = 0;
	refused("no members");
	memset(arc, 0, 512);
	len = 512;
	refused("no members");
	len = 0;
	trailer();
	refused("no members");
}

Test(cpio, junk_after_trailer)
{
	good();
	arc[len - 3] = 'x';
	refused("junk after TRAILER!!!");
	good();
	arc[len - 4] = '0';
	refused("truncated header");
	good();
	memset(arc + len, 'z', 128);
	len += 128;
	refused("bad magic");
}

Test(cpio, unknown_type_and_data_on_a_directory)
{
	len = 0;
	add("a", 0170644, "", 0);
	trailer();
	refused("unknown file type");
	len = 0;
	add("d", CPIO_S_IFDIR | 0755, "xy", 2);
	trailer();
	refused("not a file or symlink");
}

Test(cpio, bad_symlinks)
{
	len = 0;
	add("l", CPIO_S_IFLNK | 0777, "", 0);
	trailer();
	refused("symlink target");
	len = 0;
	add("l", CPIO_S_IFLNK | 0777, "a\0b", 3);
	trailer();
	refused("NUL inside a symlink target");
}

/* A reader that failed stays failed. */
Test(cpio, error_is_sticky)
{
	struct cpio_reader r;
	struct cpio_entry e;

	good();
	arc[0] = 'x';
	cpio_init(&r, arc, len);
	cr_assert_eq(cpio_next(&r, &e), CPIO_BAD);
	cr_assert_eq(cpio_next(&r, &e), CPIO_BAD);
}

/* Every prefix that cuts the trailer off is refused; none reads past its end. */
Test(cpio, every_prefix)
{
	struct cpio_reader r;
	size_t full, end_of_trailer;

	good();
	full = len;
	/* The trailer's header and name end 124 bytes after it starts. */
	len = 0;
	add(".", CPIO_S_IFDIR | 0755, "", 0);
	add("bin", CPIO_S_IFDIR | 0755, "", 0);
	add("bin/hello", CPIO_S_IFREG | 0755, "hello, world\n", 13);
	add("bin/sh", CPIO_S_IFLNK | 0777, "hello", 5);
	add_crc(false, "dev/null", CPIO_S_IFCHR | 0666, "", 0, 1, 3);
	end_of_trailer = len + CPIO_HEADER_SIZE + 11;
	good();
	for (size_t n = 0; n < full; n++) {
		int ret = read_all(n, &r, NULL, 0);

		if (n < end_of_trailer)
			cr_assert_eq(ret, CPIO_BAD, "prefix %zu accepted", n);
		else
			cr_assert_eq(ret, CPIO_END, "prefix %zu refused: %s", n, r.error);
	}
}

/* Random corruptions, a fixed seed: each either reads cleanly or is refused. */
Test(cpio, random_corruptions)
{
	uint64_t x = 0x9e3779b97f4a7c15ull;

	for (int round = 0; round < 20000; round++) {
		struct cpio_reader r;
		int flips;
		int ret;

		good();
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		flips = 1 + x % 4;
		for (int i = 0; i < flips; i++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			arc[(x >> 8) % len] = (x >> 40) % 3 ? (uint8_t)(x >> 48) :
							      "0123456789abcdefF"[(x >> 48) % 17];
		}
		ret = read_all(len, &r, NULL, 0);
		cr_assert(ret == CPIO_END || (ret == CPIO_BAD && r.error), "round %d", round);
	}
}
