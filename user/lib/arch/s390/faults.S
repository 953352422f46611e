/* SPDX-License-Identifier: MIT */
/*
 * Three instructions user mode must not get away with (user/fault.c). Each
 * raises a program interruption; the kernel kills the task, so none returns.
 */
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
