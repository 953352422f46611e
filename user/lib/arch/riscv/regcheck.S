/* SPDX-License-Identifier: MIT */
/*
 * long regcheck_syscall(long nr)
 *
 * Makes system call nr with a known pattern in every register the kernel must preserve, then
 * checks them all. On riscv Linux preserves every register but a0, the result (a7 keeps the
 * number), so that is everything from x1 to x31 except x10 -- sp, gp and tp included.
 *
 * Returns 0 if every register came back intact, else 1 + the index of the first that did not,
 * in this order (the number systest prints):
 *    1 ra   2 sp   3 gp   4 tp   5 t0   6 t1   7 t2   8 s0   9 s1  10 a1
 *   11 a2  12 a3  13 a4  14 a5  15 a6  16 a7  17 s2  18 s3  19 s4  20 s5
 *   21 s6  22 s7  23 s8  24 s9  25 s10 26 s11 27 t3  28 t4  29 t5  30 t6
 *
 * It is a normal C function: it saves the callee-saved registers it clobbers (ra, sp, gp, tp,
 * s0-s11) and restores them before returning. Even sp holds a pattern during the call, so the
 * save area cannot be on the stack: it is a static buffer (user programs are single-threaded).
 */

/* Register n's pattern: n in two places, so each is distinct and no half is 0 or all ones. */
#define PATTERN(n)	(0x5a17c0de00000000 + ((n) << 40) + ((n) << 4))

/* Save-area slots, 8 bytes each. */
#define SAVE_RA		0
#define SAVE_SP		8
#define SAVE_GP		16
#define SAVE_TP		24
#define SAVE_S0		32	/* s0-s11 follow: s<k> at SAVE_S0 + 8 * k */
#define SAVE_NR		128	/* the syscall number: a7's "pattern" */
#define SAVE_SIZE	136

/* Checks one register against its pattern; a0 is the only free register after the ecall. */
.macro	check reg, n
	li	a0, PATTERN(\n)
	beq	\reg, a0, 1f
	li	a0, \n			// mismatch: report this one
	j	.Lrestore
1:
.endm

	.text
	.globl	regcheck_syscall
regcheck_syscall:
	lla	t0, regcheck_save	// pc-relative address of the save area
	sd	ra, SAVE_RA(t0)
	sd	sp, SAVE_SP(t0)
	sd	gp, SAVE_GP(t0)
	sd	tp, SAVE_TP(t0)
	sd	s0, (SAVE_S0 + 0 * 8)(t0)
	sd	s1, (SAVE_S0 + 1 * 8)(t0)
	sd	s2, (SAVE_S0 + 2 * 8)(t0)
	sd	s3, (SAVE_S0 + 3 * 8)(t0)
	sd	s4, (SAVE_S0 + 4 * 8)(t0)
	sd	s5, (SAVE_S0 + 5 * 8)(t0)
	sd	s6, (SAVE_S0 + 6 * 8)(t0)
	sd	s7, (SAVE_S0 + 7 * 8)(t0)
	sd	s8, (SAVE_S0 + 8 * 8)(t0)
	sd	s9, (SAVE_S0 + 9 * 8)(t0)
	sd	s10, (SAVE_S0 + 10 * 8)(t0)
	sd	s11, (SAVE_S0 + 11 * 8)(t0)
	sd	a0, SAVE_NR(t0)

	mv	a7, a0			// the number: a7 must still hold it afterwards
	li	ra, PATTERN(1)
	li	sp, PATTERN(2)
	li	gp, PATTERN(3)
	li	tp, PATTERN(4)
	li	t0, PATTERN(5)
	li	t1, PATTERN(6)
	li	t2, PATTERN(7)
	li	s0, PATTERN(8)
	li	s1, PATTERN(9)
	li	a1, PATTERN(10)
	li	a2, PATTERN(11)
	li	a3, PATTERN(12)
	li	a4, PATTERN(13)
	li	a5, PATTERN(14)
	li	a6, PATTERN(15)
	li	s2, PATTERN(17)
	li	s3, PATTERN(18)
	li	s4, PATTERN(19)
	li	s5, PATTERN(20)
	li	s6, PATTERN(21)
	li	s7, PATTERN(22)
	li	s8, PATTERN(23)
	li	s9, PATTERN(24)
	li	s10, PATTERN(25)
	li	s11, PATTERN(26)
	li	t3, PATTERN(27)
	li	t4, PATTERN(28)
	li	t5, PATTERN(29)
	li	t6, PATTERN(30)

	ecall				// the system call; a0 = its result, ignored

	check	ra, 1
	check	sp, 2
	check	gp, 3
	check	tp, 4
	check	t0, 5
	check	t1, 6
	check	t2, 7
	check	s0, 8
	check	s1, 9
	check	a1, 10
	check	a2, 11
	check	a3, 12
	check	a4, 13
	check	a5, 14
	check	a6, 15
	/* a7 (16) must still be the number, which only the save area remembers. */
	lla	a0, regcheck_save
	ld	a0, SAVE_NR(a0)
	beq	a7, a0, 1f
	li	a0, 16
	j	.Lrestore
1:
	check	s2, 17
	check	s3, 18
	check	s4, 19
	check	s5, 20
	check	s6, 21
	check	s7, 22
	check	s8, 23
	check	s9, 24
	check	s10, 25
	check	s11, 26
	check	t3, 27
	check	t4, 28
	check	t5, 29
	check	t6, 30
	li	a0, 0			// all intact

.Lrestore:
	/* a0 holds the result; t0 is free (caller-saved) to address the save area. */
	lla	t0, regcheck_save
	ld	ra, SAVE_RA(t0)
	ld	sp, SAVE_SP(t0)
	ld	gp, SAVE_GP(t0)
	ld	tp, SAVE_TP(t0)
	ld	s0, (SAVE_S0 + 0 * 8)(t0)
	ld	s1, (SAVE_S0 + 1 * 8)(t0)
	ld	s2, (SAVE_S0 + 2 * 8)(t0)
	ld	s3, (SAVE_S0 + 3 * 8)(t0)
	ld	s4, (SAVE_S0 + 4 * 8)(t0)
	ld	s5, (SAVE_S0 + 5 * 8)(t0)
	ld	s6, (SAVE_S0 + 6 * 8)(t0)
	ld	s7, (SAVE_S0 + 7 * 8)(t0)
	ld	s8, (SAVE_S0 + 8 * 8)(t0)
	ld	s9, (SAVE_S0 + 9 * 8)(t0)
	ld	s10, (SAVE_S0 + 10 * 8)(t0)
	ld	s11, (SAVE_S0 + 11 * 8)(t0)
	ret

	.bss
	.balign	8
regcheck_save:
	.zero	SAVE_SIZE
