/* SPDX-License-Identifier: MIT */
/*
 * _start: the first instruction of every user program. user/user.lds.S puts
 * .text.start first, so it sits at USER_BASE. The kernel (kernel/exec.c)
 * erets to it in EL0 with sp pointing at argc, then argv[], NULL, envp NULL
 * and the auxv AT_NULL pair (Linux's initial stack), 16-byte aligned as
 * AAPCS64 requires, and every other register zero (traps.c).
 */
	.section .text.start, "ax"
	.globl	_start
	.type	_start, %function
	.balign	4
_start:
	mov	x29, xzr		// frame pointer 0: a backtrace stops here
	mov	x30, xzr		// no return address: _start has no caller
	mov	x0, sp			// argument 1: the initial sp, which points at argc
	bl	__start_main		// user/lib/start.c: main(argc, argv), then exit()
	brk	#0			// never reached; if it were, the kernel kills us (SIGTRAP)
	.size	_start, . - _start
