// SPDX-License-Identifier: MIT
/* raw_clone(): clone's arguments in this arch's order, flags, newsp, ptid, tls, ctid (Linux's CLONE_BACKWARDS). */
#include "lib/ulib.h"

long raw_clone(unsigned long flags, unsigned long newsp, int *ptid, int *ctid, unsigned long tls)
{
	return __syscall6(__NR_clone, (long)flags, (long)newsp, (long)ptid, (long)tls, (long)ctid,
			  0);
}

/* The thread pointer as clone's CLONE_SETTLS sets it: r13. */
unsigned long read_thread_pointer(void)
{
	unsigned long tp;

	__asm__ __volatile__("mr %0, 13" : "=r"(tp));
	return tp;
}

/*
 * clone_fn(): the clone(fn, stack) style. The child starts on stack and,
 * without touching the parent's stack (the frame below is not its), calls
 * fn() (ELFv2: its address in r12) and exits with its result; the parent
 * gets the pid or -errno (sc sets cr0.SO and a positive errno on failure).
 */
long clone_fn(int (*fn)(void), void *stack, unsigned long flags)
{
	register long r0 __asm__("r0") = __NR_clone;
	register long r3 __asm__("r3") = (long)flags;
	register void *r4 __asm__("r4") = stack;
	register long r5 __asm__("r5") = 0, r6 __asm__("r6") = 0, r7 __asm__("r7") = 0;
	register int (*r14)(void) __asm__("r14") = fn;

	__asm__ __volatile__("sc\n\t"
			     "bso 1f\n\t"
			     "cmpdi %%r3, 0\n\t"
			     "bne 2f\n\t"
			     "mr %%r12, %%r14\n\t"
			     "mtctr %%r12\n\t"
			     "bctrl\n\t"
			     "li %%r0, %[exit]\n\t"
			     "sc\n"
			     "1:\n\t"
			     "neg %%r3, %%r3\n"
			     "2:"
			     : "+r"(r3), "+r"(r0)
			     : "r"(r4), "r"(r5), "r"(r6), "r"(r7), "r"(r14), [exit] "i"(__NR_exit)
			     : "r12", "ctr", "lr", "cr0", "memory");
	return r3;
}
