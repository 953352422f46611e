/* SPDX-License-Identifier: MIT */
/* The freestanding string functions (lib/string.c), shared by kernel and user. */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_STRING_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_STRING_H

#include <trapdoor/types.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *s, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
/* Copies at most size-1 bytes and always terminates; returns -1 if truncated. */
long strscpy(char *dst, const char *src, size_t size);
/*
 * strscpy(), and zeros from the terminator to the end of dst: for a buffer
 * that is copied out whole (a task's name), so no old bytes follow the string.
 */
long strscpy_pad(char *dst, const char *src, size_t size);
/*
 * Copies src into dst (size bytes, always NUL-terminated) with newline as
 * \n, backslash as \\ and every other byte outside printable ASCII as \xNN,
 * never splitting an escape; returns how many bytes of src it consumed. For
 * strings from outside (the command line, the device tree) on their way to
 * the console: a raw newline in one could forge a line of the test protocol.
 */
size_t string_escape(char *dst, size_t size, const char *src);

/* A memset the compiler may not drop even if the buffer is never read again. */
static inline void memzero_explicit(void *s, size_t n)
{
	memset(s, 0, n);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}

#endif
