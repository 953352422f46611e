// SPDX-License-Identifier: MIT
/* In-kernel tests, group lib: lib/ on the target, through this arch's calling convention and byte order. */
#include <trapdoor/blake2s.h>
#include <trapdoor/chacha.h>
#include <trapdoor/prandom.h>
#include <trapdoor/printk.h>
#include <trapdoor/string.h>

#include "selftest.h"

#ifdef CONFIG_KTEST

static void expect_format(const char *want, const char *fmt, ...) __printf(2, 3);

static __stackleak_frame_exempt void expect_format(const char *want, const char *fmt, ...)
{
	char buf[64];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	KTEST_EXPECT(strcmp(buf, want) == 0, "format \"%s\" gave \"%s\", want \"%s\"", fmt, buf,
		     want);
	KTEST_EXPECT(n == (int)strlen(want), "format \"%s\" returned %d, want %d", fmt, n,
		     (int)strlen(want));
}

/* A NULL the compiler cannot see through, so it does not warn about "%s". */
static const char *volatile null_string;

/* Varargs of every width pass through this arch's calling convention. */
static __stackleak_frame_exempt void test_vsnprintf_widths(void)
{
	expect_format("-2147483648", "%d", (int)(-2147483647 - 1));
	expect_format("18446744073709551615", "%llu", ~0ULL);
	expect_format("ffffffffffff4111", "%lx", (unsigned long)-0xBEEFL);
	expect_format("0x00000000deadbeef", "%p", (void *)0xdeadbeefUL);
	expect_format("[  42|42   |00042]", "[%4d|%-5d|%05d]", 42, 42, 42);
	expect_format("a (null) % z", "%c %s %% %c", 'a', null_string, 'z');
	expect_format("1 2 3 4 5 6 7 8 9 10", "%d %d %d %d %d %d %d %d %d %d", 1, 2, 3, 4, 5, 6, 7,
		      8, 9, 10);
}

static void test_vsnprintf_truncates(void)
{
	char buf[8];
	int n;

	memset(buf, 'X', sizeof(buf));
	n = snprintf(buf, 4, "%s", "trapdoor");
	KTEST_EXPECT(n == 8, "returned %d, want 8", n);
	KTEST_EXPECT(strcmp(buf, "tra") == 0, "got \"%s\"", buf);
	KTEST_EXPECT(buf[4] == 'X', "wrote past the size");
}

static __stackleak_frame_exempt void test_string_functions(void)
{
	char a[32], b[32];

	memset(a, 0x5a, sizeof(a));
	memcpy(b, a, sizeof(b));
	KTEST_EXPECT(memcmp(a, b, sizeof(a)) == 0, "memcpy copy differs");
	strscpy(a, "abcdef", sizeof(a));
	memmove(a + 2, a, 6);
	KTEST_EXPECT(memcmp(a, "ababcdef", 8) == 0, "overlapping memmove gave \"%.8s\"", a);
	KTEST_EXPECT(strlen("trapdoor") == 8, "strlen");
	KTEST_EXPECT(strcmp("abc", "abd") < 0 && strcmp("b", "a") > 0, "strcmp order");
}

/* Linux's CONFIG_RANDOM32_SELFTEST vectors, on the target (two are big-endian). */
static void test_prandom_selftest(void)
{
	int failed = prandom_selftest();

	KTEST_EXPECT(failed == 0, "%d LFSR113 vectors differ from Linux's", failed);
}

/* RFC 8439 §2.3.2: key 00..1f, counter 1, nonce 00:00:00:09:00:00:00:4a:00:00:00:00. */
static __stackleak_frame_exempt void test_chacha20_rfc8439_block(void)
{
	static const u8 iv[CHACHA_IV_SIZE] = { 1, 0, 0, 0, 0, 0, 0, 0x09, 0, 0, 0, 0x4a };
	static const u8 want[16] = { 0x10, 0xf1, 0xe7, 0xe4, 0xd1, 0x3b, 0x59, 0x15,
				     0x50, 0x0f, 0xdd, 0x1f, 0xa3, 0x20, 0x71, 0xc4 };
	u8 key[CHACHA_KEY_SIZE], out[CHACHA_BLOCK_SIZE];
	u32 st[CHACHA_STATE_WORDS];

	for (int i = 0; i < CHACHA_KEY_SIZE; i++)
		key[i] = (u8)i;
	chacha_init(st, key, iv);
	chacha20_block(st, out);
	KTEST_EXPECT(memcmp(out, want, sizeof(want)) == 0, "block starts %02x %02x %02x %02x",
		     out[0], out[1], out[2], out[3]);
	KTEST_EXPECT(st[12] == 2, "block counter %u after one block, want 2", st[12]);
}

/* RFC 7693 Appendix B: BLAKE2s-256("abc") begins 50 8c 5e 8c. */
static __stackleak_frame_exempt void test_blake2s_rfc7693_abc(void)
{
	static const u8 want[8] = { 0x50, 0x8c, 0x5e, 0x8c, 0x32, 0x7c, 0x14, 0xe2 };
	u8 out[BLAKE2S_HASH_SIZE];

	blake2s(out, (const u8 *)"abc", NULL, sizeof(out), 3, 0);
	KTEST_EXPECT(memcmp(out, want, sizeof(want)) == 0, "digest starts %02x %02x %02x %02x",
		     out[0], out[1], out[2], out[3]);
}

const struct ktest ktests_lib[] = { { "lib.vsnprintf_widths", test_vsnprintf_widths },
				    { "lib.vsnprintf_truncates", test_vsnprintf_truncates },
				    { "lib.string_functions", test_string_functions },
				    { "lib.prandom_linux_selftest_vectors", test_prandom_selftest },
				    { "lib.chacha20_rfc8439_block", test_chacha20_rfc8439_block },
				    { "lib.blake2s_rfc7693_abc", test_blake2s_rfc7693_abc },
				    { NULL, NULL } };

#endif /* CONFIG_KTEST */
