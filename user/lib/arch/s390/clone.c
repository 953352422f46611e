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
