/* SPDX-License-Identifier: MIT */
/*
 * struct pt_regs: the register state entry.S saves at every interruption, and
 * the PSW (program-status word) bits it holds.
 *
 * The PSW is s390's program counter and status register in one 128-bit word:
 * a 64-bit mask (interrupt masks, key, problem state, condition code,
 * addressing mode) and a 64-bit instruction address. Bit numbers below count
 * from the left, as the Principles of Operation does (bit 0 = MSB).
 */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_PTRACE_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_PTRACE_H

/* Constants shared by C and the assembler: no UL suffix in a .S file. */
#ifdef __ASSEMBLY__
#define _UL(x) x
#else
#define _UL(x) x##UL
#endif

/* PSW mask bits (PoP 4, "Program-Status Word"), with the PoP's letters. */
#define PSW_MASK_PER	_UL(0x4000000000000000) /* 1 R: PER enabled */
#define PSW_MASK_DAT	_UL(0x0400000000000000) /* 5 T: translation */
#define PSW_MASK_IO	_UL(0x0200000000000000) /* 6 IO: I/O enabled */
#define PSW_MASK_EXT	_UL(0x0100000000000000) /* 7 EX: external */
#define PSW_MASK_KEY	_UL(0x00f0000000000000) /* 8-11: storage key */
#define PSW_MASK_MCHECK _UL(0x0004000000000000) /* 13 M: machine check */
#define PSW_MASK_WAIT	_UL(0x0002000000000000) /* 14 W: wait state */
#define PSW_MASK_PSTATE _UL(0x0001000000000000) /* 15 P: problem state */
#define PSW_MASK_ASC	_UL(0x0000c00000000000) /* 16-17 AS: space */
#define PSW_MASK_CC	_UL(0x0000300000000000) /* 18-19 CC */
#define PSW_MASK_PM	_UL(0x00000f0000000000) /* 20-23: program mask */
#define PSW_MASK_RI	_UL(0x0000008000000000) /* 24 RI: runtime instrumentation */
#define PSW_MASK_EA	_UL(0x0000000100000000) /* 31 EA: extended addr. */
#define PSW_MASK_BA	_UL(0x0000000080000000) /* 32 BA: basic addr. */

/*
 * The bits a signal frame's PSW may set (Linux's PSW_MASK_USER): the
 * address-space control, the condition code, the program mask and the
 * addressing mode. And two values of the AS field: primary, the user's
 * space; home, which sigreturn never gives a user PSW.
 */
#define PSW_MASK_USER	(PSW_MASK_ASC | PSW_MASK_CC | PSW_MASK_PM | PSW_MASK_EA | PSW_MASK_BA)
#define PSW_ASC_PRIMARY _UL(0x0000000000000000)
#define PSW_ASC_HOME	_UL(0x0000c00000000000)

#define PSW_SHIFT_KEY 52
#define PSW_SHIFT_ASC 46
#define PSW_SHIFT_CC  44
#define PSW_SHIFT_PM  40

/* EA+BA = 64-bit addressing mode; every interrupt class masked; DAT off. */
#define PSW_KERNEL_MASK	       (PSW_MASK_EA | PSW_MASK_BA)
/*
 * A user task: problem state, DAT on (its own primary space, CR1), 64-bit,
 * external interruptions enabled, I/O and machine checks masked:
 * 0x0501000180000000. CR0 lets two external subclasses through: the clock
 * comparator (time.c), the tick that preempts a spinning task, and the SCLP
 * service signal (drivers/sclp.c), console input. The kernel's PSWs mask
 * them, so they interrupt only user code and the idle kernel's enabled wait
 * (arch_cpu_idle(), entry.S).
 */
#define PSW_USER_MASK	       (PSW_MASK_DAT | PSW_MASK_EXT | PSW_MASK_PSTATE | PSW_MASK_EA | PSW_MASK_BA)
/* Wait with every interrupt class masked: the CPU stops for good. */
#define PSW_DISABLED_WAIT_MASK (PSW_MASK_WAIT | PSW_MASK_EA | PSW_MASK_BA)

/*
 * QEMU ends the run when the only CPU enters a disabled wait: if the PSW
 * address ends in 0xfff it is a clean shutdown (the "signal quiesce" code,
 * QEMU target/s390x is_special_wait_psw()) and QEMU exits 0; any other address
 * counts as a guest crash, which `-action panic=exit-failure` turns into exit
 * status 1. The address is never executed, so we put the status in it where
 * `-d guest_errors` shows it: 0xdead00NN for status NN.
 */
#define WAIT_ADDR_QUIESCE      0xfff
#define WAIT_ADDR_FAILURE      0xdead0000
#define WAIT_STATUS_MASK       0xff /* NN: never 0xfff, so never a false pass */
#define WAIT_STATUS_RETURNED   0xff /* head.S: start_kernel() returned */
#define WAIT_STATUS_PGM_NESTED 0xfe /* entry.S: program check in its own entry */

/* The s390x ELF ABI: every caller leaves 160 bytes at 0(%r15) for its callee. */
#define STACK_FRAME_OVERHEAD 160
#define STACK_BACK_CHAIN     0	 /* 0(%r15): caller's %r15, with -mbackchain */
#define STACK_SAVED_R14	     112 /* callee saves %r6-%r15 at 48: %r14 at 112 */

/* Which new PSW brought us into entry.S (pt_regs.int_class). */
#define INT_CLASS_RESTART  0
#define INT_CLASS_EXTERNAL 1
#define INT_CLASS_SVC	   2
#define INT_CLASS_PROGRAM  3
#define INT_CLASS_MCCK	   4
#define INT_CLASS_IO	   5

/* Offsets into struct pt_regs for entry.S; checked against the struct below. */
#define PT_R0		 0
#define PT_R2		 16
#define PT_R15		 120
#define PT_PSW		 128
#define PT_PSW_ADDR	 136
#define PT_ORIG_GPR2	 144
#define PT_INT_CODE	 152
#define PT_INT_PARM	 156
#define PT_INT_PARM_LONG 160
#define PT_LAST_BREAK	 168
#define PT_INT_CLASS	 176
#define PT_SIZE		 192

#define NUM_GPRS 16

/* The svc instruction's I field (its low byte), as stored at 0x8b (PoP 6, "SVC"). */
#define SVC_NUMBER_MASK 0xff

#ifndef __ASSEMBLY__

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

struct psw {
	unsigned long mask;
	unsigned long addr;
};

/*
 * The frame entry.S builds on the kernel stack for every interruption, 16-byte
 * aligned, with the ABI's 160-byte save area below it for the C handler.
 * It holds the complete state of the interrupted context: all sixteen GPRs
 * (r15 is the user stack pointer when the interruption came from user mode)
 * and the old PSW (mask = status, addr = pc). Floating-point and access
 * registers are not in it: the kernel is built -msoft-float and never touches
 * them, so they keep their user values across a kernel entry.
 *
 * The syscall ABI (Linux's, below): svc 0, number in r1, arguments in r2-r7,
 * result in r2 — so r2 is both an argument and the return value, and
 * orig_gpr2 keeps the first argument (as in Linux, for syscall restart).
 */
struct pt_regs {
	unsigned long gprs[NUM_GPRS]; /* r0-r15 at the moment of the interruption */
	struct psw psw;		      /* the old PSW: status mask and instruction address */
	unsigned long orig_gpr2;      /* r2 at entry; r2 may be overwritten with a result */
	/*
	 * What the CPU stored in the lowcore, per class:
	 *   program: int_code = ILC << 16 | program-interruption code (0x8c),
	 *            int_parm = data-exception code (0x90), int_parm_long = TEID (0xa8)
	 *   svc:     int_code = ILC << 16 | svc number (0x88)
	 *   external: int_code = CPU address << 16 | external code (0x84), int_parm (0x80)
	 *   I/O:     int_code = subsystem id (0xb8), int_parm (0xbc), int_parm_long =
	 *            interruption-identification word (0xc0)
	 *   machine check: int_parm_long = machine-check-interruption code (0xe8)
	 */
	unsigned int int_code;
	unsigned int int_parm;
	unsigned long int_parm_long;
	unsigned long last_break; /* breaking-event address (0x110), program checks */
	unsigned long int_class;  /* INT_CLASS_*: which new PSW was taken */
	unsigned long reserved;	  /* keeps sizeof a multiple of 16 */
};

_Static_assert(__builtin_offsetof(struct pt_regs, gprs[2]) == PT_R2, "PT_R2");
_Static_assert(__builtin_offsetof(struct pt_regs, gprs[15]) == PT_R15, "PT_R15");
_Static_assert(__builtin_offsetof(struct pt_regs, psw) == PT_PSW, "PT_PSW");
_Static_assert(__builtin_offsetof(struct pt_regs, psw.addr) == PT_PSW_ADDR, "PT_PSW_ADDR");
_Static_assert(__builtin_offsetof(struct pt_regs, orig_gpr2) == PT_ORIG_GPR2, "PT_ORIG_GPR2");
_Static_assert(__builtin_offsetof(struct pt_regs, int_code) == PT_INT_CODE, "PT_INT_CODE");
_Static_assert(__builtin_offsetof(struct pt_regs, int_parm) == PT_INT_PARM, "PT_INT_PARM");
_Static_assert(__builtin_offsetof(struct pt_regs, int_parm_long) == PT_INT_PARM_LONG,
	       "PT_INT_PARM_LONG");
_Static_assert(__builtin_offsetof(struct pt_regs, last_break) == PT_LAST_BREAK, "PT_LAST_BREAK");
_Static_assert(__builtin_offsetof(struct pt_regs, int_class) == PT_INT_CLASS, "PT_INT_CLASS");
_Static_assert(sizeof(struct pt_regs) == PT_SIZE, "PT_SIZE");
_Static_assert(PT_SIZE % 16 == 0, "pt_regs must keep the stack 16-byte aligned");

/* The PSW address: for most program checks the instruction *after* the culprit. */
static inline unsigned long instruction_pointer(const struct pt_regs *regs)
{
	return regs->psw.addr;
}

/* PSW bit 15, problem state: the CPU was running user code. */
static inline bool user_mode(const struct pt_regs *regs)
{
	return (regs->psw.mask & PSW_MASK_PSTATE) != 0;
}

static inline unsigned long user_stack_pointer(const struct pt_regs *regs)
{
	return regs->gprs[15];
}

/* clone() with a child stack: the child starts with sp at newsp. */
static inline void user_stack_pointer_set(struct pt_regs *regs, unsigned long sp)
{
	regs->gprs[15] = sp;
}

/*
 * The system-call ABI, Linux's on s390x (arch/s390/kernel/syscall.c and the
 * syscall(2) man page): the number is the svc instruction's own 8-bit
 * operand if that is not 0, else r1 ("svc 0", which every number fits and
 * which our user library always uses). Linux then keeps only r1's low 16
 * bits; we take all 64, so that every out-of-range number is -ENOSYS instead
 * of an alias of a valid one. Arguments in r2-r7, result in r2; the kernel
 * preserves every other general register.
 */
static inline unsigned long regs_syscall_nr(const struct pt_regs *regs)
{
	unsigned long code = regs->int_code & SVC_NUMBER_MASK;

	return code ? code : regs->gprs[1];
}

/* clone's arguments on this arch, as Linux takes them: newsp, flags, ptid, ctid, tls (kernel/fork.c). */
#define CLONE_BACKWARDS2

/* Argument n (0-5) is r(2 + n); the first is orig_gpr2, r2 as it came in. */
static inline unsigned long regs_syscall_arg(const struct pt_regs *regs, unsigned int n)
{
	return n == 0 ? regs->orig_gpr2 : regs->gprs[2 + n];
}

/* A negative errno goes back as it is (Linux: -4095..-1 in r2 means error). */
/* Sets argument n as the syscall instruction leaves it (the in-kernel tests call handlers so). */
static inline void regs_set_syscall_arg(struct pt_regs *regs, unsigned int n, unsigned long v)
{
	if (n == 0)
		regs->orig_gpr2 = v;
	if (n < 6)
		regs->gprs[2 + n] = v;
}

static inline void regs_set_return_value(struct pt_regs *regs, long ret)
{
	regs->gprs[2] = (unsigned long)ret;
}

/*
 * Runs the svc again on the way out, with its number and arguments as they
 * were: the PSW address is past the svc, back by the instruction's length
 * (the ILC the CPU stored in int_code: 2 bytes, or the length of an EXECUTE
 * that ran it); r2 back from orig_gpr2 (r1, the number, and r3-r7 are
 * untouched). A call a signal interrupted.
 */
static inline void regs_syscall_restart(struct pt_regs *regs)
{
	regs->gprs[2] = regs->orig_gpr2;
	regs->psw.addr -= (regs->int_code >> 16) & 0x6;
}

#endif /* __ASSEMBLY__ */
#endif
