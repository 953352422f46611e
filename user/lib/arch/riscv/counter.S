/* SPDX-License-Identifier: MIT */
/*
 * unsigned long read_counter(void)
 *
 * The time CSR (Zicntr), the counter the kernel's clock reads (arch/riscv/time.c): it counts
 * at /cpus/timebase-frequency, 10 MHz on QEMU virt, and U-mode may read it. rdtime is not
 * ordered against the instructions around it, but under QEMU every instruction retires in
 * program order, and the bracket is the same for every mode (docs/benchmarks.md).
 */
	.text
	.globl	read_counter
	.type	read_counter, @function
read_counter:
	rdtime	a0			/* a0 = time CSR (csrr a0, time) */
	ret				/* the result in a0 */
	.size	read_counter, . - read_counter
