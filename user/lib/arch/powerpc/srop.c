// SPDX-License-Identifier: MIT
/*
 * powerpc64's forged signal frames (user/sroptest.c runs each case in a child
 * of its own). Each run() builds a ucontext on its stack as rt_sigreturn
 * reads it, points r1 at it and makes the call. Linux's rt_sigreturn takes
 * the GPRs, the pc, CTR, LR, XER, CR and the FP state from the frame, and of
 * the MSR only LE: PR (problem state, user mode), the MMU bits, EE, HV and
 * every other bit stay the kernel's. A frame it cannot read is SIGSEGV.
 *
 * A frame that is taken resumes at srop_landed() on a stack of its own, with
 * r14 and f14 from the frame: it exits 0 if they are the frame's, 1 if not.
 * A kernel that took the frame's MSR would run srop_landed() in supervisor
 * mode or with the MMU off, and die there (its sc is a syscall from the
 * kernel); one that dropped LE would run srop_le_exit's byte-reversed
 * instructions big-endian: an illegal instruction, SIGILL.
 */
#include <asm/ucontext.h>
#include <uapi/signal.h>
#include <uapi/unistd.h>

#include "lib/srop.h"
#include "lib/ulib.h"

#define __stringify_1(x) #x
#define __stringify(x)	 __stringify_1(x)

/* The MSR bits, as arch/powerpc/include/asm/reg.h numbers them. */
#define MSR_LE 0x1UL

#define MAGIC_R14 0x5eed00000000000eUL
#define MAGIC_F14 0x7e57f0f0c0de000eUL /* a double's bits: f14 is compared as bits */

/* The stack srop_landed() runs on: the interrupted r1 is the frame's, so it must be valid. */
static unsigned long landing_stack[512] __attribute__((aligned(16)));

/* r1 = uc, then rt_sigreturn: the frame is the ucontext at r1 (entry.S's trampoline). */
static __attribute__((noreturn)) void srop_sigreturn(struct ucontext *uc)
{
	__asm__ __volatile__("mr 1, %0\n\t"
			     "li 0, " __stringify(__NR_rt_sigreturn) "\n\t"
								     "sc"
			     :
			     : "r"(uc)
			     : "memory");
	__builtin_unreachable();
}

/* Where a taken frame resumes (nip, and r12 for the ELFv2 global entry). */
static void srop_landed(void)
{
	unsigned long r14, f14;

	__asm__ __volatile__("mr %0, 14" : "=r"(r14));
	__asm__ __volatile__("stfd 14, %0" : "=m"(f14));
	exit(r14 == MAGIC_R14 && f14 == MAGIC_F14 ? 0 : 1);
}

/*
 * exit_group(0) as little-endian instruction words: li r3,0; li r0,234; sc,
 * each byte-reversed. Run big-endian, the first word's primary opcode is 0:
 * an illegal instruction.
 */
void srop_le_exit(void);
__asm__(".pushsection .text\n"
	".balign 4\n"
	".globl srop_le_exit\n"
	"srop_le_exit:\n"
	".long 0x00006038\n" /* li r3, 0 */
	".long 0xea000038\n" /* li r0, 234 (__NR_exit_group) */
	".long 0x02000044\n" /* sc */
	".popsection");
_Static_assert(__NR_exit_group == 234, "srop_le_exit's syscall number");

/*
 * A frame as the kernel would write one for the code resuming at pc: the
 * registers of this moment, r1 on landing_stack, r12 = pc, r14 and f14
 * marked, every signal unblocked, no alternate stack, msr as given.
 */
static void srop_frame(struct ucontext *uc, void (*pc)(void), unsigned long msr)
{
	struct user_pt_regs *r = (struct user_pt_regs *)uc->uc_mcontext.gp_regs;
	unsigned long f14 = MAGIC_F14;
	unsigned long *sp = &landing_stack[ARRAY_SIZE(landing_stack) - 32];

	memset(uc, 0, sizeof(*uc));
	uc->uc_stack.ss_flags = SS_DISABLE;
	__asm__ __volatile__("mr %0, 2" : "=r"(r->gpr[2]));
	__asm__ __volatile__("mr %0, 13" : "=r"(r->gpr[13]));
	sp[0] = 0; /* back chain: the end of the stack */
	r->gpr[1] = (unsigned long)sp;
	r->gpr[12] = (unsigned long)pc;
	r->gpr[14] = MAGIC_R14;
	r->nip = (unsigned long)pc;
	r->msr = msr;
	memcpy(&uc->uc_mcontext.fp_regs[14], &f14, sizeof(f14));
}

/* msr 0: supervisor, 32-bit, MMU off, interrupts off. Only LE counts: 0, big-endian. */
static void srop_msr_zero(void)
{
	struct ucontext uc;

	srop_frame(&uc, srop_landed, 0);
	srop_sigreturn(&uc);
}

/* Every bit but LE: HV, single-step, branch trace, FP exceptions, TM, VEC, VSX, PR ... */
static void srop_msr_all(void)
{
	struct ucontext uc;

	srop_frame(&uc, srop_landed, ~MSR_LE);
	srop_sigreturn(&uc);
}

/* LE is the frame's to choose: the code resumes little-endian. */
static void srop_msr_le(void)
{
	struct ucontext uc;

	srop_frame(&uc, srop_le_exit, MSR_LE);
	srop_sigreturn(&uc);
}

/* A pc in the kernel's half: taken, and the fetch faults in user mode. */
static void srop_pc_kernel(void)
{
	struct ucontext uc;

	srop_frame(&uc, srop_landed, 0);
	uc.uc_mcontext.gp_regs[32] = 0xc000000000000100UL; /* nip: the kernel's 0x100 */
	srop_sigreturn(&uc);
}

/* r1 at an address nothing maps: the frame cannot be read. */
static void srop_frame_unmapped(void)
{
	srop_sigreturn((struct ucontext *)0x1000);
}

const struct srop_case srop_cases[] = {
	{ "msr 0 (kernel mode, MMU off): PR and the rest kept", srop_msr_zero, 0 },
	{ "msr all but LE (HV, SE, TM, ...): kept", srop_msr_all, 0 },
	{ "msr LE: taken, the code runs little-endian", srop_msr_le, 0 },
	{ "pc in the kernel: faults in user mode", srop_pc_kernel, SIGSEGV },
	{ "frame unmapped", srop_frame_unmapped, SIGSEGV },
};

const unsigned int nr_srop_cases = ARRAY_SIZE(srop_cases);
