/* SPDX-License-Identifier: MIT */
/*
 * Small CPU helpers that common code calls inline, and the saved kernel context of a task.
 * Shared by C and assembly (entry.S uses the THREAD_* offsets).
 */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PROCESSOR_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PROCESSOR_H

/*
 * An instruction word the architecture defines to raise INE (Instruction Non-Existent): an AM*
 * atomic with rd == rj (manual §2.2.7.1; the English text had it backwards until
 * LoongArch-Documentation PR #15). Binutils and LLVM spell it `ud ui5`, i.e.
 * amswap.w $rN, $ra, $rN. We use N = 12 ($t0): QEMU 7.2 only checks the rule for rd != 0.
 */
#define INSN_UD 0x3860058c /* amswap.w $t0, $ra, $t0 */

#define INSN_SIZE 4 /* every LoongArch instruction is one 32-bit word */

/*
 * What arch_switch_to() (entry.S) keeps of a task that is not running: the registers the
 * psABI says a called function must preserve — sp, fp (r22) and s0-s8 (r23-r31) — plus ra,
 * where the task resumes, and the top of its kernel stack, which goes into SAVE2 (KSAVE_KSP
 * in entry.S) so that the next trap from user mode lands on this task's stack. Everything
 * else is either caller-saved (so the C code calling schedule() already saved it) or, for
 * user state, in the task's pt_regs.
 *
 * And the user's scalar FP state, as Linux's thread_struct keeps it in its fpu: f0-f31
 * (64 bits each), FCSR0 and the eight condition flags. EUEN.FPE is on for good (traps.c),
 * and the kernel, built -msoft-float, never touches that state, so it stays in the CPU while
 * the task runs, kernel entries included, until arch_switch_to() swaps it: on every switch,
 * never on first use (docs/hardening.md). LSX and LASX stay off (EUEN.SXE/ASXE = 0), so the
 * vector registers, whose low halves the FPRs are, need no switching.
 */
#define THREAD_RA	  0
#define THREAD_SP	  8
#define THREAD_FP	  16
#define THREAD_S0	  24 /* s0 .. s8: 9 registers, 72 bytes */
#define THREAD_KSTACK_TOP 96
#define THREAD_FPR	  104 /* f0 .. f31: 32 registers, 256 bytes */
#define THREAD_FCSR	  360 /* FCSR0, 4 bytes */
#define THREAD_FCC	  368 /* fcc0 .. fcc7, one byte each */
#define THREAD_SIZEOF	  376

#ifndef __ASSEMBLY__

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

struct thread_struct {
	unsigned long ra;	  /* where it resumes: in schedule(), or ret_from_fork */
	unsigned long sp;	  /* its kernel stack pointer */
	unsigned long fp;	  /* r22 */
	unsigned long s[9];	  /* s0 .. s8, r23 .. r31 */
	unsigned long kstack_top; /* stack + THREAD_SIZE: SAVE2 while it runs */
	u64 fpr[32];		  /* f0 .. f31 */
	u32 fcsr;		  /* FCSR0: enables, flags, cause, rounding mode */
	u32 fcsr_pad;
	u8 fcc[8]; /* fcc0 .. fcc7, 0 or 1 each */
};

_Static_assert(offsetof(struct thread_struct, ra) == THREAD_RA, "THREAD_RA");
_Static_assert(offsetof(struct thread_struct, sp) == THREAD_SP, "THREAD_SP");
_Static_assert(offsetof(struct thread_struct, fp) == THREAD_FP, "THREAD_FP");
_Static_assert(offsetof(struct thread_struct, s) == THREAD_S0, "THREAD_S0");
_Static_assert(offsetof(struct thread_struct, kstack_top) == THREAD_KSTACK_TOP,
	       "THREAD_KSTACK_TOP");
_Static_assert(offsetof(struct thread_struct, fpr) == THREAD_FPR, "THREAD_FPR");
_Static_assert(offsetof(struct thread_struct, fcsr) == THREAD_FCSR, "THREAD_FCSR");
_Static_assert(offsetof(struct thread_struct, fcc) == THREAD_FCC, "THREAD_FCC");
_Static_assert(sizeof(struct thread_struct) == THREAD_SIZEOF, "THREAD_SIZEOF");

/* entry.S: the user FP state from the CPU into t, and from t into the CPU. */
void fpu_save(struct thread_struct *t);
void fpu_restore(const struct thread_struct *t);

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

#endif /* !__ASSEMBLY__ */

#endif
