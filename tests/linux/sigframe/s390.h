/* SPDX-License-Identifier: MIT */
/*
 * s390x's part of tests/linux/signal.c: what a handler sees in its frame and
 * what the return takes back from it, for both of Linux's frames: struct
 * sigframe (no SA_SIGINFO; handler(sig, struct sigcontext *), returns through
 * sigreturn) and struct rt_sigframe (SA_SIGINFO; the ucontext's mcontext,
 * returns through rt_sigreturn). The registers are set in inline assembly
 * around a kill() or a faulting load, so their values are known; a handler
 * changes some in the frame and the code after checks that the return loaded
 * them. Nothing printed depends on addresses, so qemu-user and trapdoor
 * print the same.
 */
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The mcontext as Linux's _sigregs (asm/sigcontext.h), whatever libc's feature macros. */
struct s390_sigregs {
	unsigned long psw_mask;
	unsigned long psw_addr;
	unsigned long gprs[16];
	unsigned int acrs[16];
	unsigned int fpc;
	unsigned int pad;
	double fprs[16];
};

/* The old frame's second argument (asm/sigcontext.h). */
struct s390_sigcontext {
	unsigned long oldmask;
	struct s390_sigregs *sregs;
};

/* The PSW bits both kernels show alike: problem state and the 64-bit addressing mode. */
#define S390_PSW_MASK_PSTATE 0x0001000000000000UL
#define S390_PSW_MASK_EA     0x0000000100000000UL
#define S390_PSW_MASK_BA     0x0000000080000000UL
#define S390_PSW_SHOWN	     (S390_PSW_MASK_PSTATE | S390_PSW_MASK_EA | S390_PSW_MASK_BA)

#define S390_MAGIC_R6	      0x0123456789abcdefUL /* in r6 when the signal comes */
#define S390_MAGIC_R7	      0x7777000077770000UL /* what a handler puts in the frame's r7 */
#define S390_SVC_SIGRETURN    0x0a77		   /* svc 119 */
#define S390_SVC_RT_SIGRETURN 0x0aad		   /* svc 173 */

static volatile int s390_handled;
static volatile int s390_ok_regs, s390_ok_psw, s390_ok_mask, s390_ok_sregs, s390_ok_return;
static volatile int s390_ok_fpr, s390_ok_fpc, s390_ok_info, s390_ok_pc;
static volatile unsigned long s390_fault_pc, s390_resume_pc;

/*
 * A handler without SA_SIGINFO: s390's second argument is the sigcontext.
 * It checks what the frame saved, and puts a new r7 into it.
 */
static void __attribute__((noinline)) s390_old_handler(int sig, struct s390_sigcontext *sc)
{
	const unsigned short *ret = __builtin_return_address(0);
	struct s390_sigregs *r = sc->sregs;

	s390_handled = sig;
	s390_ok_sregs = (char *)r == (char *)sc + sizeof(*sc);
	s390_ok_regs = r->gprs[6] == S390_MAGIC_R6;
	s390_ok_psw = (r->psw_mask & S390_PSW_SHOWN) == S390_PSW_SHOWN;
	s390_ok_mask = (sc->oldmask & (1UL << (SIGUSR2 - 1))) != 0;
	s390_ok_return = *ret == S390_SVC_SIGRETURN;
	s390_ok_fpr = r->fprs[8] == 1.5;
	r->gprs[7] = S390_MAGIC_R7;
	r->fprs[9] = -2.25;
}

/*
 * kill(getpid(), sig) with r6 and f8 known; returns r7 and f9 as they come
 * back. r6 and r7 are set inside the asm: a register variable keeps its value
 * only at the asm that uses it.
 */
static unsigned long s390_kill_self(int sig, double *f9)
{
	unsigned long pid = (unsigned long)getpid();
	static const unsigned long r6 = S390_MAGIC_R6;
	static const double f8 = 1.5;
	unsigned long r7;
	double out9;

	__asm__ __volatile__("lgr	%%r2,%[pid]\n\t"
			     "lgr	%%r3,%[sig]\n\t"
			     "lghi	%%r1,%[nr]\n\t"
			     "lg	%%r6,%[r6]\n\t"
			     "lghi	%%r7,0\n\t"
			     "ld	%%f8,%[f8]\n\t"
			     "lzdr	%%f9\n\t"
			     "svc	0\n\t"
			     "stg	%%r7,%[r7]\n\t"
			     "std	%%f9,%[f9]"
			     : [r7] "=Q"(r7), [f9] "=Q"(out9)
			     : [pid] "d"(pid), [sig] "d"((unsigned long)sig), [nr] "K"(SYS_kill),
			       [r6] "Q"(r6), [f8] "Q"(f8)
			     : "memory", "cc", "r1", "r2", "r3", "r6", "r7", "f8", "f9");
	*f9 = out9;
	return r7;
}

static void s390_old_frame(void)
{
	struct sigaction sa;
	sigset_t block, old;
	unsigned long r7;
	double f9;

	memset(&sa, 0, sizeof(sa));
	/* void (*)(void) first: a cast that -Wcast-function-type allows. */
	sa.sa_handler = (void (*)(int))(void (*)(void))s390_old_handler;
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_BLOCK, &block, &old);
	s390_handled = 0;
	r7 = s390_kill_self(SIGUSR1, &f9);
	sigprocmask(SIG_SETMASK, &old, NULL);
	signal(SIGUSR1, SIG_DFL);

	check("s390 sigframe: handler ran with the signal", s390_handled == SIGUSR1);
	check("s390 sigframe: sc->sregs is the _sigregs after the sigcontext", s390_ok_sregs);
	check("s390 sigframe: r6 as interrupted", s390_ok_regs);
	check("s390 sigframe: psw mask problem state, 64-bit", s390_ok_psw);
	check("s390 sigframe: oldmask has the blocked SIGUSR2", s390_ok_mask);
	check("s390 sigframe: r14 returns to svc 119", s390_ok_return);
	check("s390 sigframe: f8 as interrupted", s390_ok_fpr);
	check("s390 sigreturn: r7 from the frame", r7 == S390_MAGIC_R7);
	check("s390 sigreturn: f9 from the frame", f9 == -2.25);
}

/* An SA_SIGINFO handler for a kill(): the rt_sigframe of a signal that ended a syscall. */
static void s390_rt_kill_handler(int sig, siginfo_t *info, void *ucv)
{
	ucontext_t *uc = ucv;
	struct s390_sigregs *r = (struct s390_sigregs *)&uc->uc_mcontext;
	const unsigned short *ret = __builtin_return_address(0);

	s390_handled = sig;
	s390_ok_info =
	    info->si_signo == sig && info->si_code == SI_USER && info->si_pid == getpid();
	s390_ok_regs = r->gprs[6] == S390_MAGIC_R6;
	s390_ok_psw = (r->psw_mask & S390_PSW_SHOWN) == S390_PSW_SHOWN;
	s390_ok_return = *ret == S390_SVC_RT_SIGRETURN;
	s390_ok_fpr = r->fprs[8] == 1.5;
	s390_ok_mask = (uc->uc_sigmask.__val[0] & (1UL << (SIGUSR2 - 1))) != 0;
	r->gprs[7] = S390_MAGIC_R7;
	r->fprs[9] = -0.5;
}

static void s390_rt_kill(void)
{
	struct sigaction sa;
	sigset_t block, old;
	unsigned long r7;
	double f9;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = s390_rt_kill_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_BLOCK, &block, &old);
	s390_handled = 0;
	r7 = s390_kill_self(SIGUSR1, &f9);
	sigprocmask(SIG_SETMASK, &old, NULL);
	signal(SIGUSR1, SIG_DFL);

	check("s390 rt_sigframe (kill): handler ran with the signal", s390_handled == SIGUSR1);
	check("s390 rt_sigframe (kill): si_code SI_USER, si_pid ours", s390_ok_info);
	check("s390 rt_sigframe (kill): r6 as interrupted", s390_ok_regs);
	check("s390 rt_sigframe (kill): psw mask problem state, 64-bit", s390_ok_psw);
	check("s390 rt_sigframe (kill): r14 returns to svc 173", s390_ok_return);
	check("s390 rt_sigframe (kill): f8 as interrupted", s390_ok_fpr);
	check("s390 rt_sigframe (kill): uc_sigmask has the blocked SIGUSR2", s390_ok_mask);
	check("s390 rt_sigreturn (kill): r7 from the frame", r7 == S390_MAGIC_R7);
	check("s390 rt_sigreturn (kill): f9 from the frame", f9 == -0.5);
}

/*
 * An SA_SIGINFO handler for a fault: the saved PSW address is the load that
 * faulted (a translation exception nullifies it); the handler moves it past
 * the load, changes f9, r7 and the FPC's rounding mode in the frame.
 */
static void s390_rt_handler(int sig, siginfo_t *info, void *ucv)
{
	ucontext_t *uc = ucv;
	struct s390_sigregs *r = (struct s390_sigregs *)&uc->uc_mcontext;
	const unsigned short *ret = __builtin_return_address(0);

	s390_handled = sig;
	s390_ok_info = info->si_signo == SIGSEGV && info->si_code == SEGV_MAPERR;
	s390_ok_pc = r->psw_addr == s390_fault_pc;
	s390_ok_regs = r->gprs[6] == S390_MAGIC_R6;
	s390_ok_psw = (r->psw_mask & S390_PSW_SHOWN) == S390_PSW_SHOWN;
	s390_ok_return = *ret == S390_SVC_RT_SIGRETURN;
	s390_ok_fpr = r->fprs[8] == 1.5;
	s390_ok_fpc = (r->fpc & 7) == 0;
	s390_ok_mask = (uc->uc_sigmask.__val[0] & (1UL << (SIGUSR2 - 1))) != 0;
	r->psw_addr = s390_resume_pc;
	r->gprs[7] = S390_MAGIC_R7;
	r->fprs[9] = 3.75;
	r->fpc = (r->fpc & ~7U) | 1; /* BFP rounding toward zero */
}

static void s390_rt_frame(void)
{
	struct sigaction sa;
	sigset_t block, old;
	static const unsigned long r6 = S390_MAGIC_R6;
	static const double f8 = 1.5;
	unsigned int fpc, fpc_zero = 0;
	unsigned long r7;
	double f9;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = s390_rt_handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGSEGV, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR2);
	sigprocmask(SIG_BLOCK, &block, &old);
	s390_handled = 0;
	/* A load from address 8: nothing is mapped in the first page on either kernel. */
	__asm__ __volatile__("larl	%%r1,0f\n\t"
			     "stg	%%r1,%[fault]\n\t"
			     "larl	%%r1,1f\n\t"
			     "stg	%%r1,%[resume]\n\t"
			     "lg	%%r6,%[r6]\n\t"
			     "lghi	%%r7,0\n\t"
			     "ld	%%f8,%[f8]\n\t"
			     "lzdr	%%f9\n\t"
			     "lghi	%%r1,8\n"
			     "0:\tlg	%%r1,0(%%r1)\n"
			     "1:\tstg	%%r7,%[r7]\n\t"
			     "std	%%f9,%[f9]\n\t"
			     "stfpc	%[fpc]\n\t"
			     "lfpc	%[zero]"
			     : [fault] "=Q"(s390_fault_pc), [resume] "=Q"(s390_resume_pc),
			       [r7] "=Q"(r7), [f9] "=Q"(f9), [fpc] "=Q"(fpc)
			     : [r6] "Q"(r6), [f8] "Q"(f8), [zero] "Q"(fpc_zero)
			     : "memory", "cc", "r1", "r6", "r7", "f8", "f9");
	sigprocmask(SIG_SETMASK, &old, NULL);
	signal(SIGSEGV, SIG_DFL);

	check("s390 rt_sigframe: handler ran for the fault", s390_handled == SIGSEGV);
	check("s390 rt_sigframe: si_signo SIGSEGV, si_code SEGV_MAPERR", s390_ok_info);
	check("s390 rt_sigframe: psw addr is the faulting load", s390_ok_pc);
	check("s390 rt_sigframe: r6 as interrupted", s390_ok_regs);
	check("s390 rt_sigframe: psw mask problem state, 64-bit", s390_ok_psw);
	check("s390 rt_sigframe: r14 returns to svc 173", s390_ok_return);
	check("s390 rt_sigframe: f8 and the fpc as interrupted", s390_ok_fpr && s390_ok_fpc);
	check("s390 rt_sigframe: uc_sigmask has the blocked SIGUSR2", s390_ok_mask);
	check("s390 rt_sigreturn: resumed past the load, r7 from the frame", r7 == S390_MAGIC_R7);
	check("s390 rt_sigreturn: f9 from the frame", f9 == 3.75);
	check("s390 rt_sigreturn: fpc rounding mode from the frame", (fpc & 7) == 1);
}

static void arch_sigframe_checks(void)
{
	s390_old_frame();
	s390_rt_kill();
	s390_rt_frame();
}
