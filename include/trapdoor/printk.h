/* SPDX-License-Identifier: MIT */
/* The kernel console (kernel/printk.c); formatting itself is <trapdoor/sprintf.h>. */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_PRINTK_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_PRINTK_H

#include <trapdoor/compiler.h>
#include <trapdoor/sprintf.h>
#include <trapdoor/types.h>

/* Kernel console output; returns the number of characters printed. */
int printk(const char *fmt, ...) __printf(1, 2);
int vprintk(const char *fmt, va_list ap);
void console_write(const char *s, size_t n);
/*
 * The console lock around output printed piece by piece (write() to the
 * console): true if this call took it, to hand to the release.
 */
bool console_lock_acquire(void);
void console_lock_release(bool taken);

#endif
