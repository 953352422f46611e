/* SPDX-License-Identifier: MIT */
/*
 * strace's notation for a syscall's arguments and result (lib/strace.c), as
 * pure code: the kernel's trace (kernel/trace.c) reads the user memory and
 * knows the values; these functions only write text. Host-tested in
 * tests/host/test_strace.c.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_STRACE_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_STRACE_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/* strace's -s default: a buffer or argv string shows at most this many bytes. */
#define STRACE_STRING_MAX    32
/* strace's column for "= result" (its -a default). */
#define STRACE_RESULT_COLUMN 40

/*
 * Text being built, snprintf-style: len counts every byte asked for, even
 * past size; buf always holds a NUL-terminated prefix.
 */
struct strace_buf {
	char *buf;
	size_t size;
	size_t len;
};

struct strace_name {
	unsigned long val;
	const char *name;
};

void strace_init(struct strace_buf *b, char *buf, size_t size);
void strace_puts(struct strace_buf *b, const char *s);
void strace_printf(struct strace_buf *b, const char *fmt, ...) __printf(2, 3);

/*
 * len bytes of s quoted and escaped as strace does: \" \\ \t \n \v \f \r,
 * other bytes outside ' '..'~' in octal; more: the string goes on past
 * these bytes, so "..." follows the closing quote.
 */
void strace_quote(struct strace_buf *b, const char *s, size_t len, bool more);
/* The same with every byte as \xHH (strace's for binary data such as getrandom's). */
void strace_quote_hex(struct strace_buf *b, const char *s, size_t len, bool more);
/* An address: NULL, or 0x in hex. */
void strace_ptr(struct strace_buf *b, unsigned long addr);
/* The name of val in names, or val in decimal (as signed: strace's %d of an int). */
void strace_xlat(struct strace_buf *b, unsigned long val, const struct strace_name *names,
		 size_t n);
/*
 * Flags: the names of the bits of names set in val joined by '|', then what
 * is left in hex; 0 is zero_name, or "0" if it is NULL.
 */
void strace_flags(struct strace_buf *b, unsigned long val, const struct strace_name *names,
		  size_t n, const char *zero_name);
/*
 * A file mode: with its type (st_mode) as S_IFDIR|0755, S_IFREG|S_ISUID|0755;
 * without (mkdir's, open's) as 0755.
 */
void strace_mode(struct strace_buf *b, unsigned int mode);
/*
 * The result: "= ret" in base 10, 16 (0x...) or 8 (a mode, 022), or for an
 * error -4095..-1 "= -1 NAME (text)", name and text the errno's (NULL:
 * unknown, shown as its number); for the kernel's restart codes (-512..-516)
 * "= ? NAME (text)". Before it a blank, and more up to
 * STRACE_RESULT_COLUMN counted from start, as strace aligns its results.
 */
void strace_result(struct strace_buf *b, size_t start, long ret, unsigned int base,
		   const char *name, const char *text);

#endif
