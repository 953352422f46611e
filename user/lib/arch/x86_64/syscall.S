/* SPDX-License-Identifier: MIT */
/*
 * long __syscall6(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
 *
 * From the C calling convention (psABI §3.2.3: arguments in rdi, rsi, rdx,
 * rcx, r8, r9, then on the stack) to Linux's syscall convention (rax = number,
 * arguments in rdi, rsi, rdx, r10, r8, r9; result or -errno in rax). r10
 * stands in for rcx because the syscall instruction overwrites rcx with the
 * return address, and r11 with RFLAGS: both are lost, which the C convention
 * allows anyway (they are caller-saved).
 */
	.section .text
	.globl	__syscall6
	.type	__syscall6, @function
__syscall6:
	movq	%rdi, %rax		// the number
	movq	%rsi, %rdi		// a0
	movq	%rdx, %rsi		// a1
	movq	%rcx, %rdx		// a2
	movq	%r8, %r10		// a3
	movq	%r9, %r8		// a4
	movq	8(%rsp), %r9		// a5: the seventh C argument, above our return address
	syscall				// into the kernel: entry_syscall
	ret				// rax: the result, a negative errno on failure
	.size	__syscall6, . - __syscall6
