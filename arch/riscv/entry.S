/* SPDX-License-Identifier: MIT */
/*
 * riscv64 trap entry and return: every exception and interrupt taken in S-mode comes here.
 *
 * stvec is in Direct mode (head.S), so one entry point serves all causes; traps.c reads scause
 * to find out why. On a trap the hart (Privileged ISA 20211203, 4.1.1 and 4.1.7-4.1.11):
 *   - writes the interrupted pc to sepc, the reason to scause, extra detail to stval
 *     (faulting address, or the bits of an illegal instruction);
 *   - copies the mode it was in to sstatus.SPP (0 = U, 1 = S) and SIE to SPIE, clears SIE;
 *   - jumps here, in S-mode, with every general register still holding the interrupted
 *     code's values. So nothing may be touched before it is saved.
 * We build a struct pt_regs (asm/ptrace.h) on the stack, call do_trap(regs) in traps.c, and if
 * that returns, reload everything from the frame and sret back.
 */
#include <asm/csr.h>
#include <asm/ptrace.h>

	.text
	.globl	handle_exception
	.balign	4			/* stvec ignores the 2 low bits of the address: align */
handle_exception:
	/*
	 * The sscratch swap. We need one free register before we can save any, and a CSR swap
	 * gives us one without losing anything: tp goes to sscratch, sscratch comes to tp.
	 * Convention: sscratch is 0 while the kernel runs; in the next issue it holds the
	 * kernel's tp (the current task) while a user program runs. So after the swap,
	 * tp == 0 means "we trapped from the kernel", anything else "from user mode".
	 */
	csrrw	tp, sscratch, tp	/* tp = old sscratch, sscratch = interrupted tp */
	bnez	tp, .Lsave_context	/* from U-mode: tp is already the kernel's tp. The next
					 * issue switches to the task's kernel stack here, before
					 * the first store; nothing runs in U-mode yet. */
	/* From S-mode: sscratch now holds our own tp; take it back. sscratch keeps a copy,
	 * which the save below reads, so both paths store the interrupted tp the same way. */
	csrr	tp, sscratch

.Lsave_context:
	/*
	 * Room for the frame. The psABI keeps sp 16-byte aligned in all compiled code, and
	 * PT_SIZE (288) is a multiple of 16, so the frame and the C call below stay 16-byte
	 * aligned (KSTACK_ALIGN). Register xN goes to offset N * 8; slot 0 is sepc.
	 */
	addi	sp, sp, -PT_SIZE
	sd	ra, PT_RA(sp)		/* x1 */
					/* x2 (sp) is stored below: we just changed it */
	sd	gp, PT_GP(sp)		/* x3 */
					/* x4 (tp) is stored below, taken from sscratch */
	sd	t0, PT_T0(sp)		/* x5 */
	sd	t1, PT_T1(sp)		/* x6 */
	sd	t2, PT_T2(sp)		/* x7 */
	sd	s0, PT_S0(sp)		/* x8, the frame pointer */
	sd	s1, PT_S1(sp)		/* x9 */
	sd	a0, PT_A0(sp)		/* x10 */
	sd	a1, PT_A1(sp)		/* x11 */
	sd	a2, PT_A2(sp)		/* x12 */
	sd	a3, PT_A3(sp)		/* x13 */
	sd	a4, PT_A4(sp)		/* x14 */
	sd	a5, PT_A5(sp)		/* x15 */
	sd	a6, PT_A6(sp)		/* x16 */
	sd	a7, PT_A7(sp)		/* x17, the system call number */
	sd	s2, PT_S2(sp)		/* x18 */
	sd	s3, PT_S3(sp)		/* x19 */
	sd	s4, PT_S4(sp)		/* x20 */
	sd	s5, PT_S5(sp)		/* x21 */
	sd	s6, PT_S6(sp)		/* x22 */
	sd	s7, PT_S7(sp)		/* x23 */
	sd	s8, PT_S8(sp)		/* x24 */
	sd	s9, PT_S9(sp)		/* x25 */
	sd	s10, PT_S10(sp)		/* x26 */
	sd	s11, PT_S11(sp)		/* x27 */
	sd	t3, PT_T3(sp)		/* x28 */
	sd	t4, PT_T4(sp)		/* x29 */
	sd	t5, PT_T5(sp)		/* x30 */
	sd	t6, PT_T6(sp)		/* x31 */

	/* Every register is saved: from here on we may use any of them. */
	addi	s0, sp, PT_SIZE		/* the sp the trap interrupted (kernel stack) */
	sd	s0, PT_SP(sp)
	/* Read the interrupted tp and zero sscratch in one instruction. From now on a nested
	 * trap (a bug in the C handler, say) finds sscratch == 0 and is treated as coming
	 * from the kernel, which it does. */
	csrrw	s0, sscratch, zero
	sd	s0, PT_TP(sp)

	/* The trap CSRs: a nested trap would overwrite them, so they belong in the frame. */
	csrr	s1, sepc		/* pc of the trapping instruction */
	csrr	s2, sstatus		/* SPP = mode we came from, SPIE = its interrupt enable */
	csrr	s3, stval		/* faulting address or instruction bits, else 0 */
	csrr	s4, scause		/* bit 63 = interrupt, low bits = code (asm/csr.h) */
	sd	s1, PT_EPC(sp)
	sd	s2, PT_STATUS(sp)
	sd	s3, PT_BADADDR(sp)
	sd	s4, PT_CAUSE(sp)
	/* A system call returns its result in a0; keep argument 0 for whoever needs it later. */
	sd	a0, PT_ORIG_A0(sp)

	/* do_trap(struct pt_regs *regs): the first argument goes in a0. */
	mv	a0, sp
	call	do_trap

	/*
	 * Return from the trap: undo the save, in reverse. do_trap() may have changed the
	 * frame (step sepc over an ecall, put a result in a0), so reload from it, not from
	 * what we read above. sp still points at the frame: s-registers are callee-saved.
	 */
	.globl	ret_from_exception
ret_from_exception:
	ld	s1, PT_STATUS(sp)
	ld	s2, PT_EPC(sp)
	/* Going back to U-mode (SPP = 0)? Then the next trap from there must find the
	 * kernel's tp in sscratch (see the swap above). Back to S-mode, sscratch stays 0. */
	andi	s3, s1, SR_SPP
	bnez	s3, 1f
	csrw	sscratch, tp		/* tp is the kernel's here; the user's is in the frame */
1:
	/* sret returns to the mode in SPP, re-enables interrupts if SPIE, and jumps to sepc.
	 * SIE is 0 in the saved sstatus (the hart cleared it before we read it), so nothing
	 * can interrupt the reload below. */
	csrw	sstatus, s1
	csrw	sepc, s2

	ld	ra, PT_RA(sp)		/* x1 */
	ld	gp, PT_GP(sp)		/* x3 */
	ld	tp, PT_TP(sp)		/* x4: the interrupted code's tp */
	ld	t0, PT_T0(sp)		/* x5 */
	ld	t1, PT_T1(sp)		/* x6 */
	ld	t2, PT_T2(sp)		/* x7 */
	ld	s0, PT_S0(sp)		/* x8 */
	ld	s1, PT_S1(sp)		/* x9 */
	ld	a0, PT_A0(sp)		/* x10: for a system call, its result */
	ld	a1, PT_A1(sp)		/* x11 */
	ld	a2, PT_A2(sp)		/* x12 */
	ld	a3, PT_A3(sp)		/* x13 */
	ld	a4, PT_A4(sp)		/* x14 */
	ld	a5, PT_A5(sp)		/* x15 */
	ld	a6, PT_A6(sp)		/* x16 */
	ld	a7, PT_A7(sp)		/* x17 */
	ld	s2, PT_S2(sp)		/* x18 */
	ld	s3, PT_S3(sp)		/* x19 */
	ld	s4, PT_S4(sp)		/* x20 */
	ld	s5, PT_S5(sp)		/* x21 */
	ld	s6, PT_S6(sp)		/* x22 */
	ld	s7, PT_S7(sp)		/* x23 */
	ld	s8, PT_S8(sp)		/* x24 */
	ld	s9, PT_S9(sp)		/* x25 */
	ld	s10, PT_S10(sp)		/* x26 */
	ld	s11, PT_S11(sp)		/* x27 */
	ld	t3, PT_T3(sp)		/* x28 */
	ld	t4, PT_T4(sp)		/* x29 */
	ld	t5, PT_T5(sp)		/* x30 */
	ld	t6, PT_T6(sp)		/* x31 */
	ld	sp, PT_SP(sp)		/* x2 last: it is the base of every load above */
	sret				/* pc = sepc, mode = SPP, SIE = SPIE */
