// SPDX-License-Identifier: MIT
/*
 * x86_64's SROP cases (user/sroptest.c): forged frames for rt_sigreturn, and
 * what Linux does with each (arch/x86/kernel/signal_64.c, restore_sigcontext()
 * there). cs and ss get RPL 3 forced; a cs other than the 64-bit user code
 * segment, or a bad ss with UC_STRICT_RESTORE_SS, fails the iretq: SIGSEGV.
 * Without UC_STRICT_RESTORE_SS a bad ss becomes the user data segment. RFLAGS
 * takes only the arithmetic, direction, trace, AC and RF bits from the frame:
 * IOPL, IF, NT and VM stay as they were. A kernel rip faults (at once, or at
 * the first fetch in user mode): SIGSEGV. An MXCSR with reserved bits makes
 * the x87/SSE restore fail: SIGSEGV.
 */
#include "lib/ulib.h"
#include "lib/srop.h"
#include <asm/ucontext.h>

#define KERNEL_CS 0x08 /* trapdoor's GDT: kernel code, then kernel data */
#define KERNEL_DS 0x10

/* RFLAGS bits (SDM Vol. 1 §3.4.3). */
#define X86_EFLAGS_CF	 (1UL << 0)
#define X86_EFLAGS_FIXED (1UL << 1)
#define X86_EFLAGS_IF	 (1UL << 9)
#define X86_EFLAGS_IOPL	 (3UL << 12)
#define X86_EFLAGS_NT	 (1UL << 14)
#define X86_EFLAGS_VM	 (1UL << 17)

/* The frame rt_sigreturn reads: the ucontext at the stack pointer it is called with. */
struct forged_frame {
	struct ucontext uc;
	siginfo_t info;
	struct _fpstate_64 fp __attribute__((aligned(64)));
};

static unsigned short user_cs, user_ss;
/* The stack the landing functions run on (a frame that gets through). */
static unsigned long landing_stack[512] __attribute__((aligned(16)));

static unsigned short read_cs(void)
{
	unsigned short v;

	__asm__ __volatile__("movw %%cs, %0" : "=r"(v));
	return v;
}

static unsigned short read_ss(void)
{
	unsigned short v;

	__asm__ __volatile__("movw %%ss, %0" : "=r"(v));
	return v;
}

/* A frame that returns to landing in user mode, as a handler's own would. */
static void frame_init(struct forged_frame *f, void (*landing)(void))
{
	memset(f, 0, sizeof(*f));
	user_cs = read_cs();
	user_ss = read_ss();
	f->uc.uc_flags = UC_SIGCONTEXT_SS | UC_STRICT_RESTORE_SS;
	f->uc.uc_stack.ss_flags = SS_DISABLE;
	f->uc.uc_mcontext.cs = user_cs;
	f->uc.uc_mcontext.ss = user_ss;
	f->uc.uc_mcontext.eflags = X86_EFLAGS_IF | X86_EFLAGS_FIXED;
	f->uc.uc_mcontext.rip = (unsigned long)landing;
	/* As at a function's entry: the return address slot, 16-byte aligned below it. */
	f->uc.uc_mcontext.rsp = (unsigned long)&landing_stack[510];
	f->fp.cwd = 0x037f;
	f->fp.mxcsr = 0x1f80;
	f->uc.uc_mcontext.fpstate = &f->fp;
}

static __noreturn void sigreturn_with(struct forged_frame *f)
{
	__asm__ __volatile__("movq %0, %%rsp\n\t"
			     "movl $15, %%eax\n\t" /* rt_sigreturn */
			     "syscall\n\t"
			     "ud2"
			     :
			     : "r"(&f->uc)
			     : "memory");
	for (;;)
		;
}

/* Landing: the frame got through as it was. */
static __noreturn void landed(void)
{
	exit(read_cs() == user_cs && read_ss() == user_ss ? 0 : 1);
}

/* Landing: the privileged RFLAGS bits the frame asked for were dropped. */
static __noreturn void landed_check_eflags(void)
{
	unsigned long fl;

	__asm__ __volatile__("pushfq\n\tpopq %0" : "=r"(fl));
	exit((fl & X86_EFLAGS_IOPL) == 0 && (fl & X86_EFLAGS_IF) && !(fl & X86_EFLAGS_NT) &&
		     !(fl & X86_EFLAGS_VM) ?
		 0 :
		 1);
}

static void valid_frame(void)
{
	struct forged_frame f;

	frame_init(&f, landed);
	sigreturn_with(&f);
}

static void kernel_cs(void)
{
	struct forged_frame f;

	frame_init(&f, landed);
	f.uc.uc_mcontext.cs = KERNEL_CS;
	sigreturn_with(&f);
}

/* cs with RPL 0: RPL 3 is forced, so it is the user's code segment again. */
static void user_cs_rpl0(void)
{
	struct forged_frame f;

	frame_init(&f, landed);
	f.uc.uc_mcontext.cs = user_cs & ~3;
	sigreturn_with(&f);
}

static void kernel_ss_strict(void)
{
	struct forged_frame f;

	frame_init(&f, landed);
	f.uc.uc_mcontext.ss = KERNEL_DS;
	sigreturn_with(&f);
}

/* Without UC_STRICT_RESTORE_SS a bad ss is fixed up to the user's: landed() checks. */
static void kernel_ss_fixed_up(void)
{
	struct forged_frame f;

	frame_init(&f, landed);
	f.uc.uc_flags = UC_SIGCONTEXT_SS;
	f.uc.uc_mcontext.ss = KERNEL_DS;
	sigreturn_with(&f);
}

static void eflags_privileged(void)
{
	struct forged_frame f;

	frame_init(&f, landed_check_eflags);
	/* IOPL 3, NT, VM and IF clear: all dropped (CF, which a frame may set, goes through). */
	f.uc.uc_mcontext.eflags =
	    X86_EFLAGS_IOPL | X86_EFLAGS_NT | X86_EFLAGS_VM | X86_EFLAGS_CF | X86_EFLAGS_FIXED;
	sigreturn_with(&f);
}

static void kernel_rip(void)
{
	struct forged_frame f;

	frame_init(&f, landed);
	f.uc.uc_mcontext.rip = 0xffffffff80000000UL;
	sigreturn_with(&f);
}

static void noncanonical_rip(void)
{
	struct forged_frame f;

	frame_init(&f, landed);
	f.uc.uc_mcontext.rip = 0x0000800000000000UL;
	sigreturn_with(&f);
}

static void mxcsr_reserved(void)
{
	struct forged_frame f;

	frame_init(&f, landed);
	f.fp.mxcsr = 0xffff1f80; /* bits 16-31 are reserved */
	sigreturn_with(&f);
}

const struct srop_case srop_cases[] = {
	{ "x86_64.valid_frame_returns", valid_frame, 0 },
	{ "x86_64.kernel_cs", kernel_cs, SIGSEGV },
	{ "x86_64.cs_rpl0_gets_rpl3", user_cs_rpl0, 0 },
	{ "x86_64.kernel_ss_strict", kernel_ss_strict, SIGSEGV },
	{ "x86_64.kernel_ss_fixed_up", kernel_ss_fixed_up, 0 },
	{ "x86_64.eflags_iopl_nt_vm_if_dropped", eflags_privileged, 0 },
	{ "x86_64.kernel_rip", kernel_rip, SIGSEGV },
	{ "x86_64.noncanonical_rip", noncanonical_rip, SIGSEGV },
	{ "x86_64.mxcsr_reserved_bits", mxcsr_reserved, SIGSEGV },
};

const unsigned int nr_srop_cases = ARRAY_SIZE(srop_cases);
