/* SPDX-License-Identifier: MIT */
/*
 * The faults of user/fault.c. Three instructions user mode may not execute: each raises a
 * program interrupt (0x700) and SRR1 tells the kernel which it was (traps.c,
 * user_program_check); the blr after each is never reached. Then what Power does not trap:
 * a divide by zero, a misaligned load, single-stepping; and a syscall with a wild r1.
 */
#include "../../../../arch/powerpc/include/asm/ppc_asm.h"	/* register names */
#include <uapi/unistd.h>	/* __NR_getpid */

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

/*
 * divd by zero: the Power ISA leaves the quotient undefined and raises no interrupt
 * (Book I, "Fixed-Point Arithmetic Instructions"; only divdo would set XER[OV]). Linux
 * sends no signal either, so the caller gets whatever the hardware produced.
 */
	.globl	do_divide_by_zero
	.type	do_divide_by_zero, @function
do_divide_by_zero:
	li	r4, 1000		/* the dividend */
	li	r5, 0			/* the divisor */
	divd	r3, r4, r5		/* r3 = undefined, no trap */
	blr
	.size	do_divide_by_zero, . - do_divide_by_zero

/*
 * ld from an address that is not a multiple of 8: POWER9 performs it in hardware for
 * ordinary cacheable memory (only some forms, like lq, or caching-inhibited storage raise
 * the alignment interrupt, 0x600), so this returns the eight bytes at p.
 */
	.globl	do_misaligned_access
	.type	do_misaligned_access, @function
do_misaligned_access:
	ld	r3, 0(r3)		/* r3 = *(u64 *)p, p misaligned */
	blr
	.size	do_misaligned_access, . - do_misaligned_access

/*
 * Single-stepping is MSR[SE], which only the kernel can write (mtmsrd is privileged):
 * user mode cannot trace itself, so there is nothing to do.
 */
	.globl	do_single_step
	.type	do_single_step, @function
do_single_step:
	blr
	.size	do_single_step, . - do_single_step

/*
 * long do_syscall_hostile_sp(unsigned long sp): getpid with r1 = sp. The kernel may
 * clobber r0 and r3-r12 (syscall.S), so the real r1 waits in r31, a non-volatile register
 * saved in our own frame first.
 */
#define HOSTILE_FRAME_SIZE	48	/* ELFv2 minimum (32) + r31, a multiple of 16 */
#define HOSTILE_R31		32
	.globl	do_syscall_hostile_sp
	.type	do_syscall_hostile_sp, @function
do_syscall_hostile_sp:
	stdu	r1, -HOSTILE_FRAME_SIZE(r1)	/* our frame, back chain at 0(r1) */
	std	r31, HOSTILE_R31(r1)	/* free r31 ... */
	mr	r31, r1			/* ... to keep the real stack pointer */
	mr	r1, r3			/* the hostile one */
	li	r0, __NR_getpid		/* Linux's ABI: the number in r0 */
	sc				/* the kernel must not use or trust r1 */
	mr	r1, r31			/* our stack back */
	ld	r31, HOSTILE_R31(r1)
	addi	r1, r1, HOSTILE_FRAME_SIZE	/* pop our frame */
	bnslr				/* cr0.SO clear: r3 is the pid */
	neg	r3, r3			/* an error: -errno */
	blr
	.size	do_syscall_hostile_sp, . - do_syscall_hostile_sp
