/* SPDX-License-Identifier: MIT */
/*
 * CPU helpers common code needs: the stack pointer, a guaranteed-illegal instruction, and
 * the saved kernel context of a task that is not running (struct thread_struct).
 */
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
#define PPC_ILLEGAL_INSN 0x00000000

/*
 * Byte offsets into struct thread_struct for entry.S (arch_switch_to); _Static_asserts below
 * keep them in step with the struct.
 */
#define THREAD_SP	   0
#define THREAD_LR	   8
#define THREAD_CR	   16
#define THREAD_TRAP_SP	   24
#define THREAD_GPR(n)	   (32 + ((n) - 14) * 8) /* n = 14..31 */
#define THREAD_FP	   THREAD_GPR(32)
#define THREAD_STRUCT_SIZE (THREAD_FP + FP_STATE_SIZE)

/* Byte offsets into struct thread_fp_state: f0-f31, then the FPSCR. */
#define FP_STATE_FPR(n) ((n) * 8)
#define FP_STATE_FPSCR	FP_STATE_FPR(32)
#define FP_STATE_SIZE	(FP_STATE_FPSCR + 8)

#ifndef __ASSEMBLY__

#include <trapdoor/types.h>

/*
 * A task's user floating-point registers, as Linux's thread_fp_state: the 32 FPRs (64 bits
 * each; VSX, which would widen them to 128, stays off: cpufeature.c) and the FPSCR. The
 * kernel itself never uses FP (-msoft-float, MSR[FP] = 0), so while it runs the CPU's FPRs
 * still hold the current task's: arch_switch_to() saves them into prev's and loads next's
 * on every switch, never lazily (docs/hardening-powerpc.md, "Floating point").
 */
struct thread_fp_state {
	u64 fpr[32];
	u64 fpscr;
};

/*
 * What arch_switch_to() (entry.S) keeps of a task while another one runs: exactly what the
 * ELFv2 ABI says a called function must give back to its caller, since to schedule() the
 * switch is just a call that returns later. r14-r31, CR fields 2-4 (we keep all of CR), the
 * stack pointer and the return address. r2 (the TOC) is the same in every task, r13 (the
 * paca) belongs to the CPU, not the task, and everything else is volatile: schedule()'s
 * compiled code already assumes it is lost.
 */
struct thread_struct {
	unsigned long sp; /* r1 inside arch_switch_to */
	unsigned long lr; /* where arch_switch_to returns: schedule(), or ret_from_fork */
	unsigned long cr;
	/*
	 * The r1 that entry.S uses when this task traps from user mode: a minimal ABI frame
	 * right below task_pt_regs(). Fixed for the task's life; arch_switch_to() copies it
	 * into the paca, where the entry code finds it.
	 */
	unsigned long trap_sp;
	unsigned long gpr[18]; /* r14-r31, the non-volatile GPRs */
	/*
	 * The user FP state: last, so that arch_task_init() can reset the kernel context above
	 * without touching it (fork copies it before, spawn finds it zeroed).
	 */
	struct thread_fp_state fp;
};

_Static_assert(__builtin_offsetof(struct thread_struct, sp) == THREAD_SP, "THREAD_SP");
_Static_assert(__builtin_offsetof(struct thread_struct, lr) == THREAD_LR, "THREAD_LR");
_Static_assert(__builtin_offsetof(struct thread_struct, cr) == THREAD_CR, "THREAD_CR");
_Static_assert(__builtin_offsetof(struct thread_struct, trap_sp) == THREAD_TRAP_SP,
	       "THREAD_TRAP_SP");
_Static_assert(__builtin_offsetof(struct thread_struct, gpr) == THREAD_GPR(14), "THREAD_GPR");
_Static_assert(__builtin_offsetof(struct thread_struct, fp) == THREAD_FP, "THREAD_FP");
_Static_assert(__builtin_offsetof(struct thread_fp_state, fpscr) == FP_STATE_FPSCR,
	       "FP_STATE_FPSCR");
_Static_assert(sizeof(struct thread_struct) == THREAD_STRUCT_SIZE, "THREAD_STRUCT_SIZE");

/*
 * entry.S: the CPU's FPRs and FPSCR into *fp, or from it. With MSR[FP] on only for the
 * moment it takes; the kernel goes on with it off.
 */
void save_fp_state(struct thread_fp_state *fp);
void load_fp_state(const struct thread_fp_state *fp);

/* entry.S: where a new task's first arch_switch_to() "returns" to (arch_task_init). */
void ret_from_fork(void);

/* cpufeature.c: the SPRs each CPU sets for itself before it runs user mode. */
void cpu_setup_sprs(void);
/* cpufeature.c: the banner's CPU line (boot_info.cpu): its name and PVR. */
void identify_cpu(void);

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
