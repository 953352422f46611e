/* SPDX-License-Identifier: MIT */
/*
 * The host tests' CPU: cpu_info[host_cpu] (tests/host/arch_stubs.c). A test
 * switches host_cpu to check what kernel/random.c keeps per CPU.
 */
#ifndef TRAPDOOR_HOST_ASM_SMP_H
#define TRAPDOOR_HOST_ASM_SMP_H

extern unsigned int host_cpu;

static inline struct cpu_info *arch_this_cpu(void)
{
	return &cpu_info[host_cpu];
}

#endif
