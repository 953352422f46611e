/* SPDX-License-Identifier: MIT */
/*
 * Copying between the kernel and the current task's user memory. Each checks
 * the whole range [uptr, uptr + n) against the task's mapped pages (no
 * wrap-around, every page present with the needed permission) before copying a
 * single byte; on any bad byte it returns -EFAULT and copies nothing.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_UACCESS_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_UACCESS_H

#include <trapdoor/types.h>

/* Is [uptr, uptr + n) entirely mapped in the current task with at least prot? */
bool access_ok(unsigned long uptr, size_t n, unsigned int prot);

long copy_from_user(void *dst, unsigned long usrc, size_t n);
long copy_to_user(unsigned long udst, const void *src, size_t n);
/* Copies a NUL-terminated string of at most max-1 bytes; returns its length,
 * -EFAULT, or -ENAMETOOLONG if no NUL came within max bytes. */
long strncpy_from_user(char *dst, unsigned long usrc, size_t max);

#endif
