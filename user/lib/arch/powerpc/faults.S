/* SPDX-License-Identifier: MIT */
/*
 * Three instructions user mode may not execute (user/fault.c). Each raises a program
 * interrupt (0x700) and SRR1 tells the kernel which it was (traps.c, user_program_check).
 * The blr after each is never reached.
 */
#include "../../../../arch/powerpc/include/asm/ppc_asm.h"	/* register names */

	.abiversion 2

	.text
/* mfmsr reads the machine state: supervisor only. SRR1[45], "privileged instruction". */
	.globl	do_privileged_instruction
	.type	do_privileged_instruction, @function
do_privileged_instruction:
	mfmsr	r3
	blr
	.size	do_privileged_instruction, . - do_privileged_instruction

/* Primary opcode 0 is reserved in every version of the ISA. SRR1[44], "illegal". */
	.globl	do_undefined_instruction
	.type	do_undefined_instruction, @function
do_undefined_instruction:
	.long	0x00000000
	blr
	.size	do_undefined_instruction, . - do_undefined_instruction

/* "trap" is tw 31,0,0, a trap whose condition always holds: SRR1[46], debuggers' breakpoint. */
	.globl	do_breakpoint
	.type	do_breakpoint, @function
do_breakpoint:
	trap
	blr
	.size	do_breakpoint, . - do_breakpoint
