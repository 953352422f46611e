// SPDX-License-Identifier: MIT
/* raw_clone(): clone's arguments in this arch's order, newsp, flags, ptid, ctid, tls (Linux's CLONE_BACKWARDS2). */
#include "lib/ulib.h"

long raw_clone(unsigned long flags, unsigned long newsp, int *ptid, int *ctid, unsigned long tls)
{
	return __syscall6(__NR_clone, (long)newsp, (long)flags, (long)ptid, (long)ctid, (long)tls,
			  0);
}

/* The thread pointer as clone's CLONE_SETTLS sets it: a0 (high half) and a1 (low half). */
unsigned long read_thread_pointer(void)
{
	unsigned int hi, lo;

	__asm__ __volatile__("ear %0, %%a0\n\tear %1, %%a1" : "=d"(hi), "=d"(lo));
	return (unsigned long)hi << 32 | lo;
}

/*
 * clone_fn(): the clone(fn, stack) style. The child starts on stack (the
 * caller leaves the 160-byte save area above it) and, without touching the
 * parent's stack, calls fn() and exits with its result; the parent gets the
 * pid or -errno.
 */
long clone_fn(int (*fn)(void), void *stack, unsigned long flags)
{
	register long r1 __asm__("r1") = __NR_clone;
	register void *r2 __asm__("r2") = stack;
	register unsigned long r3 __asm__("r3") = flags;
	register long r4 __asm__("r4") = 0, r5 __asm__("r5") = 0, r6 __asm__("r6") = 0;
	register int (*r8)(void) __asm__("r8") = fn;

	__asm__ __volatile__("svc 0\n\t"
			     "ltgr %%r2, %%r2\n\t"
			     "jnz 1f\n\t"
			     "basr %%r14, %%r8\n\t"
			     "lghi %%r1, %[exit]\n\t"
			     "svc 0\n"
			     "1:"
			     : "+r"(r2)
			     : "r"(r1), "r"(r3), "r"(r4), "r"(r5), "r"(r6),
			       "r"(r8), [exit] "i"(__NR_exit)
			     : "r14", "memory");
	return (long)r2;
}
