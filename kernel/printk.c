// SPDX-License-Identifier: MIT
/*
 * Kernel console output. Formatting is lib/vsprintf.c; this file only turns
 * "\n" into "\r\n" (serial terminals want both) and hands bytes to the arch.
 * The console lock keeps what one CPU prints in one piece: another CPU's
 * printk() or write() waits until it is out.
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/stackleak.h>

static DEFINE_SPINLOCK(console_lock);

/*
 * A printk() from inside printk() (a panic or a trap while printing) finds
 * the lock held by its own CPU: it prints without it rather than panic
 * about a recursion that the panic itself would repeat.
 */
bool console_lock_acquire(void)
{
	if (spin_is_held_by_me(&console_lock))
		return false;
	spin_lock(&console_lock);
	return true;
}

void console_lock_release(bool taken)
{
	if (taken)
		spin_unlock(&console_lock);
}

static void __console_write(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			arch_console_putc('\r');
		arch_console_putc(s[i]);
	}
}

void console_write(const char *s, size_t n)
{
	bool taken = console_lock_acquire();

	__console_write(s, n);
	console_lock_release(taken);
}

int vprintk(const char *fmt, va_list ap)
{
	/* One line at a time is plenty; longer output is cut, never overflows. */
	char buf[512];
	int n;

	stackleak_track_stack(); /* a big frame: see kernel/stackleak.c */
	bool taken;

	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	taken = console_lock_acquire();
	if (n < (int)sizeof(buf)) {
		__console_write(buf, (size_t)n);
	} else {
		/* Cut: say so, and keep the line's end, so the next line starts on its own. */
		__console_write(buf, sizeof(buf) - 1);
		__console_write(" [cut]\n", 7);
	}
	console_lock_release(taken);
	return n;
}

int printk(const char *fmt, ...)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}
