/* SPDX-License-Identifier: MIT */
/*
 * The ucontext in an arm64 signal frame, Linux's layout (its
 * arch/arm64/include/uapi/asm/ucontext.h): the mask is the kernel's 64-bit
 * sigset_t followed by padding up to glibc's 1024-bit one, so that
 * uc_mcontext lies where glibc's ucontext_t has it.
 */
#ifndef TRAPDOOR_ASM_UAPI_UCONTEXT_H
#define TRAPDOOR_ASM_UAPI_UCONTEXT_H

#include <asm/sigcontext.h>
#include <uapi/signal.h>

struct ucontext {
	unsigned long uc_flags;	  /* 0 */
	struct ucontext *uc_link; /* NULL */
	stack_t uc_stack;	  /* the alternate stack at delivery (sigaltstack) */
	sigset_t uc_sigmask;	  /* the mask to restore: the one before the handler ran */
	unsigned char __unused[1024 / 8 - sizeof(sigset_t)];
	struct sigcontext uc_mcontext; /* the registers to restore */
};

#ifndef __ASSEMBLY__
_Static_assert(__builtin_offsetof(struct ucontext, uc_stack) == 16, "ucontext.uc_stack");
_Static_assert(__builtin_offsetof(struct ucontext, uc_sigmask) == 40, "ucontext.uc_sigmask");
_Static_assert(__builtin_offsetof(struct ucontext, uc_mcontext) == 176, "ucontext.uc_mcontext");
_Static_assert(sizeof(struct ucontext) == 4560, "struct ucontext is Linux's 4560 bytes");
#endif

#endif
