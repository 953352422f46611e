/* SPDX-License-Identifier: MIT */
/*
 * _start: the first user instruction of every program. The kernel enters with
 * RSP pointing at argc, then argv[], NULL, envp NULL and the auxiliary vector
 * (kernel/exec.c), RSP 16-byte aligned: the x86_64 psABI's process entry
 * (§3.4.1). The other registers hold nothing to rely on (0, except rcx and
 * r11, which the syscall exit fills with RIP and RFLAGS), in particular no
 * dynamic linker's atexit pointer in rdx: a static program needs none.
 */
	.section .text.start, "ax"
	.globl	_start
	.type	_start, @function
_start:
	xorl	%ebp, %ebp		// frame pointer 0: the outermost frame, backtraces stop
	movq	%rsp, %rdi		// argument 1: long *sp, the address of argc
	/*
	 * The psABI wants RSP % 16 == 0 at every call, so that the callee sees
	 * RSP % 16 == 8 after the return address is pushed. The kernel
	 * aligned the stack, and we pushed nothing: call as is.
	 */
	call	__start_main		// user/lib/start.c: main(), then exit(); never returns
	ud2				// if it did: an invalid opcode, and the kernel ends us
	.size	_start, . - _start
