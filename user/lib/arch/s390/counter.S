/* SPDX-License-Identifier: MIT */
/*
 * unsigned long read_counter(void)
 *
 * The TOD clock, the counter the kernel's clock reads (arch/s390/time.c): STORE CLOCK FAST
 * is allowed in problem state and stores the 64-bit clock, whose bit 51 is one microsecond
 * (4096 units per us).
 */
	.text
	.globl	read_counter
	.type	read_counter, @function
read_counter:
	stckf	16(%r15)		# the clock into our caller's register save area (%r2's slot)
	lg	%r2, 16(%r15)		# %r2 = the clock: the return value
	br	%r14
	.size	read_counter, . - read_counter
