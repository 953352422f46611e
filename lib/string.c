// SPDX-License-Identifier: MIT
/*
 * The string functions a freestanding kernel still needs. Compilers emit calls
 * to memcpy/memset/memmove/memcmp for struct copies and large initialisers even
 * with -ffreestanding, so these four must exist under exactly these names.
 */
#include <trapdoor/string.h>

/*
 * Word-at-a-time when both pointers share their alignment: pages are copied
 * and zeroed on every fork and allocation, eight times faster this way.
 */
#define WORD_SIZE sizeof(unsigned long)

static bool word_aligned(const void *a, const void *b)
{
	return (((uintptr_t)a | (uintptr_t)b) & (WORD_SIZE - 1)) == 0;
}

void *memcpy(void *dst, const void *src, size_t n)
{
	u8 *d = dst;
	const u8 *s = src;

	if (word_aligned(d, s)) {
		for (; n >= WORD_SIZE; n -= WORD_SIZE, d += WORD_SIZE, s += WORD_SIZE)
			*(unsigned long *)d = *(const unsigned long *)s;
	}
	while (n--)
		*d++ = *s++;
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	u8 *d = dst;
	const u8 *s = src;

	if (d == s || n == 0)
		return dst;
	if (d < s) {
		while (n--)
			*d++ = *s++;
	} else {
		/* Overlap with dst above src: copy backwards so src is read first. */
		while (n--)
			d[n] = s[n];
	}
	return dst;
}

void *memset(void *s, int c, size_t n)
{
	u8 *p = s;

	if (word_aligned(p, p)) {
		unsigned long w = (u8)c;

		w |= w << 8;
		w |= w << 16;
		w |= (w << 16) << 16; /* a no-op where long is 32 bits */
		for (; n >= WORD_SIZE; n -= WORD_SIZE, p += WORD_SIZE)
			*(unsigned long *)p = w;
	}
	while (n--)
		*p++ = (u8)c;
	return s;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const u8 *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x < *y ? -1 : 1;
	return 0;
}

size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return (size_t)(p - s);
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	return strncmp(a, b, (size_t)-1);
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		if (!*a)
			break;
	}
	return 0;
}

char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

long strscpy(char *dst, const char *src, size_t size)
{
	size_t n;

	if (size == 0)
		return -1;
	n = strnlen(src, size - 1);
	memcpy(dst, src, n);
	dst[n] = '\0';
	if (src[n] != '\0')
		return -1;
	return (long)n;
}

size_t string_escape(char *dst, size_t size, const char *src)
{
	static const char hex[] = "0123456789abcdef";
	size_t used = 0, n = 0;

	if (!size)
		return 0;
	for (; src[n]; n++) {
		unsigned char c = (unsigned char)src[n];
		char esc[4];
		size_t len;

		if (c == '\n' || c == '\\') {
			esc[0] = '\\';
			esc[1] = c == '\n' ? 'n' : '\\';
			len = 2;
		} else if (c < 0x20 || c >= 0x7f) {
			esc[0] = '\\';
			esc[1] = 'x';
			esc[2] = hex[c >> 4];
			esc[3] = hex[c & 15];
			len = 4;
		} else {
			esc[0] = (char)c;
			len = 1;
		}
		if (used + len > size - 1)
			break;
		memcpy(dst + used, esc, len);
		used += len;
	}
	dst[used] = '\0';
	return n;
}

long strscpy_pad(char *dst, const char *src, size_t size)
{
	long n = strscpy(dst, src, size);
	size_t used = n < 0 ? size : (size_t)n + 1;

	if (used < size)
		memset(dst + used, 0, size - used);
	return n;
}
