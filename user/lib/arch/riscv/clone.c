// SPDX-License-Identifier: MIT
/* raw_clone(): clone's arguments in this arch's order, flags, newsp, ptid, tls, ctid (Linux's CLONE_BACKWARDS). */
#include "lib/ulib.h"

long raw_clone(unsigned long flags, unsigned long newsp, int *ptid, int *ctid, unsigned long tls)
{
	return __syscall6(__NR_clone, (long)flags, (long)newsp, (long)ptid, (long)tls, (long)ctid,
			  0);
}

/* The thread pointer as clone's CLONE_SETTLS sets it: tp. */
unsigned long read_thread_pointer(void)
{
	unsigned long tp;

	__asm__ __volatile__("mv %0, tp" : "=r"(tp));
	return tp;
}

/*
 * clone_fn(): the clone(fn, stack) style. The child starts on stack and,
 * without touching the parent's stack (the frame below is not its), calls
 * fn() and exits with its result; the parent gets the pid or -errno.
 */
long clone_fn(int (*fn)(void), void *stack, unsigned long flags)
{
	register long a7 __asm__("a7") = __NR_clone;
	register long a0 __asm__("a0") = (long)flags;
	register void *a1 __asm__("a1") = stack;
	register long a2 __asm__("a2") = 0, a3 __asm__("a3") = 0, a4 __asm__("a4") = 0;
	register int (*s2)(void) __asm__("s2") = fn;

	__asm__ __volatile__("ecall\n\t"
			     "bnez a0, 1f\n\t"
			     "li s0, 0\n\t"
			     "jalr s2\n\t"
			     "li a7, %[exit]\n\t"
			     "ecall\n"
			     "1:"
			     : "+r"(a0)
			     : "r"(a7), "r"(a1), "r"(a2), "r"(a3), "r"(a4),
			       "r"(s2), [exit] "i"(__NR_exit)
			     : "ra", "memory");
	return a0;
}
