// SPDX-License-Identifier: MIT
/* lib/string.c on the host (renamed td_*, see string-rename.h). */
#include <criterion/criterion.h>
#include <stddef.h>

void *td_memcpy(void *dst, const void *src, size_t n);
void *td_memmove(void *dst, const void *src, size_t n);
void *td_memset(void *s, int c, size_t n);
int td_memcmp(const void *a, const void *b, size_t n);
size_t td_strlen(const char *s);
size_t td_strnlen(const char *s, size_t max);
int td_strcmp(const char *a, const char *b);
int td_strncmp(const char *a, const char *b, size_t n);
char *td_strchr(const char *s, int c);
long td_strscpy(char *dst, const char *src, size_t size);
long td_strscpy_pad(char *dst, const char *src, size_t size);

Test(string, memcpy_copies_exactly_n)
{
	char dst[8] = "XXXXXXX";

	cr_expect_eq(td_memcpy(dst, "abc", 3), dst);
	cr_expect_arr_eq(dst, "abcXXXX", 8);
}

Test(string, memmove_handles_both_overlaps)
{
	char a[] = "abcdefgh";
	char b[] = "abcdefgh";

	td_memmove(a + 2, a, 5);
	cr_expect_str_eq(a, "ababcdeh");
	td_memmove(b, b + 2, 5);
	cr_expect_str_eq(b, "cdefgfgh");
}

Test(string, memset_and_memcmp_sign)
{
	unsigned char buf[4];

	td_memset(buf, 0x1ff, sizeof(buf)); /* only the low byte counts */
	cr_expect_eq(buf[3], 0xff);
	cr_expect_lt(td_memcmp("\x01", "\xff", 1), 0, "bytes compare unsigned");
	cr_expect_eq(td_memcmp("abc", "abd", 2), 0);
	cr_expect_eq(td_memcmp("x", "y", 0), 0);
}

Test(string, strlen_strnlen)
{
	cr_expect_eq(td_strlen(""), 0);
	cr_expect_eq(td_strlen("trapdoor"), 8);
	cr_expect_eq(td_strnlen("trapdoor", 4), 4);
	cr_expect_eq(td_strnlen("ab", 10), 2);
}

Test(string, strcmp_strncmp_order)
{
	cr_expect_eq(td_strcmp("abc", "abc"), 0);
	cr_expect_lt(td_strcmp("abc", "abd"), 0);
	cr_expect_gt(td_strcmp("abcd", "abc"), 0);
	cr_expect_gt(td_strcmp("\xff", "a"), 0, "chars compare unsigned");
	cr_expect_eq(td_strncmp("abcX", "abcY", 3), 0);
	cr_expect_lt(td_strncmp("ab", "abc", 5), 0);
}

Test(string, strchr_finds_char_and_terminator)
{
	const char *s = "a/b/c";

	cr_expect_eq(td_strchr(s, '/'), s + 1);
	cr_expect_eq(td_strchr(s, 'z'), NULL);
	cr_expect_eq(td_strchr(s, '\0'), s + 5);
}

Test(string, strscpy_truncates_and_terminates)
{
	char buf[4];

	cr_expect_eq(td_strscpy(buf, "ab", sizeof(buf)), 2);
	cr_expect_str_eq(buf, "ab");
	cr_expect_eq(td_strscpy(buf, "abcdef", sizeof(buf)), -1);
	cr_expect_str_eq(buf, "abc");
	cr_expect_eq(td_strscpy(buf, "abc", sizeof(buf)), 3);
	cr_expect_eq(td_strscpy(buf, "x", 0), -1);
}

/* The word-at-a-time paths: aligned bulk, an unaligned start, and odd tails. */
Test(string, memcpy_memset_word_paths_match_bytewise)
{
	static unsigned long src_words[64], dst_words[64];
	unsigned char *src = (unsigned char *)src_words, *dst = (unsigned char *)dst_words;

	for (size_t i = 0; i < sizeof(src_words); i++)
		src[i] = (unsigned char)(i * 7 + 1);
	for (size_t off = 0; off < 3; off++) {
		for (size_t n = 0; n < 70; n += 13) {
			memset(dst, 0xee, sizeof(dst_words));
			td_memcpy(dst + off, src + off, n);
			cr_expect_arr_eq(dst + off, src + off, n, "memcpy off %zu n %zu", off, n);
			cr_expect_eq(dst[off + n], 0xee, "memcpy wrote past n (off %zu n %zu)", off,
				     n);
			td_memset(dst + off, 0xa5, n);
			for (size_t i = 0; i < n; i++)
				cr_expect_eq(dst[off + i], 0xa5, "memset byte %zu (off %zu n %zu)",
					     i, off, n);
			cr_expect_eq(dst[off + n], 0xee, "memset wrote past n (off %zu n %zu)", off,
				     n);
		}
	}
	td_memset(dst, 0, 4096 > sizeof(dst_words) ? sizeof(dst_words) : 4096);
	cr_expect_eq(dst_words[63], 0, "a whole aligned buffer is cleared");
}

Test(string, strscpy_pad_zeroes_the_rest)
{
	char buf[8];

	memset(buf, 'x', sizeof(buf));
	cr_expect_eq(td_strscpy_pad(buf, "ab", sizeof(buf)), 2);
	cr_expect_arr_eq(buf, "ab\0\0\0\0\0\0", sizeof(buf));
	memset(buf, 'x', sizeof(buf));
	cr_expect_eq(td_strscpy_pad(buf, "abcdefghij", sizeof(buf)), -1);
	cr_expect_arr_eq(buf, "abcdefg", sizeof(buf), "truncated: 7 bytes and the terminator");
	cr_expect_eq(td_strscpy_pad(buf, "abcdefg", sizeof(buf)), 7);
	cr_expect_eq(td_strscpy_pad(buf, "", 0), -1, "size 0 writes nothing");
}
