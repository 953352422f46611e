// SPDX-License-Identifier: MIT
/* raw_clone(): clone's arguments in this arch's order, flags, newsp, ptid, ctid, tls (Linux's default order). */
#include "lib/ulib.h"

long raw_clone(unsigned long flags, unsigned long newsp, int *ptid, int *ctid, unsigned long tls)
{
	return __syscall6(__NR_clone, (long)flags, (long)newsp, (long)ptid, (long)ctid, (long)tls,
			  0);
}

/* The thread pointer as clone's CLONE_SETTLS sets it: the FS base (arch_prctl(ARCH_GET_FS)). */
unsigned long read_thread_pointer(void)
{
	unsigned long fs = 0;

	syscall2(__NR_arch_prctl, 0x1003 /* ARCH_GET_FS */, &fs);
	return fs;
}

/*
 * clone_fn(): the clone(fn, stack) style. The child starts on stack and,
 * without touching the parent's stack (the frame below is not its), calls
 * fn() and exits with its result; the parent gets the pid or -errno.
 */
long clone_fn(int (*fn)(void), void *stack, unsigned long flags)
{
	register long rax __asm__("rax") = __NR_clone;
	register unsigned long rdi __asm__("rdi") = flags;
	register void *rsi __asm__("rsi") = stack;
	register long rdx __asm__("rdx") = 0, r10 __asm__("r10") = 0, r8 __asm__("r8") = 0;
	register int (*r12)(void) __asm__("r12") = fn;

	__asm__ __volatile__("syscall\n\t"
			     "test %%rax, %%rax\n\t"
			     "jnz 1f\n\t"
			     "xor %%ebp, %%ebp\n\t"
			     "call *%%r12\n\t"
			     "mov %%eax, %%edi\n\t"
			     "mov %[exit], %%eax\n\t"
			     "syscall\n"
			     "1:"
			     : "+r"(rax)
			     : "r"(rdi), "r"(rsi), "r"(rdx), "r"(r10), "r"(r8),
			       "r"(r12), [exit] "i"(__NR_exit)
			     : "rcx", "r11", "memory");
	return rax;
}
