/* SPDX-License-Identifier: MIT */
/*
 * Instructions user mode must not get away with (user/fault.c). Each traps
 * into the kernel, which ends the task; the ret after it never runs.
 */
	.section .text

/* hlt: privileged (SDM Vol. 3A §5.9): at CPL 3 it raises #GP(0). */
	.globl	do_privileged_instruction
	.type	do_privileged_instruction, @function
do_privileged_instruction:
	hlt
	ret
	.size	do_privileged_instruction, . - do_privileged_instruction

/* ud2 (0f 0b): the opcode reserved to raise #UD, on every x86 CPU (SDM Vol. 2B UD). */
	.globl	do_undefined_instruction
	.type	do_undefined_instruction, @function
do_undefined_instruction:
	ud2
	ret
	.size	do_undefined_instruction, . - do_undefined_instruction

/* int3 (0xcc): the breakpoint, #BP (SDM Vol. 2A INT n/INTO/INT3). */
	.globl	do_breakpoint
	.type	do_breakpoint, @function
do_breakpoint:
	int3
	ret
	.size	do_breakpoint, . - do_breakpoint
