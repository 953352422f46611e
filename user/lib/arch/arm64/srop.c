// SPDX-License-Identifier: MIT
/*
 * arm64's forged signal frames (user/sroptest.c runs each case in a child of
 * its own). Each run() builds an rt_sigframe as the kernel would, changes
 * one thing, points sp at it and calls rt_sigreturn. What Linux's
 * rt_sigreturn refuses kills the child with SIGSEGV: a PSTATE that is not
 * EL0t in AArch64 or that masks D, A, I or F, an sp that is not 16-byte
 * aligned, an unreadable frame, and a record list that is not exactly one
 * FPSIMD record of its size (ESR records skipped) ended by {0, 0}. PSTATE's
 * bits that are reserved at EL0 (IL, PAN, UAO, 63:32, ...) are cleared and
 * the frame is taken.
 *
 * A frame that is taken resumes at srop_landing with x0, x1, NZCV, v8 and
 * FPCR from the frame; srop_landed() checks them and exits 0 if they are
 * the frame's, 1 if not. So a check missing from the kernel shows as an
 * exit where a SIGSEGV was expected, a SIGILL (IL kept: the next
 * instruction is an illegal state exception), or a kernel that dies
 * running user code at EL1 or in AArch32.
 */
#include <asm/ucontext.h>
#include <uapi/unistd.h>

#include "lib/srop.h"
#include "lib/ulib.h"

struct rt_sigframe {
	siginfo_t info;
	struct ucontext uc;
};

#define MAGIC_X0   0x5eed000000000000UL
#define MAGIC_X1   0x5eed000000000001UL
#define MAGIC_V8LO 0x7e57f0f0c0de0008UL
#define MAGIC_V8HI 0x7e57f0f0c0de0108UL
#define NZCV_NC	   0xa0000000UL /* N and C set */
#define FPCR_RZ	   0x00c00000UL /* RMode = round towards zero */

/* PSTATE bits (SPSR_EL1's layout). */
#define PSR_MODE_EL1t  0x4UL
#define PSR_MODE_EL1h  0x5UL
#define PSR_MODE32_BIT 0x10UL
#define PSR_F_BIT      0x40UL
#define PSR_I_BIT      0x80UL
#define PSR_A_BIT      0x100UL
#define PSR_D_BIT      0x200UL
#define PSR_IL_BIT     0x100000UL /* illegal execution state: reserved for the kernel */
#define PSR_PAN_BIT    0x400000UL /* EL1's: meaningless at EL0 */
#define PSR_BIT32      0x100000000UL

void srop_landing(void);
__noreturn void srop_sigreturn(struct rt_sigframe *frame);
__noreturn void srop_landed(unsigned long x0, unsigned long x1, unsigned long nzcv,
			    unsigned long v8lo, unsigned long v8hi, unsigned long fpcr);

/*
 * srop_sigreturn(frame): sp = frame, then rt_sigreturn, as the signal
 * page's trampoline does. srop_landing: where a frame that is taken
 * resumes; hands what it restored to srop_landed() before any code of the
 * compiler's can touch the flags. .arch_extension: user/ is built
 * -mgeneral-regs-only.
 */
_Static_assert(__NR_rt_sigreturn == 139, "srop_sigreturn's svc is rt_sigreturn");
__asm__(".pushsection .text\n"
	".arch_extension fp\n"
	".arch_extension simd\n"
	".globl srop_sigreturn\n"
	".type srop_sigreturn, @function\n"
	".balign 4\n"
	"srop_sigreturn:\n\t"
	"mov	sp, x0\n\t"
	"mov	x8, #139\n\t" /* __NR_rt_sigreturn */
	"svc	#0\n\t"
	"brk	#0\n"
	".size srop_sigreturn, . - srop_sigreturn\n"
	".globl srop_landing\n"
	".type srop_landing, @function\n"
	".balign 4\n"
	"srop_landing:\n\t"
	"mrs	x2, nzcv\n\t"
	"mov	x3, v8.d[0]\n\t"
	"mov	x4, v8.d[1]\n\t"
	"mrs	x5, fpcr\n\t"
	"b	srop_landed\n"
	".size srop_landing, . - srop_landing\n"
	".popsection");

void srop_landed(unsigned long x0, unsigned long x1, unsigned long nzcv, unsigned long v8lo,
		 unsigned long v8hi, unsigned long fpcr)
{
	bool ok = x0 == MAGIC_X0 && x1 == MAGIC_X1 && nzcv == NZCV_NC && v8lo == MAGIC_V8LO &&
		  v8hi == MAGIC_V8HI && fpcr == FPCR_RZ;

	if (!ok)
		printf("srop: restored x0 %lx x1 %lx nzcv %lx v8 %lx:%lx fpcr %lx\n", x0, x1, nzcv,
		       v8hi, v8lo, fpcr);
	exit(ok ? 0 : 1);
}

/* One frame, in the child's bss: only one case runs per child. */
static struct rt_sigframe frame __attribute__((__aligned__(16)));

static struct _aarch64_ctx *record(size_t offset)
{
	return (struct _aarch64_ctx *)(frame.uc.uc_mcontext.__reserved + offset);
}

/*
 * A frame rt_sigreturn takes: it resumes at srop_landing on this stack,
 * 1 KiB below the caller's frame, with the values srop_landed() wants.
 */
static void good_frame(void)
{
	struct fpsimd_context *fp = (struct fpsimd_context *)record(0);
	unsigned long sp;

	__asm__ __volatile__("mov %0, sp" : "=r"(sp));
	memset(&frame, 0, sizeof(frame));
	frame.uc.uc_stack.ss_flags = SS_DISABLE;
	frame.uc.uc_mcontext.regs[0] = MAGIC_X0;
	frame.uc.uc_mcontext.regs[1] = MAGIC_X1;
	frame.uc.uc_mcontext.sp = (sp - 1024) & ~15UL;
	frame.uc.uc_mcontext.pc = (unsigned long)srop_landing;
	frame.uc.uc_mcontext.pstate = NZCV_NC; /* EL0t, nothing masked */
	fp->head.magic = FPSIMD_MAGIC;
	fp->head.size = sizeof(*fp);
	fp->fpcr = FPCR_RZ;
	fp->vregs[8] = ((__uint128_t)MAGIC_V8HI << 64) | MAGIC_V8LO;
	/* The terminator after it: zero from the memset. */
}

static void with_pstate(unsigned long pstate)
{
	good_frame();
	frame.uc.uc_mcontext.pstate = pstate;
	srop_sigreturn(&frame);
}

static void valid(void)
{
	good_frame();
	srop_sigreturn(&frame);
}

static void reserved_bits(void)
{
	with_pstate(NZCV_NC | PSR_IL_BIT | PSR_PAN_BIT | PSR_BIT32);
}

static void el1h(void)
{
	with_pstate(NZCV_NC | PSR_MODE_EL1h);
}

static void el1t(void)
{
	with_pstate(NZCV_NC | PSR_MODE_EL1t);
}

static void aarch32(void)
{
	with_pstate(NZCV_NC | PSR_MODE32_BIT);
}

static void mask_d(void)
{
	with_pstate(NZCV_NC | PSR_D_BIT);
}

static void mask_a(void)
{
	with_pstate(NZCV_NC | PSR_A_BIT);
}

static void mask_i(void)
{
	with_pstate(NZCV_NC | PSR_I_BIT);
}

static void mask_f(void)
{
	with_pstate(NZCV_NC | PSR_F_BIT);
}

/* The frame 8 bytes up: everything in it valid, but sp is not where the kernel puts frames. */
static void misaligned_sp(void)
{
	static unsigned char buf[sizeof(struct rt_sigframe) + 16] __attribute__((__aligned__(16)));

	good_frame();
	memcpy(buf + 8, &frame, sizeof(frame));
	srop_sigreturn((struct rt_sigframe *)(buf + 8));
}

static void unmapped_frame(void)
{
	srop_sigreturn((struct rt_sigframe *)16);
}

static void no_fpsimd(void)
{
	good_frame();
	memset(record(0), 0, sizeof(struct fpsimd_context)); /* the terminator first */
	srop_sigreturn(&frame);
}

static void fpsimd_size(void)
{
	good_frame();
	record(0)->size = sizeof(struct fpsimd_context) - 16;
	srop_sigreturn(&frame);
}

static void two_fpsimd(void)
{
	good_frame();
	memcpy(record(sizeof(struct fpsimd_context)), record(0), sizeof(struct fpsimd_context));
	srop_sigreturn(&frame);
}

static void unknown_record(void)
{
	good_frame();
	record(sizeof(struct fpsimd_context))->magic = SVE_MAGIC;
	record(sizeof(struct fpsimd_context))->size = sizeof(struct sve_context);
	srop_sigreturn(&frame);
}

/* A record of size 0 would have the kernel read the same header for ever. */
static void empty_record(void)
{
	good_frame();
	record(sizeof(struct fpsimd_context))->magic = ESR_MAGIC;
	srop_sigreturn(&frame);
}

/* An ESR record is skipped: the frame is taken. */
static void esr_record(void)
{
	struct esr_context *esr = (struct esr_context *)record(sizeof(struct fpsimd_context));

	good_frame();
	esr->head.magic = ESR_MAGIC;
	esr->head.size = sizeof(*esr);
	esr->esr = 0x92000046UL;
	srop_sigreturn(&frame);
}

const struct srop_case srop_cases[] = {
	{ "valid frame", valid, 0 },
	{ "esr record skipped", esr_record, 0 },
	{ "pstate reserved bits cleared", reserved_bits, 0 },
	{ "pstate EL1h", el1h, SIGSEGV },
	{ "pstate EL1t", el1t, SIGSEGV },
	{ "pstate AArch32", aarch32, SIGSEGV },
	{ "pstate D masked", mask_d, SIGSEGV },
	{ "pstate A masked", mask_a, SIGSEGV },
	{ "pstate I masked", mask_i, SIGSEGV },
	{ "pstate F masked", mask_f, SIGSEGV },
	{ "sp misaligned", misaligned_sp, SIGSEGV },
	{ "frame unmapped", unmapped_frame, SIGSEGV },
	{ "no fpsimd record", no_fpsimd, SIGSEGV },
	{ "fpsimd record size", fpsimd_size, SIGSEGV },
	{ "two fpsimd records", two_fpsimd, SIGSEGV },
	{ "unknown record", unknown_record, SIGSEGV },
	{ "record of size 0", empty_record, SIGSEGV },
};

const unsigned int nr_srop_cases = ARRAY_SIZE(srop_cases);
