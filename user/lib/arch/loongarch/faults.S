/* SPDX-License-Identifier: MIT */
/*
 * The fault matrix's instructions (user/fault.c). The first three must trap; the kernel kills
 * the task, so none of them returns. The jr $ra is there all the same, so a kernel that
 * wrongly lets one pass shows up as "survived" instead of running into garbage. The rest say
 * what this arch does with a divide by zero, a misaligned load, single-step and a wild sp.
 */
#include <uapi/unistd.h>	/* __NR_getpid */

#define LOONGARCH_CSR_CRMD	0x0		/* current mode (manual §7.4.1): PLV0 only */
/*
 * An AM* atomic with rd == rj, which the ISA defines to raise INE (manual §2.2.7.1): the
 * `ud ui5` of binutils and LLVM, here amswap.w $t0, $ra, $t0. (The kernel's BROKEN=undef
 * build uses the same word, asm/processor.h.)
 */
#define INSN_UD			0x3860058c
#define BRK_USER		0		/* break code: Linux uses 0 for a breakpoint */

	.text
	.globl	do_privileged_instruction
do_privileged_instruction:
	csrrd	$a0, LOONGARCH_CSR_CRMD	/* any CSR access at PLV3: IPE, instruction privilege */
	jr	$ra

	.globl	do_undefined_instruction
do_undefined_instruction:
	.word	INSN_UD			/* INE, instruction non-existent */
	jr	$ra

	.globl	do_breakpoint
do_breakpoint:
	break	BRK_USER		/* BRK */
	jr	$ra

/*
 * long do_divide_by_zero(void)
 *
 * div.d never traps on LoongArch: the manual leaves the quotient of a division by zero
 * undefined and raises nothing (Linux's SIGFPE here comes only from a `break 7` that a
 * compiler plants before the div, under -mcheck-zero-division). So this returns whatever the
 * CPU gives, and fault_cases.c expects the program to live.
 */
	.globl	do_divide_by_zero
do_divide_by_zero:
	li.d	$a0, 1			/* the dividend */
	div.d	$a0, $a0, $zero		/* 1 / 0: no exception, an undefined quotient */
	jr	$ra			/* a0 = that quotient */

/*
 * unsigned long do_misaligned_access(const void *p)
 *
 * A 64-bit load from p, which the caller makes odd. CPUs that set CPUCFG1.UAL (QEMU's la464
 * does) do it in hardware; Linux emulates it where they do not. Either way no signal.
 */
	.globl	do_misaligned_access
do_misaligned_access:
	ld.d	$a0, $a0, 0		/* a0 = *(u64 *)p, p not 8-byte aligned */
	jr	$ra

/*
 * void do_single_step(void)
 *
 * LoongArch's single-step and watchpoint controls (FWPS, MWPS and friends) are CSRs, PLV0
 * only: user mode cannot set a trace trap on itself, so there is nothing to do.
 */
	.globl	do_single_step
do_single_step:
	jr	$ra

/*
 * long do_syscall_hostile_sp(unsigned long sp)
 *
 * getpid with sp = the argument for the syscall itself. The kernel must not use the user's
 * sp for anything (entry.S takes the kernel stack from SAVE2), so any value works. The real sp
 * waits in t0, which the syscall ABI preserves (regcheck.S checks that).
 */
	.globl	do_syscall_hostile_sp
do_syscall_hostile_sp:
	move	$t0, $sp		/* our real sp, kept across the syscall */
	move	$sp, $a0		/* the hostile one */
	li.w	$a7, __NR_getpid	/* the syscall number (include/uapi/unistd.h) */
	syscall	0			/* a0 = getpid() */
	move	$sp, $t0		/* our sp back, before anything touches the stack */
	jr	$ra			/* a0 = the pid */
