// SPDX-License-Identifier: MIT
/* lib/vsprintf.c on the host: every conversion, width, flag and truncation rule. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

/* lib/vsprintf.c is built renamed on the host (libc-rename.h): call ours by that name. */
#pragma GCC diagnostic ignored "-Wformat-security"
int td_snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#define snprintf td_snprintf

/* A NULL the compiler cannot see through, so it does not warn about "%s". */
static const char *volatile null_string;

#define EXPECT_FMT(want, ...)                                                            \
	do {                                                                             \
		char buf_[128];                                                          \
		int n_ = snprintf(buf_, sizeof(buf_), __VA_ARGS__);                      \
		cr_expect_str_eq(buf_, want);                                            \
		cr_expect_eq(n_, (int)strlen(want), "returned %d for \"%s\"", n_, want); \
	} while (0)

/* Prove the rename works: these tests must exercise ours, not glibc's. */
Test(vsnprintf, is_ours_not_libc)
{
	char buf[32];

	/* glibc prints "(nil)" for a NULL %p; ours prints the full-width zero. */
	snprintf(buf, sizeof(buf), "%p", (void *)0);
	cr_assert_str_eq(buf, "0x0000000000000000");
}

Test(vsnprintf, signed_decimal)
{
	EXPECT_FMT("0 -1 42", "%d %i %d", 0, -1, 42);
	EXPECT_FMT("-2147483648", "%d", (int)(-2147483647 - 1));
	EXPECT_FMT("-9223372036854775808", "%lld", (long long)(-9223372036854775807LL - 1));
	EXPECT_FMT("-9223372036854775808", "%ld", (long)(-9223372036854775807L - 1));
	EXPECT_FMT("-1 -1", "%hd %hhd", 0xffff, 0xff);
}

Test(vsnprintf, unsigned_hex_octal)
{
	EXPECT_FMT("4294967295", "%u", 0xffffffffu);
	EXPECT_FMT("18446744073709551615", "%llu", ~0ULL);
	EXPECT_FMT("deadbeef DEADBEEF", "%x %X", 0xdeadbeefu, 0xdeadbeefu);
	EXPECT_FMT("ffffffffffff4111", "%lx", (unsigned long)-0xBEEFL);
	EXPECT_FMT("ffffffffffffffff", "%llx", ~0ULL);
	EXPECT_FMT("777", "%o", 0777u);
	EXPECT_FMT("ff", "%hhx", 0x1ff);
	EXPECT_FMT("123", "%zu", (size_t)123);
}

Test(vsnprintf, width_and_flags)
{
	EXPECT_FMT("[   42]", "[%5d]", 42);
	EXPECT_FMT("[42   ]", "[%-5d]", 42);
	EXPECT_FMT("[00042]", "[%05d]", 42);
	EXPECT_FMT("[-0042]", "[%05d]", -42);
	EXPECT_FMT("[  -42]", "[%5d]", -42);
	EXPECT_FMT("[0000beef]", "[%08x]", 0xbeefu);
	EXPECT_FMT("[ab   ]", "[%-5s]", "ab");
	EXPECT_FMT("[   ab]", "[%5s]", "ab");
	EXPECT_FMT("[    x]", "[%5c]", 'x');
	EXPECT_FMT("[x    ]", "[%-5c]", 'x');
	EXPECT_FMT("[  7]", "[%*d]", 3, 7);
	EXPECT_FMT("[7  ]", "[%*d]", -3, 7);
	/* Width smaller than the number never truncates it. */
	EXPECT_FMT("123456", "%2d", 123456);
}

Test(vsnprintf, strings_chars_percent)
{
	EXPECT_FMT("hello", "%s", "hello");
	EXPECT_FMT("(null)", "%s", null_string);
	EXPECT_FMT("hel", "%.3s", "hello");
	EXPECT_FMT("a%b", "%c%%%c", 'a', 'b');
	EXPECT_FMT("", "%s", "");
}

Test(vsnprintf, pointer_full_width)
{
	EXPECT_FMT("0x00000000deadbeef", "%p", (void *)0xdeadbeefUL);
	EXPECT_FMT("0xffffffffffffffff", "%p", (void *)~0UL);
}

/* Bad formats on purpose: the format string comes through a variable. */
static const char *volatile bad_format[] = { "%q", "50%" };

Test(vsnprintf, unknown_conversion_is_visible)
{
	char buf[16];

	cr_expect_eq(snprintf(buf, sizeof(buf), bad_format[0]), 2);
	cr_expect_str_eq(buf, "%q");
	cr_expect_eq(snprintf(buf, sizeof(buf), bad_format[1]), 3);
	cr_expect_str_eq(buf, "50%");
}

Test(vsnprintf, truncation_returns_full_length)
{
	char buf[8];

	memset(buf, 'X', sizeof(buf));
	cr_expect_eq(snprintf(buf, 4, "%s", "trapdoor"), 8);
	cr_expect_str_eq(buf, "tra");
	cr_expect_eq(buf[4], 'X', "wrote past size");

	memset(buf, 'X', sizeof(buf));
	cr_expect_eq(snprintf(buf, 1, "%d", 12345), 5);
	cr_expect_eq(buf[0], '\0');
	cr_expect_eq(buf[1], 'X');

	/* size 0: nothing written at all, not even the NUL; NULL buffer is fine. */
	cr_expect_eq(snprintf(NULL, 0, "%s-%d", "ab", 7), 4);
}

Test(vsnprintf, huge_width_is_clamped_and_bounded)
{
	char buf[16];
	int n = snprintf(buf, sizeof(buf), "%999999999d", 1);

	/* Clamped (no endless padding loop, no int overflow), still NUL-terminated. */
	cr_expect_leq(n, 4097);
	cr_expect_geq(n, 16);
	cr_expect_eq(strlen(buf), sizeof(buf) - 1);
}
