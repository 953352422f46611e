/* SPDX-License-Identifier: MIT */
/*
 * Formatting into a buffer (lib/vsprintf.c): shared by the kernel and the
 * user library, so it depends on nothing of either.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_SPRINTF_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_SPRINTF_H

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

#endif
