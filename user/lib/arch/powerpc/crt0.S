/* SPDX-License-Identifier: MIT */
/*
 * _start: the first instruction of every user program (user/user.lds.S puts .text.start
 * first; the ELF entry point names it too). The kernel enters with (traps.c,
 * arch_init_user_regs; kernel/exec.c):
 *   r1  = the initial stack pointer, 16-byte aligned, pointing at argc, then argv[]
 *   r12 = _start itself, as the ELFv2 ABI has it for any function entered at its global
 *         entry point
 *   every other register 0
 */
#include "../../../../arch/powerpc/include/asm/ppc_asm.h"	/* register names */

#define STACK_FRAME_MIN_SIZE	32	/* ELFv2: back chain, CR, LR and TOC save words */

	.abiversion 2			/* ELFv2, as the rest of the program (Makefile.arch) */

	.section .text.start, "ax"
	.globl	_start
	.type	_start, @function
_start:
	/*
	 * r2, the TOC pointer: compiled code finds every global through it. The linker
	 * defines .TOC.; its distance from _start is a link-time constant, so r12 + that
	 * distance is the TOC wherever we were loaded (the same two instructions every C
	 * function's global entry point begins with).
	 */
	addis	r2, r12, (.TOC. - _start)@ha
	addi	r2, r2, (.TOC. - _start)@l

	mr	r3, r1			/* __start_main(sp): the argument is argc's address */
	/*
	 * A minimal frame of our own: __start_main may store its return address at 16(r1),
	 * in its caller's frame, which must not be argc. Back chain 0: the outermost frame.
	 */
	li	r0, 0
	stdu	r0, -STACK_FRAME_MIN_SIZE(r1)	/* store 0 at r1 - 32, then r1 -= 32 */
	bl	__start_main		/* user/lib/start.c: main(), then exit(); never returns */
	nop				/* where the linker would restore r2 (ELFv2 call ABI) */
	trap				/* not reached; if it is, die with SIGTRAP */
	.size	_start, . - _start
