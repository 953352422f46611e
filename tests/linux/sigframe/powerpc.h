/* SPDX-License-Identifier: MIT */
/*
 * powerpc64's view of the frame (tests/linux/signal.c includes it): what a
 * handler sees in its ucontext, checked the same way under qemu-user and
 * trapdoor.
 *
 *	regs	r14-r20 hold markers at a tkill() from inline asm: the handler
 *		finds them in gp_regs, r0 = the call's number, r3 = its result
 *		(0), the pc just after the sc, MSR[PR] set, the frame and r1
 *		16-byte aligned and sc->regs pointing at gp_regs.
 *	result	the handler writes -2 into the frame's r3 and LT|SO into its
 *		cr0: after rt_sigreturn the code after the sc sees exactly
 *		those, not a syscall's result (a -2 there would read as errno
 *		2 with SO set, r3 = 2).
 *	fp	f14 holds a marker at the same kind of tkill(): the handler
 *		finds it in fp_regs, writes another value there, and
 *		rt_sigreturn loads that one into f14.
 *	fault	a load from address 8: the SIGSEGV handler sees si_addr 8 and
 *		the saved pc at the load, moves it over the load, and the
 *		program goes on.
 *
 * Debian's ppc64 glibc is ELFv1: the handlers are function descriptors,
 * which the kernel must follow.
 */
#include <stdint.h>

/* gp_regs' indices (Linux's PT_* of asm/ptrace.h). */
#define PPC_GPR_NIP   32
#define PPC_GPR_MSR   33
#define PPC_GPR_CCR   38
#define PPC_MSR_PR    0x4000UL
#define PPC_CR0	      0xf0000000UL
#define PPC_CR0_LT_SO 0x90000000UL

#define PPC_R_MARKER(n) (0x5eed0000aa000000ul + (n))
#define PPC_F14_BITS	0x7e57f0f000000014ul
#define PPC_F14_NEW	0x1234567800000014ul

static volatile int ppc_regs_ok, ppc_fp_seen, ppc_fault_ok;
extern const char ppc_after_sc[], ppc_load[];

static void ppc_regs_handler(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	mcontext_t *mc = &uc->uc_mcontext;
	int ok = sig == SIGUSR1 && si->si_signo == SIGUSR1;

	for (int n = 14; n <= 20; n++)
		ok &= mc->gp_regs[n] == PPC_R_MARKER(n);
	ok &= mc->gp_regs[0] == SYS_tkill;
	ok &= mc->gp_regs[3] == 0;
	ok &= mc->gp_regs[PPC_GPR_NIP] == (uintptr_t)ppc_after_sc;
	ok &= (mc->gp_regs[PPC_GPR_MSR] & PPC_MSR_PR) != 0;
	ok &= ((uintptr_t)uc & 15) == 0;
	ok &= (mc->gp_regs[1] & 15) == 0;
	ok &= (void *)mc->regs == (void *)mc->gp_regs;
	ppc_regs_ok = ok;
}

static void ppc_result_handler(int sig, siginfo_t *si, void *ctx)
{
	mcontext_t *mc = &((ucontext_t *)ctx)->uc_mcontext;

	(void)sig;
	(void)si;
	mc->gp_regs[3] = (unsigned long)-2;
	mc->gp_regs[PPC_GPR_CCR] = (mc->gp_regs[PPC_GPR_CCR] & ~PPC_CR0) | PPC_CR0_LT_SO;
}

static void ppc_fp_handler(int sig, siginfo_t *si, void *ctx)
{
	mcontext_t *mc = &((ucontext_t *)ctx)->uc_mcontext;
	uint64_t bits, new_bits = PPC_F14_NEW;

	(void)sig;
	(void)si;
	memcpy(&bits, &mc->fp_regs[14], sizeof(bits));
	ppc_fp_seen = bits == PPC_F14_BITS;
	memcpy(&mc->fp_regs[14], &new_bits, sizeof(new_bits));
}

static void ppc_fault_handler(int sig, siginfo_t *si, void *ctx)
{
	mcontext_t *mc = &((ucontext_t *)ctx)->uc_mcontext;

	ppc_fault_ok = sig == SIGSEGV && si->si_code == SEGV_MAPERR &&
		       (uintptr_t)si->si_addr == 8 &&
		       mc->gp_regs[PPC_GPR_NIP] == (uintptr_t)ppc_load;
	mc->gp_regs[PPC_GPR_NIP] += 4; /* over the load */
}

/* The registers a tkill() by sc may change (the syscall ABI), and those the tests set. */
#define PPC_SC_CLOBBERS                                                                           \
	"r0", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "ctr", "xer", "cr0", \
	    "memory"

static void arch_sigframe_checks(void)
{
	long tid = syscall(SYS_gettid);
	uint64_t f14_in = PPC_F14_BITS, f14_out;
	unsigned long r3, cr;

	/* r14-r20 at a tkill() to ourselves: the handler reads them from the frame. */
	set_siginfo_handler(SIGUSR1, ppc_regs_handler, 0);
	__asm__ __volatile__("mr 3, %0\n\t"
			     "li 4, %1\n\t"
			     "li 0, %2\n\t"
			     "mr 14, %3\n\taddi 15, 14, 1\n\taddi 16, 14, 2\n\taddi 17, 14, 3\n\t"
			     "addi 18, 14, 4\n\taddi 19, 14, 5\n\taddi 20, 14, 6\n\t"
			     "sc\n"
			     ".globl ppc_after_sc\n"
			     "ppc_after_sc:"
			     :
			     : "r"(tid), "i"(SIGUSR1), "i"(SYS_tkill), "r"(PPC_R_MARKER(14))
			     : PPC_SC_CLOBBERS, "r14", "r15", "r16", "r17", "r18", "r19", "r20");
	check("powerpc: the handler sees r0, r3, r14-r20, the pc after sc, MSR[PR], aligned frame",
	      ppc_regs_ok);

	/* r3 and cr0 after the sc are the frame's, as the handler left them. */
	set_siginfo_handler(SIGUSR1, ppc_result_handler, 0);
	__asm__ __volatile__("mr 3, %2\n\t"
			     "li 4, %3\n\t"
			     "li 0, %4\n\t"
			     "sc\n\t"
			     "mr %0, 3\n\t"
			     "mfcr %1"
			     : "=&r"(r3), "=&r"(cr)
			     : "r"(tid), "i"(SIGUSR1), "i"(SYS_tkill)
			     : PPC_SC_CLOBBERS);
	check("powerpc: r3 and cr0 after rt_sigreturn are the frame's",
	      r3 == (unsigned long)-2 && (cr & PPC_CR0) == PPC_CR0_LT_SO);

	/* f14 at a tkill(): the handler reads it from fp_regs and replaces it. */
	set_siginfo_handler(SIGUSR1, ppc_fp_handler, 0);
	__asm__ __volatile__("lfd 14, %1\n\t"
			     "mr 3, %2\n\t"
			     "li 4, %3\n\t"
			     "li 0, %4\n\t"
			     "sc\n\t"
			     "stfd 14, %0"
			     : "=m"(f14_out)
			     : "m"(f14_in), "r"(tid), "i"(SIGUSR1), "i"(SYS_tkill)
			     : PPC_SC_CLOBBERS, "fr14");
	check("powerpc: the handler sees f14 in fp_regs", ppc_fp_seen);
	check("powerpc: f14 after rt_sigreturn is the frame's", f14_out == PPC_F14_NEW);

	/* A load from address 8: the handler moves the saved pc over it. */
	set_siginfo_handler(SIGSEGV, ppc_fault_handler, 0);
	__asm__ __volatile__("li 9, 8\n"
			     ".globl ppc_load\n"
			     "ppc_load:\n\t"
			     "ld 10, 0(9)"
			     :
			     :
			     : "r9", "r10", "memory");
	set_handler(SIGSEGV, SIG_DFL, 0, NULL);
	check("powerpc: a page fault's handler sees si_addr 8 and the pc at the load, and skips it",
	      ppc_fault_ok);
}
