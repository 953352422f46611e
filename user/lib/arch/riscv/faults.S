/* SPDX-License-Identifier: MIT */
/*
 * Instructions U-mode must not get away with (user/fault.c). Each traps; the kernel kills the
 * task, so none of these returns. If one ever did, the ret takes fault.c to its "survived"
 * message.
 */
#include <uapi/unistd.h>

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

/*
 * The outcome of these is the architecture's (user/lib/arch/riscv/fault_cases.c says what
 * each must end in).
 */

	/* long do_divide_by_zero(void): div by zero does not trap on RISC-V; the quotient is
	 * all ones, -1 (Unprivileged ISA 20191213, 7.2 "Division Operations", table 7.1). */
	.globl	do_divide_by_zero
do_divide_by_zero:
	li	a0, 42
	div	a0, a0, zero		// 42 / 0 = -1, no exception
	ret

	/* unsigned long do_misaligned_access(const void *p): an 8-byte load from p, which the
	 * caller makes odd. Hardware may do it or raise "load address misaligned" (scause 4);
	 * under QEMU 7.2 the hart does it (docs/hardening-riscv.md). */
	.globl	do_misaligned_access
do_misaligned_access:
	ld	a0, 0(a0)
	ret

	/* void do_single_step(void): U-mode has no single-step flag on RISC-V (stepping is
	 * the debug module's, out of U-mode's reach), so there is nothing to set. */
	.globl	do_single_step
do_single_step:
	ret

	/* long do_syscall_hostile_sp(unsigned long sp): getpid with sp = the argument. The
	 * kernel never uses the user's sp (entry.S saves it and switches to the kernel stack),
	 * and preserves every register but a0, so t0 keeps our own sp over the ecall. */
	.globl	do_syscall_hostile_sp
do_syscall_hostile_sp:
	mv	t0, sp			// our sp
	mv	sp, a0			// the hostile one
	li	a7, __NR_getpid		// include/uapi/unistd.h
	ecall				// a0 = the pid
	mv	sp, t0			// ours back
	ret
