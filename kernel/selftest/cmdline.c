// SPDX-License-Identifier: MIT
/* In-kernel tests, group cmdline: the command line's escaping and parsing, and test.cpus=. */
#include <trapdoor/cmdline.h>
#include <trapdoor/string.h>
#include <uapi/errno.h>

#include "selftest.h"

#ifdef CONFIG_KTEST

/* The command line reaches the console escaped: no raw newline can forge a protocol line. */
static __stackleak_frame_exempt void test_cmdline_escape(void)
{
	char buf[64];
	size_t n;

	n = string_escape(buf, sizeof(buf), "foo=1\nEXIT: status=0");
	KTEST_EXPECT(strcmp(buf, "foo=1\\nEXIT: status=0") == 0 && n == 20, "got \"%s\" (%zu)", buf,
		     n);
	n = string_escape(buf, sizeof(buf), "a\tb\x7f\\\r\xff");
	KTEST_EXPECT(strcmp(buf, "a\\x09b\\x7f\\\\\\x0d\\xff") == 0 && n == 7, "got \"%s\" (%zu)",
		     buf, n);
	/* A short buffer ends before an escape, never inside one. */
	n = string_escape(buf, 4, "ab\ncd");
	KTEST_EXPECT(strcmp(buf, "ab") == 0 && n == 2, "size 4: \"%s\" (%zu)", buf, n);
	n = string_escape(buf, 6, "ab\ncd");
	KTEST_EXPECT(strcmp(buf, "ab\\nc") == 0 && n == 4, "size 6: \"%s\" (%zu)", buf, n);
}

/* A command line too long for the parser is applied up to the last whole option. */
static __stackleak_frame_exempt void test_cmdline_fit(void)
{
	static const struct {
		const char *line;
		size_t size;
		bool cut;
		size_t want;
	} cases[] = {
		{ "kstack=off stackleak=on", 512, false, 23 }, /* fits */
		{ "aaaa bbbb cccc", 8, false, 5 },	       /* "bbbb" would be cut: dropped */
		{ "aaaa bbbb cccc", 10, false, 9 },	       /* the cut falls on a space */
		{ "aaaa bbbb cccc", 15, false, 14 },	       /* exactly fits */
		{ "aaaaaaaaaaaa", 5, false, 0 },	       /* not even one option */
		{ "aaaa bbbb", 512, true, 5 },		       /* the arch cut: last one dropped */
		{ "aaaa bbbb ", 512, true, 10 },	       /* ... unless it ended whole */
		{ "", 512, false, 0 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		size_t got = cmdline_fit(cases[i].line, cases[i].size, cases[i].cut);

		KTEST_EXPECT(got == cases[i].want, "\"%s\" in %zu bytes%s: %zu, want %zu",
			     cases[i].line, cases[i].size, cases[i].cut ? " (cut)" : "", got,
			     cases[i].want);
	}
}

/* test.cpus= takes 1 to NR_CPUS, nothing else; a bad value changes nothing. */
static __stackleak_frame_exempt void test_cmdline_test_cpus(void)
{
	static const char *const bad[] = { "", "0", "9", "x", "2x", "-1", "99999999999" };
	unsigned int saved = ktest_cpus_expected;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		int err = ktest_cpus_setup(bad[i]);

		KTEST_EXPECT(err == -EINVAL && ktest_cpus_expected == saved,
			     "test.cpus=%s: %d, expected now %u", bad[i], err, ktest_cpus_expected);
	}
	KTEST_EXPECT(ktest_cpus_setup("8") == 0 && ktest_cpus_expected == 8, "test.cpus=8: %u",
		     ktest_cpus_expected);
	KTEST_EXPECT(ktest_cpus_setup("1") == 0 && ktest_cpus_expected == 1, "test.cpus=1: %u",
		     ktest_cpus_expected);
	ktest_cpus_expected = saved;
}

const struct ktest ktests_cmdline[] = { { "cmdline.escape", test_cmdline_escape },
					{ "cmdline.fit_whole_options", test_cmdline_fit },
					{ "cmdline.test_cpus_values", test_cmdline_test_cpus },
					{ NULL, NULL } };

#endif /* CONFIG_KTEST */
