/* SPDX-License-Identifier: MIT */
/*
 * _start for s390x user programs: from the kernel's initial stack to C.
 *
 * The kernel enters here in problem state with %r15 pointing at argc, then
 * argv[], NULL, envp NULL and an AT_NULL pair (kernel/exec.c), 16-byte
 * aligned; every other register is 0. The s390x ELF ABI asks of a caller
 * only that 0(%r15) hold the back chain and that 160 bytes at %r15 be free
 * for the callee to save registers in ("register save area").
 */
	.section .text.start, "ax"
	.globl	_start
	.type	_start, @function
_start:
	lgr	%r2, %r15		# __start_main's argument: long *sp, at argc
	aghi	%r15, -160		# the register save area __start_main may use
	xc	0(8, %r15), 0(%r15)	# back chain 0: the outermost frame
	brasl	%r14, __start_main	# never returns: it calls exit()
	.insn	e, 0x0000		# if it did: an operation exception, not a wild run
	.size	_start, . - _start
