/* SPDX-License-Identifier: MIT */
/*
 * long regcheck_syscall(long nr)
 *
 * Makes system call nr with a known pattern in every register the kernel
 * must preserve, and checks that each came back intact. The Linux arm64 ABI
 * returns the result in x0 and preserves everything else: x1-x30, sp and the
 * NZCV flags (x8 keeps the number). So all of those are checked; x0 is the
 * scratch register for the checks.
 *
 * Returns 0 if every one survived, else the number of the first that did
 * not (1 + its index in this list), in the order they are checked:
 *	32	NZCV (first: the compares of the other checks overwrite it)
 *	1-30	x1-x30 (x8 must still hold nr)
 *	31	sp
 * It is an ordinary C function: it saves the callee-saved registers it
 * fills with patterns (x19-x30) and puts them back before returning.
 */

/* Register n's pattern: 0xa5a5 on top (a truncation to 32 bits shows), n in each lower byte. */
#define PATTERN(n)	(0xa5a5000000000000 + (n) * 0x010101010101)
/* Flags N and C set, Z and V clear: a mix that neither "all clear" nor "all set" matches. */
#define NZCV_PATTERN	0xa0000000
#define CHECK_NZCV	32
#define CHECK_SP	31

/* x0 = PATTERN(n), compare with reg, and on a mismatch return n. mov leaves the flags alone. */
	.macro	check, reg, n
	ldr	x0, =PATTERN(\n)
	cmp	\reg, x0
	mov	x0, #\n
	b.ne	regcheck_fail
	.endm

	.text
	.globl	regcheck_syscall
	.type	regcheck_syscall, %function
	.balign	4
regcheck_syscall:
	stp	x29, x30, [sp, #-96]!	// a frame for the 12 callee-saved registers we clobber
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	/* Every register is about to hold a pattern: keep sp and nr in memory. */
	adrp	x9, regcheck_saved
	add	x9, x9, :lo12:regcheck_saved
	mov	x10, sp
	stp	x10, x0, [x9]		// regcheck_saved = { sp, nr }

	mov	x8, x0			// the syscall number
	ldr	x0, =PATTERN(0)		// argument 0 (the result will overwrite it)
	ldr	x1, =PATTERN(1)
	ldr	x2, =PATTERN(2)
	ldr	x3, =PATTERN(3)
	ldr	x4, =PATTERN(4)
	ldr	x5, =PATTERN(5)
	ldr	x6, =PATTERN(6)
	ldr	x7, =PATTERN(7)
	ldr	x9, =PATTERN(9)
	ldr	x10, =PATTERN(10)
	ldr	x11, =PATTERN(11)
	ldr	x12, =PATTERN(12)
	ldr	x13, =PATTERN(13)
	ldr	x14, =PATTERN(14)
	ldr	x15, =PATTERN(15)
	ldr	x16, =PATTERN(16)
	ldr	x17, =PATTERN(17)
	ldr	x18, =PATTERN(18)
	ldr	x19, =PATTERN(19)
	ldr	x20, =PATTERN(20)
	ldr	x21, =PATTERN(21)
	ldr	x22, =PATTERN(22)
	ldr	x23, =PATTERN(23)
	ldr	x24, =PATTERN(24)
	ldr	x25, =PATTERN(25)
	ldr	x26, =PATTERN(26)
	ldr	x27, =PATTERN(27)
	ldr	x28, =PATTERN(28)
	ldr	x29, =PATTERN(29)
	ldr	x30, =PATTERN(30)
	mov	x0, #NZCV_PATTERN	// the flags last (x0 is free again) ...
	msr	nzcv, x0		// ... N = 1, Z = 0, C = 1, V = 0
	svc	#0			// the system call; x0 = its result

	/* The flags, with branches only: N set, Z clear, C set, V clear. */
	b.pl	regcheck_bad_nzcv	// N clear
	b.eq	regcheck_bad_nzcv	// Z set
	b.cc	regcheck_bad_nzcv	// C clear
	b.vs	regcheck_bad_nzcv	// V set
	check	x1, 1
	check	x2, 2
	check	x3, 3
	check	x4, 4
	check	x5, 5
	check	x6, 6
	check	x7, 7
	adrp	x0, regcheck_saved	// x8 must still be nr
	add	x0, x0, :lo12:regcheck_saved
	ldr	x0, [x0, #8]
	cmp	x8, x0
	mov	x0, #8
	b.ne	regcheck_fail
	check	x9, 9
	check	x10, 10
	check	x11, 11
	check	x12, 12
	check	x13, 13
	check	x14, 14
	check	x15, 15
	check	x16, 16
	check	x17, 17
	check	x18, 18
	check	x19, 19
	check	x20, 20
	check	x21, 21
	check	x22, 22
	check	x23, 23
	check	x24, 24
	check	x25, 25
	check	x26, 26
	check	x27, 27
	check	x28, 28
	check	x29, 29
	check	x30, 30
	adrp	x0, regcheck_saved	// sp last: x1 is checked and free now
	add	x0, x0, :lo12:regcheck_saved
	ldr	x0, [x0]
	mov	x1, sp
	cmp	x1, x0
	mov	x0, #CHECK_SP
	b.ne	regcheck_fail
	mov	x0, #0			// all intact
	b	regcheck_out

regcheck_bad_nzcv:
	mov	x0, #CHECK_NZCV
regcheck_fail:				// x0 = the number of the register that changed
regcheck_out:
	adrp	x1, regcheck_saved	// restore sp from memory: it may be the broken one
	ldr	x1, [x1, :lo12:regcheck_saved]
	mov	sp, x1
	ldp	x19, x20, [sp, #16]	// the caller's callee-saved registers back
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	x29, x30, [sp], #96
	ret
	.ltorg				// the patterns' literal pool, within reach of the ldrs
	.size	regcheck_syscall, . - regcheck_syscall

	.bss
	.balign	8
regcheck_saved:				// { sp, nr } while the registers hold patterns
	.skip	16
