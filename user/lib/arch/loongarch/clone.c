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
