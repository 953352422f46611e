/* SPDX-License-Identifier: MIT */
/*
 * unsigned long read_counter(void)
 *
 * The virtual count CNTVCT_EL0, the counter the kernel's clock reads (arch/arm64/time.c);
 * EL0 may read it because setup.c sets CNTKCTL_EL1.EL0VCTEN. It counts at CNTFRQ_EL0
 * (62.5 MHz on QEMU 7.2 virt).
 */
	.text
	.globl	read_counter
	.type	read_counter, @function
read_counter:
	isb				/* the read waits until every earlier instruction is done */
	mrs	x0, cntvct_el0		/* x0 = the virtual count */
	ret				/* the result in x0 */
	.size	read_counter, . - read_counter
