/* SPDX-License-Identifier: MIT */
/*
 * long regcheck_syscall(long nr)
 *
 * Does the kernel give every register back? Linux's LoongArch syscall ABI preserves them all
 * except a0, the result (a7 keeps the number). So: fill every other register with its own
 * known 64-bit pattern, make syscall nr, and compare. Returns 0 if all survived, else
 * 1 + the index of the first that did not, in this order:
 *
 *   index  0     1   2   3..8    9          10..18  19   20   21..29
 *   reg    sp    ra  tp  a1..a6  a7 (= nr)  t0..t8  r21  fp   s0..s8
 *          (r3)  r1  r2  r5..r10 r11        r12..20      r22  r23..r31
 *
 * It is an ordinary C-callable function, so it saves what the psABI says a callee must keep
 * (fp, s0-s8, and sp by construction) plus ra, tp and r21, which it also overwrites.
 */
#define FRAME		112			/* 13 saved registers + nr, 16-byte aligned */
#define SLOT_NR		104			/* where nr waits for the a7 check */

/* Register rN's pattern: distinct per register, with bits set in both 32-bit halves. */
#define PATTERN(n)	(0x5eed000000000000 + ((n) << 40) + ((n) << 8) + 0xa5)

/* rN = PATTERN(n) */
	.macro	FILL n
	li.d	$r\n, PATTERN(\n)
	.endm

/* If rN != PATTERN(n), return idx + 1. a0 is free: it holds the result we ignore. */
	.macro	CHECK n, idx
	li.d	$a0, PATTERN(\n)		/* what rN must still hold */
	beq	$r\n, $a0, .Lok\@		/* it does: on to the next */
	li.w	$a0, \idx + 1			/* it does not: that is the answer */
	b	.Lrestore
.Lok\@:
	.endm

	.text
	.globl	regcheck_syscall
regcheck_syscall:
	addi.d	$sp, $sp, -FRAME		/* our frame */
	st.d	$ra, $sp, 0			/* save what we are about to overwrite */
	st.d	$tp, $sp, 8
	st.d	$r21, $sp, 16
	st.d	$fp, $sp, 24
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8	/* s0-s8 */
	st.d	$s\i, $sp, 32 + \i * 8
	.endr
	st.d	$a0, $sp, SLOT_NR		/* nr, to check a7 against */
	la.pcrel $t0, saved_sp			/* sp is checked against memory, not a register */
	st.d	$sp, $t0, 0

	move	$a7, $a0			/* the syscall number */
	.irp	n, 1, 2, 5, 6, 7, 8, 9, 10	/* ra, tp, a1-a6 */
	FILL	\n
	.endr
	.irp	n, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22	/* t0-t8, r21, fp */
	FILL	\n
	.endr
	.irp	n, 23, 24, 25, 26, 27, 28, 29, 30, 31	/* s0-s8 */
	FILL	\n
	.endr
	syscall	0				/* a0 = nr's result, which we ignore */

	la.pcrel $a0, saved_sp			/* index 0: sp */
	ld.d	$a0, $a0, 0
	beq	$sp, $a0, 1f
	li.w	$a0, 1
	b	.Lrestore
1:	CHECK	1, 1				/* ra */
	CHECK	2, 2				/* tp */
	CHECK	5, 3				/* a1 */
	CHECK	6, 4
	CHECK	7, 5
	CHECK	8, 6
	CHECK	9, 7
	CHECK	10, 8				/* a6 */
	ld.d	$a0, $sp, SLOT_NR		/* index 9: a7 must still be nr */
	beq	$a7, $a0, 2f
	li.w	$a0, 10
	b	.Lrestore
2:	CHECK	12, 10				/* t0 */
	CHECK	13, 11
	CHECK	14, 12
	CHECK	15, 13
	CHECK	16, 14
	CHECK	17, 15
	CHECK	18, 16
	CHECK	19, 17
	CHECK	20, 18				/* t8 */
	CHECK	21, 19				/* r21 */
	CHECK	22, 20				/* fp */
	CHECK	23, 21				/* s0 */
	CHECK	24, 22
	CHECK	25, 23
	CHECK	26, 24
	CHECK	27, 25
	CHECK	28, 26
	CHECK	29, 27
	CHECK	30, 28
	CHECK	31, 29				/* s8 */
	move	$a0, $zero			/* all intact */

.Lrestore:
	la.pcrel $t0, saved_sp			/* sp from memory, in case it is sp that broke */
	ld.d	$sp, $t0, 0
	ld.d	$ra, $sp, 0			/* give the caller its registers back */
	ld.d	$tp, $sp, 8
	ld.d	$r21, $sp, 16
	ld.d	$fp, $sp, 24
	.irp	i, 0, 1, 2, 3, 4, 5, 6, 7, 8
	ld.d	$s\i, $sp, 32 + \i * 8
	.endr
	addi.d	$sp, $sp, FRAME
	jr	$ra				/* a0 = 0, or 1 + the index of the culprit */

	.bss
	.balign	8
saved_sp:
	.space	8
