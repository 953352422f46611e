/* SPDX-License-Identifier: MIT */
/*
 * long __syscall6(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
 *
 * C passes nr and a0-a3 in %r2-%r6 and a4, a5 on the stack at 160(%r15) and
 * 168(%r15) (s390x ELF ABI, "Parameter Passing"). The system call wants the
 * number in %r1 and a0-a5 in %r2-%r7 (Linux's s390x syscall ABI), so every
 * argument moves down one register. %r6 and %r7 are callee-saved: they go to
 * their slots of the caller's register save area (8 * n bytes into it) and
 * come back after the call. The kernel returns the result, or a negative
 * errno, in %r2 and preserves every other register.
 */
	.text
	.globl	__syscall6
	.type	__syscall6, @function
__syscall6:
	stmg	%r6, %r7, 48(%r15)	# callee-saved, about to carry a3, a4
	lgr	%r1, %r2		# the number
	lgr	%r2, %r3		# a0
	lgr	%r3, %r4		# a1
	lgr	%r4, %r5		# a2
	lgr	%r5, %r6		# a3
	lg	%r6, 160(%r15)		# a4, the first stack argument
	lg	%r7, 168(%r15)		# a5
	svc	0			# into the kernel: number in %r1
	lmg	%r6, %r7, 48(%r15)	# the caller's %r6, %r7
	br	%r14			# the result is in %r2 already
	.size	__syscall6, . - __syscall6
