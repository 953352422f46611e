/* SPDX-License-Identifier: MIT */
/*
 * Forbidden instructions for user/fault.c: each must make the kernel kill
 * the task with the right signal (user/init.c checks which), or, where
 * arm64 does not trap, do their thing and return (fault_cases.c).
 */
#include <uapi/unistd.h>

	.text

/* An EL1 system register: UNDEFINED at EL0, decoded as privileged (traps.c). SIGILL. */
	.globl	do_privileged_instruction
	.type	do_privileged_instruction, %function
	.balign	4
do_privileged_instruction:
	mrs	x0, sctlr_el1		// read EL1's system control register
	ret
	.size	do_privileged_instruction, . - do_privileged_instruction

/* UDF #imm16 (encoding 0x0000xxxx) is permanently undefined (Arm ARM, "UDF"). SIGILL. */
	.globl	do_undefined_instruction
	.type	do_undefined_instruction, %function
	.balign	4
do_undefined_instruction:
	udf	#0
	ret
	.size	do_undefined_instruction, . - do_undefined_instruction

/* BRK #imm16: the A64 software breakpoint, ESR_EL1.EC 0x3c. SIGTRAP. */
	.globl	do_breakpoint
	.type	do_breakpoint, %function
	.balign	4
do_breakpoint:
	brk	#0
	ret
	.size	do_breakpoint, . - do_breakpoint

/*
 * long do_divide_by_zero(void): sdiv by zero. AArch64 integer division never
 * traps (Arm ARM, "SDIV": a zero divisor gives 0), so this returns 0 and
 * Linux sends no signal.
 */
	.globl	do_divide_by_zero
	.type	do_divide_by_zero, %function
	.balign	4
do_divide_by_zero:
	mov	x0, #1			// dividend
	mov	x1, #0			// divisor
	sdiv	x0, x0, x1		// x0 = 1 / 0 = 0, no exception
	ret
	.size	do_divide_by_zero, . - do_divide_by_zero

/*
 * unsigned long do_misaligned_access(const void *p): a 64-bit load from p,
 * which is not 8-byte aligned. On Normal memory with SCTLR_EL1.A = 0 (head.S
 * never sets it) the CPU simply does it: no trap, no signal.
 */
	.globl	do_misaligned_access
	.type	do_misaligned_access, %function
	.balign	4
do_misaligned_access:
	ldr	x0, [x0]		// x0 = the 8 bytes at p, wherever p points
	ret
	.size	do_misaligned_access, . - do_misaligned_access

/*
 * void do_single_step(void): user mode cannot single-step itself on arm64:
 * the step bits (MDSCR_EL1.SS, PSTATE.SS) are written only from EL1 (a
 * debugger's ptrace). So this just returns.
 */
	.globl	do_single_step
	.type	do_single_step, %function
	.balign	4
do_single_step:
	ret
	.size	do_single_step, . - do_single_step

/*
 * long do_syscall_hostile_sp(unsigned long sp): getpid with the stack
 * pointer set to sp, which may be anything (0, odd, the kernel's). The
 * kernel runs on its own stack (SP_EL1) and must not care. x9 keeps our sp:
 * the syscall ABI preserves every register but x0.
 */
	.globl	do_syscall_hostile_sp
	.type	do_syscall_hostile_sp, %function
	.balign	4
do_syscall_hostile_sp:
	mov	x9, sp			// our own sp, kept in a register
	mov	sp, x0			// the hostile one (no memory access through it)
	mov	x8, #__NR_getpid	// getpid: the number in x8
	svc	#0			// x0 = our pid
	mov	sp, x9			// our sp back
	ret
	.size	do_syscall_hostile_sp, . - do_syscall_hostile_sp
