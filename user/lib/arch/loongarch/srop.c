// SPDX-License-Identifier: MIT
/*
 * loongarch64's forged signal frames (user/sroptest.c runs each in a child of its own). Each
 * builds a struct rt_sigframe on its own stack, as the kernel's (arch/loongarch/signal.c):
 * siginfo, ucontext, then the FPU record and the end record, points sp at it and calls
 * rt_sigreturn, whose pc and r1-r31 come from the frame. What Linux does with each
 * (arch/loongarch/kernel/signal.c), and so what the child must die by:
 *   kernel-pc      pc in the kernel's window: taken as it is, but ertn still goes to PLV3,
 *                  where the fetch is an address error: SIGSEGV
 *   prmd           no slot of the frame reaches PRMD, CRMD or EUEN, whatever the words that
 *                  are not registers hold (zeros: PLV0): the pc lands at PLV3 on a `csrrd`
 *                  of PRMD, a PLV0-only instruction: SIGILL
 *   ext-magic      a record this kernel has no such state for (LSX's magic): SIGSEGV
 *   fpu-size       an FPU record shorter than its header and struct fpu_context: SIGSEGV
 *   unmapped       sp (the frame) at an unmapped address: SIGSEGV
 *   fcsr-pending   an FCSR0 whose cause bit its enable bit also has: the cause is cleared and
 *                  the task gets SIGFPE
 *   restore        a frame whose pc, s2, f8, fcc3 and FCSR0 the landing code checks: exit 0
 */
#include "lib/ulib.h"
#include "lib/srop.h"
#include <asm/ucontext.h>
#include <uapi/signal.h>

#define MARK	      0x53524f50UL /* "SROP" */
#define FCSR_RM_RZ    (1U << 8)	   /* FCSR0.RM = 1: round towards zero */
#define FCSR_ENABLE_Z (1U << 3)	   /* division by zero: enabled ... */
#define FCSR_CAUSE_Z  (1U << 27)   /* ... and its cause */
#define LSX_CTX_MAGIC 0x53580001

/* Linux's loongarch64 frame with the FPU record. */
struct srop_frame {
	siginfo_t info;
	struct ucontext uc;
	struct sctx_info fpu_info;
	struct fpu_context fpu;
	struct sctx_info end;
} __attribute__((aligned(16)));

/* A stack for the landing code: the frame's sp. */
static unsigned long landing_stack[256] __attribute__((aligned(16)));

/* sp = frame, then rt_sigreturn(); never returns (the registers are the frame's). */
void srop_sigreturn(struct srop_frame *frame) __noreturn;
/* Landing code: a read of PRMD (PLV0 only); and the check of the "restore" case. */
void srop_read_prmd(void);
void srop_check_restore(void);

/* clang-format off */
__asm__(".text\n"
	".globl srop_sigreturn\n"
	"srop_sigreturn:\n"
	"	move	$sp, $a0\n"			/* the forged frame */
	"	li.w	$a7, 139\n"			/* __NR_rt_sigreturn */
	"	syscall	0\n"
	"	break	0\n"				/* never reached */
	".globl srop_read_prmd\n"
	"srop_read_prmd:\n"
	"	csrrd	$t0, 0x1\n"			/* PRMD: SIGILL at PLV3 */
	"	li.w	$a0, 2\n"			/* at PLV0: exit(2), which fails the case */
	"	li.w	$a7, 94\n"			/* __NR_exit_group */
	"	syscall	0\n"
	".globl srop_check_restore\n"
	"srop_check_restore:\n"
	"	li.w	$a0, 1\n"			/* exit status 1: a value was not restored */
	"	li.w	$t0, 0x53524f50\n"		/* MARK */
	"	bne	$s2, $t0, 1f\n"
	"	movfr2gr.d $t1, $f8\n"
	"	bne	$t1, $t0, 1f\n"
	"	movcf2gr $t1, $fcc3\n"
	"	li.w	$t0, 1\n"
	"	bne	$t1, $t0, 1f\n"
	"	movfcsr2gr $t1, $fcsr0\n"
	"	li.w	$t0, 0x100\n"			/* FCSR_RM_RZ */
	"	bne	$t1, $t0, 1f\n"
	"	li.w	$a0, 0\n"
	"1:	li.w	$a7, 94\n"			/* exit_group(a0) */
	"	syscall	0\n");
/* clang-format on */

static void frame_init(struct srop_frame *f, unsigned long pc)
{
	memset(f, 0, sizeof(*f));
	f->uc.uc_stack.ss_flags = SS_DISABLE;
	f->uc.uc_mcontext.sc_pc = pc;
	f->uc.uc_mcontext.sc_regs[3] = (unsigned long)&landing_stack[ARRAY_SIZE(landing_stack)];
	f->uc.uc_mcontext.sc_flags = SC_USED_FP;
	f->fpu_info.magic = FPU_CTX_MAGIC;
	f->fpu_info.size = sizeof(f->fpu_info) + sizeof(f->fpu);
}

static void kernel_pc(void)
{
	struct kernel_stats st;
	struct srop_frame f;

	get_kernel_stats(&st);
	frame_init(&f, st.kernel_text);
	srop_sigreturn(&f);
}

static void prmd(void)
{
	struct srop_frame f;

	frame_init(&f, (unsigned long)srop_read_prmd);
	/*
	 * Every word that is not a register says PLV0 with interrupts off, PRMD's privileged
	 * value: the padding around the mask, sc_flags and the records (frame_init()'s zeros).
	 */
	f.uc.uc_mcontext.sc_flags = 0;
	srop_sigreturn(&f);
}

static void ext_magic(void)
{
	struct srop_frame f;

	frame_init(&f, (unsigned long)srop_read_prmd);
	f.fpu_info.magic = LSX_CTX_MAGIC;
	srop_sigreturn(&f);
}

static void fpu_size(void)
{
	struct srop_frame f;

	frame_init(&f, (unsigned long)srop_read_prmd);
	f.fpu_info.size = sizeof(f.fpu_info) + sizeof(f.fpu) - 8;
	srop_sigreturn(&f);
}

static void unmapped(void)
{
	srop_sigreturn((struct srop_frame *)0x1000);
}

static void fcsr_pending(void)
{
	struct srop_frame f;

	frame_init(&f, (unsigned long)srop_check_restore);
	f.fpu.fcsr = FCSR_ENABLE_Z | FCSR_CAUSE_Z;
	srop_sigreturn(&f);
}

static void restore(void)
{
	struct srop_frame f;

	frame_init(&f, (unsigned long)srop_check_restore);
	f.uc.uc_mcontext.sc_regs[25] = MARK; /* s2 */
	f.fpu.regs[8] = MARK;
	f.fpu.fcc = 1UL << (3 * 8); /* fcc3 = 1 */
	f.fpu.fcsr = FCSR_RM_RZ;
	srop_sigreturn(&f);
}

const struct srop_case srop_cases[] = {
	{ "kernel-pc", kernel_pc, SIGSEGV }, { "prmd", prmd, SIGILL },
	{ "ext-magic", ext_magic, SIGSEGV }, { "fpu-size", fpu_size, SIGSEGV },
	{ "unmapped", unmapped, SIGSEGV },   { "fcsr-pending", fcsr_pending, SIGFPE },
	{ "restore", restore, 0 },
};
const unsigned int nr_srop_cases = ARRAY_SIZE(srop_cases);
