/* SPDX-License-Identifier: MIT */
/*
 * struct pt_regs: the registers of an interrupted context, as entry.S saves them on a trap.
 *
 * One frame serves every trap: a fault in the kernel, a system call, fault or interrupt from
 * U-mode. It therefore holds the complete user-visible state: all 31 general
 * registers (x0 is hard-wired to zero and needs no slot), the pc to return to (sepc), and the
 * trap CSRs. The layout is Linux's (arch/riscv/include/asm/ptrace.h), so a student can read
 * Linux's entry.S next: slot 0 is epc, so register xN lives at byte offset N * 8.
 */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_PTRACE_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_PTRACE_H

#include <asm/csr.h>

/* Byte offsets into struct pt_regs for entry.S; checked against the struct below. */
#define PT_EPC	   0
#define PT_RA	   8
#define PT_SP	   16
#define PT_GP	   24
#define PT_TP	   32
#define PT_T0	   40
#define PT_T1	   48
#define PT_T2	   56
#define PT_S0	   64
#define PT_S1	   72
#define PT_A0	   80
#define PT_A1	   88
#define PT_A2	   96
#define PT_A3	   104
#define PT_A4	   112
#define PT_A5	   120
#define PT_A6	   128
#define PT_A7	   136
#define PT_S2	   144
#define PT_S3	   152
#define PT_S4	   160
#define PT_S5	   168
#define PT_S6	   176
#define PT_S7	   184
#define PT_S8	   192
#define PT_S9	   200
#define PT_S10	   208
#define PT_S11	   216
#define PT_T3	   224
#define PT_T4	   232
#define PT_T5	   240
#define PT_T6	   248
#define PT_STATUS  256
#define PT_BADADDR 264
#define PT_CAUSE   272
#define PT_ORIG_A0 280

/* 36 slots of 8 bytes = 288 bytes, a multiple of 16: the frame keeps sp 16-byte aligned. */
#define PT_SIZE 288

#ifndef __ASSEMBLY__

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

struct pt_regs {
	unsigned long epc; /* sepc: the trapping instruction (for ecall too: add 4) */
	unsigned long ra;  /* x1: return address */
	unsigned long sp;  /* x2: stack pointer before the trap */
	unsigned long gp;  /* x3: global pointer (unused by the kernel, see head.S) */
	unsigned long tp;  /* x4: thread pointer */
	unsigned long t0;  /* x5-x7: temporaries */
	unsigned long t1;
	unsigned long t2;
	unsigned long s0; /* x8: saved register 0 / frame pointer */
	unsigned long s1; /* x9 */
	unsigned long a0; /* x10-x17: arguments; a0 returns, a7 = syscall number */
	unsigned long a1;
	unsigned long a2;
	unsigned long a3;
	unsigned long a4;
	unsigned long a5;
	unsigned long a6;
	unsigned long a7;
	unsigned long s2; /* x18-x27: saved registers */
	unsigned long s3;
	unsigned long s4;
	unsigned long s5;
	unsigned long s6;
	unsigned long s7;
	unsigned long s8;
	unsigned long s9;
	unsigned long s10;
	unsigned long s11;
	unsigned long t3; /* x28-x31: temporaries */
	unsigned long t4;
	unsigned long t5;
	unsigned long t6;
	unsigned long status;  /* sstatus: SPP (mode before the trap), SPIE, SUM, ... */
	unsigned long badaddr; /* stval: faulting address, or the illegal instruction */
	unsigned long cause;   /* scause: interrupt bit + exception/interrupt code */
	unsigned long orig_a0; /* a0 at system-call entry (a0 gets the result) */
};

BUILD_BUG_ON(sizeof(struct pt_regs) != PT_SIZE);
BUILD_BUG_ON(sizeof(struct pt_regs) % 16 != 0);
BUILD_BUG_ON(offsetof(struct pt_regs, ra) != PT_RA);
BUILD_BUG_ON(offsetof(struct pt_regs, sp) != PT_SP);
BUILD_BUG_ON(offsetof(struct pt_regs, tp) != PT_TP);
BUILD_BUG_ON(offsetof(struct pt_regs, a0) != PT_A0);
BUILD_BUG_ON(offsetof(struct pt_regs, a7) != PT_A7);
BUILD_BUG_ON(offsetof(struct pt_regs, s11) != PT_S11);
BUILD_BUG_ON(offsetof(struct pt_regs, t6) != PT_T6);
BUILD_BUG_ON(offsetof(struct pt_regs, status) != PT_STATUS);
BUILD_BUG_ON(offsetof(struct pt_regs, badaddr) != PT_BADADDR);
BUILD_BUG_ON(offsetof(struct pt_regs, cause) != PT_CAUSE);
BUILD_BUG_ON(offsetof(struct pt_regs, orig_a0) != PT_ORIG_A0);

/* Where the trap happened (and where sret will resume). */
static inline unsigned long instruction_pointer(const struct pt_regs *regs)
{
	return regs->epc;
}

/* sstatus.SPP records the mode the trap came from: 0 = U-mode, 1 = S-mode. */
static inline bool user_mode(const struct pt_regs *regs)
{
	return !(regs->status & SR_SPP);
}

/*
 * The system call ABI, Linux's (arch/riscv/kernel/traps.c, do_trap_ecall_u): the number in
 * a7, up to six arguments in a0-a5, the result (or a negative errno) back in a0. The kernel
 * preserves every other register.
 */
static inline unsigned long regs_syscall_nr(const struct pt_regs *regs)
{
	return regs->a7;
}

/* clone's arguments on this arch, as Linux takes them: flags, newsp, ptid, tls, ctid (kernel/fork.c). */
#define CLONE_BACKWARDS

static inline unsigned long regs_syscall_arg(const struct pt_regs *regs, unsigned int n)
{
	switch (n) {
	case 0:
		return regs->a0;
	case 1:
		return regs->a1;
	case 2:
		return regs->a2;
	case 3:
		return regs->a3;
	case 4:
		return regs->a4;
	case 5:
		return regs->a5;
	default:
		return 0;
	}
}

/* Sets argument n as the syscall instruction leaves it (the in-kernel tests call handlers so). */
static inline void regs_set_syscall_arg(struct pt_regs *regs, unsigned int n, unsigned long v)
{
	unsigned long *const args[] = { &regs->a0, &regs->a1, &regs->a2,
					&regs->a3, &regs->a4, &regs->a5 };

	if (n < 6)
		*args[n] = v;
}

static inline void regs_set_return_value(struct pt_regs *regs, long ret)
{
	regs->a0 = (unsigned long)ret;
}

/*
 * Runs the ecall again on the way out, with its number and arguments as they
 * were: entry_syscall stepped epc past the 4-byte ecall before do_syscall(),
 * so back 4 bytes; a0 back from orig_a0 (a7 and a1-a5 are untouched). A call
 * a signal interrupted.
 */
static inline void regs_syscall_restart(struct pt_regs *regs)
{
	regs->a0 = regs->orig_a0;
	regs->epc -= 4;
}

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
