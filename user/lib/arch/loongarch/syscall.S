/* SPDX-License-Identifier: MIT */
/*
 * long __syscall6(long nr, long a0, long a1, long a2, long a3, long a4, long a5)
 *
 * Linux's LoongArch syscall ABI: number in a7, arguments in a0-a5, `syscall 0`, result in a0
 * (a negative errno on failure). The kernel preserves every other register, but the C caller
 * of this function expects no more than the psABI promises anyway.
 */
	.text
	.globl	__syscall6
__syscall6:
	move	$a7, $a0		/* the number: arrives as our first C argument */
	move	$a0, $a1		/* shift the six arguments down by one register */
	move	$a1, $a2
	move	$a2, $a3
	move	$a3, $a4
	move	$a4, $a5
	move	$a5, $a6
	syscall	0			/* trap to the kernel: ESTAT.Ecode = SYS */
	jr	$ra			/* a0 = the result */
