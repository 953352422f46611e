/* SPDX-License-Identifier: MIT */
/* Single instructions C needs: stack pointer, ud2, pause, cpuid, control registers. */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PROCESSOR_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PROCESSOR_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/*
 * The stack pointer of the caller at this call. Not an inline "mov %rsp":
 * in the middle of an x86_64 function RSP is 16-byte aligned or off by 8,
 * depending on whether the compiler built a frame there (the psABI only
 * promises (RSP + 8) % 16 == 0 at function entry, i.e. RSP % 16 == 0 just
 * before each call). A real call makes the value well defined: it is RSP
 * right before the call instruction, 16-byte aligned on every call site,
 * which is the alignment the other five architectures keep at all times.
 * (setup.c)
 */
unsigned long caller_stack_pointer(void);

static inline unsigned long current_stack_pointer(void)
{
	return caller_stack_pointer();
}

/*
 * ud2 (0f 0b) is the opcode reserved to raise #UD on every x86 CPU, now and
 * later (SDM Vol. 2B, UD—Undefined Instruction). panic() and BROKEN=undef use
 * it to enter entry.S with the caller's registers.
 */
static __always_inline void arch_undefined_instruction(void)
{
	__asm__ __volatile__("ud2" : : : "memory");
}

/* "pause": a spin-wait hint (SDM Vol. 2B); saves power, frees a hyperthread. */
static inline void cpu_relax(void)
{
	__asm__ __volatile__("pause" : : : "memory");
}

/* Stops the CPU until the next interrupt; with IF clear, for good. */
static inline void native_halt(void)
{
	__asm__ __volatile__("hlt" : : : "memory");
}

/* CPUID leaf/subleaf -> eax, ebx, ecx, edx (SDM Vol. 2A, CPUID). */
static inline void cpuid_count(u32 leaf, u32 subleaf, u32 *eax, u32 *ebx, u32 *ecx, u32 *edx)
{
	__asm__ __volatile__("cpuid"
			     : "=a"(*eax), "=b"(*ebx), "=c"(*ecx), "=d"(*edx)
			     : "a"(leaf), "c"(subleaf));
}

static inline void cpuid(u32 leaf, u32 *eax, u32 *ebx, u32 *ecx, u32 *edx)
{
	cpuid_count(leaf, 0, eax, ebx, ecx, edx);
}

#define DEFINE_READ_CR(n)						\
	static inline unsigned long read_cr##n(void)			\
	{								\
		unsigned long val;					\
		__asm__ __volatile__("movq %%cr" #n ", %0" : "=r"(val));	\
		return val;						\
	}
DEFINE_READ_CR(0)
DEFINE_READ_CR(2)
DEFINE_READ_CR(3)
DEFINE_READ_CR(4)
#undef DEFINE_READ_CR

#endif
