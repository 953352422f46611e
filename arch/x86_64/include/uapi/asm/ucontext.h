/* SPDX-License-Identifier: MIT */
/*
 * The ucontext a signal handler's third argument points at on x86_64, Linux's
 * layout (asm/ucontext.h): the mask last, so that it can grow.
 */
#ifndef TRAPDOOR_ASM_UAPI_UCONTEXT_H
#define TRAPDOOR_ASM_UAPI_UCONTEXT_H

#include <asm/sigcontext.h>
#include <uapi/signal.h>

/* uc_flags: the x87/SSE state has an XSAVE part (never here); ss is saved; and restored as it is. */
#define UC_FP_XSTATE	     0x1
#define UC_SIGCONTEXT_SS     0x2
#define UC_STRICT_RESTORE_SS 0x4

struct ucontext {
	unsigned long uc_flags;
	struct ucontext *uc_link;
	stack_t uc_stack;
	struct sigcontext uc_mcontext;
	sigset_t uc_sigmask;
};

#endif
