/* SPDX-License-Identifier: MIT */
/*
 * The machine state a signal handler sees and rt_sigreturn takes back,
 * Linux's loongarch64 layout (uapi asm/sigcontext.h): the pc, r0-r31 and
 * flags, then a list of context records, each a struct sctx_info header
 * (magic, size of header and record together) followed by its record. Here
 * the list is the FPU record (f0-f31, the eight condition flags, FCSR0) and
 * the end record (magic 0, size 0). LSX, LASX and LBT records exist in
 * Linux too; this kernel leaves those units off and writes none.
 */
#ifndef TRAPDOOR_ASM_UAPI_SIGCONTEXT_H
#define TRAPDOOR_ASM_UAPI_SIGCONTEXT_H

#define SC_USED_FP    (1 << 0)	 /* sc_flags: the FPU record is there */
#define SC_ADDRERR_RD (1 << 30)	 /* an address error on a load */
#define SC_ADDRERR_WR (1U << 31) /* ... on a store */

struct sigcontext {
	unsigned long long sc_pc;
	unsigned long long sc_regs[32]; /* r0 (always 0) .. r31 */
	unsigned int sc_flags;
	unsigned long long sc_extcontext[0] __attribute__((aligned(16))); /* the records */
};

#define CONTEXT_INFO_ALIGN 16
struct sctx_info {
	unsigned int magic;
	unsigned int size; /* this header and its record, padding included */
	unsigned long long padding;
};

#define FPU_CTX_MAGIC 0x46505501
#define FPU_CTX_ALIGN 8
struct fpu_context {
	unsigned long long regs[32]; /* f0 .. f31 */
	unsigned long long fcc;	     /* fcc0 .. fcc7, one byte each from the lowest */
	unsigned int fcsr;	     /* FCSR0 */
};

/* Linux's sizes and offsets (loongarch64). */
_Static_assert(__builtin_offsetof(struct sigcontext, sc_flags) == 264, "sc_flags");
_Static_assert(__builtin_offsetof(struct sigcontext, sc_extcontext) == 272, "sc_extcontext");
_Static_assert(sizeof(struct sigcontext) == 272, "sigcontext");
_Static_assert(sizeof(struct sctx_info) == 16, "sctx_info");
_Static_assert(__builtin_offsetof(struct fpu_context, fcsr) == 264, "fpu_context.fcsr");
_Static_assert(sizeof(struct fpu_context) == 272, "fpu_context");

#endif
