/* SPDX-License-Identifier: MIT */
/*
 * riscv64's own handler checks, for tests/linux/signal.c: what a handler finds in its
 * ucontext's uc_mcontext (glibc's names: __gregs[] is pc and x1-x31, __fpregs.__d is f0-f31
 * and fcsr), and what rt_sigreturn takes back from it. Each prints a PASS or FAIL line only,
 * so qemu-user and trapdoor print the same.
 *   registers  s2, fs0 and frm as set just before a kill() of ourselves are in the frame; s3
 *              and fs1 that the handler writes into the frame are in the registers after it
 *   fault      a load from address 8: SIGSEGV with si_addr 8 and the saved pc at the load;
 *              the handler moves the pc past it and the program goes on
 */
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#define RV_MARK_S2  0x5332533253325332UL
#define RV_MARK_S3  0x5333533353335333UL
#define RV_MARK_FS0 0x400921fb54442d18UL /* pi */
#define RV_MARK_FS1 0x4005bf0a8b145769UL /* e */
#define RV_FRM_RTZ  1			 /* fcsr.frm (bits 7:5): round towards zero */

static volatile int rv_s2_seen, rv_fs0_seen, rv_frm_seen;
static volatile unsigned long rv_fault_pc;
static void *volatile rv_fault_addr;

static void rv_usr1_handler(int sig, siginfo_t *info, void *ctx)
{
	mcontext_t *mc = &((ucontext_t *)ctx)->uc_mcontext;

	(void)sig;
	(void)info;
	rv_s2_seen = mc->__gregs[18] == RV_MARK_S2;
	rv_fs0_seen = mc->__fpregs.__d.__f[8] == RV_MARK_FS0;
	rv_frm_seen = ((mc->__fpregs.__d.__fcsr >> 5) & 7) == RV_FRM_RTZ;
	mc->__gregs[19] = RV_MARK_S3;	       /* s3 */
	mc->__fpregs.__d.__f[9] = RV_MARK_FS1; /* fs1 */
	mc->__fpregs.__d.__fcsr &= ~(7U << 5); /* frm back to round to nearest */
}

static void rv_segv_handler(int sig, siginfo_t *info, void *ctx)
{
	mcontext_t *mc = &((ucontext_t *)ctx)->uc_mcontext;

	(void)sig;
	rv_fault_addr = info->si_addr;
	rv_fault_pc = mc->__gregs[0];
	mc->__gregs[0] += 4; /* past the 4-byte load */
}

static void arch_sigframe_checks(void)
{
	struct sigaction sa = { 0 };
	unsigned long s3, fs1, frm, insn, sink;
	long pid = getpid();

	sa.sa_sigaction = rv_usr1_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, NULL);
	/* The kill() of ourselves delivers SIGUSR1 on its way back, with these in the registers. */
	__asm__ volatile("mv	s2, %[s2]\n\t"
			 "fmv.d.x fs0, %[fs0]\n\t"
			 "li	s3, 0\n\t"
			 "fmv.d.x fs1, zero\n\t"
			 "fsrmi	%[rtz]\n\t"
			 "mv	a0, %[pid]\n\t"
			 "li	a1, %[sig]\n\t"
			 "li	a7, %[nr]\n\t"
			 "ecall\n\t"
			 "mv	%[s3], s3\n\t"
			 "fmv.x.d %[fs1], fs1\n\t"
			 "frrm	%[frm]"
			 : [s3] "=&r"(s3), [fs1] "=&r"(fs1), [frm] "=&r"(frm)
			 : [s2] "r"(RV_MARK_S2), [fs0] "r"(RV_MARK_FS0), [pid] "r"(pid),
			   [rtz] "i"(RV_FRM_RTZ), [sig] "i"(SIGUSR1), [nr] "i"(SYS_kill)
			 : "s2", "s3", "fs0", "fs1", "a0", "a1", "a7", "memory");
	check("riscv: s2 in uc_mcontext.__gregs[18]", rv_s2_seen);
	check("riscv: fs0 in uc_mcontext.__fpregs.__d.__f[8]", rv_fs0_seen);
	check("riscv: frm in uc_mcontext.__fpregs.__d.__fcsr", rv_frm_seen);
	check("riscv: s3 from the frame after rt_sigreturn", s3 == RV_MARK_S3);
	check("riscv: fs1 from the frame after rt_sigreturn", fs1 == RV_MARK_FS1);
	check("riscv: fcsr from the frame after rt_sigreturn", frm == 0);

	sa.sa_sigaction = rv_segv_handler;
	sigaction(SIGSEGV, &sa, NULL);
	__asm__ volatile(".option push\n\t"
			 ".option norvc\n\t"
			 "lla	%[insn], 1f\n"
			 "1:\tld	%[sink], 8(zero)\n\t"
			 ".option pop"
			 : [insn] "=&r"(insn), [sink] "=r"(sink)
			 :
			 : "memory");
	(void)sink;
	check("riscv: SIGSEGV's si_addr is the load's address", rv_fault_addr == (void *)8);
	check("riscv: SIGSEGV's saved pc is the load", rv_fault_pc == insn);
	sa.sa_handler = SIG_DFL;
	sa.sa_flags = 0;
	sigaction(SIGSEGV, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
}
