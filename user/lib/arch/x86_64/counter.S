/* SPDX-License-Identifier: MIT */
/*
 * u64 user_counter(void): the time-stamp counter, the clock the kernel's
 * arch_get_cycles() reads (arch/x86_64/time.c). User mode may read it
 * because the kernel leaves CR4.TSD clear.
 */
	.section .text
	.globl	user_counter
	.type	user_counter, @function
user_counter:
	lfence				// every earlier instruction completes first
	rdtsc				// edx:eax = the TSC
	shlq	$32, %rdx		// the high half into place
	orq	%rdx, %rax		// rax = the 64-bit count, the C return value
	ret
	.size	user_counter, . - user_counter
