// SPDX-License-Identifier: MIT
/*
 * lib/cpumask.c: the length rules of sched_setaffinity and sched_getaffinity
 * as Linux applies them, the byte order of a user's mask, and CPU lists.
 */
#include <criterion/criterion.h>
#include <string.h>

#include <trapdoor/cpumask.h>

Test(cpumask, setaffinity_len_is_capped_at_one_long)
{
	cr_expect_eq(cpumask_user_len(0), 0);
	cr_expect_eq(cpumask_user_len(1), 1);
	cr_expect_eq(cpumask_user_len(sizeof(long)), sizeof(long));
	cr_expect_eq(cpumask_user_len(sizeof(long) + 1), sizeof(long));
	cr_expect_eq(cpumask_user_len(~0UL), sizeof(long));
}

Test(cpumask, mask_from_bytes_reads_them_as_the_long_they_are_in)
{
	unsigned long m = 0x8000000000000005UL;
	unsigned char bytes[sizeof(m)];

	memcpy(bytes, &m, sizeof(m));
	cr_expect_eq(cpumask_from_bytes(bytes, sizeof(m)), m);
	cr_expect_eq(cpumask_from_bytes(bytes, 0), 0);
	/* A short copy keeps the bytes it has, the rest is zero: as Linux's cpumask copy. */
	unsigned long part = 0;

	memcpy(&part, bytes, 1);
	cr_expect_eq(cpumask_from_bytes(bytes, 1), part);
}

Test(cpumask, getaffinity_len_rules)
{
	cr_expect_eq(cpumask_getaffinity_len(sizeof(long), 1), (long)sizeof(long));
	cr_expect_eq(cpumask_getaffinity_len(4 * sizeof(long), 8), (long)sizeof(long));
	cr_expect_eq(cpumask_getaffinity_len(0, 1), -22, "too small for one CPU");
	cr_expect_eq(cpumask_getaffinity_len(sizeof(long) + 4, 2), -22, "not a multiple of a long");
	cr_expect_eq(cpumask_getaffinity_len(4, 2), -22, "half a long");
	cr_expect_eq(cpumask_getaffinity_len(~0UL, 2), -22, "len * 8 would wrap");
}

Test(cpumask, cpulist_parse_good)
{
	static const struct {
		const char *s;
		unsigned long mask;
	} cases[] = {
		{ "0", 0x1 },	     { "3", 0x8 },     { "0-2", 0x7 },
		{ "1,3", 0xa },	     { "0-1,3", 0xb }, { "2-2", 0x4 },
		{ "63", 1UL << 63 }, { "0-63", ~0UL }, { "5,0", 0x21 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned long m = 0xdead;

		cr_expect_eq(cpulist_parse(cases[i].s, &m), 0, "\"%s\"", cases[i].s);
		cr_expect_eq(m, cases[i].mask, "\"%s\": 0x%lx, want 0x%lx", cases[i].s, m,
			     cases[i].mask);
	}
}

Test(cpumask, cpulist_parse_rejects)
{
	static const char *const bad[] = {
		"",    ",",  "0,",   ",0",  "a",    "1-",  "-1",
		"3-1", "64", "0-64", "1 2", "1,,2", "0x3", "99999999999999999999",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		unsigned long m = 0xdead;

		cr_expect_eq(cpulist_parse(bad[i], &m), -22, "\"%s\"", bad[i]);
		cr_expect_eq(m, 0xdead, "\"%s\" changed the mask", bad[i]);
	}
}

Test(cpumask, cpulist_print_round_trips)
{
	static const struct {
		unsigned long mask;
		const char *s;
	} cases[] = {
		{ 0, "" },	{ 0x1, "0" },	     { 0x7, "0-2" },   { 0xb, "0-1,3" },
		{ 0xa, "1,3" }, { 1UL << 63, "63" }, { ~0UL, "0-63" }, { 0x5, "0,2" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char buf[64];
		unsigned long back = 0;
		int n = cpulist_print(buf, sizeof(buf), cases[i].mask);

		cr_expect_str_eq(buf, cases[i].s, "0x%lx", cases[i].mask);
		cr_expect_eq(n, (int)strlen(cases[i].s));
		if (cases[i].mask)
			cr_expect(cpulist_parse(buf, &back) == 0 && back == cases[i].mask, "0x%lx",
				  cases[i].mask);
	}
}

Test(cpumask, cpulist_print_truncates_and_counts)
{
	char buf[4];
	int n = cpulist_print(buf, sizeof(buf), 0x15); /* "0,2,4" */

	cr_expect_eq(n, 5);
	cr_expect_str_eq(buf, "0,2");
}
