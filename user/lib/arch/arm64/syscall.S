/* SPDX-License-Identifier: MIT */
/*
 * long __syscall6(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
 *
 * The one way into the kernel. C passes nr in x0 and the arguments in x1-x6
 * (AAPCS64); the Linux arm64 syscall ABI wants the number in x8 and the
 * arguments in x0-x5. The kernel returns the result in x0 and leaves every
 * other register as it was; errors are already negative errno values.
 */
	.text
	.globl	__syscall6
	.type	__syscall6, %function
	.balign	4
__syscall6:
	mov	x8, x0			// the syscall number goes in x8
	mov	x0, x1			// the arguments move down one register: a0 -> x0,
	mov	x1, x2			// a1 -> x1
	mov	x2, x3			// a2 -> x2
	mov	x3, x4			// a3 -> x3
	mov	x4, x5			// a4 -> x4
	mov	x5, x6			// a5 -> x5
	svc	#0			// exception to EL1 (VBAR_EL1 + 0x400), back after it
	ret				// x0 = the result
	.size	__syscall6, . - __syscall6
