// SPDX-License-Identifier: MIT
/*
 * riscv64's forged signal frames (user/sroptest.c runs each in a child of its own). Each
 * builds a struct rt_sigframe on its own stack, as the kernel's (arch/riscv/signal.c), points
 * sp at it and calls rt_sigreturn, whose pc and x1-x31 come from the frame. What Linux does
 * with each (arch/riscv/kernel/signal.c), and so what the child must die by:
 *   kernel-pc      pc in the kernel's half: taken as it is, but sret still goes to U-mode,
 *                  where the fetch faults: SIGSEGV
 *   sstatus        no slot of the frame reaches sstatus: the pc lands in U-mode on a
 *                  `csrr sstatus`, an S-mode register: SIGILL
 *   ext-reserved   the word before the extension header not zero: a bad frame, SIGSEGV
 *   ext-magic      an extension record this kernel has no such state for: SIGSEGV
 *   unmapped       sp (the frame) at an unmapped address: SIGSEGV
 *   restore        a frame whose pc, s2, f8 and frm the landing code checks: exit 0
 */
#include "lib/ulib.h"
#include "lib/srop.h"
#include <asm/ucontext.h>
#include <uapi/signal.h>

#define MARK	0x53524f50UL /* "SROP" */
#define FRM_RTZ 1	     /* fcsr.frm: round towards zero */

/* Linux's riscv64 frame: siginfo, then the ucontext. */
struct srop_frame {
	siginfo_t info;
	struct ucontext uc;
} __attribute__((aligned(16)));

/* A stack for the landing code: the frame's sp. */
static unsigned long landing_stack[256] __attribute__((aligned(16)));

/* sp = frame, then rt_sigreturn(); never returns (the registers are the frame's). */
void srop_sigreturn(struct srop_frame *frame) __noreturn;
/* Landing code: `csrr sstatus` (traps in U-mode); and the check of the "restore" case. */
void srop_read_sstatus(void);
void srop_check_restore(void);

/* clang-format off */
__asm__(".text\n"
	".globl srop_sigreturn\n"
	"srop_sigreturn:\n"
	"	mv	sp, a0\n"			/* the forged frame */
	"	li	a7, 139\n"			/* __NR_rt_sigreturn */
	"	ecall\n"
	"	unimp\n"				/* never reached */
	".globl srop_read_sstatus\n"
	"srop_read_sstatus:\n"
	"	csrr	t0, sstatus\n"			/* SIGILL in U-mode */
	"	li	a0, 2\n"			/* in S-mode: exit(2), which fails the case */
	"	li	a7, 94\n"			/* __NR_exit_group */
	"	ecall\n"
	".globl srop_check_restore\n"
	"srop_check_restore:\n"
	"	li	a0, 1\n"			/* exit status 1: a value was not restored */
	"	li	t0, 0x53524f50\n"		/* MARK */
	"	bne	s2, t0, 1f\n"
	"	fmv.x.d	t1, f8\n"
	"	bne	t1, t0, 1f\n"
	"	frrm	t1\n"
	"	li	t0, 1\n"			/* FRM_RTZ */
	"	bne	t1, t0, 1f\n"
	"	li	a0, 0\n"
	"1:	li	a7, 94\n"			/* exit_group(a0) */
	"	ecall\n");
/* clang-format on */

static void frame_init(struct srop_frame *f, unsigned long pc)
{
	memset(f, 0, sizeof(*f));
	f->uc.uc_stack.ss_flags = SS_DISABLE;
	f->uc.uc_mcontext.sc_regs.pc = pc;
	f->uc.uc_mcontext.sc_regs.sp = (unsigned long)&landing_stack[ARRAY_SIZE(landing_stack)];
}

static void kernel_pc(void)
{
	struct kernel_stats st;
	struct srop_frame f;

	get_kernel_stats(&st);
	frame_init(&f, st.kernel_text);
	srop_sigreturn(&f);
}

static void sstatus(void)
{
	struct srop_frame f;

	frame_init(&f, (unsigned long)srop_read_sstatus);
	/* Every word a forger could hope is sstatus: the GPRs' neighbours, all ones. */
	memset(&f.uc.uc_mcontext.sc_fpregs.d, 0xff, sizeof(f.uc.uc_mcontext.sc_fpregs.d));
	memset(f.uc.__unused, 0xff, sizeof(f.uc.__unused));
	srop_sigreturn(&f);
}

static void ext_reserved(void)
{
	struct srop_frame f;

	frame_init(&f, (unsigned long)srop_read_sstatus);
	f.uc.uc_mcontext.sc_extdesc.reserved = 1;
	srop_sigreturn(&f);
}

static void ext_magic(void)
{
	struct srop_frame f;

	frame_init(&f, (unsigned long)srop_read_sstatus);
	f.uc.uc_mcontext.sc_extdesc.hdr.magic = 0x53500001;
	f.uc.uc_mcontext.sc_extdesc.hdr.size = 16;
	srop_sigreturn(&f);
}

static void unmapped(void)
{
	srop_sigreturn((struct srop_frame *)0x1000);
}

static void restore(void)
{
	struct srop_frame f;

	frame_init(&f, (unsigned long)srop_check_restore);
	f.uc.uc_mcontext.sc_regs.s2 = MARK;
	f.uc.uc_mcontext.sc_fpregs.d.f[8] = MARK;
	f.uc.uc_mcontext.sc_fpregs.d.fcsr = FRM_RTZ << 5;
	srop_sigreturn(&f);
}

const struct srop_case srop_cases[] = {
	{ "kernel-pc", kernel_pc, SIGSEGV },	   { "sstatus", sstatus, SIGILL },
	{ "ext-reserved", ext_reserved, SIGSEGV }, { "ext-magic", ext_magic, SIGSEGV },
	{ "unmapped", unmapped, SIGSEGV },	   { "restore", restore, 0 },
};
const unsigned int nr_srop_cases = ARRAY_SIZE(srop_cases);
