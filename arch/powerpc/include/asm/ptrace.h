/* SPDX-License-Identifier: MIT */
/*
 * struct pt_regs: the register state entry.S saves on every interrupt, and restores (rfid)
 * when the interrupt returns. The same frame will carry a user program's complete state
 * into a system call, so it holds every register user mode can change: all 32 GPRs (r1 is
 * the stack pointer), the pc (SRR0), the MSR (SRR1), LR, CTR, XER, CR, and the two SPRs
 * problem state may write, PPR and VRSAVE (every other one traps: cpufeature.c, cpu_setup_sprs()).
 * Being in pt_regs, they are each task's own, and arch_init_user_regs() zeroes them for
 * a new program like every other register.
 * The layout follows Linux's powerpc pt_regs, so a student can read both side by side.
 */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PTRACE_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PTRACE_H

#include <asm/reg.h>

/*
 * Byte offsets into struct pt_regs, for entry.S (there is no asm-offsets generator; the
 * _Static_asserts below keep these and the struct in step).
 */
#define PT_GPR(n)    ((n) * 8)
#define PT_NIP	     256
#define PT_MSR	     264
#define PT_ORIG_GPR3 272
#define PT_CTR	     280
#define PT_LINK	     288
#define PT_XER	     296
#define PT_CCR	     304
#define PT_TRAP	     312
#define PT_DAR	     320
#define PT_DSISR     328
#define PT_PPR	     336
#define PT_VRSAVE    344
#define PT_REGS_SIZE 352 /* a multiple of 16: frames built from it stay aligned */

/*
 * ELFv2 ABI stack frames (64-bit ELF V2 ABI Specification, "The Stack Frame"): r1 always
 * 16-byte aligned; every frame starts with a back chain (the caller's r1) at 0(r1), a CR
 * save word at 8, the LR save doubleword at 16 (where a *callee* stores our return
 * address) and a TOC save doubleword at 24: 32 bytes at least. Below r1 lies a 288-byte
 * "protected zone" (red zone) that a function may use without moving r1, so an interrupt
 * must not build its frame there.
 */
#define STACK_FRAME_MIN_SIZE 32
#define STACK_FRAME_LR_SAVE  16
#define STACK_REDZONE_SIZE   288

/*
 * What entry.S takes from the interrupted stack: the red zone, then a minimal frame for the
 * C handler to store its LR in, then pt_regs (at r1 + STACK_FRAME_MIN_SIZE). 672 bytes.
 */
#define INT_FRAME_SIZE (STACK_FRAME_MIN_SIZE + PT_REGS_SIZE)
#define INT_STACK_SKIP (STACK_REDZONE_SIZE + INT_FRAME_SIZE)

#ifndef __ASSEMBLY__

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>
#include <uapi/errno.h> /* MAX_ERRNO */

struct pt_regs {
	unsigned long gpr[32];	 /* r0-r31: r1 = stack pointer, r2 = TOC, r13 = paca/thread */
	unsigned long nip;	 /* "next instruction pointer": SRR0, where rfid returns to */
	unsigned long msr;	 /* SRR1: the MSR at the interrupt (PR = user mode), cause bits */
	unsigned long orig_gpr3; /* r3 at entry: a syscall's 1st argument, before the result */
	unsigned long ctr;	 /* count register */
	unsigned long link;	 /* link register: the interrupted function's return address */
	unsigned long xer;	 /* carry, overflow, summary overflow */
	unsigned long ccr;	 /* condition register (8 four-bit fields cr0-cr7) */
	unsigned long trap;	 /* the vector that was taken: 0x300, 0x700, 0xc00, ... */
	unsigned long dar;	 /* data address register: the address a load/store faulted on */
	unsigned long dsisr;	 /* why that load/store faulted */
	unsigned long ppr;	 /* program priority register (SPR 896), user-writable */
	unsigned long vrsave;	 /* VRSAVE (SPR 256), user-writable, the low 32 bits */
};

_Static_assert(__builtin_offsetof(struct pt_regs, nip) == PT_NIP, "PT_NIP");
_Static_assert(__builtin_offsetof(struct pt_regs, msr) == PT_MSR, "PT_MSR");
_Static_assert(__builtin_offsetof(struct pt_regs, orig_gpr3) == PT_ORIG_GPR3, "PT_ORIG_GPR3");
_Static_assert(__builtin_offsetof(struct pt_regs, ctr) == PT_CTR, "PT_CTR");
_Static_assert(__builtin_offsetof(struct pt_regs, link) == PT_LINK, "PT_LINK");
_Static_assert(__builtin_offsetof(struct pt_regs, xer) == PT_XER, "PT_XER");
_Static_assert(__builtin_offsetof(struct pt_regs, ccr) == PT_CCR, "PT_CCR");
_Static_assert(__builtin_offsetof(struct pt_regs, trap) == PT_TRAP, "PT_TRAP");
_Static_assert(__builtin_offsetof(struct pt_regs, dar) == PT_DAR, "PT_DAR");
_Static_assert(__builtin_offsetof(struct pt_regs, dsisr) == PT_DSISR, "PT_DSISR");
_Static_assert(__builtin_offsetof(struct pt_regs, ppr) == PT_PPR, "PT_PPR");
_Static_assert(__builtin_offsetof(struct pt_regs, vrsave) == PT_VRSAVE, "PT_VRSAVE");
_Static_assert(sizeof(struct pt_regs) == PT_REGS_SIZE, "PT_REGS_SIZE");
_Static_assert(INT_STACK_SKIP % 16 == 0, "interrupt frames must keep r1 16-byte aligned");

static inline unsigned long instruction_pointer(const struct pt_regs *regs)
{
	return regs->nip;
}

/* MSR[PR], "problem state", is PowerPC's name for user mode. */
static inline bool user_mode(const struct pt_regs *regs)
{
	return (regs->msr & MSR_PR) != 0;
}

static inline unsigned long user_stack_pointer(const struct pt_regs *regs)
{
	return regs->gpr[1];
}

/* clone() with a child stack: the child starts with sp at newsp. */
static inline void user_stack_pointer_set(struct pt_regs *regs, unsigned long sp)
{
	regs->gpr[1] = sp;
}

/*
 * The system call ABI, Linux's for 64-bit Power (Documentation/powerpc/syscall64-abi.rst):
 * "sc" with r0 = the number and r3-r8 = up to six arguments; the result comes back in r3.
 * Errors are not negative numbers: r3 holds the positive errno and cr0.SO (summary
 * overflow) is set; on success cr0.SO is clear. The user's syscall stub turns that back
 * into -errno (user/lib/arch/powerpc/syscall.S).
 */
#define CR0_SO 0x10000000UL /* CR bit 3 (of 0-31, big-endian): cr0's SO */

static inline unsigned long regs_syscall_nr(const struct pt_regs *regs)
{
	return regs->gpr[0];
}

/* clone's arguments on this arch, as Linux takes them: flags, newsp, ptid, tls, ctid (kernel/fork.c). */
#define CLONE_BACKWARDS

/*
 * Argument 0 comes from orig_gpr3, the r3 saved at entry: r3 itself is where the result
 * goes, and whoever looks at the arguments after regs_set_return_value() must still see
 * them (Linux's syscall_get_arguments() does the same).
 */
static inline unsigned long regs_syscall_arg(const struct pt_regs *regs, unsigned int n)
{
	return n == 0 ? regs->orig_gpr3 : regs->gpr[3 + n];
}

/* -MAX_ERRNO..-1 is an error: r3 = errno and cr0.SO = 1. Anything else is a value. */
/* Sets argument n as the syscall instruction leaves it (the in-kernel tests call handlers so). */
static inline void regs_set_syscall_arg(struct pt_regs *regs, unsigned int n, unsigned long v)
{
	if (n == 0)
		regs->orig_gpr3 = v;
	if (n < 6)
		regs->gpr[3 + n] = v;
}

static inline void regs_set_return_value(struct pt_regs *regs, long ret)
{
	if ((unsigned long)ret >= (unsigned long)-MAX_ERRNO) {
		regs->gpr[3] = (unsigned long)-ret;
		regs->ccr |= CR0_SO;
	} else {
		regs->gpr[3] = (unsigned long)ret;
		regs->ccr &= ~CR0_SO;
	}
}

/*
 * Runs the sc again on the way out, with its number and arguments as they
 * were: SRR0 (nip) is past the 4-byte sc, so back 4 bytes; r3 back from
 * orig_gpr3 (r0, the number, and r4-r8 are untouched; the sc sets cr0.SO
 * afresh). A call a signal interrupted.
 */
static inline void regs_syscall_restart(struct pt_regs *regs)
{
	regs->gpr[3] = regs->orig_gpr3;
	regs->nip -= 4;
}

#endif /* !__ASSEMBLY__ */

#endif
