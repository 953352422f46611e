// SPDX-License-Identifier: MIT
/* raw_clone(): clone's arguments in this arch's order, flags, newsp, ptid, ctid, tls (Linux's default order). */
#include "lib/ulib.h"

long raw_clone(unsigned long flags, unsigned long newsp, int *ptid, int *ctid, unsigned long tls)
{
	return __syscall6(__NR_clone, (long)flags, (long)newsp, (long)ptid, (long)ctid, (long)tls,
			  0);
}
