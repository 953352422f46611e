// SPDX-License-Identifier: MIT
/* printf for user programs: lib/vsprintf.c formats, write(1) prints. */
#include "ulib.h"

static int vprintf(const char *fmt, va_list ap)
{
	char buf[256];
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);

	write(1, buf, n < (int)sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
	return n;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}

int puts(const char *s)
{
	return printf("%s\n", s);
}

int test_failures;

void test_result(const char *name, bool ok, const char *fmt, ...)
{
	char why[160];
	va_list ap;

	if (ok) {
		printf("PASS: %s\n", name);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	printf("FAIL: %s: %s\n", name, why);
}
