/* SPDX-License-Identifier: MIT */
/*
 * u64 user_counter(void): the generic timer's virtual count, the clock the
 * kernel's arch_get_cycles() reads (arch/arm64/time.c). EL0 may read it
 * because arch/arm64/setup.c sets CNTKCTL_EL1.EL0VCTEN.
 */
	.text
	.globl	user_counter
	.type	user_counter, %function
	.balign	4
user_counter:
	isb				// let earlier instructions finish before the read
	mrs	x0, cntvct_el0		// x0 = the count, the C return value
	ret
	.size	user_counter, . - user_counter
