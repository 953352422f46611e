/* SPDX-License-Identifier: MIT */
/*
 * The ucontext of an SA_SIGINFO handler on s390x, Linux's layout
 * (arch/s390/include/uapi/asm/ucontext.h): the mcontext is _sigregs
 * (asm/sigcontext.h), the mask leaves room to grow to glibc's 1024 bits, and
 * ucontext_extended, the one in the frame, adds the vector registers where
 * the machine has them.
 */
#ifndef TRAPDOOR_ASM_UAPI_UCONTEXT_H
#define TRAPDOOR_ASM_UAPI_UCONTEXT_H

#include <asm/sigcontext.h>
#include <uapi/signal.h>

#define UC_VXRS 2 /* uc_flags: uc_mcontext_ext holds the vector registers */

struct ucontext {
	unsigned long uc_flags;
	struct ucontext *uc_link;
	stack_t uc_stack;
	_sigregs uc_mcontext;
	sigset_t uc_sigmask;
	unsigned char __unused[128 - sizeof(sigset_t)];
};

struct ucontext_extended {
	unsigned long uc_flags;
	struct ucontext *uc_link;
	stack_t uc_stack;
	_sigregs uc_mcontext;
	sigset_t uc_sigmask;
	unsigned char __unused[128 - sizeof(sigset_t)];
	_sigregs_ext uc_mcontext_ext;
};

_Static_assert(__builtin_offsetof(struct ucontext, uc_stack) == 16, "uc_stack");
_Static_assert(__builtin_offsetof(struct ucontext, uc_mcontext) == 40, "uc_mcontext");
_Static_assert(__builtin_offsetof(struct ucontext, uc_sigmask) == 384, "uc_sigmask");
_Static_assert(sizeof(struct ucontext) == 512, "struct ucontext");
_Static_assert(__builtin_offsetof(struct ucontext_extended, uc_mcontext_ext) == 512,
	       "uc_mcontext_ext");
_Static_assert(sizeof(struct ucontext_extended) == 1024, "struct ucontext_extended");

#endif
