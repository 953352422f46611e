// SPDX-License-Identifier: MIT
/* raw_clone(): clone's arguments in this arch's order, flags, newsp, ptid, ctid, tls (Linux's default order). */
#include "lib/ulib.h"

long raw_clone(unsigned long flags, unsigned long newsp, int *ptid, int *ctid, unsigned long tls)
{
	return __syscall6(__NR_clone, (long)flags, (long)newsp, (long)ptid, (long)ctid, (long)tls,
			  0);
}

/* The thread pointer as clone's CLONE_SETTLS sets it: tp (r2). */
unsigned long read_thread_pointer(void)
{
	unsigned long tp;

	__asm__ __volatile__("move %0, $tp" : "=r"(tp));
	return tp;
}

/*
 * clone_fn(): the clone(fn, stack) style. The child starts on stack and,
 * without touching the parent's stack (the frame below is not its), calls
 * fn() and exits with its result; the parent gets the pid or -errno.
 */
long clone_fn(int (*fn)(void), void *stack, unsigned long flags)
{
	register long a7 __asm__("$a7") = __NR_clone;
	register long a0 __asm__("$a0") = (long)flags;
	register void *a1 __asm__("$a1") = stack;
	register long a2 __asm__("$a2") = 0, a3 __asm__("$a3") = 0, a4 __asm__("$a4") = 0;
	register int (*s0)(void) __asm__("$s0") = fn;

	__asm__ __volatile__("syscall 0\n\t"
			     "bnez $a0, 1f\n\t"
			     "move $fp, $zero\n\t"
			     "jirl $ra, $s0, 0\n\t"
			     "li.d $a7, %[exit]\n\t"
			     "syscall 0\n"
			     "1:"
			     : "+r"(a0)
			     : "r"(a7), "r"(a1), "r"(a2), "r"(a3), "r"(a4),
			       "r"(s0), [exit] "i"(__NR_exit)
			     : "$ra", "memory");
	return a0;
}
