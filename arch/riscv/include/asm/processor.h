/* SPDX-License-Identifier: MIT */
/*
 * The CPU itself: a task's saved kernel context and user FP state, stack pointer, a
 * guaranteed-illegal instruction, spin-wait hint. The THREAD_* offsets are also read by entry.S.
 */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_PROCESSOR_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_PROCESSOR_H

/*
 * Byte offsets into struct thread_struct for arch_switch_to() in entry.S. struct thread_struct
 * is the first member of struct task_struct, so they are offsets into the task too (checked in
 * process.c, which sees both structures).
 */
#define THREAD_RA     0
#define THREAD_SP     8
#define THREAD_S0     16  /* s0-s11 follow, 8 bytes apart: s<n> at THREAD_S0 + 8 * n */
#define THREAD_SIZEOF 376 /* 14 registers, then fstate */

/* Into struct __riscv_d_ext_state, for __fstate_save() and __fstate_restore() in entry.S. */
#define FSTATE_F0   0	/* f0-f31, 8 bytes apart: f<n> at FSTATE_F0 + 8 * n */
#define FSTATE_FCSR 256 /* fcsr, 32 bits */

#ifndef __ASSEMBLY__

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/*
 * A user program's F and D state is struct __riscv_d_ext_state, as Linux names it (uapi
 * asm/sigcontext.h, where the signal frame uses it too): f0-f31, 64 bits each (D widens F's
 * registers), and fcsr (frm, the rounding mode, and fflags, the accrued exception flags). The
 * kernel never uses these registers (-march without F or D, and sstatus.FS Off while it
 * runs): they hold the user's values all along, and only arch_switch_to()
 * (riscv_fpu_switch(), process.c), fork, execve and the signal frames (signal.c) copy them
 * here and back.
 */
#include <asm/sigcontext.h>

/*
 * What arch_switch_to() keeps of a task that is not running: only what the psABI says a
 * called function must preserve (RISC-V psABI, "Integer Register Convention": sp and s0-s11
 * are callee-saved) and where to resume (ra), and the user's FP registers, which no trap
 * saves. Everything else the C caller of arch_switch_to() -- schedule() -- has already saved
 * itself, because it made a call. The user's general registers are not here: they are in the
 * pt_regs at the top of the task's stack.
 */
struct thread_struct {
	unsigned long ra;    /* where arch_switch_to() returns: schedule(), or ret_from_fork */
	unsigned long sp;    /* the task's kernel stack pointer inside arch_switch_to() */
	unsigned long s[12]; /* s0 (the frame pointer) to s11 */
	struct __riscv_d_ext_state fstate; /* the user's F/D registers while it is switched out */
};

BUILD_BUG_ON(offsetof(struct thread_struct, ra) != THREAD_RA);
BUILD_BUG_ON(offsetof(struct thread_struct, sp) != THREAD_SP);
BUILD_BUG_ON(offsetof(struct thread_struct, s) != THREAD_S0);
BUILD_BUG_ON(offsetof(struct __riscv_d_ext_state, f) != FSTATE_F0);
BUILD_BUG_ON(offsetof(struct __riscv_d_ext_state, fcsr) != FSTATE_FCSR);

/* entry.S: the live F/D registers to *state and back, with sstatus.FS on only meanwhile. */
void __fstate_save(struct __riscv_d_ext_state *state);
void __fstate_restore(const struct __riscv_d_ext_state *state);
BUILD_BUG_ON(sizeof(struct thread_struct) != THREAD_SIZEOF);

/*
 * PAUSE (Zihintpause): FENCE with predecessor set W and an empty successor set, a hint that
 * this hart is spinning. Cores without Zihintpause execute it as a no-op fence. We spell out
 * the encoding because -march does not name the extension. (Unprivileged ISA 20191213,
 * chapter "Zihintpause"; Linux arch/riscv/include/asm/vdso/processor.h does the same.)
 */
#define RISCV_INSN_PAUSE 0x0100000f

static __always_inline unsigned long current_stack_pointer(void)
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

#endif /* !__ASSEMBLY__ */

#endif
