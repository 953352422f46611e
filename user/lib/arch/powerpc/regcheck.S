/* SPDX-License-Identifier: MIT */
/*
 * long regcheck_syscall(long nr)
 *
 * Loads a known pattern into every register the kernel must preserve across "sc", makes
 * system call nr, and checks each one. Linux's rule for 64-bit Power
 * (Documentation/powerpc/syscall64-abi.rst): the ELFv2 calling convention, except that the
 * kernel may clobber r0 and r3-r12 (number, arguments, result, volatiles), CTR, XER and
 * cr0, but must keep LR and cr1, cr5-cr7 as well. So the kernel must keep:
 *
 *   result  register
 *     1     r1, the stack pointer (checked against a copy in our frame)
 *     2     r2, the TOC pointer
 *     3     r13, the thread pointer
 *     4-21  r14-r31
 *    22     LR
 *    23     CR fields cr1-cr7
 *
 * Returns 0 if all of them came back intact, else the number above of the first that did
 * not. This is an ordinary C-callable function: it saves the non-volatile registers it
 * uses for patterns (r2, r13-r31, LR, cr2-cr4) and restores them before returning.
 */
#include "../../../../arch/powerpc/include/asm/ppc_asm.h"	/* register names */

/* Our frame: the ELFv2 minimum (32 bytes), a copy of r1, then r2 and r13-r31. */
#define FRAME_MIN		32
#define SAVE_R1			FRAME_MIN
#define SAVE_R2			(SAVE_R1 + 8)
#define SAVE_GPR(n)		(SAVE_R2 + 8 + ((n) - 13) * 8)	/* n = 13..31 */
#define FRAME_SIZE		(SAVE_GPR(32) + 8)		/* 208: a multiple of 16 */
/* In our caller's frame (ELFv2): where a callee keeps LR and CR. */
#define CALLER_CR_SAVE		8
#define CALLER_LR_SAVE		16

#define RESULT_R1		1
#define RESULT_R2		2
#define RESULT_R13		3
#define RESULT_GPR(n)		((n) - 10)	/* r14 -> 4 ... r31 -> 21 */
#define RESULT_LR		22
#define RESULT_CR		23

#define LR_PATTERN_ID		32		/* pattern number for LR (GPRs use their own) */
/* cr1..cr7 = f, e, d, c, b, a, 9: every field distinct and non-zero; cr0 is the kernel's. */
#define CR_PATTERN		0x0fedcba9
#define CR_NOT_CR0		0x0fffffff
#define CRF_CR2_CR4		0x38		/* mtcrf field mask: cr2, cr3, cr4 */

/*
 * Pattern n: 0xa5nn5ann_c3nn3cnn (nn = n). Different in every register and in both
 * halves, so a swap of two registers or a lost upper half shows as well.
 */
.macro	load_pattern reg, n
	lis	\reg, 0xa500 + \n		/* bits 16-31 (then sign-extended) */
	ori	\reg, \reg, 0x5a00 + \n		/* bits 0-15 */
	sldi	\reg, \reg, 32			/* ... which become the upper half */
	oris	\reg, \reg, 0xc300 + \n		/* bits 16-31 */
	ori	\reg, \reg, 0x3c00 + \n		/* bits 0-15 */
.endm

/* If reg does not hold pattern n, return result (r12 is free: the kernel may clobber it). */
.macro	check_pattern reg, n, result
	load_pattern r12, \n
	cmpd	\reg, r12
	li	r3, \result			/* li leaves cr0 alone */
	bne	.Lrestore
.endm

	.abiversion 2

	.text
	.globl	regcheck_syscall
	.type	regcheck_syscall, @function
regcheck_syscall:
	mflr	r0
	std	r0, CALLER_LR_SAVE(r1)		/* our return address, in the caller's frame */
	mfcr	r12
	stw	r12, CALLER_CR_SAVE(r1)		/* cr2-cr4 are ours to give back */
	stdu	r1, -FRAME_SIZE(r1)		/* our frame; back chain at 0(r1) */
	std	r1, SAVE_R1(r1)			/* r1 itself, to compare after the call */
	std	r2, SAVE_R2(r1)
	.irp	n, 13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	std	\n, SAVE_GPR(\n)(r1)
	.endr

	mr	r0, r3				/* the system call number */
	load_pattern r2, 2			/* the patterns: r2, r13-r31 ... */
	.irp	n, 13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	load_pattern \n, \n
	.endr
	load_pattern r12, LR_PATTERN_ID
	mtlr	r12				/* ... LR ... */
	lis	r12, CR_PATTERN@h
	ori	r12, r12, CR_PATTERN@l
	mtcr	r12				/* ... and all of CR */

	sc					/* the system call */

	mfcr	r11				/* CR first, before the compares touch cr0 */
	ld	r12, SAVE_R1(r1)		/* only the right r1 finds its own copy */
	cmpd	r12, r1
	li	r3, RESULT_R1
	bne	.Lrestore
	check_pattern r2, 2, RESULT_R2
	check_pattern r13, 13, RESULT_R13
	.irp	n, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	check_pattern \n, \n, RESULT_GPR(\n)
	.endr
	mflr	r10
	check_pattern r10, LR_PATTERN_ID, RESULT_LR
	rlwinm	r11, r11, 0, 4, 31		/* drop cr0 (CR bits 0-3): the kernel's to set */
	lis	r12, (CR_PATTERN & CR_NOT_CR0)@h
	ori	r12, r12, (CR_PATTERN & CR_NOT_CR0)@l
	cmpw	r11, r12
	li	r3, RESULT_CR
	bne	.Lrestore
	li	r3, 0				/* all intact */

.Lrestore:
	ld	r2, SAVE_R2(r1)
	.irp	n, 13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	ld	\n, SAVE_GPR(\n)(r1)
	.endr
	addi	r1, r1, FRAME_SIZE		/* pop our frame */
	ld	r0, CALLER_LR_SAVE(r1)
	mtlr	r0
	lwz	r12, CALLER_CR_SAVE(r1)
	mtcrf	CRF_CR2_CR4, r12		/* the non-volatile CR fields */
	blr
	.size	regcheck_syscall, . - regcheck_syscall
