/* SPDX-License-Identifier: MIT */
/*
 * unsigned long read_counter(void)
 *
 * The time-stamp counter, the counter the kernel's clock reads (arch/x86_64/setup.c), at the
 * rate the kernel calibrated. rdtsc alone may run before earlier instructions finish: the
 * lfence in front makes it wait for them (Intel SDM vol. 2B, RDTSC).
 */
	.section .text
	.globl	read_counter
	.type	read_counter, @function
read_counter:
	lfence				/* every earlier instruction completes first */
	rdtsc				/* edx:eax = the time-stamp counter */
	shlq	$32, %rdx		/* the high half into bits 63..32 */
	orq	%rdx, %rax		/* rax = the 64-bit count */
	ret
	.size	read_counter, . - read_counter
