/* SPDX-License-Identifier: MIT */
/* x86_64's own in-kernel tests (CONFIG_KTEST), which kernel/selftest/arch.c runs in its group. */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_SELFTEST_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_SELFTEST_H

/* mm.c: nothing of the kernel is in the lower half, the user's. */
void ktest_kernel_in_upper_half(void);
/* cpufeature.c: x87 and SSE on for user mode, AVX off, and AT_HWCAP says so. */
void ktest_user_fpu_sse_only(void);

#define ARCH_KTESTS                                                         \
	{ "arch.x86_64_kernel_in_upper_half", ktest_kernel_in_upper_half }, \
	    { "arch.x86_64_user_fpu_sse_only", ktest_user_fpu_sse_only },

#endif
