/* SPDX-License-Identifier: MIT */
/*
 * Instructions U-mode must not get away with (user/fault.c). Each traps; the kernel kills the
 * task, so none of these returns. If one ever did, the ret takes fault.c to its "survived"
 * message.
 */
	.text

	/* Read sstatus, a supervisor CSR (number 0x100: bits 9:8 = 01, Privileged ISA 2.1):
	 * from U-mode an illegal-instruction trap, which the kernel decodes as privileged. */
	.globl	do_privileged_instruction
do_privileged_instruction:
	csrr	a0, sstatus
	ret

	/* All zeros: permanently reserved as an illegal instruction (Unprivileged ISA
	 * 20191213, 1.5 "Base Instruction-Length Encoding": with the C extension the 16-bit
	 * parcel 0x0000 is defined illegal). Spelled out so no assembler can pick another
	 * encoding for `unimp`. */
	.globl	do_undefined_instruction
do_undefined_instruction:
	.2byte	0x0000
	ret

	/* ebreak (c.ebreak with the C extension): scause 3, breakpoint. */
	.globl	do_breakpoint
do_breakpoint:
	ebreak
	ret
