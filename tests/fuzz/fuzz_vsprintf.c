// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: lib/vsprintf.c. The input is turned into formats of one
 * conversion each -- literal text, flags '-' and '0', a width, a precision
 * for strings, a length modifier, a conversion, and an argument of exactly
 * the type the conversion reads -- so no call has undefined behaviour of the
 * harness's making. Each is formatted by ours (td_snprintf, see
 * tests/host/libc-rename.h) into a buffer of a fuzzer-chosen size and into a
 * big one, and by the C library; the results must agree:
 *   - ours returns the full length and never writes past the buffer (ASan);
 *   - the truncated output is the NUL-terminated prefix of the full one;
 *   - the full output equals glibc's for everything both define the same way
 *     (not %p, and no precision on numbers: ours ignores it there).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int td_snprintf(char *buf, size_t size, const char *fmt, ...);

#define BIG 8192

struct input {
	const uint8_t *d;
	size_t n;
};

static unsigned int byte(struct input *in)
{
	if (!in->n)
		return 0;
	in->n--;
	return *in->d++;
}

static unsigned long long word(struct input *in)
{
	unsigned long long v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | byte(in);
	return v;
}

static void check(const char *fmt, size_t size, const char *small, int r_small, const char *full,
		  int r_full, const char *ref, int r_ref, bool compare_libc)
{
	if (r_small != r_full || r_full < 0 || (size_t)r_full != strlen(full))
		abort();
	if (size) {
		size_t kept = (size_t)r_full < size ? (size_t)r_full : size - 1;

		if (small[kept] != '\0' || memcmp(small, full, kept))
			abort();
	}
	if (compare_libc && (r_ref != r_full || strcmp(ref, full))) {
		fprintf(stderr, "format \"%s\": ours \"%s\" (%d), libc \"%s\" (%d)\n", fmt, full,
			r_full, ref, r_ref);
		abort();
	}
}

/* One format, one argument of type T: ours at two sizes and libc's. */
#define RUN(T, value, compare)                                           \
	do {                                                             \
		T v_ = (T)(value);                                       \
		int r1 = td_snprintf(small, size, fmt, v_);              \
		int r2 = td_snprintf(full, BIG, fmt, v_);                \
		int r3 = snprintf(ref, BIG, fmt, v_);                    \
		check(fmt, size, small, r1, full, r2, ref, r3, compare); \
	} while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	static char small[256], full[BIG], ref[BIG];
	static const char *const lengths[] = { "", "l", "ll", "h", "hh", "z" };
	static const char convs[] = "diuxXocsp%";
	struct input in = { data, n };

	while (in.n) {
		char fmt[64], str[32];
		size_t len = 0, size = byte(&in);
		unsigned int flags = byte(&in), width = byte(&in), prec = byte(&in);
		unsigned int lm = byte(&in) % 6, conv = convs[byte(&in) % (sizeof(convs) - 1)];
		unsigned long long value = word(&in);
		bool precision = prec & 0x80;

		/* Up to 7 bytes of literal text first ('%' escaped as "%%"). */
		for (unsigned int i = 0, lit = byte(&in) % 8; i < lit; i++) {
			char c = (char)(byte(&in) % 95 + 32);

			fmt[len++] = c;
			if (c == '%')
				fmt[len++] = '%';
		}
		fmt[len++] = '%';
		if (flags & 1)
			fmt[len++] = '-';
		if ((flags & 2) && conv != 'c' && conv != 's' && conv != 'p')
			fmt[len++] = '0';
		if (flags & 4)
			len += (size_t)sprintf(fmt + len, "%u", width % 200);
		if (precision && conv == 's')
			len += (size_t)sprintf(fmt + len, ".%u", prec & 0x3f);
		if (strchr("diuxXo", conv))
			len += (size_t)sprintf(fmt + len, "%s", lengths[lm]);
		fmt[len++] = (char)conv;
		fmt[len] = '\0';

		switch (conv) {
		case 'd':
		case 'i':
			if (lm == 1 || lm == 5)
				RUN(long, value, true);
			else if (lm == 2)
				RUN(long long, value, true);
			else
				RUN(int, value, true); /* h, hh: int, narrowed inside */
			break;
		case 'u':
		case 'x':
		case 'X':
		case 'o':
			if (lm == 1)
				RUN(unsigned long, value, true);
			else if (lm == 2)
				RUN(unsigned long long, value, true);
			else if (lm == 5)
				RUN(size_t, value, true);
			else
				RUN(unsigned int, value, true);
			break;
		case 'c':
			RUN(int, (value % 95) + 32, true);
			break;
		case 's':
			for (size_t i = 0; i < sizeof(str) - 1; i++)
				str[i] = (char)((value >> (i % 8 * 8)) % 95 + 32);
			str[value % sizeof(str)] = '\0';
			RUN(const char *, str, true);
			break;
		case 'p':
			RUN(void *, (uintptr_t)value, false);
			break;
		default: /* "%%": ours and libc's agree only without flags or width */
			if (!(flags & 7))
				RUN(int, 0, true);
			else
				RUN(int, 0, false);
			break;
		}
	}
	return 0;
}
