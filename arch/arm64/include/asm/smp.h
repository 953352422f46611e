/* SPDX-License-Identifier: MIT */
/*
 * This CPU's struct cpu_info (include/trapdoor/smp.h). Its address lives in
 * TPIDR_EL1: each CPU has its own, EL0 can neither read nor write it, and
 * nothing else uses it. The kernel keeps a copy in x18, which no kernel code
 * uses for anything else (-ffixed-x18, Makefile.arch): entry.S loads it from
 * TPIDR_EL1 on every entry from EL0 (where x18 is the user's), and it stays
 * put in the kernel, since it is per CPU, not per task. arch_set_this_cpu()
 * (smp.c) sets both for CPU 0; secondary_entry (head.S) for the others.
 *
 * Why a copy in a register rather than an mrs at each use: the compiler must
 * not reuse the value across a call (a task may come back from schedule()
 * on another CPU), and an asm it may not reuse across a call it also reads
 * again after every store through a pointer: eleven instructions more on
 * each getpid. A global register variable is what the compiler already
 * treats the right way: a call may change it, nothing else does, and every
 * use is simply x18, as cheap as the address of a global was on one CPU.
 */
#ifndef TRAPDOOR_ASM_SMP_H
#define TRAPDOOR_ASM_SMP_H

/* Byte offset of struct cpu_info's cpu, for entry.S (smp.c checks it). */
#define CPU_INFO_CPU 0

#ifndef __ASSEMBLY__

register struct cpu_info *arm64_this_cpu __asm__("x18");

static __always_inline struct cpu_info *arch_this_cpu(void)
{
	return arm64_this_cpu;
}

#endif /* !__ASSEMBLY__ */

#endif
