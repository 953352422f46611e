/* SPDX-License-Identifier: MIT */
/*
 * entry.S — from an exception to C and back.
 *
 * When an exception hits ring 0 through one of our interrupt gates, the CPU
 * (SDM Vol. 3A "64-Bit Mode Stack Frame")
 *	- aligns RSP down to 16 bytes,
 *	- pushes ss, rsp, rflags, cs, rip (the state to return to),
 *	- for some vectors pushes an error code,
 *	- clears IF (interrupt gate) and jumps to the gate's address.
 * It saves no general-purpose register and does not say which vector it was,
 * so each vector gets a tiny stub that makes the frame uniform, and one
 * common path saves everything else into a struct pt_regs (asm/ptrace.h).
 * From user mode (next issue) the CPU first switches RSP to TSS.sp0; the
 * frame is the same.
 *
 * 16-byte aligned frame: 192 bytes below a 16-byte aligned RSP, so the C
 * handler is called with the stack aligned as the ABI demands.
 */
#include <asm/desc.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

	.section .text
	.code64

/*
 * The stubs, one per vector, each padded to EXCEPTION_STUB_SIZE bytes so
 * that head.S can compute stub v's address. A stub pushes a 0 where the CPU
 * pushes no error code, then its vector number, and jumps to the common path.
 */
	.balign	EXCEPTION_STUB_SIZE
	.globl	exception_stubs
	.type	exception_stubs, @function
exception_stubs:
	vector = 0
	.rept	NR_EXCEPTION_VECTORS
1:
	.if	((X86_TRAP_ERROR_CODE_MASK >> vector) & 1) == 0
	pushq	$0			/* no error code from the CPU: a 0 keeps the layout */
	.endif
	pushq	$vector			/* pt_regs.vector: why we are here */
	jmp	exception_entry
	.org	1b + EXCEPTION_STUB_SIZE, 0xcc	/* pad with int3 to the fixed size */
	vector = vector + 1
	.endr
	.size	exception_stubs, . - exception_stubs

/*
 * On entry the stack holds, from RSP upwards: vector, error_code, rip, cs,
 * rflags, rsp, ss: the top 7 of the 24 words of struct pt_regs. We push the
 * other 17, highest address first.
 */
	.type	exception_entry, @function
exception_entry:
	subq	$(PT_VECTOR - PT_ORIG_RAX), %rsp	/* room for orig_rax and cr2 */
	pushq	%rdi			/* caller-saved registers: the C call below may */
	pushq	%rsi			/* clobber them, and the interrupted code was not */
	pushq	%rdx			/* expecting a call at all */
	pushq	%rcx
	pushq	%rax
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	pushq	%rbx			/* callee-saved registers: C would preserve them, */
	pushq	%rbp			/* but a register dump (and, from user mode, */
	pushq	%r12			/* the task's state) needs every register in */
	pushq	%r13			/* the frame */
	pushq	%r14
	pushq	%r15			/* RSP now points at struct pt_regs */

	movq	%cr2, %rax		/* the faulting address of a #PF: read it before */
	movq	%rax, PT_CR2(%rsp)	/* C code can fault and overwrite CR2 */
	movq	$-1, PT_ORIG_RAX(%rsp)	/* not a syscall (the syscall entry stores rax here) */

	cld				/* the ABI wants DF = 0 at every call; the interrupted */
					/* code may have set it (rflags keeps its value) */
	movq	%rsp, %rdi		/* argument 1: struct pt_regs *regs */
	call	handle_exception	/* traps.c: decode, report, maybe fix up regs */

	/*
	 * Return to the interrupted code with the registers in the frame,
	 * which the handler may have changed: the reverse of the above.
	 */
	.globl	restore_regs_and_iret
restore_regs_and_iret:
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	popq	%r11
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rax
	popq	%rcx
	popq	%rdx
	popq	%rsi
	popq	%rdi
	addq	$(PT_RIP - PT_ORIG_RAX), %rsp	/* drop orig_rax, cr2, vector, error_code */
	iretq				/* pop rip, cs, rflags, rsp, ss: back where we were */
	.size	exception_entry, . - exception_entry
