/* SPDX-License-Identifier: MIT */
/* The CPU itself: stack pointer, a guaranteed-illegal instruction, spin-wait hint. */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_PROCESSOR_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_PROCESSOR_H

#include <trapdoor/compiler.h>

/*
 * PAUSE (Zihintpause): FENCE with predecessor set W and an empty successor set, a hint that
 * this hart is spinning. Cores without Zihintpause execute it as a no-op fence. We spell out
 * the encoding because -march does not name the extension. (Unprivileged ISA 20191213,
 * chapter "Zihintpause"; Linux arch/riscv/include/asm/vdso/processor.h does the same.)
 */
#define RISCV_INSN_PAUSE	0x0100000f

static inline unsigned long current_stack_pointer(void)
{
	unsigned long sp;

	__asm__ __volatile__("mv %0, sp" : "=r"(sp));
	return sp;
}

/*
 * Raise an illegal-instruction exception (scause 2). The assembler emits `unimp` as the 16-bit
 * c.unimp, encoding 0x0000, which is permanently reserved as illegal (Unprivileged ISA 20191213,
 * chapter 16, "Defined Illegal Instruction"). It goes to OpenSBI in M-mode first, which
 * forwards it to our stvec with scause and stval set as if it had come to us directly.
 */
static inline void arch_undefined_instruction(void)
{
	__asm__ __volatile__("unimp" : : : "memory");
}

static inline void cpu_relax(void)
{
	__asm__ __volatile__(".4byte %0" : : "i"(RISCV_INSN_PAUSE) : "memory");
}

#endif
