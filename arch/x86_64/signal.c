// SPDX-License-Identifier: MIT
/*
 * Signal frames on x86_64, Linux's (arch/x86/kernel/signal_64.c): the
 * rt_sigframe a handler runs on, and rt_sigreturn, which takes it back.
 *
 *	  sp before ─┬─ the interrupted stack (its 128-byte red zone skipped)
 *	             │  x87/SSE state: FXSAVE's 512 bytes, 64-byte aligned
 *	             │  struct rt_sigframe:  info (siginfo)
 *	             │                       uc (ucontext: mcontext, uc_sigmask)
 *	  sp handler ┴─                      pretcode (sa_restorer)
 *
 * The handler is entered as if called: rsp at pretcode, the return address,
 * with rsp + 8 16-byte aligned, as the ABI has it at a function's entry. x86_64
 * has no trampoline of its own: libc's sa_restorer calls rt_sigreturn, and an
 * action without SA_RESTORER gets no frame (SIGSEGV), as Linux's.
 *
 * The frame is user memory, so rt_sigreturn trusts none of it (SROP): cs and
 * ss must be the user's selectors, RFLAGS takes only the arithmetic and
 * trace bits (never IOPL, IF, NT, VM), rip must be a user address, and MXCSR's
 * reserved bits must be clear (FXRSTOR would fault in the kernel).
 */
#include <trapdoor/arch.h>
#include <trapdoor/signal.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <asm/processor-flags.h>
#include <asm/processor.h>
#include <asm/segment.h>
#include <asm/sigcontext.h>
#include <asm/ucontext.h>
#include <uapi/errno.h>

#include "../../kernel/syscalls.h"

struct rt_sigframe {
	char __user *pretcode; /* the handler's return address: sa_restorer */
	struct ucontext uc;
	siginfo_t info;
};

/* The RFLAGS bits a frame may set (Linux's FIX_EFLAGS): arithmetic, direction, trace, AC, RF. */
#define FIX_EFLAGS                                                                       \
	(X86_EFLAGS_AC | X86_EFLAGS_OF | X86_EFLAGS_DF | X86_EFLAGS_TF | X86_EFLAGS_SF | \
	 X86_EFLAGS_ZF | X86_EFLAGS_AF | X86_EFLAGS_PF | X86_EFLAGS_CF | X86_EFLAGS_RF)

/* A user rip: bits 63:47 clear, so iretq can neither fault in the kernel nor enter it. */
#define USER_RIP_LIMIT (1UL << 47)

/* The MXCSR bits this CPU has, from FXSAVE's own report (0 there: SSE2's 0xffbf). */
static u32 mxcsr_feature_mask(void)
{
	stackleak_track_stack(); /* FXSAVE's 512 bytes: a frame bigger than the search depth */
	static u32 mask;

	if (!mask) {
		struct fxregs_state fx;

		fxsave(&fx);
		mask = fx.mxcsr_mask ? fx.mxcsr_mask : 0xffbf;
	}
	return mask;
}

/* The handler starts with a new program's x87/SSE state, as Linux's. */
static void fpu_reset_for_handler(void)
{
	stackleak_track_stack(); /* FXSAVE's 512 bytes: a frame bigger than the search depth */
	struct fxregs_state fx;

	memset(&fx, 0, sizeof(fx));
	fx.cwd = X87_FCW_DEFAULT;
	fx.mxcsr = MXCSR_DEFAULT;
	fxrstor(&fx);
}

__stackleak_frame_exempt int arch_setup_rt_frame(struct ksignal *ksig, sigset_t oldset,
						 struct pt_regs *regs)
{
	stackleak_track_stack(); /* the frame and the FXSAVE image: far bigger than the depth */
	struct rt_sigframe frame;
	struct fxregs_state fx;
	struct rt_sigframe __user *uframe;
	unsigned long sp, fp;

	/* x86_64 has no trampoline: without a restorer, no frame (Linux's -EFAULT). */
	if (!(ksig->ka.sa_flags & SA_RESTORER))
		return -EFAULT;
	sp = sigsp(regs->rsp - 128, ksig);
	fp = (sp - sizeof(struct fxregs_state)) & ~63UL;
	sp = ((fp - sizeof(frame) + 8) & ~15UL) - 8;
	uframe = (struct rt_sigframe __user *)sp;

	memset(&frame, 0, sizeof(frame));
	frame.pretcode = (char __user *)ksig->ka.sa_restorer;
	frame.uc.uc_flags = UC_SIGCONTEXT_SS | UC_STRICT_RESTORE_SS;
	frame.uc.uc_mcontext = (struct sigcontext){
		.r8 = regs->r8,
		.r9 = regs->r9,
		.r10 = regs->r10,
		.r11 = regs->r11,
		.r12 = regs->r12,
		.r13 = regs->r13,
		.r14 = regs->r14,
		.r15 = regs->r15,
		.rdi = regs->rdi,
		.rsi = regs->rsi,
		.rbp = regs->rbp,
		.rbx = regs->rbx,
		.rdx = regs->rdx,
		.rax = regs->rax,
		.rcx = regs->rcx,
		.rsp = regs->rsp,
		.rip = regs->rip,
		.eflags = regs->rflags,
		.cs = (unsigned short)regs->cs,
		.ss = (unsigned short)regs->ss,
		.err = regs->vector == PT_VECTOR_SYSCALL ? 0 : regs->error_code,
		.trapno = regs->vector == PT_VECTOR_SYSCALL ? 0 : regs->vector,
		.oldmask = oldset,
		.cr2 = regs->cr2,
		.fpstate = (struct _fpstate_64 *)fp,
	};
	frame.uc.uc_sigmask = oldset;
	frame.info = ksig->info;
	fxsave(&fx);
	memset(fx.padding, 0, sizeof(fx.padding)); /* FXSAVE leaves them: no kernel stack bytes */
	if (copy_to_user((void __user *)fp, &fx, sizeof(fx)) < 0 ||
	    copy_to_user(uframe, &frame, sizeof(frame)) < 0 ||
	    __save_altstack(&uframe->uc.uc_stack, regs->rsp) < 0)
		return -EFAULT;

	/* handler(sig, &info, &uc), returning to sa_restorer; rax 0 for a variadic prototype. */
	regs->rdi = (unsigned long)ksig->sig;
	regs->rsi = (unsigned long)&uframe->info;
	regs->rdx = (unsigned long)&uframe->uc;
	regs->rax = 0;
	regs->rip = (unsigned long)ksig->ka.sa_handler;
	regs->rsp = sp;
	regs->cs = __USER_CS;
	regs->ss = __USER_DS;
	regs->rflags &= ~(unsigned long)(X86_EFLAGS_DF | X86_EFLAGS_RF | X86_EFLAGS_TF);
	fpu_reset_for_handler();
	return 0;
}

/*
 * The registers back from sc, checked as Linux's restore_sigcontext() checks
 * them; false for a frame that would leave user mode or fault in the kernel.
 */
static bool restore_sigcontext(struct pt_regs *regs, const struct sigcontext *sc,
			       unsigned long uc_flags)
{
	unsigned long cs = sc->cs | SEGMENT_RPL_USER, ss = sc->ss | SEGMENT_RPL_USER;

	/* Only the one 64-bit user code segment: any other selector faults in iretq. */
	if (cs != __USER_CS)
		return false;
	/* ss: strict, it must be the user's; else fixed up to it, as Linux's force_valid_ss(). */
	if (ss != __USER_DS) {
		if (uc_flags & UC_STRICT_RESTORE_SS)
			return false;
		ss = __USER_DS;
	}
	/* Linux lets any rip through and the task faults on it in user mode: the same signal. */
	if (sc->rip >= USER_RIP_LIMIT)
		return false;
	regs->r8 = sc->r8;
	regs->r9 = sc->r9;
	regs->r10 = sc->r10;
	regs->r11 = sc->r11;
	regs->r12 = sc->r12;
	regs->r13 = sc->r13;
	regs->r14 = sc->r14;
	regs->r15 = sc->r15;
	regs->rdi = sc->rdi;
	regs->rsi = sc->rsi;
	regs->rbp = sc->rbp;
	regs->rbx = sc->rbx;
	regs->rdx = sc->rdx;
	regs->rax = sc->rax;
	regs->rcx = sc->rcx;
	regs->rsp = sc->rsp;
	regs->rip = sc->rip;
	regs->cs = cs;
	regs->ss = ss;
	regs->rflags = (regs->rflags & ~(unsigned long)FIX_EFLAGS) | (sc->eflags & FIX_EFLAGS);
	/* rcx and r11 come back too: leave through iretq, not sysretq, which would lose them. */
	regs->vector = 0;
	regs->error_code = 0;
	regs->orig_rax = (unsigned long)-1; /* no syscall to restart */
	return true;
}

/* The x87/SSE state back from the frame (NULL: a new program's). */
static bool restore_fpstate(const struct _fpstate_64 __user *ufp)
{
	stackleak_track_stack(); /* FXSAVE's 512 bytes: a frame bigger than the search depth */
	struct fxregs_state fx;

	if (!ufp) {
		fpu_reset_for_handler();
		return true;
	}
	if (copy_from_user(&fx, ufp, sizeof(fx)) < 0)
		return false;
	/* A reserved MXCSR bit makes FXRSTOR fault (#GP) in the kernel. */
	if (fx.mxcsr & ~mxcsr_feature_mask())
		return false;
	fxrstor(&fx);
	return true;
}

/*
 * rt_sigreturn: the handler returned to sa_restorer, which popped pretcode
 * and called us with rsp just past it, at the ucontext. Everything comes back
 * from the frame: registers, x87/SSE state, blocked mask and alternate stack.
 * A frame that cannot be read or fails a check kills the task (SIGSEGV).
 */
SYSCALL_DEFINE0(rt_sigreturn)
{
	stackleak_track_stack(); /* the ucontext: bigger than the search depth */
	struct pt_regs *regs = task_pt_regs(current);
	struct rt_sigframe __user *uframe =
	    (struct rt_sigframe __user *)(regs->rsp - sizeof(char __user *));
	struct ucontext uc;

	if (copy_from_user(&uc, &uframe->uc, sizeof(uc)) < 0)
		goto badframe;
	if (!restore_sigcontext(regs, &uc.uc_mcontext, uc.uc_flags))
		goto badframe;
	/* The frame's own pointer: user memory, which the uapi type cannot say. */
	if (!restore_fpstate((__force const struct _fpstate_64 __user *)uc.uc_mcontext.fpstate))
		goto badframe;
	set_current_blocked(&uc.uc_sigmask);
	if (restore_altstack(&uframe->uc.uc_stack) < 0)
		goto badframe;
	return (long)regs->rax;

badframe:
	current->killed = SIGSEGV; /* dies on its way out (Linux's force_sig(SIGSEGV)) */
	return 0;
}
