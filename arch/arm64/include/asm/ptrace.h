/* SPDX-License-Identifier: MIT */
/*
 * struct pt_regs: the register state entry.S saves on every exception, from
 * EL1 (kernel) and from EL0 (user). A trap from EL0 puts it at the very top
 * of the task's kernel stack (task_pt_regs() in trapdoor/task.h). It holds the
 * complete AArch64 integer state of the interrupted code: x0-x30, sp, pc
 * (ELR_EL1) and PSTATE (SPSR_EL1), plus the syndrome (ESR_EL1) and fault
 * address (FAR_EL1) that say why we are here. Restoring it and executing eret
 * resumes the interrupted code exactly. For a trap from EL0 it also holds
 * the user's thread pointer TPIDR_EL0, the only other register user mode can
 * write (user/lib/arch/arm64/userregs.c). The kernel uses no FP/SIMD
 * registers (-mgeneral-regs-only) and user mode may not (CPACR_EL1 traps
 * them: SIGILL), so they are not part of the frame.
 *
 * The layout is shared with entry.S through the S_* offsets below; the
 * _Static_asserts make the compiler check that the two agree.
 */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PTRACE_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_PTRACE_H

#include <asm/sysreg.h>

/* Byte offsets of the fields, for entry.S (no asm-offsets generator). */
#define S_X0	     0	 /* x0..x30 at 8-byte steps: x(n) at S_X0 + 8 * n */
#define S_LR	     240 /* x30, the link register */
#define S_SP	     248
#define S_PC	     256
#define S_PSTATE     264
#define S_ESR	     272
#define S_FAR	     280
#define S_ORIG_X0    288
#define S_VECTOR     296
#define S_TP_VALUE   304
#define PT_REGS_SIZE 320 /* a multiple of 16: SP stays 16-byte aligned */

/*
 * The 16 entries of the vector table (Arm ARM, "Exception vectors"), in table order: the
 * entry at VBAR_EL1 + 0x80 * n has identity n. Four groups of four:
 * where the exception came from x what kind it is.
 */
#define VECTOR_EL1T_SYNC     0 /* from EL1 using SP_EL0: trapdoor never runs so */
#define VECTOR_EL1T_IRQ	     1
#define VECTOR_EL1T_FIQ	     2
#define VECTOR_EL1T_SERROR   3
#define VECTOR_EL1H_SYNC     4 /* from EL1 using SP_EL1: the kernel itself */
#define VECTOR_EL1H_IRQ	     5
#define VECTOR_EL1H_FIQ	     6
#define VECTOR_EL1H_SERROR   7
#define VECTOR_EL0_64_SYNC   8 /* from EL0 in AArch64: user programs */
#define VECTOR_EL0_64_IRQ    9
#define VECTOR_EL0_64_FIQ    10
#define VECTOR_EL0_64_SERROR 11
#define VECTOR_EL0_32_SYNC   12 /* from EL0 in AArch32: not supported */
#define VECTOR_EL0_32_IRQ    13
#define VECTOR_EL0_32_FIQ    14
#define VECTOR_EL0_32_SERROR 15
#define VECTOR_SIZE	     0x80 /* bytes per entry: 32 instructions */

#ifndef __ASSEMBLY__

#include <stddef.h>
#include <trapdoor/types.h>

struct pt_regs {
	u64 regs[31]; /* x0-x30; x29 is the frame pointer, x30 the link register */
	u64 sp;	      /* interrupted sp: SP_EL0 from EL0, SP_EL1 before the trap from EL1 */
	u64 pc;	      /* ELR_EL1: where eret resumes (the faulting instruction, or after svc) */
	u64 pstate;   /* SPSR_EL1: NZCV flags, DAIF masks and the mode (EL0t, EL1h, ...) */
	u64 esr;      /* ESR_EL1: exception class and syndrome, decoded by traps.c */
	u64 far;      /* FAR_EL1: faulting address (aborts, alignment, watchpoints) */
	u64 orig_x0;  /* x0 at entry: syscall arg 0 after x0 is overwritten by the return value */
	u64 vector;   /* VECTOR_*: which vector table entry was taken */
	/*
	 * TPIDR_EL0, the user's thread pointer (TLS), saved and restored on
	 * every trap from and return to EL0 (not in frames from EL1). Here,
	 * not in thread_struct as in Linux (thread.uw.tp_value), because then
	 * it follows the frame: arch_init_user_regs() zeroes it for a new
	 * image (spawn, execve), fork copies it, and each task gets its own
	 * back on its way to user mode, with no extra step in arch_switch_to.
	 */
	u64 tp_value;
	u64 pad; /* keeps the frame a multiple of 16 bytes */
};

_Static_assert(offsetof(struct pt_regs, regs[30]) == S_LR, "S_LR");
_Static_assert(offsetof(struct pt_regs, sp) == S_SP, "S_SP");
_Static_assert(offsetof(struct pt_regs, pc) == S_PC, "S_PC");
_Static_assert(offsetof(struct pt_regs, pstate) == S_PSTATE, "S_PSTATE");
_Static_assert(offsetof(struct pt_regs, esr) == S_ESR, "S_ESR");
_Static_assert(offsetof(struct pt_regs, far) == S_FAR, "S_FAR");
_Static_assert(offsetof(struct pt_regs, orig_x0) == S_ORIG_X0, "S_ORIG_X0");
_Static_assert(offsetof(struct pt_regs, vector) == S_VECTOR, "S_VECTOR");
_Static_assert(offsetof(struct pt_regs, tp_value) == S_TP_VALUE, "S_TP_VALUE");
_Static_assert(sizeof(struct pt_regs) == PT_REGS_SIZE, "PT_REGS_SIZE");
_Static_assert(PT_REGS_SIZE % 16 == 0, "the frame must keep sp 16-byte aligned");

static inline unsigned long instruction_pointer(const struct pt_regs *regs)
{
	return regs->pc;
}

/* True if the exception interrupted EL0 (SPSR_EL1.M[3:0] = EL0t). */
static inline bool user_mode(const struct pt_regs *regs)
{
	return (regs->pstate & PSR_MODE_MASK) == PSR_MODE_EL0t;
}

/*
 * The system call ABI is Linux's on arm64: `svc #0` with the number in x8 and
 * up to six arguments in x0-x5; the result (or -errno) comes back in x0, and
 * every other register, sp, pc and the flags come back unchanged. The CPU has
 * already set ELR_EL1 to the instruction after the svc, so nothing here moves
 * the pc. Argument 0 is read from orig_x0, which keeps it after x0 has been
 * overwritten by the result (as Linux's syscall_get_arguments() does).
 */
#define SYSCALL_NR_REG	8 /* x8 */
#define SYSCALL_NR_ARGS 6 /* x0-x5 */

static inline unsigned long regs_syscall_nr(const struct pt_regs *regs)
{
	return regs->regs[SYSCALL_NR_REG];
}

/* clone's arguments on this arch, as Linux takes them: flags, newsp, ptid, tls, ctid (kernel/fork.c). */
#define CLONE_BACKWARDS

static inline unsigned long regs_syscall_arg(const struct pt_regs *regs, unsigned int n)
{
	if (n == 0)
		return regs->orig_x0;
	return n < SYSCALL_NR_ARGS ? regs->regs[n] : 0;
}

/* Sets argument n as the syscall instruction leaves it (the in-kernel tests call handlers so). */
static inline void regs_set_syscall_arg(struct pt_regs *regs, unsigned int n, unsigned long v)
{
	if (n == 0)
		regs->orig_x0 = v;
	if (n < SYSCALL_NR_ARGS)
		regs->regs[n] = v;
}

static inline void regs_set_return_value(struct pt_regs *regs, long ret)
{
	regs->regs[0] = (u64)ret;
}

/*
 * Runs the svc again on the way out, with its number and arguments as they
 * were: pc is past the svc (ELR_EL1), so back 4 bytes; x0 back from orig_x0
 * (x8, the number, and x1-x5 are untouched). A call a signal interrupted.
 */
static inline void regs_syscall_restart(struct pt_regs *regs)
{
	regs->regs[0] = regs->orig_x0;
	regs->pc -= 4;
}

/* The user's sp: SP_EL0 at the time of the trap. */
static inline unsigned long user_stack_pointer(const struct pt_regs *regs)
{
	return regs->sp;
}

/* clone() with a child stack: the child starts with sp at newsp. */
static inline void user_stack_pointer_set(struct pt_regs *regs, unsigned long sp)
{
	regs->sp = sp;
}

#endif /* !__ASSEMBLY__ */

#endif
