/* SPDX-License-Identifier: MIT */
/*
 * long __syscall6(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
 *
 * The C calling convention brings nr in a0 and the six arguments in a1-a6; the Linux riscv
 * syscall ABI wants the number in a7 and the arguments in a0-a5, and returns the result (or
 * a negative errno) in a0. The kernel preserves every other register, so this needs no stack.
 */
	.text
	.globl	__syscall6
__syscall6:
	mv	a7, a0			// the system call number
	mv	a0, a1			// argument 0
	mv	a1, a2			// argument 1
	mv	a2, a3			// argument 2
	mv	a3, a4			// argument 3
	mv	a4, a5			// argument 4
	mv	a5, a6			// argument 5
	ecall				// trap to the kernel (scause 8); it returns after this
	ret				// the result is already in a0
