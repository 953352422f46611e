/* SPDX-License-Identifier: MIT */
/*
 * Forbidden instructions for user/fault.c: each must make the kernel kill
 * the task with the right signal (user/init.c checks which).
 */
	.text

/* An EL1 system register: UNDEFINED at EL0, decoded as privileged (traps.c). SIGILL. */
	.globl	do_privileged_instruction
	.type	do_privileged_instruction, %function
	.balign	4
do_privileged_instruction:
	mrs	x0, sctlr_el1		// read EL1's system control register
	ret
	.size	do_privileged_instruction, . - do_privileged_instruction

/* UDF #imm16 (encoding 0x0000xxxx) is permanently undefined (Arm ARM, "UDF"). SIGILL. */
	.globl	do_undefined_instruction
	.type	do_undefined_instruction, %function
	.balign	4
do_undefined_instruction:
	udf	#0
	ret
	.size	do_undefined_instruction, . - do_undefined_instruction

/* BRK #imm16: the A64 software breakpoint, ESR_EL1.EC 0x3c. SIGTRAP. */
	.globl	do_breakpoint
	.type	do_breakpoint, %function
	.balign	4
do_breakpoint:
	brk	#0
	ret
	.size	do_breakpoint, . - do_breakpoint
