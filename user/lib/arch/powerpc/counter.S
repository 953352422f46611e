/* SPDX-License-Identifier: MIT */
/*
 * unsigned long read_counter(void)
 *
 * The time base, the counter the kernel's clock reads (arch/powerpc/time.c): 64 bits in one
 * mftb on a 64-bit CPU, readable in problem state, 512 MHz on QEMU pseries.
 */
#include "../../../../arch/powerpc/include/asm/ppc_asm.h"	/* register names */

	.abiversion 2

	.text
	.globl	read_counter
	.type	read_counter, @function
read_counter:
	mftb	r3			/* r3 = the time base (SPR 268) */
	blr				/* the result in r3 */
	.size	read_counter, . - read_counter
