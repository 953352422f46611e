/* SPDX-License-Identifier: MIT */
/*
 * u64 user_counter(void): the TOD clock, the clock the kernel's
 * arch_get_cycles() reads (arch/s390/time.c). STORE CLOCK FAST is not
 * privileged; it stores to memory, so the value goes
 * through the %r2 slot of the register save area the caller provides
 * (s390x ELF ABI: 160 bytes at %r15 that the callee may use).
 */
	.text
	.globl	user_counter
	.type	user_counter, @function
user_counter:
	stckf	16(%r15)		# the TOD clock into the %r2 slot of the save area
	lg	%r2, 16(%r15)		# %r2 = the clock, the C return value
	br	%r14
	.size	user_counter, . - user_counter
