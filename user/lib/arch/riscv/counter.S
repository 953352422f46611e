/* SPDX-License-Identifier: MIT */
/*
 * u64 user_counter(void): the time CSR, the clock the kernel's
 * arch_get_cycles() reads (arch/riscv/time.c). U-mode may read it because
 * arch/riscv/setup.c sets scounteren.TM.
 */
	.text
	.globl	user_counter
user_counter:
	rdtime	a0			// a0 = the count, the C return value
	ret
