/* SPDX-License-Identifier: MIT */
/* x86_64's own in-kernel tests (CONFIG_KTEST), which kernel/selftest/arch.c runs in its group. */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_SELFTEST_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_SELFTEST_H

/* mm.c: nothing of the kernel is in the lower half, the user's. */
void ktest_kernel_in_upper_half(void);

#define ARCH_KTESTS { "arch.x86_64_kernel_in_upper_half", ktest_kernel_in_upper_half },

#endif
