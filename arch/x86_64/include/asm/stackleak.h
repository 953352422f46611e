/* SPDX-License-Identifier: MIT */
/*
 * x86_64's part of the stackleak erase (include/trapdoor/stackleak.h).
 * The erase reads RSP directly: current_stack_pointer() is a call here
 * (asm/processor.h), and a call's frame would land in the range the erase
 * writes. Its alignment does not matter: the erase rounds it down to a word.
 */
#ifndef TRAPDOOR_ARCH_X86_64_ASM_STACKLEAK_H
#define TRAPDOOR_ARCH_X86_64_ASM_STACKLEAK_H

static __always_inline unsigned long arch_stackleak_sp(void)
{
	unsigned long sp;

	__asm__ __volatile__("movq %%rsp, %0" : "=r"(sp));
	return sp;
}
#define arch_stackleak_sp arch_stackleak_sp

#endif
