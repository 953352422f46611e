/* SPDX-License-Identifier: MIT */
/*
 * long regcheck_syscall(long nr)
 *
 * Makes syscall nr with a known pattern in every register the kernel must
 * give back unchanged, then checks them. Linux's x86_64 rule (entry_64.S):
 * syscall returns its result in rax and destroys rcx (the return address) and
 * r11 (RFLAGS), because the syscall instruction itself uses them; every other
 * general-purpose register is preserved, the six argument registers included.
 *
 * Returns 0 if all survived, else 1 + the index of the first that did not:
 *	0 rbx   1 rbp   2 r12   3 r13   4 r14   5 r15
 *	6 rdi   7 rsi   8 rdx   9 r10  10 r8   11 r9
 *	12 rsp (compared with its value before the call)
 *
 * An ordinary C function: rbx, rbp and r12-r15 are the caller's (psABI
 * §3.2.1), so they are saved on the stack first and restored last; the
 * others are ours to clobber.
 */

/*
 * Pattern n: a different value in each register, with the top bit set and
 * bits in every 32-bit half, so that a register cut to 32 bits and zero- or
 * sign-extended back shows as well as one swapped with another.
 */
#define PATTERN(n)	(0x8badf00d00000000 + 0x0101010101 * (n) + 0x10)

	.section .bss
	.balign	8
saved_rsp:				// RSP before the syscall; one task, one call at a time
	.skip	8

	.section .text
	.globl	regcheck_syscall
	.type	regcheck_syscall, @function
regcheck_syscall:
	pushq	%rbx			// the callee-saved registers we are about to fill
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, saved_rsp(%rip)	// the value RSP must have after the syscall

	movq	%rdi, %rax		// the syscall number
	movabsq	$PATTERN(0), %rbx	// a pattern in each register the kernel must preserve
	movabsq	$PATTERN(1), %rbp
	movabsq	$PATTERN(2), %r12
	movabsq	$PATTERN(3), %r13
	movabsq	$PATTERN(4), %r14
	movabsq	$PATTERN(5), %r15
	movabsq	$PATTERN(6), %rdi	// the argument registers too: getpid ignores them,
	movabsq	$PATTERN(7), %rsi	// and the kernel must not use them as scratch
	movabsq	$PATTERN(8), %rdx
	movabsq	$PATTERN(9), %r10
	movabsq	$PATTERN(10), %r8
	movabsq	$PATTERN(11), %r9
	syscall				// rax = result; rcx, r11 = garbage by definition

	/* rcx is free now: load each pattern into it and compare. mov leaves the flags alone. */
	movabsq	$PATTERN(0), %rcx
	movl	$1, %eax		// the answer if this one differs
	cmpq	%rcx, %rbx
	jne	.Lout
	movabsq	$PATTERN(1), %rcx
	movl	$2, %eax
	cmpq	%rcx, %rbp
	jne	.Lout
	movabsq	$PATTERN(2), %rcx
	movl	$3, %eax
	cmpq	%rcx, %r12
	jne	.Lout
	movabsq	$PATTERN(3), %rcx
	movl	$4, %eax
	cmpq	%rcx, %r13
	jne	.Lout
	movabsq	$PATTERN(4), %rcx
	movl	$5, %eax
	cmpq	%rcx, %r14
	jne	.Lout
	movabsq	$PATTERN(5), %rcx
	movl	$6, %eax
	cmpq	%rcx, %r15
	jne	.Lout
	movabsq	$PATTERN(6), %rcx
	movl	$7, %eax
	cmpq	%rcx, %rdi
	jne	.Lout
	movabsq	$PATTERN(7), %rcx
	movl	$8, %eax
	cmpq	%rcx, %rsi
	jne	.Lout
	movabsq	$PATTERN(8), %rcx
	movl	$9, %eax
	cmpq	%rcx, %rdx
	jne	.Lout
	movabsq	$PATTERN(9), %rcx
	movl	$10, %eax
	cmpq	%rcx, %r10
	jne	.Lout
	movabsq	$PATTERN(10), %rcx
	movl	$11, %eax
	cmpq	%rcx, %r8
	jne	.Lout
	movabsq	$PATTERN(11), %rcx
	movl	$12, %eax
	cmpq	%rcx, %r9
	jne	.Lout
	movl	$13, %eax
	cmpq	saved_rsp(%rip), %rsp
	jne	.Lout
	xorl	%eax, %eax		// all intact

.Lout:
	movq	saved_rsp(%rip), %rsp	// a wrong RSP must not break our own return
	popq	%r15			// the caller's registers back
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	ret
	.size	regcheck_syscall, . - regcheck_syscall
