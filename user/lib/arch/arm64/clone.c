// SPDX-License-Identifier: MIT
/* raw_clone(): clone's arguments in this arch's order, flags, newsp, ptid, tls, ctid (Linux's CLONE_BACKWARDS). */
#include "lib/ulib.h"

long raw_clone(unsigned long flags, unsigned long newsp, int *ptid, int *ctid, unsigned long tls)
{
	return __syscall6(__NR_clone, (long)flags, (long)newsp, (long)ptid, (long)tls, (long)ctid,
			  0);
}

/* The thread pointer as clone's CLONE_SETTLS sets it: TPIDR_EL0. */
unsigned long read_thread_pointer(void)
{
	unsigned long tp;

	__asm__ __volatile__("mrs %0, tpidr_el0" : "=r"(tp));
	return tp;
}

/*
 * clone_fn(): the clone(fn, stack) style. The child starts on stack and,
 * without touching the parent's stack (the frame below is not its), calls
 * fn() and exits with its result; the parent gets the pid or -errno.
 */
long clone_fn(int (*fn)(void), void *stack, unsigned long flags)
{
	register long x8 __asm__("x8") = __NR_clone;
	register long x0 __asm__("x0") = (long)flags;
	register void *x1 __asm__("x1") = stack;
	register long x2 __asm__("x2") = 0, x3 __asm__("x3") = 0, x4 __asm__("x4") = 0;
	register int (*x19)(void) __asm__("x19") = fn;

	__asm__ __volatile__("svc #0\n\t"
			     "cbnz x0, 1f\n\t"
			     "mov x29, #0\n\t"
			     "blr x19\n\t"
			     "mov x8, %[exit]\n\t"
			     "svc #0\n"
			     "1:"
			     : "+r"(x0)
			     : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4),
			       "r"(x19), [exit] "i"(__NR_exit)
			     : "x30", "memory");
	return x0;
}
