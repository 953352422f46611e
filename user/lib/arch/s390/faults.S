/* SPDX-License-Identifier: MIT */
/*
 * The instructions of the fault matrix (user/fault.c). The first four raise
 * a program interruption, and the kernel kills the task, so none returns;
 * the others show what s390 does not trap.
 */
#include <uapi/unistd.h>

	.text

/*
 * SET SYSTEM MASK would set PSW bits 0-7: the DAT and interrupt-mask bits.
 * It is privileged: in problem state it raises a privileged-operation
 * exception (program-interruption code 0x02) before touching its operand.
 */
	.globl	do_privileged_instruction
	.type	do_privileged_instruction, @function
do_privileged_instruction:
	ssm	0(%r15)			# a byte of our own stack as the new system mask
	br	%r14
	.size	do_privileged_instruction, . - do_privileged_instruction

/*
 * Opcode 0x00 is assigned to no instruction (PoP appendix B), so 0x0000
 * raises an operation exception (code 0x01): SIGILL.
 */
	.globl	do_undefined_instruction
	.type	do_undefined_instruction, @function
do_undefined_instruction:
	.insn	e, 0x0000		# E format: the 2-byte opcode alone
	br	%r14
	.size	do_undefined_instruction, . - do_undefined_instruction

/*
 * s390 has no breakpoint instruction; debuggers use 0x0001, an operation
 * exception like the one above, which the kernel recognises by the halfword
 * and reports as SIGTRAP (as Linux does).
 */
	.globl	do_breakpoint
	.type	do_breakpoint, @function
do_breakpoint:
	.insn	e, 0x0001		# Linux's S390_BREAKPOINT_U16
	br	%r14
	.size	do_breakpoint, . - do_breakpoint

/*
 * long do_divide_by_zero(void): DIVIDE SINGLE (64-bit) by 0. The dividend
 * is %r3, the quotient would go to %r3 and the remainder to %r2 (an even/odd
 * pair). A zero divisor raises a fixed-point-divide exception (program-
 * interruption code 0x09), which Linux reports as SIGFPE; the divide is
 * suppressed, so nothing is returned.
 */
	.globl	do_divide_by_zero
	.type	do_divide_by_zero, @function
do_divide_by_zero:
	lghi	%r3, 42			# the dividend
	lghi	%r1, 0			# the divisor
	dsgr	%r2, %r1		# %r2:%r3 = remainder:quotient of %r3 / 0
	lgr	%r2, %r3		# the quotient, were there one
	br	%r14
	.size	do_divide_by_zero, . - do_divide_by_zero

/*
 * unsigned long do_misaligned_access(const void *p): a doubleword load from
 * p. z/Architecture requires no alignment of operands of ordinary loads and
 * stores (PoP 5, "Storage-Operand Fetch References"), so an odd p simply
 * works: the program must survive.
 */
	.globl	do_misaligned_access
	.type	do_misaligned_access, @function
do_misaligned_access:
	lg	%r2, 0(%r2)		# 8 bytes from wherever p points
	br	%r14
	.size	do_misaligned_access, . - do_misaligned_access

/*
 * void do_single_step(void): s390's single step is a PER event (program-
 * event recording), which only the PSW's R bit and control registers 9-11
 * enable: both are privileged. User mode cannot trace itself, so this returns.
 */
	.globl	do_single_step
	.type	do_single_step, @function
do_single_step:
	br	%r14
	.size	do_single_step, . - do_single_step

/*
 * long do_syscall_hostile_sp(unsigned long sp): getpid with %r15 = sp. The
 * kernel preserves every register but %r2 across svc, so %r0 (volatile in
 * the ABI, unused by the syscall) keeps our real stack pointer meanwhile.
 */
	.globl	do_syscall_hostile_sp
	.type	do_syscall_hostile_sp, @function
do_syscall_hostile_sp:
	lgr	%r0, %r15		# our stack pointer, kept by the kernel
	lgr	%r15, %r2		# the hostile one
	lghi	%r1, __NR_getpid	# the number goes in %r1
	svc	0			# into the kernel with %r15 = sp
	lgr	%r15, %r0		# our stack back; getpid's result is in %r2
	br	%r14
	.size	do_syscall_hostile_sp, . - do_syscall_hostile_sp
