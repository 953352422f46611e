/* SPDX-License-Identifier: MIT */
/*
 * x86_64's view of the frame (tests/linux/signal.c includes it): the saved
 * registers in uc_mcontext.gregs and the x87/SSE state at fpregs, a page
 * fault's pc and address, and a handler that edits the frame: it skips the
 * faulting instruction and changes a register, and rt_sigreturn takes both.
 */

/*
 * A load from the address in rdi: the fault's instruction, and where the
 * handler makes it go on. Returns 42 if the load was skipped.
 */
__asm__(".pushsection .text\n"
	".globl sigframe_load\n"
	"sigframe_load:\n"
	"	movl	$7, %eax\n"
	".globl sigframe_load_insn\n"
	"sigframe_load_insn:\n"
	"	movq	(%rdi), %rax\n"
	".globl sigframe_load_resume\n"
	"sigframe_load_resume:\n"
	"	movl	$42, %eax\n"
	"	ret\n"
	".popsection\n");
long sigframe_load(const void *addr);
extern const char sigframe_load_insn[], sigframe_load_resume[];

static volatile int segv_rip_ok, segv_addr_ok, segv_code_ok;

static void on_segv(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;

	(void)sig;
	segv_rip_ok = uc->uc_mcontext.gregs[REG_RIP] == (long)sigframe_load_insn;
	segv_addr_ok = si->si_addr == (void *)16;
	segv_code_ok = si->si_code == SEGV_MAPERR;
	uc->uc_mcontext.gregs[REG_RIP] = (long)sigframe_load_resume;
}

#define MARK_R12 0x1122334455667788L
#define MARK_R13 0x0badc0de0badc0deL
#define NEW_R13	 0x5555aaaa5555aaaaL

static volatile int regs_r12_ok, regs_rax_ok, regs_mxcsr_ok, regs_mask_ok;

/* The frame of a kill() from the asm below: the registers as the syscall left them. */
static void on_regs(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;
	unsigned int handler_mxcsr = 0x7f80; /* round toward zero: must not leak out */

	(void)sig;
	(void)si;
	regs_r12_ok = uc->uc_mcontext.gregs[REG_R12] == MARK_R12;
	regs_rax_ok = uc->uc_mcontext.gregs[REG_RAX] == 0; /* kill()'s result */
	regs_mxcsr_ok = uc->uc_mcontext.fpregs && uc->uc_mcontext.fpregs->mxcsr == 0x3f80;
	regs_mask_ok =
	    sigismember(&uc->uc_sigmask, SIGUSR2) && !sigismember(&uc->uc_sigmask, SIGUSR1);
	uc->uc_mcontext.gregs[REG_R13] = NEW_R13;
	__asm__ __volatile__("ldmxcsr %0" : : "m"(handler_mxcsr));
}

static void arch_sigframe_checks(void)
{
	unsigned int mxcsr_down = 0x3f80, mxcsr_default = 0x1f80, mxcsr_after = 0;
	long r13_after, ret;
	sigset_t block;

	set_siginfo_handler(SIGSEGV, on_segv, 0);
	ret = sigframe_load((const void *)16);
	check("x86_64: a page fault's handler sees rip at the load", segv_rip_ok);
	check("x86_64: si_addr is the fault's address", segv_addr_ok);
	check("x86_64: si_code SEGV_MAPERR", segv_code_ok);
	check("x86_64: the handler's new rip skips the load", ret == 42);
	set_handler(SIGSEGV, SIG_DFL, 0, NULL);

	set_siginfo_handler(SIGUSR1, on_regs, 0);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_BLOCK, &block, NULL);
	/* kill(getpid(), SIGUSR1) by hand, with r12 and r13 marked and MXCSR rounding down. */
	__asm__ __volatile__("ldmxcsr %[down]\n\t"
			     "movabsq %[m12], %%r12\n\t"
			     "movabsq %[m13], %%r13\n\t"
			     "syscall\n\t"
			     "movq %%r13, %[r13]\n\t"
			     "stmxcsr %[after]\n\t"
			     "ldmxcsr %[dflt]"
			     : "=a"(ret), [r13] "=m"(r13_after), [after] "=m"(mxcsr_after)
			     : "0"((long)SYS_kill), "D"((long)getpid()),
			       "S"((long)SIGUSR1), [down] "m"(mxcsr_down),
			       [dflt] "m"(mxcsr_default), [m12] "i"(MARK_R12), [m13] "i"(MARK_R13)
			     : "rcx", "r11", "r12", "r13", "memory");
	sigprocmask(SIG_UNBLOCK, &block, NULL);
	set_handler(SIGUSR1, SIG_DFL, 0, NULL);
	check("x86_64: uc_mcontext has r12 as it was", regs_r12_ok);
	check("x86_64: uc_mcontext has rax, the syscall's result", regs_rax_ok);
	check("x86_64: fpregs has MXCSR as it was", regs_mxcsr_ok);
	check("x86_64: uc_sigmask is the mask as it was", regs_mask_ok);
	check("x86_64: a register the handler changed comes back changed", r13_after == NEW_R13);
	check("x86_64: MXCSR the handler changed comes back as it was", mxcsr_after == 0x3f80);
}
