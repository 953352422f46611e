/* SPDX-License-Identifier: MIT */
/*
 * struct pt_regs: the registers of an interrupted context, as entry.S saves them on the kernel
 * stack. It is the one trap frame for everything — syscalls, faults and interrupts from user
 * mode (at the top of the task's kernel stack: task_pt_regs) and exceptions in the kernel — so
 * it holds the complete user state: all 32 GPRs (r3 is the user sp), the pc (ERA) and the mode
 * to return to (PRMD), plus the CSRs that say why we trapped.
 *
 * The layout is Linux's (arch/loongarch/include/uapi/asm/ptrace.h and asm/ptrace.h) with BADI
 * added, so a student can hold the two side by side. entry.S uses the PT_* offsets below; the
 * static assertions at the end keep them and the struct in step.
 */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PTRACE_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PTRACE_H

#define SZREG 8 /* one 64-bit register */

#define PT_R0	   0		/* regs[0] .. regs[31]: r0 .. r31 */
#define PT_R3	   (3 * SZREG)	/* sp at the time of the trap */
#define PT_ORIG_A0 (32 * SZREG) /* a0 at syscall entry (a0 is also the result) */
#define PT_ERA	   (33 * SZREG) /* CSR.ERA: the pc */
#define PT_BADV	   (34 * SZREG) /* CSR.BADV: the faulting address */
#define PT_BADI	   (35 * SZREG) /* CSR.BADI: the faulting instruction word */
#define PT_CRMD	   (36 * SZREG) /* CSR.CRMD in the handler */
#define PT_PRMD	   (37 * SZREG) /* CSR.PRMD: PLV and IE to go back to */
#define PT_EUEN	   (38 * SZREG) /* CSR.EUEN: FPU/vector units enabled */
#define PT_ECFG	   (39 * SZREG) /* CSR.ECFG: interrupt enables */
#define PT_ESTAT   (40 * SZREG) /* CSR.ESTAT: Ecode, EsubCode, pending IRQs */
/* 41 registers, padded to 42 so that the frame keeps sp 16-byte aligned (psABI). */
#define PT_SIZE	   (42 * SZREG)

#ifndef __ASSEMBLY__

#include <trapdoor/types.h>
#include <asm/csr.h>

struct pt_regs {
	unsigned long regs[32]; /* r0 (zero) .. r31; regs[3] is sp */
	unsigned long orig_a0;
	unsigned long csr_era;
	unsigned long csr_badvaddr;
	unsigned long csr_badi;
	unsigned long csr_crmd;
	unsigned long csr_prmd;
	unsigned long csr_euen;
	unsigned long csr_ecfg;
	unsigned long csr_estat;
	unsigned long __pad;
};

_Static_assert(offsetof(struct pt_regs, orig_a0) == PT_ORIG_A0, "PT_ORIG_A0");
_Static_assert(offsetof(struct pt_regs, csr_era) == PT_ERA, "PT_ERA");
_Static_assert(offsetof(struct pt_regs, csr_badvaddr) == PT_BADV, "PT_BADV");
_Static_assert(offsetof(struct pt_regs, csr_badi) == PT_BADI, "PT_BADI");
_Static_assert(offsetof(struct pt_regs, csr_crmd) == PT_CRMD, "PT_CRMD");
_Static_assert(offsetof(struct pt_regs, csr_prmd) == PT_PRMD, "PT_PRMD");
_Static_assert(offsetof(struct pt_regs, csr_euen) == PT_EUEN, "PT_EUEN");
_Static_assert(offsetof(struct pt_regs, csr_ecfg) == PT_ECFG, "PT_ECFG");
_Static_assert(offsetof(struct pt_regs, csr_estat) == PT_ESTAT, "PT_ESTAT");
_Static_assert(sizeof(struct pt_regs) == PT_SIZE && PT_SIZE % 16 == 0, "PT_SIZE");

static inline unsigned long instruction_pointer(const struct pt_regs *regs)
{
	return regs->csr_era;
}

/* PRMD.PPLV is the privilege level the trap came from: 0 kernel, 3 user. */
static inline bool user_mode(const struct pt_regs *regs)
{
	return (regs->csr_prmd & PRMD_PPLV_MASK) != 0;
}

/*
 * The syscall ABI, Linux's for LoongArch (syscall(2), "Architecture calling conventions"):
 * `syscall 0` with the number in a7 (r11), arguments in a0-a5 (r4-r9), the result in a0;
 * every other register comes back unchanged. a0 is both the first argument and the result, so
 * entry.S keeps the original in orig_a0, and the first argument is read from there, as Linux
 * does.
 */
#define REG_A0 4  /* regs[] index of a0; a1..a5 follow */
#define REG_A7 11 /* regs[] index of a7 */

static inline unsigned long regs_syscall_nr(const struct pt_regs *regs)
{
	return regs->regs[REG_A7];
}

static inline unsigned long regs_syscall_arg(const struct pt_regs *regs, unsigned int n)
{
	return n == 0 ? regs->orig_a0 : regs->regs[REG_A0 + n];
}

/* Sets argument n as the syscall instruction leaves it (the in-kernel tests call handlers so). */
static inline void regs_set_syscall_arg(struct pt_regs *regs, unsigned int n, unsigned long v)
{
	if (n == 0)
		regs->orig_a0 = v;
	if (n < 6)
		regs->regs[REG_A0 + n] = v;
}

static inline void regs_set_return_value(struct pt_regs *regs, long ret)
{
	regs->regs[REG_A0] = (unsigned long)ret;
}

/*
 * Runs the syscall instruction again on the way out, with its number and
 * arguments as they were: entry_syscall stepped era past it (4 bytes) before
 * do_syscall(), so back 4 bytes; a0 back from orig_a0 (a7 and a1-a5 are
 * untouched). A call a signal interrupted.
 */
static inline void regs_syscall_restart(struct pt_regs *regs)
{
	regs->regs[REG_A0] = regs->orig_a0;
	regs->csr_era -= 4;
}

static inline unsigned long user_stack_pointer(const struct pt_regs *regs)
{
	return regs->regs[3];
}

/* clone() with a child stack: the child starts with sp at newsp. */
static inline void user_stack_pointer_set(struct pt_regs *regs, unsigned long sp)
{
	regs->regs[3] = sp;
}

#endif /* !__ASSEMBLY__ */

#endif
