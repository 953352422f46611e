/* SPDX-License-Identifier: MIT */
/*
 * long __syscall6(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
 *
 * A C call brings nr in r3 and the arguments in r4-r9 (ELFv2). Linux's 64-bit Power system
 * call ABI wants the number in r0 and the arguments in r3-r8, and answers in r3 with cr0.SO
 * set for an error, r3 being the positive errno then. Callers of this function always get
 * -errno on error, as on every other architecture.
 */
#include "../../../../arch/powerpc/include/asm/ppc_asm.h"	/* register names */

_GLOBAL(__syscall6)
	mr	r0, r3			/* the number */
	mr	r3, r4			/* the six arguments, one register down */
	mr	r4, r5
	mr	r5, r6
	mr	r6, r7
	mr	r7, r8
	mr	r8, r9
	sc				/* into the kernel (vector 0xc00), back at the next line */
	bnslr				/* cr0.SO clear: success, r3 is the result */
	neg	r3, r3			/* cr0.SO set: r3 = errno, return -errno */
	blr
_GLOBAL_END(__syscall6)
