/* SPDX-License-Identifier: MIT */
/*
 * struct ucontext: what a powerpc64 signal handler's third argument points
 * at, and what rt_sigreturn reads back, as Linux lays it out
 * (arch/powerpc/include/uapi/asm/ucontext.h, 64-bit). The kernel's mask is
 * 64 bits; __unused leaves room for glibc's 1024-bit sigset_t.
 */
#ifndef TRAPDOOR_ASM_UAPI_UCONTEXT_H
#define TRAPDOOR_ASM_UAPI_UCONTEXT_H

#include <asm/sigcontext.h>
#include <uapi/signal.h>

struct ucontext {
	unsigned long uc_flags;	  /* 0 */
	struct ucontext *uc_link; /* 0 */
	stack_t uc_stack;	  /* the alternate stack when the signal came */
	sigset_t uc_sigmask;	  /* the mask to restore */
	sigset_t __unused[15];
	struct sigcontext uc_mcontext; /* the registers to restore */
};

_Static_assert(__builtin_offsetof(struct ucontext, uc_stack) == 16, "ucontext.uc_stack");
_Static_assert(__builtin_offsetof(struct ucontext, uc_sigmask) == 40, "ucontext.uc_sigmask");
_Static_assert(__builtin_offsetof(struct ucontext, uc_mcontext) == 168, "ucontext.uc_mcontext");
_Static_assert(sizeof(struct ucontext) == 1696, "Linux's ppc64 ucontext: 1696 bytes");

#endif
