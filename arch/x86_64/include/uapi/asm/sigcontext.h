/* SPDX-License-Identifier: MIT */
/*
 * The registers a signal handler's frame saves on x86_64, Linux's layout
 * (asm/sigcontext.h): struct sigcontext is uc_mcontext of the ucontext
 * (asm/ucontext.h), and fpstate points at the x87/SSE state, FXSAVE's 512
 * bytes, which the frame holds above the ucontext.
 */
#ifndef TRAPDOOR_ASM_UAPI_SIGCONTEXT_H
#define TRAPDOOR_ASM_UAPI_SIGCONTEXT_H

/* FXSAVE's image: the x87 registers, MXCSR and xmm0-xmm15 (SDM Vol. 1 §10.5.1). */
struct _fpstate_64 {
	unsigned short cwd; /* x87 control word */
	unsigned short swd; /* x87 status word */
	unsigned short twd; /* abridged tag word */
	unsigned short fop;
	unsigned long rip;
	unsigned long rdp;
	unsigned int mxcsr;
	unsigned int mxcsr_mask;
	unsigned int st_space[32];  /* st0-st7, 16 bytes each */
	unsigned int xmm_space[64]; /* xmm0-xmm15, 16 bytes each */
	unsigned int reserved2[12];
	unsigned int reserved3[12]; /* Linux's sw_reserved: XSAVE's description, 0 here */
};

/* The general registers at the moment the signal came, in Linux's order. */
struct sigcontext {
	unsigned long r8, r9, r10, r11, r12, r13, r14, r15;
	unsigned long rdi, rsi, rbp, rbx, rdx, rax, rcx, rsp;
	unsigned long rip;
	unsigned long eflags;
	unsigned short cs;
	unsigned short gs;
	unsigned short fs;
	unsigned short ss;
	unsigned long err;	     /* the fault's error code */
	unsigned long trapno;	     /* the fault's vector */
	unsigned long oldmask;	     /* the blocked mask's first word (uc_sigmask has all of it) */
	unsigned long cr2;	     /* a page fault's address */
	struct _fpstate_64 *fpstate; /* the x87/SSE state; NULL: none (rt_sigreturn resets it) */
	unsigned long reserved1[8];
};

#endif
