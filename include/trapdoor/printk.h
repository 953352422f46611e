/* SPDX-License-Identifier: MIT */
/* Formatted output: vsnprintf (lib/vsprintf.c) and the kernel console (kernel/printk.c). */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_PRINTK_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_PRINTK_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/*
 * Like C's vsnprintf: writes at most size bytes including the terminating NUL
 * and returns the length the full output would have had. Conversions:
 * %d %i %u %x %X %o %p %s %c %% with flags '-', '0', width, precision for %s,
 * and the length modifiers hh h l ll z t. %p prints 0x and the full width.
 */
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);

/* Kernel console output; returns the number of characters printed. */
int printk(const char *fmt, ...) __printf(1, 2);
int vprintk(const char *fmt, va_list ap);
void console_write(const char *s, size_t n);

#endif
