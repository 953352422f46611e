// SPDX-License-Identifier: MIT
/*
 * s390x's forged signal frames (user/sroptest.c runs each in a child): a
 * frame no kernel wrote, on the child's own stack, handed to rt_sigreturn or
 * sigreturn with r15 at it, as a handler's return would. Each asks for a PSW
 * or an FPC that user code may not have; the outcome is Linux's
 * (arch/s390/kernel/signal.c, restore_sigregs()):
 *   - the mask bits that are the kernel's (problem state, DAT, the
 *     interruption masks, the storage key, wait, PER) are not taken from the
 *     frame: the return lands where the frame says, in user mode, and
 *     srop_check_psw() reads the PSW (EXTRACT PSW) and exits 0 if it is a
 *     user PSW, 1 if not;
 *   - the home space becomes the primary, EA without BA gets BA;
 *   - runtime instrumentation, or an FPC that LFPC refuses: SIGSEGV.
 */
#include "lib/srop.h"
#include "lib/ulib.h"

#include <asm/sigcontext.h>
#include <asm/ucontext.h>

/* PSW mask bits (PoP 4, "Program-Status Word"), bit 0 the leftmost. */
#define PSW_MASK_PER	0x4000000000000000UL /* 1: program-event recording */
#define PSW_MASK_DAT	0x0400000000000000UL /* 5: translation */
#define PSW_MASK_IO	0x0200000000000000UL /* 6: I/O interruptions */
#define PSW_MASK_EXT	0x0100000000000000UL /* 7: external interruptions */
#define PSW_MASK_KEY	0x00f0000000000000UL /* 8-11: storage key */
#define PSW_MASK_MCHECK 0x0004000000000000UL /* 13: machine checks */
#define PSW_MASK_WAIT	0x0002000000000000UL /* 14: wait state */
#define PSW_MASK_PSTATE 0x0001000000000000UL /* 15: problem state */
#define PSW_MASK_ASC	0x0000c00000000000UL /* 16-17: address-space control */
#define PSW_ASC_PRIMARY 0x0000000000000000UL
#define PSW_ASC_HOME	0x0000c00000000000UL
#define PSW_MASK_RI	0x0000008000000000UL /* 24: runtime instrumentation */
#define PSW_MASK_EA	0x0000000100000000UL /* 31: extended addressing */
#define PSW_MASK_BA	0x0000000080000000UL /* 32: basic addressing */

/* The s390x ELF ABI: a callee may use 160 bytes above the r15 it is given. */
#define STACK_FRAME_OVERHEAD 160

/* The two frames as arch/s390/signal.c writes them, up to the mcontext. */
struct srop_sigframe {
	unsigned char save_area[__SIGNAL_FRAMESIZE];
	struct sigcontext sc;
	_sigregs sregs;
};

struct srop_rt_sigframe {
	unsigned char save_area[__SIGNAL_FRAMESIZE];
	unsigned short svc_insn;
	unsigned char info[128];
	struct ucontext uc;
};

/* The stack srop_check_psw() runs on: the frame's r15. */
static unsigned long check_stack[512] __aligned(8);

/* What srop_check_psw() wants of the PSW it finds: these bits, and that value in them. */
static unsigned long want_bits, want_value;

/* EXTRACT PSW: bits 0-31 of the mask into the first register, 32-63 into the second. */
static unsigned long current_psw_mask(void)
{
	unsigned long hi, lo;

	__asm__ __volatile__("epsw	%0,%1" : "=d"(hi), "=d"(lo));
	return (hi & 0xffffffffUL) << 32 | (lo & 0xffffffffUL);
}

/* Where the forged frame returns to: in user mode only if the kernel dropped the bits. */
static __noreturn void srop_check_psw(void)
{
	exit((current_psw_mask() & want_bits) == want_value ? 0 : 1);
}

/* A user PSW's mask, as the child runs with it now. */
static unsigned long user_mask(void)
{
	return current_psw_mask();
}

static void fill_sigregs(_sigregs *r, unsigned long mask, unsigned int fpc)
{
	memset(r, 0, sizeof(*r));
	r->regs.psw.mask = mask;
	r->regs.psw.addr = (unsigned long)srop_check_psw;
	r->regs.gprs[15] =
	    (unsigned long)&check_stack[ARRAY_SIZE(check_stack)] - STACK_FRAME_OVERHEAD;
	r->fpregs.fpc = fpc;
}

/* r15 at frame, then svc nr: the kernel reads the frame there. */
static __noreturn void sigreturn_at(void *frame, unsigned long nr)
{
	register unsigned long r1 __asm__("r1") = nr;

	__asm__ __volatile__("lgr	%%r15,%[frame]\n\t"
			     "svc	0"
			     :
			     : [frame] "d"(frame), "d"(r1)
			     : "memory");
	__builtin_unreachable();
}

static __noreturn void forge_rt(unsigned long mask, unsigned int fpc)
{
	struct srop_rt_sigframe frame;

	memset(&frame, 0, sizeof(frame));
	frame.uc.uc_stack.ss_flags = SS_DISABLE;
	fill_sigregs(&frame.uc.uc_mcontext, mask, fpc);
	sigreturn_at(&frame, __NR_rt_sigreturn);
}

static __noreturn void forge_old(unsigned long mask, unsigned int fpc)
{
	struct srop_sigframe frame;

	memset(&frame, 0, sizeof(frame));
	frame.sc.sregs = &frame.sregs;
	fill_sigregs(&frame.sregs, mask, fpc);
	sigreturn_at(&frame, __NR_sigreturn);
}

/* The user bits the kernel keeps whatever the frame says. */
#define KERNEL_BITS                                                                \
	(PSW_MASK_PER | PSW_MASK_DAT | PSW_MASK_IO | PSW_MASK_EXT | PSW_MASK_KEY | \
	 PSW_MASK_MCHECK | PSW_MASK_WAIT | PSW_MASK_PSTATE)

static void expect_user_psw(void)
{
	want_bits = KERNEL_BITS;
	want_value = user_mask() & KERNEL_BITS;
}

/* A frame as the kernel writes it: it must return, or every "must die" case proves nothing. */
static void rt_valid(void)
{
	expect_user_psw();
	forge_rt(user_mask(), 0);
}

/* Supervisor state: problem state off, the rest a user's. */
static void rt_supervisor(void)
{
	expect_user_psw();
	forge_rt(user_mask() & ~PSW_MASK_PSTATE, 0);
}

/* The same through the older frame's sigreturn. */
static void old_supervisor(void)
{
	expect_user_psw();
	forge_old(user_mask() & ~PSW_MASK_PSTATE, 0);
}

/* Translation off: user code would address real storage, the kernel's. */
static void rt_dat_off(void)
{
	expect_user_psw();
	forge_rt(user_mask() & ~PSW_MASK_DAT, 0);
}

/* Storage key 15 and machine checks and I/O enabled, external masked (no tick). */
static void rt_key_and_masks(void)
{
	expect_user_psw();
	forge_rt((user_mask() & ~PSW_MASK_EXT) | PSW_MASK_KEY | PSW_MASK_MCHECK | PSW_MASK_IO, 0);
}

/* PER on: the kernel's tracing, whose control registers user code does not own. */
static void rt_per(void)
{
	expect_user_psw();
	forge_rt(user_mask() | PSW_MASK_PER, 0);
}

/* The wait state: the CPU would stop fetching until an interruption. */
static void old_wait(void)
{
	expect_user_psw();
	forge_old(user_mask() | PSW_MASK_WAIT, 0);
}

/* The home space: Linux gives the primary instead. */
static void rt_home_space(void)
{
	want_bits = PSW_MASK_ASC | KERNEL_BITS;
	want_value = PSW_ASC_PRIMARY | (user_mask() & KERNEL_BITS);
	forge_rt(user_mask() | PSW_ASC_HOME, 0);
}

/* EA without BA is no valid PSW: the kernel sets BA. */
static void rt_ea_without_ba(void)
{
	want_bits = PSW_MASK_EA | PSW_MASK_BA;
	want_value = PSW_MASK_EA | PSW_MASK_BA;
	forge_rt(user_mask() & ~PSW_MASK_BA, 0);
}

/* Runtime instrumentation on, for a task that never set it up: a bad frame. */
static void rt_runtime_instrumentation(void)
{
	forge_rt(user_mask() | PSW_MASK_RI, 0);
}

/* FPC bits that must be zero: LFPC would take a specification exception in the kernel. */
static void rt_fpc_reserved(void)
{
	forge_rt(user_mask(), 0x03000000U);
}

/* FPC BFP rounding mode 5, which does not exist. */
static void old_fpc_rounding(void)
{
	forge_old(user_mask(), 5);
}

const struct srop_case srop_cases[] = {
	{ "rt_sigreturn, a valid frame", rt_valid, 0 },
	{ "rt_sigreturn, supervisor state", rt_supervisor, 0 },
	{ "sigreturn, supervisor state", old_supervisor, 0 },
	{ "rt_sigreturn, DAT off", rt_dat_off, 0 },
	{ "rt_sigreturn, key 15, I/O and machine checks on, external off", rt_key_and_masks, 0 },
	{ "rt_sigreturn, PER on", rt_per, 0 },
	{ "sigreturn, wait state", old_wait, 0 },
	{ "rt_sigreturn, home space", rt_home_space, 0 },
	{ "rt_sigreturn, EA without BA", rt_ea_without_ba, 0 },
	{ "rt_sigreturn, runtime instrumentation", rt_runtime_instrumentation, SIGSEGV },
	{ "rt_sigreturn, reserved FPC bits", rt_fpc_reserved, SIGSEGV },
	{ "sigreturn, FPC rounding mode 5", old_fpc_rounding, SIGSEGV },
};

const unsigned int nr_srop_cases = ARRAY_SIZE(srop_cases);
