/* SPDX-License-Identifier: MIT */
/* Small CPU helpers: the stack pointer, a deliberate bad instruction, the TOD clock. */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_PROCESSOR_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_PROCESSOR_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/*
 * The TOD (time-of-day) clock is a 64-bit counter whose bit 51 ticks once per
 * microsecond (PoP 4, "Time-of-Day Clock"), so it counts 2^12 = 4096 units per
 * microsecond.
 */
#define TOD_UNITS_PER_USEC	4096ULL
#define TOD_CLOCK_HZ		(TOD_UNITS_PER_USEC * 1000000ULL)

/*
 * The s390x ELF ABI keeps r15 only 8-byte aligned (GCC and clang both build
 * frames of 8 mod 16 bytes), unlike the other five: see KSTACK_ALIGN in
 * include/trapdoor/arch.h. entry.S still rounds every trap frame down to 16.
 */
#define KSTACK_ALIGN		8

/* r15 is the stack pointer in the s390x ELF ABI. */
static inline unsigned long current_stack_pointer(void)
{
	unsigned long sp;

	__asm__ __volatile__("lgr	%0,%%r15" : "=d"(sp));
	return sp;
}

/*
 * Opcode 0x00 is assigned to no instruction (PoP appendix B, "Lists of
 * Instructions"), so the halfword 0x0000 raises an operation exception,
 * program-interruption code 0x01. The old PSW then points past it (ILC 1,
 * two bytes): the operation is suppressed, not nullified.
 */
static inline void arch_undefined_instruction(void)
{
	/* .insn e: an E-format instruction, which is its 2-byte opcode alone. */
	__asm__ __volatile__(".insn	e,0x0000" : : : "memory");
}

static inline void cpu_relax(void)
{
	barrier();
}

/*
 * STORE CLOCK FAST: the TOD clock without STCK's wait for a unique value; one
 * CPU needs no uniqueness (facility 25, present since z9; we build for z196).
 */
static inline u64 get_tod_clock_fast(void)
{
	u64 clk;

	__asm__ __volatile__("stckf	%0" : "=Q"(clk) : : "cc");
	return clk;
}

#endif
