/* SPDX-License-Identifier: MIT */
/*
 * The machine state in an arm64 signal frame, Linux's layout (its
 * arch/arm64/include/uapi/asm/sigcontext.h): the integer registers, sp, pc
 * and PSTATE, then 4 KiB of records. Each record starts with a struct
 * _aarch64_ctx (a magic number and the record's size in bytes, the header
 * included) at a 16-byte aligned offset; a record with magic and size 0 ends
 * the list. The kernel writes an FPSIMD record first, then the terminator;
 * rt_sigreturn walks the list and wants exactly one FPSIMD record.
 */
#ifndef TRAPDOOR_ASM_UAPI_SIGCONTEXT_H
#define TRAPDOOR_ASM_UAPI_SIGCONTEXT_H

struct sigcontext {
	unsigned long long fault_address; /* the faulting address of a fault's signal, else 0 */
	unsigned long long regs[31];	  /* x0-x30 */
	unsigned long long sp;
	unsigned long long pc;
	unsigned long long pstate; /* SPSR_EL1 as the interrupted code had it */
	/* The records: FP/SIMD state and room for more. */
	unsigned char __reserved[4096] __attribute__((__aligned__(16)));
};

/* Every record's header. */
struct _aarch64_ctx {
	unsigned int magic;
	unsigned int size;
};

/* v0-v31, FPSR and FPCR: the record every frame has. */
#define FPSIMD_MAGIC 0x46508001

struct fpsimd_context {
	struct _aarch64_ctx head;
	unsigned int fpsr;
	unsigned int fpcr;
	__uint128_t vregs[32];
};

/* The fault's syndrome (ESR_EL1), in Linux's frames of some faults: rt_sigreturn ignores it. */
#define ESR_MAGIC 0x45535201

struct esr_context {
	struct _aarch64_ctx head;
	unsigned long long esr;
};

/*
 * More records outside __reserved, at datap: Linux's frames use it when
 * SVE or SME state does not fit. trapdoor never writes one, and its
 * rt_sigreturn refuses one (as Linux refuses records it does not support).
 */
#define EXTRA_MAGIC 0x45585401

struct extra_context {
	struct _aarch64_ctx head;
	unsigned long long datap; /* 16-byte aligned pointer to the extra space */
	unsigned int size;	  /* size in bytes of the extra space */
	unsigned int __reserved[3];
};

/* The SVE registers: trapdoor gives user mode no SVE, so neither writes nor takes one. */
#define SVE_MAGIC 0x53564501

struct sve_context {
	struct _aarch64_ctx head;
	unsigned short vl;
	unsigned short flags;
	unsigned short __reserved[2];
};

#ifndef __ASSEMBLY__
_Static_assert(sizeof(struct sigcontext) == 4384, "struct sigcontext is Linux's 4384 bytes");
_Static_assert(__builtin_offsetof(struct sigcontext, regs) == 8, "sigcontext.regs");
_Static_assert(__builtin_offsetof(struct sigcontext, sp) == 256, "sigcontext.sp");
_Static_assert(__builtin_offsetof(struct sigcontext, pc) == 264, "sigcontext.pc");
_Static_assert(__builtin_offsetof(struct sigcontext, pstate) == 272, "sigcontext.pstate");
_Static_assert(__builtin_offsetof(struct sigcontext, __reserved) == 288, "sigcontext.__reserved");
_Static_assert(_Alignof(struct sigcontext) == 16, "sigcontext is 16-byte aligned");
_Static_assert(sizeof(struct _aarch64_ctx) == 8, "_aarch64_ctx");
_Static_assert(sizeof(struct fpsimd_context) == 528, "fpsimd_context is Linux's 528 bytes");
_Static_assert(__builtin_offsetof(struct fpsimd_context, vregs) == 16, "fpsimd_context.vregs");
_Static_assert(sizeof(struct esr_context) == 16, "esr_context");
_Static_assert(sizeof(struct extra_context) == 32, "extra_context");
_Static_assert(sizeof(struct sve_context) == 16, "sve_context");
#endif

#endif
