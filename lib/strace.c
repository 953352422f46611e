// SPDX-License-Identifier: MIT
/*
 * strace's notation (include/trapdoor/strace.h): what strace prints for a
 * string, a pointer, a flag set, a file mode and a result, so that a traced
 * line of trapdoor reads as strace's line for the same call on Linux.
 */
#include <trapdoor/sprintf.h>
#include <trapdoor/strace.h>
#include <trapdoor/string.h>

/* The file-mode bits: the same octal values on every Linux arch. */
#define MODE_IFMT  0170000
#define MODE_ISUID 04000
#define MODE_ISGID 02000
#define MODE_ISVTX 01000

void strace_init(struct strace_buf *b, char *buf, size_t size)
{
	b->buf = buf;
	b->size = size;
	b->len = 0;
	if (size)
		buf[0] = '\0';
}

static void strace_putc(struct strace_buf *b, char c)
{
	if (b->len + 1 < b->size) {
		b->buf[b->len] = c;
		b->buf[b->len + 1] = '\0';
	}
	b->len++;
}

void strace_puts(struct strace_buf *b, const char *s)
{
	while (*s)
		strace_putc(b, *s++);
}

void strace_printf(struct strace_buf *b, const char *fmt, ...)
{
	lib_track_stack(); /* varargs: a frame bigger than the stackleak search depth */
	size_t room = b->len < b->size ? b->size - b->len : 0;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(room ? b->buf + b->len : NULL, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		b->len += (size_t)n;
}

void strace_quote(struct strace_buf *b, const char *s, size_t len, bool more)
{
	strace_putc(b, '"');
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *esc = NULL;

		switch (c) {
		case '"':
			esc = "\\\"";
			break;
		case '\\':
			esc = "\\\\";
			break;
		case '\f':
			esc = "\\f";
			break;
		case '\n':
			esc = "\\n";
			break;
		case '\r':
			esc = "\\r";
			break;
		case '\t':
			esc = "\\t";
			break;
		case '\v':
			esc = "\\v";
			break;
		}
		if (esc) {
			strace_puts(b, esc);
		} else if (c >= ' ' && c <= '~') {
			strace_putc(b, (char)c);
		} else {
			/*
			 * Octal, as short as it can be, unless an octal digit
			 * follows: then all three, so the digit is not read as
			 * part of the escape.
			 */
			bool digit_next = i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '7';

			strace_putc(b, '\\');
			if (digit_next || c >> 6)
				strace_putc(b, (char)('0' + (c >> 6)));
			if (digit_next || c >> 3)
				strace_putc(b, (char)('0' + ((c >> 3) & 7)));
			strace_putc(b, (char)('0' + (c & 7)));
		}
	}
	strace_putc(b, '"');
	if (more)
		strace_puts(b, "...");
}

void strace_quote_hex(struct strace_buf *b, const char *s, size_t len, bool more)
{
	static const char digits[] = "0123456789abcdef";

	strace_putc(b, '"');
	for (size_t i = 0; i < len; i++) {
		strace_putc(b, '\\');
		strace_putc(b, 'x');
		strace_putc(b, digits[(unsigned char)s[i] >> 4]);
		strace_putc(b, digits[s[i] & 0xf]);
	}
	strace_putc(b, '"');
	if (more)
		strace_puts(b, "...");
}

void strace_ptr(struct strace_buf *b, unsigned long addr)
{
	if (addr)
		strace_printf(b, "0x%lx", addr);
	else
		strace_puts(b, "NULL");
}

void strace_xlat(struct strace_buf *b, unsigned long val, const struct strace_name *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (names[i].val == val) {
			strace_puts(b, names[i].name);
			return;
		}
	strace_printf(b, "%d", (int)val);
}

void strace_flags(struct strace_buf *b, unsigned long val, const struct strace_name *names,
		  size_t n, const char *zero_name)
{
	bool first = true;

	if (!val) {
		strace_puts(b, zero_name ? zero_name : "0");
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (names[i].val && (val & names[i].val) == names[i].val) {
			if (!first)
				strace_putc(b, '|');
			strace_puts(b, names[i].name);
			val &= ~names[i].val;
			first = false;
		}
	if (val)
		strace_printf(b, "%s0x%lx", first ? "" : "|", val);
}

void strace_mode(struct strace_buf *b, unsigned int mode)
{
	static const struct strace_name types[] = {
		{ 0140000, "S_IFSOCK" }, { 0120000, "S_IFLNK" }, { 0100000, "S_IFREG" },
		{ 0060000, "S_IFBLK" },	 { 0040000, "S_IFDIR" }, { 0020000, "S_IFCHR" },
		{ 0010000, "S_IFIFO" },
	};
	static const struct strace_name special[] = {
		{ MODE_ISUID, "S_ISUID" },
		{ MODE_ISGID, "S_ISGID" },
		{ MODE_ISVTX, "S_ISVTX" },
	};
	unsigned int type = mode & MODE_IFMT;

	if (type) {
		bool known = false;

		for (size_t i = 0; i < ARRAY_SIZE(types); i++)
			if (types[i].val == type) {
				strace_puts(b, types[i].name);
				known = true;
			}
		if (!known)
			strace_printf(b, "0%o", type);
		strace_putc(b, '|');
		for (size_t i = 0; i < ARRAY_SIZE(special); i++)
			if (mode & special[i].val) {
				strace_puts(b, special[i].name);
				strace_putc(b, '|');
			}
		mode &= 0777;
	}
	/* strace's %#03o: 0755, 005, 000 (this vsnprintf has no '#'). */
	if (mode)
		strace_printf(b, "0%02o", mode);
	else
		strace_puts(b, "000");
}

void strace_result(struct strace_buf *b, size_t start, long ret, unsigned int base,
		   const char *name, const char *text)
{
	strace_putc(b, ' ');
	while (b->len - start < STRACE_RESULT_COLUMN)
		strace_putc(b, ' ');
	if (ret < 0 && ret >= -4095) {
		/* The kernel's restart codes never reach the caller: strace shows "?" for them. */
		if (name && text)
			strace_printf(b, "= %s %s (%s)", ret >= -516 && ret <= -512 ? "?" : "-1",
				      name, text);
		else
			strace_printf(b, "= -1 ERRNO_%ld (Unknown error %ld)", -ret, -ret);
	} else if (base == 16) {
		strace_printf(b, "= 0x%lx", (unsigned long)ret);
	} else if (base == 8) {
		strace_puts(b, "= ");
		strace_mode(b, (unsigned int)ret & 07777);
	} else {
		strace_printf(b, "= %ld", ret);
	}
}
