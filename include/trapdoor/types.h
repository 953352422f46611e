/* SPDX-License-Identifier: MIT */
/*
 * Fixed-width types with Linux's short names. Only the compiler's freestanding
 * headers are used, so the same file serves the kernel, user programs and the
 * host tests.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_TYPES_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_TYPES_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

/* The ABI's integer types, as Linux declares its syscalls' arguments. */
typedef int pid_t;
typedef int clockid_t;

#define U64_MAX ((u64)~0ULL)

/* <limits.h>'s names from the compiler's own macros: on some targets that header pulls in libc's. */
#ifndef INT_MAX
#define INT_MAX __INT_MAX__
#define INT_MIN (-INT_MAX - 1)
#endif
#ifndef LONG_MAX
#define LONG_MAX __LONG_MAX__
#endif

#endif
