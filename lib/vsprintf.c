// SPDX-License-Identifier: MIT
/*
 * A small vsnprintf for a kernel without libc. It formats into a bounded
 * buffer and, like C's, returns the length the whole output would have had,
 * so a caller can see truncation. No floating point: the kernel has no FPU.
 */
#include <trapdoor/compiler.h>
#include <trapdoor/sprintf.h>

struct outbuf {
	char *buf;
	size_t size;
	size_t len; /* characters produced so far, stored or not */
};

static void put(struct outbuf *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void pad(struct outbuf *o, char c, int n)
{
	while (n-- > 0)
		put(o, c);
}

struct spec {
	bool left; /* '-': pad on the right */
	bool zero; /* '0': pad numbers with zeros */
	int width;
	int precision; /* -1 when none was given */
};

static void emit_string(struct outbuf *o, const char *s, const struct spec *sp)
{
	int len = 0;

	if (!s)
		s = "(null)";
	while (s[len] && (sp->precision < 0 || len < sp->precision))
		len++;
	if (!sp->left)
		pad(o, ' ', sp->width - len);
	for (int i = 0; i < len; i++)
		put(o, s[i]);
	if (sp->left)
		pad(o, ' ', sp->width - len);
}

static void emit_number(struct outbuf *o, unsigned long long v, bool negative, unsigned int base,
			bool upper, const char *prefix, const struct spec *sp)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24]; /* 2^64 in octal is 22 digits */
	size_t start = o->len;
	int n = 0, plen = (int)__builtin_strlen(prefix) + (negative ? 1 : 0);

	do {
		tmp[n++] = digits[v % base];
		v /= base;
	} while (v);

	if (sp->zero && !sp->left) {
		if (negative)
			put(o, '-');
		for (const char *p = prefix; *p; p++)
			put(o, *p);
		pad(o, '0', sp->width - n - plen);
	} else {
		if (!sp->left)
			pad(o, ' ', sp->width - n - plen);
		if (negative)
			put(o, '-');
		for (const char *p = prefix; *p; p++)
			put(o, *p);
	}
	while (n)
		put(o, tmp[--n]);
	if (sp->left)
		pad(o, ' ', sp->width - (int)(o->len - start));
}

/* Widths beyond this are clamped: a stray "%999999999d" must not loop for ever. */
#define MAX_WIDTH 4096

static int parse_int(const char **fmt)
{
	int v = 0;

	while (**fmt >= '0' && **fmt <= '9') {
		if (v < MAX_WIDTH)
			v = v * 10 + (**fmt - '0');
		(*fmt)++;
	}
	return v > MAX_WIDTH ? MAX_WIDTH : v;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	struct outbuf o = { .buf = buf, .size = size, .len = 0 };

	for (; *fmt; fmt++) {
		struct spec sp = { .precision = -1 };
		int lng = 0; /* 'l' count; -1 = h, -2 = hh; 3 = z/t */

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		fmt++;
		for (;; fmt++) {
			if (*fmt == '-')
				sp.left = true;
			else if (*fmt == '0')
				sp.zero = true;
			else
				break;
		}
		if (*fmt == '*') {
			sp.width = va_arg(ap, int);
			if (sp.width < 0) {
				sp.left = true;
				sp.width = -sp.width;
			}
			if (sp.width > MAX_WIDTH)
				sp.width = MAX_WIDTH;
			fmt++;
		} else {
			sp.width = parse_int(&fmt);
		}
		if (*fmt == '.') {
			fmt++;
			if (*fmt == '*') {
				sp.precision = va_arg(ap, int);
				fmt++;
			} else {
				sp.precision = parse_int(&fmt);
			}
		}
		for (;; fmt++) {
			if (*fmt == 'l')
				lng++;
			else if (*fmt == 'h')
				lng--;
			else if (*fmt == 'z' || *fmt == 't')
				lng = 3;
			else
				break;
		}

		switch (*fmt) {
		case 'd':
		case 'i': {
			long long v;

			if (lng == 3 || lng == 1)
				v = va_arg(ap, long);
			else if (lng >= 2)
				v = va_arg(ap, long long);
			else
				v = va_arg(ap, int);
			if (lng == -1)
				v = (short)v;
			else if (lng == -2)
				v = (signed char)v;
			emit_number(&o,
				    v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v,
				    v < 0, 10, false, "", &sp);
			break;
		}
		case 'u':
		case 'x':
		case 'X':
		case 'o': {
			unsigned long long v;
			unsigned int base = *fmt == 'u' ? 10 : *fmt == 'o' ? 8 : 16;

			if (lng == 3)
				v = va_arg(ap, size_t);
			else if (lng >= 2)
				v = va_arg(ap, unsigned long long);
			else if (lng == 1)
				v = va_arg(ap, unsigned long);
			else
				v = va_arg(ap, unsigned int);
			if (lng == -1)
				v = (unsigned short)v;
			else if (lng == -2)
				v = (unsigned char)v;
			emit_number(&o, v, false, base, *fmt == 'X', "", &sp);
			break;
		}
		case 'p': {
			struct spec ps = sp;

			/* Full width, so addresses line up in register dumps. */
			ps.zero = true;
			ps.width = 2 + 2 * (int)sizeof(void *);
			if (sp.left || sp.width > ps.width) {
				ps = sp;
				ps.zero = false;
			}
			emit_number(&o, (uintptr_t)va_arg(ap, void *), false, 16, false, "0x", &ps);
			break;
		}
		case 's':
			emit_string(&o, va_arg(ap, const char *), &sp);
			break;
		case 'c': {
			char c[2] = { (char)va_arg(ap, int), '\0' };

			if (!sp.left)
				pad(&o, ' ', sp.width - 1);
			put(&o, c[0]);
			if (sp.left)
				pad(&o, ' ', sp.width - 1);
			break;
		}
		case '%':
			put(&o, '%');
			break;
		case '\0':
			/* A lone '%' at the end: print it, stop. */
			put(&o, '%');
			fmt--;
			break;
		default:
			/* Unknown conversion: show it verbatim so the bug is visible. */
			put(&o, '%');
			put(&o, *fmt);
			break;
		}
	}
	if (size)
		o.buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
