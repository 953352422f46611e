/* SPDX-License-Identifier: MIT */
/*
 * The registers a signal frame holds on s390x, Linux's layout
 * (arch/s390/include/uapi/asm/sigcontext.h): _sigregs is the PSW, the
 * sixteen general and sixteen access registers, then the FPC and the sixteen
 * floating-point registers. Both frames carry one: struct sigcontext points
 * at it in the frame of a handler without SA_SIGINFO, and it is the
 * uc_mcontext of an SA_SIGINFO handler's ucontext (asm/ucontext.h).
 */
#ifndef TRAPDOOR_ASM_UAPI_SIGCONTEXT_H
#define TRAPDOOR_ASM_UAPI_SIGCONTEXT_H

#define __NUM_GPRS	16
#define __NUM_FPRS	16
#define __NUM_ACRS	16
#define __NUM_VXRS_LOW	16 /* the low halves of v0-v15 are f0-f15 */
#define __NUM_VXRS_HIGH 16 /* v16-v31 */

/* The save area a callee may use above its caller's r15: the handler's. */
#define __SIGNAL_FRAMESIZE 160

/* sigcontext's oldmask: one 64-bit word holds all 64 signals. */
#define _SIGCONTEXT_NSIG       64
#define _SIGCONTEXT_NSIG_BPW   64
#define _SIGCONTEXT_NSIG_WORDS (_SIGCONTEXT_NSIG / _SIGCONTEXT_NSIG_BPW)
#define _SIGMASK_COPY_SIZE     (sizeof(unsigned long) * _SIGCONTEXT_NSIG_WORDS)

/* The PSW: mask (state bits, asm/ptrace.h) and instruction address. */
typedef struct {
	unsigned long mask;
	unsigned long addr;
} __attribute__((aligned(8))) _psw_t;

typedef struct {
	_psw_t psw;
	unsigned long gprs[__NUM_GPRS];
	unsigned int acrs[__NUM_ACRS]; /* a0:a1 hold the thread pointer */
} _s390_regs_common;

typedef struct {
	unsigned int fpc; /* IEEE masks and flags, DXC, rounding modes */
	unsigned int pad;
	double fprs[__NUM_FPRS];
} _s390_fp_regs;

typedef struct {
	_s390_regs_common regs;
	_s390_fp_regs fpregs;
} _sigregs;

/* A vector register, as Linux's uapi types name it. */
typedef struct {
	unsigned int u[4];
} __vector128;

/*
 * The vector registers, after the mcontext: in a frame only when the machine
 * has the vector facility (uc_flags UC_VXRS). trapdoor keeps the facility
 * off, so its frames end before this, as Linux's do on such a machine.
 */
typedef struct {
	unsigned long long vxrs_low[__NUM_VXRS_LOW]; /* the right halves of v0-v15 */
	__vector128 vxrs_high[__NUM_VXRS_HIGH];
	unsigned char __reserved[128];
} _sigregs_ext;

/* The frame of a handler without SA_SIGINFO: its second argument. */
struct sigcontext {
	unsigned long oldmask[_SIGCONTEXT_NSIG_WORDS]; /* the mask to restore */
	_sigregs *sregs;			       /* the registers, in the same frame */
};

/* Linux's sizes and offsets (its headers, compiled for s390x). */
_Static_assert(sizeof(_psw_t) == 16, "_psw_t");
_Static_assert(__builtin_offsetof(_sigregs, regs.acrs) == 144, "_sigregs.regs.acrs");
_Static_assert(__builtin_offsetof(_sigregs, fpregs) == 208, "_sigregs.fpregs");
_Static_assert(sizeof(_sigregs) == 344, "_sigregs");
_Static_assert(sizeof(_sigregs_ext) == 512, "_sigregs_ext");
_Static_assert(sizeof(struct sigcontext) == 16, "struct sigcontext");

#endif
