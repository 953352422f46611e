/* SPDX-License-Identifier: MIT */
/*
 * The ucontext a signal handler gets as its third argument, Linux's riscv64
 * layout (uapi asm/ucontext.h): uc_sigmask has room to grow to 1024 bits
 * before uc_mcontext, which is last so that new extension state can follow
 * it.
 */
#ifndef TRAPDOOR_ASM_UAPI_UCONTEXT_H
#define TRAPDOOR_ASM_UAPI_UCONTEXT_H

#include <uapi/signal.h>
#include <asm/sigcontext.h>

struct ucontext {
	unsigned long uc_flags;	  /* 0 */
	struct ucontext *uc_link; /* NULL */
	stack_t uc_stack;	  /* the alternate stack, as sigaltstack() reports it */
	sigset_t uc_sigmask;	  /* the mask to restore: the one before the handler */
	unsigned char __unused[1024 / 8 - sizeof(sigset_t)];
	struct sigcontext uc_mcontext;
};

_Static_assert(__builtin_offsetof(struct ucontext, uc_stack) == 16, "uc_stack");
_Static_assert(__builtin_offsetof(struct ucontext, uc_sigmask) == 40, "uc_sigmask");
_Static_assert(__builtin_offsetof(struct ucontext, uc_mcontext) == 176, "uc_mcontext");
_Static_assert(sizeof(struct ucontext) == 960, "ucontext");

#endif
