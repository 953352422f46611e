/* SPDX-License-Identifier: MIT */
/* Small CPU helpers that common code calls inline. */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PROCESSOR_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PROCESSOR_H

#include <trapdoor/compiler.h>

/*
 * An instruction word the architecture defines to raise INE (Instruction Non-Existent): an AM*
 * atomic with rd == rj (manual §2.2.7.1; the English text had it backwards until
 * LoongArch-Documentation PR #15). Binutils and LLVM spell it `ud ui5`, i.e.
 * amswap.w $rN, $ra, $rN. We use N = 12 ($t0): QEMU 7.2 only checks the rule for rd != 0.
 */
#define INSN_UD			0x3860058c	/* amswap.w $t0, $ra, $t0 */

/* The caller's stack pointer (always inlined, so it is the caller's, not ours). */
static __always_inline unsigned long current_stack_pointer(void)
{
	unsigned long sp;

	__asm__ __volatile__("move %0, $sp" : "=r"(sp));
	return sp;
}

/* Trap on purpose: ESTAT.Ecode = INE, and die() prints the registers of the caller. */
static __always_inline void arch_undefined_instruction(void)
{
	__asm__ __volatile__(".word %0" : : "i"(INSN_UD) : "memory");
}

/* Nothing to say to the CPU while spinning; a compiler barrier keeps the loop honest. */
static inline void cpu_relax(void)
{
	barrier();
}

#endif
