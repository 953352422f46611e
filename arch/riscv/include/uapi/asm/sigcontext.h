/* SPDX-License-Identifier: MIT */
/*
 * The machine state a signal handler sees and rt_sigreturn takes back,
 * Linux's riscv64 layout (uapi asm/sigcontext.h and asm/ptrace.h): the pc and
 * x1-x31 as struct user_regs_struct, then the FP state. The FP state is a
 * union sized for the Q extension's 32 x 128 bits; with D, the extension
 * user programs here have, f[32] and fcsr fill its start. Its last three
 * words are the extension area's header (sc_extdesc): all zero says "no
 * more state" (no vector state here), and rt_sigreturn refuses a frame
 * where they are not.
 */
#ifndef TRAPDOOR_ASM_UAPI_SIGCONTEXT_H
#define TRAPDOOR_ASM_UAPI_SIGCONTEXT_H

/* pc and x1-x31, in pt_regs' order (asm/ptrace.h): x<n> at byte 8 * n. */
struct user_regs_struct {
	unsigned long pc;
	unsigned long ra, sp, gp, tp;
	unsigned long t0, t1, t2;
	unsigned long s0, s1;
	unsigned long a0, a1, a2, a3, a4, a5, a6, a7;
	unsigned long s2, s3, s4, s5, s6, s7, s8, s9, s10, s11;
	unsigned long t3, t4, t5, t6;
};

/* The F extension's registers: 32 bits each. */
struct __riscv_f_ext_state {
	unsigned int f[32];
	unsigned int fcsr;
};

/* The D extension's: F's registers widened to 64 bits. */
struct __riscv_d_ext_state {
	unsigned long long f[32];
	unsigned int fcsr;
};

/* The Q extension's: 128 bits each; it sets the union's size and alignment. */
struct __riscv_q_ext_state {
	unsigned long long f[64] __attribute__((aligned(16)));
	unsigned int fcsr;
	unsigned int reserved[3]; /* zero: the extension header below */
};

union __riscv_fp_state {
	struct __riscv_f_ext_state f;
	struct __riscv_d_ext_state d;
	struct __riscv_q_ext_state q;
};

/* What follows the FP state: magic 0 and size 0 end the list. */
struct __riscv_ctx_hdr {
	unsigned int magic;
	unsigned int size;
};

/* The same 528 bytes as the FP state, seen as the header at their end. */
struct __riscv_extra_ext_header {
	unsigned int __padding[129] __attribute__((aligned(16)));
	unsigned int reserved; /* zero */
	struct __riscv_ctx_hdr hdr;
};

struct sigcontext {
	struct user_regs_struct sc_regs;
	union {
		union __riscv_fp_state sc_fpregs;
		struct __riscv_extra_ext_header sc_extdesc;
	};
};

/* Linux's sizes and offsets (riscv64). */
_Static_assert(sizeof(struct user_regs_struct) == 256, "user_regs_struct");
_Static_assert(sizeof(struct __riscv_d_ext_state) == 264, "__riscv_d_ext_state");
_Static_assert(sizeof(union __riscv_fp_state) == 528, "__riscv_fp_state");
_Static_assert(__builtin_offsetof(struct __riscv_q_ext_state, reserved) == 516, "q.reserved");
_Static_assert(__builtin_offsetof(struct __riscv_extra_ext_header, hdr) == 520, "sc_extdesc.hdr");
_Static_assert(__builtin_offsetof(struct sigcontext, sc_fpregs) == 256, "sc_fpregs");
_Static_assert(sizeof(struct sigcontext) == 784, "sigcontext");

#endif
