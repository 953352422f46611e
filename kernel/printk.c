// SPDX-License-Identifier: MIT
/*
 * Kernel console output. Formatting is lib/vsprintf.c; this file only turns
 * "\n" into "\r\n" (serial terminals want both) and hands bytes to the arch.
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/stackleak.h>

void console_write(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			arch_console_putc('\r');
		arch_console_putc(s[i]);
	}
}

int vprintk(const char *fmt, va_list ap)
{
	/* One line at a time is plenty; longer output is cut, never overflows. */
	char buf[512];
	int n;

	stackleak_track_stack();	/* a big frame: see kernel/stackleak.c */
	n = vsnprintf(buf, sizeof(buf), fmt, ap);

	if (n < (int)sizeof(buf)) {
		console_write(buf, (size_t)n);
		return n;
	}
	/* Cut: say so, and keep the line's end, so the next line starts on its own. */
	console_write(buf, sizeof(buf) - 1);
	console_write(" [cut]\n", 7);
	return n;
}

int printk(const char *fmt, ...)
{
	stackleak_track_stack();	/* a frame bigger than the stackleak search depth */
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}
