/* SPDX-License-Identifier: MIT */
/* CPU helpers common code needs: the stack pointer, a guaranteed-illegal instruction. */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PROCESSOR_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PROCESSOR_H

#include <asm/reg.h>

/*
 * Primary opcode 0 (the top 6 bits of an instruction word) is reserved in every version of
 * the Power ISA (Book I, "Instruction Formats" / the opcode maps): the all-zero word is
 * an illegal instruction, and it raises a program interrupt (0x700) with SRR1[44] set
 * (SRR1_PROGILL). Linux's BUG() uses the trap instruction instead; an illegal encoding is
 * what this hook promises on every architecture.
 */
#define PPC_ILLEGAL_INSN	0x00000000

#ifndef __ASSEMBLY__

#include <trapdoor/types.h>

/* r1 is the stack pointer in every PowerPC ABI. */
static inline unsigned long current_stack_pointer(void)
{
	unsigned long sp;

	__asm__ __volatile__("mr %0, 1" : "=r"(sp));
	return sp;
}

static inline void arch_undefined_instruction(void)
{
	__asm__ __volatile__(".long " __stringify(PPC_ILLEGAL_INSN) : : : "memory");
}

/*
 * Spin-wait hint: "or 1,1,1" lowers this hardware thread's priority so its SMT siblings
 * run faster (Book II, "Program Priority Registers"); "or 2,2,2" restores medium priority.
 */
static inline void cpu_relax(void)
{
	__asm__ __volatile__("or 1, 1, 1\n\tor 2, 2, 2" : : : "memory");
}

#endif /* !__ASSEMBLY__ */

#endif
