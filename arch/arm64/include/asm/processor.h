/* SPDX-License-Identifier: MIT */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PROCESSOR_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PROCESSOR_H

/*
 * Byte offsets in struct thread_struct, for arch_switch_to in entry.S (no
 * asm-offsets generator; the _Static_asserts below keep the two in step).
 */
#define THREAD_X19    0	 /* x19..x28 at 8-byte steps */
#define THREAD_FP     80 /* x29 */
#define THREAD_SP     88
#define THREAD_PC     96  /* where arch_switch_to "returns" to */
#define THREAD_FPSIMD 112 /* struct user_fpsimd_state, 16-byte aligned */

/* Byte offsets in struct user_fpsimd_state, for fpsimd_save/fpsimd_restore (asm/fpsimd.h). */
#define FPSIMD_VREGS 0 /* v0..v31, 16 bytes each */
#define FPSIMD_FPSR  512
#define FPSIMD_FPCR  516

/*
 * The task kernel stacks (kernel/task.c): one array of NR_TASKS pairs of
 * 16 KiB slots, a guard (unmapped by kernel_protect()) and above it the
 * stack. entry.S finds a kernel stack overflow from these: sp in an
 * even-numbered slot of the array is in a guard. traps.c checks both numbers
 * against include/trapdoor/task.h at compile time.
 */
#define THREAD_SHIFT	     14	 /* THREAD_SIZE = 16 KiB */
#define KSTACK_SLOTS	     256 /* 2 x NR_TASKS */
#define OVERFLOW_STACK_SHIFT 14
#define OVERFLOW_STACK_SIZE  (1 << OVERFLOW_STACK_SHIFT) /* where entry.S reports an overflow from */

#ifndef __ASSEMBLY__

#include <stddef.h>
#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/*
 * A task's FP/SIMD registers as Linux lays them out (its uapi struct
 * user_fpsimd_state, also the core of an FPSIMD signal frame): the 32
 * 128-bit vector registers v0-v31 (d0-d31 and s0-s31 are their low halves),
 * then the status and control registers FPSR and FPCR.
 */
struct user_fpsimd_state {
	__uint128_t vregs[32];
	u32 fpsr;
	u32 fpcr;
	u32 __reserved[2];
} __aligned(16); /* the q registers' stp/ldp want 16-byte alignment */

/*
 * The kernel context of a task that is not running: what arch_switch_to()
 * must keep of it (AAPCS64: x19-x28, the frame pointer x29 and sp are
 * callee-saved; a function call may clobber the rest), and where it resumes;
 * then the user's FP/SIMD registers, which the kernel never uses
 * (-mgeneral-regs-only), so that they live in the CPU while the task runs
 * and here while it does not: arch_switch_to() saves them on every switch
 * out and loads them on every switch in. Every other register of the task
 * is either in its pt_regs (the user's, the thread pointer TPIDR_EL0
 * included) or dead (the caller of arch_switch_to saved what it needs on
 * its stack).
 */
struct thread_struct {
	u64 x19[10]; /* x19..x28 */
	u64 fp;	     /* x29 */
	u64 sp;	     /* kernel stack pointer */
	u64 pc;	     /* resume address: after the bl arch_switch_to, or ret_from_fork */
	struct user_fpsimd_state fpsimd_state; /* the user's v0-v31, FPSR, FPCR */
};

_Static_assert(offsetof(struct thread_struct, x19) == THREAD_X19, "THREAD_X19");
_Static_assert(offsetof(struct thread_struct, fp) == THREAD_FP, "THREAD_FP");
_Static_assert(offsetof(struct thread_struct, sp) == THREAD_SP, "THREAD_SP");
_Static_assert(offsetof(struct thread_struct, pc) == THREAD_PC, "THREAD_PC");
_Static_assert(offsetof(struct thread_struct, fpsimd_state) == THREAD_FPSIMD, "THREAD_FPSIMD");
_Static_assert(offsetof(struct user_fpsimd_state, fpsr) == FPSIMD_FPSR, "FPSIMD_FPSR");
_Static_assert(offsetof(struct user_fpsimd_state, fpcr) == FPSIMD_FPCR, "FPSIMD_FPCR");

/* entry.S: the CPU's FP/SIMD registers into *state, and back from it. */
void fpsimd_save_state(struct user_fpsimd_state *state);
void fpsimd_load_state(const struct user_fpsimd_state *state);

/* entry.S: where a new task's first arch_switch_to() lands; leaves for user mode. */
void ret_from_fork(void);

/* The AAPCS64 keeps sp 16-byte aligned at all times (and SCTLR_EL1.SA checks it). */
static __always_inline unsigned long current_stack_pointer(void)
{
	unsigned long sp;

	__asm__ __volatile__("mov %0, sp" : "=r"(sp));
	return sp;
}

/*
 * UDF #0 (encoding 0x00000000) is permanently undefined (Arm ARM, "UDF"):
 * it raises a synchronous exception with ESR_EL1.EC = 0 ("unknown reason"),
 * which traps.c reports as an undefined instruction at this pc.
 */
static __always_inline void arch_undefined_instruction(void)
{
	__asm__ __volatile__("udf #0" : : : "memory");
}

/* A hint for spin loops: lets a hypervisor or SMT sibling run (Arm ARM, "YIELD"). */
static __always_inline void cpu_relax(void)
{
	__asm__ __volatile__("yield" : : : "memory");
}

#endif /* !__ASSEMBLY__ */

#endif
