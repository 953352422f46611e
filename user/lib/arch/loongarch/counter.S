/* SPDX-License-Identifier: MIT */
/*
 * u64 user_counter(void): the stable counter, the clock the kernel's
 * arch_get_cycles() reads (arch/loongarch/time.c). PLV3 may read it while
 * CSR.MISC.DRDTL3 is clear, which the kernel leaves it.
 */
	.text
	.globl	user_counter
user_counter:
	rdtime.d $a0, $zero		/* a0 = the count (the counter ID goes to $zero) */
	jr	$ra			/* a0 is the C return value */
