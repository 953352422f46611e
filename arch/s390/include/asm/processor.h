/* SPDX-License-Identifier: MIT */
/*
 * The CPU itself: a task's saved kernel context, the stack pointer, a
 * deliberate bad instruction, the TOD clock. The THREAD_* offsets are also
 * read by arch_switch_to() in entry.S.
 */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_PROCESSOR_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_PROCESSOR_H

/*
 * Byte offsets into struct thread_struct. It is the first member of struct
 * task_struct, so they are offsets into the task as well.
 */
#define THREAD_GPRS	  0 /* r6-r15, 8 bytes each: r<n> at 8 * (n - 6) */
#define THREAD_KSTACK_TOP 80
#define THREAD_ACRS	  88  /* a0-a15, 4 bytes each */
#define THREAD_FPRS	  152 /* f0-f15, 8 bytes each: f<n> at 152 + 8 * n */
#define THREAD_FPC	  280 /* the floating-point-control register, 4 bytes */
#define THREAD_SIZEOF	  288

#ifndef __ASSEMBLY__

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/*
 * What arch_switch_to() keeps of a task that is not running. Of the general
 * registers, only those the s390x ELF ABI makes callee-saved: r6-r13, r14
 * (the return address: into schedule(), or ret_from_fork for a new task) and
 * r15 (the kernel stack pointer); schedule(), being a C caller, has saved the
 * rest itself. The user's registers are not here but in the pt_regs at the
 * top of the kernel stack, whose address is kstack_top.
 *
 * The access registers, the sixteen floating-point registers and the FPC are
 * here too, as in Linux (its thread_struct's acrs and fpu): user state (a
 * thread pointer lives in a0/a1; GCC spills general registers into FPRs)
 * that no kernel entry saves or touches (the kernel is built -msoft-float),
 * so it stays in the CPU while the task runs, kernel entries included, until
 * a context switch swaps it: eagerly, every switch, never on first use
 * (docs/hardening.md). CR0's AFP-register control is on, so f0-f15, the FPC
 * and BFP/DFP instructions work; its vector enablement control is off, so a
 * vector instruction traps (traps.c, arch_trap_init()) and the vector
 * registers, which overlay the FPRs, need no switching.
 */
struct thread_struct {
	unsigned long gprs[10];	  /* r6-r15 inside arch_switch_to() */
	unsigned long kstack_top; /* task->stack + THREAD_SIZE: lowcore LC_KERNEL_STACK */
	unsigned int acrs[16];	  /* a0-a15 */
	unsigned long fprs[16];	  /* f0-f15 */
	unsigned int fpc;	  /* FPC: IEEE masks, flags, DXC, rounding mode */
	unsigned int fpc_pad;
};

BUILD_BUG_ON(offsetof(struct thread_struct, gprs) != THREAD_GPRS);
BUILD_BUG_ON(offsetof(struct thread_struct, kstack_top) != THREAD_KSTACK_TOP);
BUILD_BUG_ON(offsetof(struct thread_struct, acrs) != THREAD_ACRS);
BUILD_BUG_ON(offsetof(struct thread_struct, fprs) != THREAD_FPRS);
BUILD_BUG_ON(offsetof(struct thread_struct, fpc) != THREAD_FPC);
BUILD_BUG_ON(sizeof(struct thread_struct) != THREAD_SIZEOF);

/*
 * The TOD (time-of-day) clock is a 64-bit counter whose bit 51 ticks once per
 * microsecond (PoP 4, "Time-of-Day Clock"), so it counts 2^12 = 4096 units per
 * microsecond.
 */
#define TOD_UNITS_PER_USEC 4096ULL
#define TOD_CLOCK_HZ	   (TOD_UNITS_PER_USEC * 1000000ULL)

/*
 * The s390x ELF ABI keeps r15 only 8-byte aligned (GCC and clang both build
 * frames of 8 mod 16 bytes), unlike the other five: see KSTACK_ALIGN in
 * include/trapdoor/arch.h. entry.S still rounds every trap frame down to 16.
 */
#define KSTACK_ALIGN 8

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

#endif /* !__ASSEMBLY__ */

#endif
