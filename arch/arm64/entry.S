/* SPDX-License-Identifier: MIT */
/*
 * arm64 exception entry and return.
 *
 * When an exception is taken to EL1 the CPU does only this (Arm ARM,
 * "Exception entry"): PSTATE goes to SPSR_EL1, the return address to ELR_EL1,
 * the cause to ESR_EL1 (and a fault address to FAR_EL1), PSTATE.DAIF is set
 * (everything masked), the stack pointer becomes SP_EL1, and execution
 * continues at VBAR_EL1 + an offset that says where the exception came from
 * and what kind it is. No general-purpose register is saved: x0-x30 still
 * hold the interrupted code's values, and this file must save them before it
 * uses any.
 *
 * Every entry builds a struct pt_regs (asm/ptrace.h) on the SP_EL1 stack,
 * 16-byte aligned, passes its address to a C handler in traps.c, and on return
 * restores everything from it and executes eret. The frame of an exception
 * from EL0 holds the complete user register state: the system call path and
 * the fault paths will read and change it there.
 */
#include <asm/ptrace.h>

/*
 * kernel_entry el, vector: save the interrupted state into a new pt_regs at
 * the bottom of the stack. el is the level we came from (0 or 1).
 */
	.macro	kernel_entry, el, vector
	sub	sp, sp, #PT_REGS_SIZE		// room for the frame; sp stays 16-byte aligned
	stp	x0, x1, [sp, #S_X0 + 8 * 0]	// x0-x29 in pairs, each at S_X0 + 8 * n ...
	stp	x2, x3, [sp, #S_X0 + 8 * 2]	// ... stp stores two registers at once
	stp	x4, x5, [sp, #S_X0 + 8 * 4]
	stp	x6, x7, [sp, #S_X0 + 8 * 6]
	stp	x8, x9, [sp, #S_X0 + 8 * 8]
	stp	x10, x11, [sp, #S_X0 + 8 * 10]
	stp	x12, x13, [sp, #S_X0 + 8 * 12]
	stp	x14, x15, [sp, #S_X0 + 8 * 14]
	stp	x16, x17, [sp, #S_X0 + 8 * 16]
	stp	x18, x19, [sp, #S_X0 + 8 * 18]
	stp	x20, x21, [sp, #S_X0 + 8 * 20]
	stp	x22, x23, [sp, #S_X0 + 8 * 22]
	stp	x24, x25, [sp, #S_X0 + 8 * 24]
	stp	x26, x27, [sp, #S_X0 + 8 * 26]
	stp	x28, x29, [sp, #S_X0 + 8 * 28]
	/* From here on x21-x25 are ours to use: their old values are saved. */
	.if	\el == 0
	mrs	x21, sp_el0			// EL0 ran on SP_EL0: the user's stack pointer
	.else
	add	x21, sp, #PT_REGS_SIZE		// EL1 ran on this stack: sp before our sub
	.endif
	stp	x30, x21, [sp, #S_LR]		// lr and sp are neighbours in pt_regs
	mrs	x22, elr_el1			// pc: where the exception happened (or, after
	mrs	x23, spsr_el1			//   svc, the next instruction); PSTATE then
	stp	x22, x23, [sp, #S_PC]
	mrs	x24, esr_el1			// why: exception class and syndrome
	mrs	x25, far_el1			// which address, for aborts and alignment faults
	stp	x24, x25, [sp, #S_ESR]
	mov	x21, #\vector			// which vector table entry brought us here
	stp	x0, x21, [sp, #S_ORIG_X0]	// x0 is unchanged so far: orig_x0 = x0
	.endm

/*
 * kernel_exit el: resume the code described by the pt_regs at sp. C may have
 * changed the frame (a return value in x0, pc moved past an instruction), so
 * everything is reloaded from it, including ELR_EL1 and SPSR_EL1.
 */
	.macro	kernel_exit, el
	ldp	x22, x23, [sp, #S_PC]		// pc and PSTATE to return to
	msr	elr_el1, x22			// eret jumps to ELR_EL1 ...
	msr	spsr_el1, x23			// ... and restores PSTATE from SPSR_EL1
	.if	\el == 0
	ldr	x21, [sp, #S_SP]		// the user's stack pointer goes back to SP_EL0
	msr	sp_el0, x21
	.endif
	ldp	x0, x1, [sp, #S_X0 + 8 * 0]	// x0-x30 back, in the order they were saved
	ldp	x2, x3, [sp, #S_X0 + 8 * 2]
	ldp	x4, x5, [sp, #S_X0 + 8 * 4]
	ldp	x6, x7, [sp, #S_X0 + 8 * 6]
	ldp	x8, x9, [sp, #S_X0 + 8 * 8]
	ldp	x10, x11, [sp, #S_X0 + 8 * 10]
	ldp	x12, x13, [sp, #S_X0 + 8 * 12]
	ldp	x14, x15, [sp, #S_X0 + 8 * 14]
	ldp	x16, x17, [sp, #S_X0 + 8 * 16]
	ldp	x18, x19, [sp, #S_X0 + 8 * 18]
	ldp	x20, x21, [sp, #S_X0 + 8 * 20]
	ldp	x22, x23, [sp, #S_X0 + 8 * 22]
	ldp	x24, x25, [sp, #S_X0 + 8 * 24]
	ldp	x26, x27, [sp, #S_X0 + 8 * 26]
	ldp	x28, x29, [sp, #S_X0 + 8 * 28]
	ldr	x30, [sp, #S_LR]
	add	sp, sp, #PT_REGS_SIZE		// pop the frame: SP_EL1 as it was before entry
	eret					// PSTATE = SPSR_EL1, pc = ELR_EL1, back to \el
	.endm

/*
 * The vector table. VBAR_EL1 needs it 2 KiB aligned (its low 11 bits are
 * RES0); each of the 16 entries is 0x80 bytes (32 instructions) and branches
 * to a stub below that has room for the whole save sequence.
 */
	.macro	ventry, label
	.balign	VECTOR_SIZE			// entry n starts at vectors + 0x80 * n
	b	\label
	.endm

	.text
	.balign	2048
	.globl	vectors
vectors:
	/* From EL1 with SP_EL0 ("t"): trapdoor's EL1 always uses SP_EL1, so never. */
	ventry	el1t_64_sync			// +0x000
	ventry	el1t_64_irq			// +0x080
	ventry	el1t_64_fiq			// +0x100
	ventry	el1t_64_error			// +0x180
	/* From EL1 with SP_EL1 ("h"): faults in the kernel, interrupts while in it. */
	ventry	el1h_64_sync			// +0x200
	ventry	el1h_64_irq			// +0x280
	ventry	el1h_64_fiq			// +0x300
	ventry	el1h_64_error			// +0x380
	/* From EL0 in AArch64: system calls (svc), user faults, interrupts in user mode. */
	ventry	el0t_64_sync			// +0x400
	ventry	el0t_64_irq			// +0x480
	ventry	el0t_64_fiq			// +0x500
	ventry	el0t_64_error			// +0x580
	/* From EL0 in AArch32: trapdoor runs no 32-bit programs. */
	ventry	el0t_32_sync			// +0x600
	ventry	el0t_32_irq			// +0x680
	ventry	el0t_32_fiq			// +0x700
	ventry	el0t_32_error			// +0x780

/*
 * entry_handler: one stub per vector. Save the frame, call the C handler
 * with x0 = struct pt_regs *, and resume from the (possibly changed) frame.
 */
	.macro	entry_handler, el, vector, label, handler
\label:
	kernel_entry	\el, \vector
	mov	x0, sp				// argument 1: the frame we just built
	bl	\handler			// C: void handler(struct pt_regs *regs)
	.if	\el == 0
	b	ret_to_user
	.else
	b	ret_to_kernel
	.endif
	.endm

	/* Events with a handler of their own (traps.c) ... */
	entry_handler	1, VECTOR_EL1H_SYNC, el1h_64_sync, el1h_64_sync_handler
	entry_handler	0, VECTOR_EL0_64_SYNC, el0t_64_sync, el0t_64_sync_handler
	/* ... and those that cannot happen yet: IRQ and FIQ stay masked, no 32-bit EL0. */
	entry_handler	1, VECTOR_EL1T_SYNC, el1t_64_sync, unhandled_exception
	entry_handler	1, VECTOR_EL1T_IRQ, el1t_64_irq, unhandled_exception
	entry_handler	1, VECTOR_EL1T_FIQ, el1t_64_fiq, unhandled_exception
	entry_handler	1, VECTOR_EL1T_SERROR, el1t_64_error, unhandled_exception
	entry_handler	1, VECTOR_EL1H_IRQ, el1h_64_irq, unhandled_exception
	entry_handler	1, VECTOR_EL1H_FIQ, el1h_64_fiq, unhandled_exception
	entry_handler	1, VECTOR_EL1H_SERROR, el1h_64_error, unhandled_exception
	entry_handler	0, VECTOR_EL0_64_IRQ, el0t_64_irq, unhandled_exception
	entry_handler	0, VECTOR_EL0_64_FIQ, el0t_64_fiq, unhandled_exception
	entry_handler	0, VECTOR_EL0_64_SERROR, el0t_64_error, unhandled_exception
	entry_handler	0, VECTOR_EL0_32_SYNC, el0t_32_sync, unhandled_exception
	entry_handler	0, VECTOR_EL0_32_IRQ, el0t_32_irq, unhandled_exception
	entry_handler	0, VECTOR_EL0_32_FIQ, el0t_32_fiq, unhandled_exception
	entry_handler	0, VECTOR_EL0_32_SERROR, el0t_32_error, unhandled_exception

/* Back to the kernel code the exception interrupted. */
ret_to_kernel:
	kernel_exit	1

/* Back to user mode; also the first entry to user mode of a new task (next issue). */
	.globl	ret_to_user
ret_to_user:
	kernel_exit	0
