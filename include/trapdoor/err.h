/* SPDX-License-Identifier: MIT */
/*
 * Error pointers, as Linux's: a function returning a pointer returns either a
 * valid one or -errno cast to a pointer, which lies in the top page of the
 * address space where nothing is ever mapped.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_ERR_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_ERR_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>
#include <uapi/errno.h> /* MAX_ERRNO */

#define IS_ERR_VALUE(x) ((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error)
{
	return (void *)error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

static inline void *ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

static inline bool IS_ERR_OR_NULL(const void *ptr)
{
	return !ptr || IS_ERR(ptr);
}

#endif
