// SPDX-License-Identifier: MIT
/*
 * The negative test of `make sparse`: a kernel function that loads through a
 * __user pointer directly instead of through copy_from_user(). It compiles
 * without a warning (to GCC and clang __user is nothing), and it must fail
 * sparse ("dereference of noderef expression"): tools/testsuite runs
 * `make sparse SPARSE_SRCS=tests/sparse/bad_deref.c` and wants a FAIL.
 */
#include <trapdoor/uaccess.h>

unsigned long bad_deref(unsigned long arg);

unsigned long bad_deref(unsigned long arg)
{
	const unsigned long __user *uptr = u64_to_user_ptr(arg);

	return *uptr;
}
