// SPDX-License-Identifier: MIT
/*
 * lib/kallsyms.c: the oops printer's address-to-symbol lookup, on tables laid
 * out as tools/gen-kallsyms writes them.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <trapdoor/kallsyms.h>

/* _start at 0x1000 (0x20 bytes), do_syscall at 0x1020 (0x40), sys_getpid at 0x1060, up to 0x1080. */
static const unsigned long addrs[] = { 0x1000, 0x1020, 0x1060 };
static const u32 offs[] = { 0, 7, 18 };
static const char names[] = "_start\0do_syscall\0sys_getpid";
static const struct kallsyms_table table = {
	.addresses = addrs,
	.name_offsets = offs,
	.names = names,
	.num = 3,
	.end = 0x1080,
};

static void expect(unsigned long addr, const char *name, unsigned long size, unsigned long offset)
{
	unsigned long sz = 0xdead, off = 0xbeef;
	const char *got = kallsyms_search(&table, addr, &sz, &off);

	cr_assert_not_null(got, "0x%lx: no symbol, expected %s", addr, name);
	cr_expect_str_eq(got, name, "0x%lx", addr);
	cr_expect_eq(sz, size, "0x%lx: size 0x%lx, expected 0x%lx", addr, sz, size);
	cr_expect_eq(off, offset, "0x%lx: offset 0x%lx, expected 0x%lx", addr, off, offset);
}

Test(kallsyms, first_and_last_byte_of_each_symbol)
{
	expect(0x1000, "_start", 0x20, 0);
	expect(0x101f, "_start", 0x20, 0x1f);
	expect(0x1020, "do_syscall", 0x40, 0);
	expect(0x105f, "do_syscall", 0x40, 0x3f);
	expect(0x1060, "sys_getpid", 0x20, 0);
	expect(0x107f, "sys_getpid", 0x20, 0x1f);
}

Test(kallsyms, outside_the_text_is_no_symbol)
{
	unsigned long sz = 7, off = 9;

	cr_expect_null(kallsyms_search(&table, 0xfff, &sz, &off));
	cr_expect_null(kallsyms_search(&table, 0x1080, &sz, &off));
	cr_expect_null(kallsyms_search(&table, 0, &sz, &off));
	cr_expect_null(kallsyms_search(&table, ~0UL, &sz, &off));
	cr_expect(sz == 7 && off == 9, "size and offset untouched on a miss");
}

Test(kallsyms, empty_table_finds_nothing)
{
	const struct kallsyms_table empty = {
		.addresses = addrs, .name_offsets = offs, .names = names, .num = 0, .end = 0x1080
	};
	unsigned long sz, off;

	cr_expect_null(kallsyms_search(&empty, 0x1000, &sz, &off));
}

/* Every address of a 1000-symbol table with uneven gaps, against a linear scan. */
Test(kallsyms, matches_a_linear_scan)
{
	static unsigned long a[1000];
	static u32 o[1000];
	static char n[1000 * 16];
	struct kallsyms_table t = { .addresses = a, .name_offsets = o, .names = n, .num = 1000 };
	unsigned long addr = 0x80200000, sz, off;
	size_t pos = 0;

	for (int i = 0; i < 1000; i++) {
		a[i] = addr;
		o[i] = (u32)pos;
		pos += (size_t)sprintf(n + pos, "f%d", i) + 1;
		addr += 2 + (unsigned long)(i * 7919 % 61) * 2;
	}
	t.end = addr;
	for (unsigned long x = a[0]; x < t.end; x++) {
		int want = 0;
		char name[16];

		while (want + 1 < 1000 && a[want + 1] <= x)
			want++;
		sprintf(name, "f%d", want);
		cr_assert_str_eq(kallsyms_search(&t, x, &sz, &off), name, "0x%lx", x);
		cr_assert_eq(off, x - a[want]);
		cr_assert_eq(sz, (want + 1 < 1000 ? a[want + 1] : t.end) - a[want]);
	}
}
