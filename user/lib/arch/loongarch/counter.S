/* SPDX-License-Identifier: MIT */
/*
 * unsigned long read_counter(void)
 *
 * The constant-frequency StableCounter, the counter the kernel's clock reads
 * (arch/loongarch/time.c); rdtime.d works in PLV3 (100 MHz on QEMU virt).
 */
	.text
	.globl	read_counter
	.type	read_counter, @function
read_counter:
	rdtime.d	$a0, $zero	/* a0 = the counter; the counter ID would go to rj, here $zero */
	jr	$ra			/* the result in a0 */
	.size	read_counter, . - read_counter
