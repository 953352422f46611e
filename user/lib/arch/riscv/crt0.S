/* SPDX-License-Identifier: MIT */
/*
 * _start: the first user instruction of every program (user/user.lds.S puts .text.start at
 * USER_BASE). The kernel enters here from sret with sp pointing at argc, argv[], NULL, envp
 * NULL, auxv AT_NULL (kernel/exec.c), 16-byte aligned as the RISC-V psABI wants, and every
 * other register 0 (arch/riscv/traps.c, arch_init_user_regs).
 */
	.section .text.start, "ax"
	.globl	_start
_start:
	/* No gp: the programs are linked with --no-relax, so no code addresses data through it
	 * (the psABI's __global_pointer$ is not needed). s0 is the frame pointer and ra the
	 * return address: 0 in both marks the outermost frame for anyone walking the stack. */
	mv	s0, zero
	mv	ra, zero
	mv	a0, sp			// __start_main(long *sp): user/lib/start.c
	call	__start_main		// calls main(), then exit(); never returns
1:	j	1b			// not reached
