/* SPDX-License-Identifier: MIT */
/*
 * The stack erase's constants user programs see (docs/stackleak.md): the
 * poison a leak reads back when the erase worked, and the arguments of the
 * stackleak_check() and stackleak_deep() calls (include/uapi/unistd.h).
 */
#ifndef TRAPDOOR_INCLUDE_UAPI_STACKLEAK_H
#define TRAPDOOR_INCLUDE_UAPI_STACKLEAK_H

/*
 * The poison: Linux's -0xBEEF, as a 64-bit word 0xffffffffffff4111. Read back
 * as a pointer it is odd and lies in the top page of the address space, which
 * none of our six kernels maps: a stale "pointer" made of poison faults
 * instead of pointing at something useful.
 */
#define STACKLEAK_POISON ((unsigned long)-0xBEEFL)

/*
 * stackleak_deep(arg): arg = STACKLEAK_DEEP_UNTRACKED skips the tracking
 * call, to show what an untracked hole does (tests only).
 */
#define STACKLEAK_DEEP_UNTRACKED 1

/*
 * stackleak_check(arg): arg = STACKLEAK_CHECK_QUIET prints nothing unless
 * the check fails (user/errpathtest.c runs it after every one of its syscalls).
 */
#define STACKLEAK_CHECK_QUIET 1

#endif
