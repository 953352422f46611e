/* SPDX-License-Identifier: MIT */
/*
 * Copying between the kernel and the current task's user memory. Each checks
 * the whole range [uptr, uptr + n) against the task's areas (no
 * wrap-around, every page in an area with the needed permission) before copying a
 * single byte; on any bad byte it returns -EFAULT and copies nothing.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_UACCESS_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_UACCESS_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/*
 * A syscall argument (an unsigned long register) as the user pointer it is:
 * typed __user, so sparse rejects any direct dereference (Linux's
 * u64_to_user_ptr()).
 */
#define u64_to_user_ptr(x) ((void __user *)(unsigned long)(x))

/* A user pointer's numeric address, for range arithmetic (never to dereference). */
#define user_addr(p) ((__force unsigned long)(p))

/* Is [uptr, uptr + n) entirely inside the current task's areas, each allowing prot? */
bool access_ok(const void __user *uptr, size_t n, unsigned int prot);

/*
 * access_ok()'s range walk, pure, so the host fuzz target (tests/fuzz/
 * fuzz_uaccess.c) runs this very code: true if n is 0, or if [uptr, uptr + n)
 * does not wrap past the top of the address space (a range ending exactly at
 * the top counts as wrapping) and page_ok(ctx, va, prot) holds for the start
 * va of every page it touches. page_size is a power of two. The loop ends
 * even for the very last page of the address space.
 */
static inline bool
uaccess_range_ok(unsigned long uptr, size_t n, unsigned long page_size, unsigned int prot,
		 bool (*page_ok)(const void *ctx, unsigned long va, unsigned int prot),
		 const void *ctx)
{
	unsigned long end, va;

	if (n == 0)
		return true;
	if (uptr + n < uptr) /* wraps around the top of the address space */
		return false;
	end = uptr + n;
	for (va = uptr & ~(page_size - 1); va < end; va += page_size) {
		if (!page_ok(ctx, va, prot))
			return false;
		if (va + page_size < va)
			break;
	}
	return true;
}

long copy_from_user(void *dst, const void __user *usrc, size_t n);
long copy_to_user(void __user *udst, const void *src, size_t n);
/* Copies a NUL-terminated string of at most max-1 bytes; returns its length,
 * -EFAULT, or -ENAMETOOLONG if no NUL came within max bytes. */
long strncpy_from_user(char *dst, const char __user *usrc, size_t max);

#endif
