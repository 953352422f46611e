/* SPDX-License-Identifier: MIT */
/*
 * long regcheck_syscall(long nr): does the kernel preserve every register it
 * must across a system call?
 *
 * Linux's s390x syscall ABI preserves every general register except %r2,
 * the result. So this function fills all the others with a known pattern:
 * %r0, %r3-%r14 with patterns[n] below, %r1 with the number (that is where
 * the number goes), and even %r15, the stack pointer: the s390 kernel never
 * uses the user's stack, so for the length of the svc it need not be one.
 * After the svc it compares each register with what it loaded and returns 0
 * if all matched, else the position + 1 of the first mismatch in this order:
 *
 *   1: %r0   2: %r1   3: %r3   4: %r4   5: %r5   ...   15: %r15
 *
 * (that is, n for %rn from %r3 on). It is an ordinary C function: the
 * callee-saved %r6-%r15 go to the caller's register save area first and come
 * back at the end, %r15 via a static slot, since nothing else can hold it
 * while it carries a pattern.
 */

/* Register n's pattern: distinct in every byte, so a truncation shows too. */
#define PATTERN(n)	(0xa5a5a5a5a5a5a5a5 ^ ((n) * 0x0101010101010101))

	.section .rodata, "a"
	.balign	8			# lgrl/clgrl: doubleword-aligned operands
patterns:
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.quad	PATTERN(\n)		# patterns[1] and [2] are never used
	.endr

	.data
	.balign	8
saved_sp:
	.quad	0			# %r15 while it holds a pattern
saved_nr:
	.quad	0			# %r1's expected value

/* Loads register \reg with its pattern. */
.macro	fill reg, n
	lgrl	\reg, patterns + 8 * \n	# load relative long: PC-relative, no base
.endm

/* Sets the result to \pos and leaves if \reg lost its pattern. */
.macro	check reg, n, pos
	lghi	%r2, \pos		# the answer if this one differs
	clgrl	\reg, patterns + 8 * \n	# compare logical relative long
	jne	.Ldone			# differs: report it
.endm

	.text
	.globl	regcheck_syscall
	.type	regcheck_syscall, @function
regcheck_syscall:
	stmg	%r6, %r15, 48(%r15)	# callee-saved: caller's save area, 8*n into it
	stgrl	%r15, saved_sp		# the way back to that save area
	stgrl	%r2, saved_nr		# the number, to check %r1 against
	fill	%r0, 0
	lgr	%r1, %r2		# %r1: the system-call number
	fill	%r3, 3
	fill	%r4, 4
	fill	%r5, 5
	fill	%r6, 6
	fill	%r7, 7
	fill	%r8, 8
	fill	%r9, 9
	fill	%r10, 10
	fill	%r11, 11
	fill	%r12, 12
	fill	%r13, 13
	fill	%r14, 14		# the return address, saved above
	fill	%r15, 15		# the stack pointer, saved above
	svc	0			# the system call; only %r2 may change
	check	%r0, 0, 1
	lghi	%r2, 2
	clgrl	%r1, saved_nr		# %r1 must still be the number
	jne	.Ldone
	check	%r3, 3, 3
	check	%r4, 4, 4
	check	%r5, 5, 5
	check	%r6, 6, 6
	check	%r7, 7, 7
	check	%r8, 8, 8
	check	%r9, 9, 9
	check	%r10, 10, 10
	check	%r11, 11, 11
	check	%r12, 12, 12
	check	%r13, 13, 13
	check	%r14, 14, 14
	check	%r15, 15, 15
	lghi	%r2, 0			# every register survived
.Ldone:
	lgrl	%r15, saved_sp		# the real stack pointer again
	lmg	%r6, %r15, 48(%r15)	# the caller's %r6-%r15 (%r14: return address)
	br	%r14
	.size	regcheck_syscall, . - regcheck_syscall
