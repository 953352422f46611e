// SPDX-License-Identifier: MIT
/*
 * lib/strace.c against strace itself: every expected string below is what
 * strace 6.1 printed on Linux (x86_64) for the same bytes, flags, mode or
 * result (busybox and small static programs run under strace on the host).
 */
#include <criterion/criterion.h>
#include <string.h>

#include <trapdoor/strace.h>

static char out[512];

static struct strace_buf *fresh(void)
{
	static struct strace_buf b;

	strace_init(&b, out, sizeof(out));
	return &b;
}

Test(strace, quote_escapes_as_strace)
{
	/* printf 'a\001b\0011\200"\\\t\f\v\r\n' | write: an octal escape before a digit keeps 3 digits */
	static const char bytes[] = "a\001b\0011\200\"\\\t\f\v\r\n";
	struct strace_buf *b = fresh();

	strace_quote(b, bytes, sizeof(bytes) - 1, false);
	cr_expect_str_eq(out, "\"a\\1b\\0011\\200\\\"\\\\\\t\\f\\v\\r\\n\"");
	cr_expect_eq(b->len, strlen(out));
}

Test(strace, quote_cut_puts_dots_after_the_quote)
{
	static const char digits[] = "0123456789012345678901234567890123456789\n";
	struct strace_buf *b = fresh();

	strace_quote(b, digits, STRACE_STRING_MAX, true);
	cr_expect_str_eq(out, "\"01234567890123456789012345678901\"...");
}

Test(strace, quote_hex_as_getrandom)
{
	static const char bytes[] = "\x15\x94\xa1\xed\x41\x07\xa5\xf8";
	struct strace_buf *b = fresh();

	strace_quote_hex(b, bytes, 8, false);
	cr_expect_str_eq(out, "\"\\x15\\x94\\xa1\\xed\\x41\\x07\\xa5\\xf8\"");
}

Test(strace, ptr_null_and_hex)
{
	struct strace_buf *b = fresh();

	strace_ptr(b, 0);
	strace_puts(b, " ");
	strace_ptr(b, 0x9667d40);
	cr_expect_str_eq(out, "NULL 0x9667d40");
}

Test(strace, modes_with_and_without_type)
{
	static const struct {
		unsigned int mode;
		const char *want;
	} cases[] = {
		{ 0040755, "S_IFDIR|0755" },
		{ 0041777, "S_IFDIR|S_ISVTX|0777" },
		{ 0100644, "S_IFREG|0644" },
		{ 0120777, "S_IFLNK|0777" },
		{ 0020620, "S_IFCHR|0620" },
		{ 0104755, "S_IFREG|S_ISUID|0755" },
		{ 0666, "0666" },
		{ 0777, "0777" },
		{ 022, "022" },
		{ 0, "000" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		strace_mode(fresh(), cases[i].mode);
		cr_expect_str_eq(out, cases[i].want, "mode 0%o", cases[i].mode);
	}
}

static const struct strace_name open_flags[] = {
	{ 04000, "O_NONBLOCK" },
	{ 02000000, "O_CLOEXEC" },
	{ 0200000, "O_DIRECTORY" },
};

Test(strace, flags_in_table_order_then_the_rest_in_hex)
{
	strace_flags(fresh(), 04000 | 02000000 | 0200000, open_flags, 3, NULL);
	cr_expect_str_eq(out, "O_NONBLOCK|O_CLOEXEC|O_DIRECTORY");
	strace_flags(fresh(), 04000 | 0x40000000, open_flags, 3, NULL);
	cr_expect_str_eq(out, "O_NONBLOCK|0x40000000");
	strace_flags(fresh(), 0, open_flags, 3, NULL);
	cr_expect_str_eq(out, "0");
	strace_flags(fresh(), 0, open_flags, 3, "PROT_NONE");
	cr_expect_str_eq(out, "PROT_NONE");
}

Test(strace, xlat_name_or_decimal)
{
	static const struct strace_name clocks[] = { { 0, "CLOCK_REALTIME" },
						     { 1, "CLOCK_MONOTONIC" } };

	strace_xlat(fresh(), 1, clocks, 2);
	cr_expect_str_eq(out, "CLOCK_MONOTONIC");
	strace_xlat(fresh(), (unsigned long)-100, clocks, 2);
	cr_expect_str_eq(out, "-100");
}

/* A whole line as strace writes it: the result in column 40, or after one blank. */
static const char *line(const char *call, long ret, unsigned int base, const char *name,
			const char *text)
{
	struct strace_buf *b = fresh();

	strace_puts(b, call);
	strace_result(b, 0, ret, base, name, text);
	return out;
}

Test(strace, result_column_and_errors)
{
	cr_expect_str_eq(line("brk(NULL)", 0x9667000, 16, NULL, NULL),
			 "brk(NULL)                               = 0x9667000");
	cr_expect_str_eq(line("write(1, \"fault: nosuchmode\\n\", 18)", 18, 10, NULL, NULL),
			 "write(1, \"fault: nosuchmode\\n\", 18)     = 18");
	cr_expect_str_eq(line("getuid()", 0, 10, NULL, NULL),
			 "getuid()                                = 0");
	cr_expect_str_eq(line("openat(AT_FDCWD, \"/nonexist\", O_RDONLY)", -2, 10, "ENOENT",
			      "No such file or directory"),
			 "openat(AT_FDCWD, \"/nonexist\", O_RDONLY) = -1 ENOENT (No such file or "
			 "directory)");
	cr_expect_str_eq(
	    line("syscall_0x3ea(0, 0, 0, 0, 0, 0)", -38, 10, "ENOSYS", "Function not implemented"),
	    "syscall_0x3ea(0, 0, 0, 0, 0, 0)         = -1 ENOSYS (Function not "
	    "implemented)");
	cr_expect_str_eq(line("umask(000)", 022, 8, NULL, NULL),
			 "umask(000)                              = 022");
	/* strace: read(0, 0x7ffd..., 1) = ? ERESTARTSYS (To be restarted if SA_RESTART is set) */
	cr_expect_str_eq(
	    line("read(0, 0x7ffd0, 1)", -512, 10, "ERESTARTSYS",
		 "To be restarted if SA_RESTART is set"),
	    "read(0, 0x7ffd0, 1)                     = ? ERESTARTSYS (To be restarted if "
	    "SA_RESTART is set)");
	cr_expect_str_eq(line("x()", -4096, 10, NULL, NULL),
			 "x()                                     = -4096");
}

Test(strace, buffer_too_small_stays_terminated_and_counts_all)
{
	char small[8];
	struct strace_buf b;

	strace_init(&b, small, sizeof(small));
	strace_quote(&b, "abcdefghij", 10, false);
	cr_expect_str_eq(small, "\"abcdef");
	cr_expect_eq(b.len, 12);
	strace_printf(&b, "%d", 12345);
	cr_expect_eq(b.len, 17);
	cr_expect_str_eq(small, "\"abcdef");
}
