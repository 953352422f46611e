// SPDX-License-Identifier: MIT
/*
 * Signal frames on s390x, laid out as Linux lays them out
 * (arch/s390/kernel/signal.c), and their two returns.
 *
 * A handler with SA_SIGINFO gets struct rt_sigframe (siginfo and ucontext)
 * and returns through rt_sigreturn (173); one without gets the older struct
 * sigframe (a sigcontext that points at the registers) and returns through
 * sigreturn (119), as on Linux, whose libcs install most handlers so. Both
 * frames start with the 160-byte save area the s390x ABI gives every callee,
 * whose first word, the back chain, is the interrupted r15. r14, the return
 * address, is sa_restorer with SA_RESTORER, else the matching trampoline on
 * the signal page (entry.S).
 *
 * The floating-point registers and the FPC, like the access registers, live
 * in the CPU while the task runs, kernel entries included (asm/processor.h):
 * the frame takes them from the CPU and the return puts them back there.
 *
 * The frame is user memory, so a return may bring a forged one (SROP). Of its
 * PSW mask only the bits user code could change itself are taken: the
 * address-space control (but never the home space), the condition code, the
 * program mask and the addressing mode. Problem state, translation, the
 * interruption masks, the storage key, wait and PER stay the kernel's. A
 * runtime-instrumentation bit, or an FPC that LFPC would refuse, is a bad
 * frame: SIGSEGV (docs/signals.md).
 */
#include <trapdoor/signal.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <asm/ptrace.h>
#include <asm/sigcontext.h>
#include <asm/ucontext.h>
#include <uapi/errno.h>
#include <uapi/unistd.h>

#include "../../kernel/syscalls.h"

/* The trampoline of the frame without SA_SIGINFO, beside __kernel_rt_sigreturn (entry.S). */
extern const char __kernel_sigreturn[];

/* A handler without SA_SIGINFO: handler(sig, &sc). */
struct sigframe {
	u8 callee_used_stack[__SIGNAL_FRAMESIZE];
	struct sigcontext sc;
	_sigregs sregs;
	int signo;
	_sigregs_ext sregs_ext;
	u16 svc_insn; /* unused: the trampoline is on the signal page */
};

/* A handler with SA_SIGINFO: handler(sig, &info, &uc). */
struct rt_sigframe {
	u8 callee_used_stack[__SIGNAL_FRAMESIZE];
	u16 svc_insn; /* unused: the trampoline is on the signal page */
	siginfo_t info;
	struct ucontext_extended uc;
};

/* Linux's offsets: the unwinders of libgcc and gdb find the registers by them. */
_Static_assert(offsetof(struct sigframe, sc) == 160, "sigframe.sc");
_Static_assert(offsetof(struct sigframe, sregs) == 176, "sigframe.sregs");
_Static_assert(offsetof(struct sigframe, signo) == 520, "sigframe.signo");
_Static_assert(offsetof(struct sigframe, sregs_ext) == 528, "sigframe.sregs_ext");
_Static_assert(offsetof(struct rt_sigframe, info) == 168, "rt_sigframe.info");
_Static_assert(offsetof(struct rt_sigframe, uc) == 296, "rt_sigframe.uc");

/*
 * Without the vector facility (CR0 keeps it off) a frame ends before its
 * _sigregs_ext, and uc_flags says so, as on a Linux machine without it.
 */
#define SIGFRAME_SIZE	 (sizeof(struct sigframe) - sizeof(_sigregs_ext))
#define RT_SIGFRAME_SIZE (sizeof(struct rt_sigframe) - sizeof(_sigregs_ext))

/* Frames are 8-byte aligned, as the s390x ABI keeps r15. */
#define SIGFRAME_ALIGN 8UL

/*
 * The FPC bits that must be zero, and the BFP rounding modes (its low three
 * bits) that do not exist: LFPC raises a specification exception for either
 * (PoP 9, "Floating-Point-Control Register"). Mode 7 needs the
 * floating-point-extension facility, which every CPU since z10 has (we build
 * for z196). Linux tries the value with SFPC under an exception-table fixup;
 * the kernel here has none, so it checks the bits.
 */
#define FPC_RESERVED_BITS	 0x03030088U
#define FPC_BFP_RM_MASK		 0x7U
#define FPC_BFP_RM_FIRST_INVALID 4U
#define FPC_BFP_RM_LAST_INVALID	 6U

static bool fpc_valid(unsigned int fpc)
{
	unsigned int rm = fpc & FPC_BFP_RM_MASK;

	return !(fpc & FPC_RESERVED_BITS) &&
	       (rm < FPC_BFP_RM_FIRST_INVALID || rm > FPC_BFP_RM_LAST_INVALID);
}

/* The user's access registers, FPC and FPRs, from the CPU into r. */
static void store_user_extra_regs(_sigregs *r)
{
	__asm__ __volatile__("stam	%%a0,%%a15,%[acrs]\n\t"
			     "stfpc	%[fpc]\n\t"
			     ".irp	n,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n\t"
			     "std	%%f\\n,8*\\n(%[f])\n\t"
			     ".endr"
			     : [acrs] "=Q"(r->regs.acrs), [fpc] "=Q"(r->fpregs.fpc)
			     : [f] "a"(r->fpregs.fprs)
			     : "memory");
}

/* And back into the CPU; the FPC has been checked (fpc_valid()). */
static void load_user_extra_regs(const _sigregs *r)
{
	__asm__ __volatile__(
	    "lam	%%a0,%%a15,%[acrs]\n\t"
	    "lfpc	%[fpc]\n\t"
	    ".irp	n,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n\t"
	    "ld	%%f\\n,8*\\n(%[f])\n\t"
	    ".endr"
	    :
	    : [acrs] "Q"(r->regs.acrs), [fpc] "Q"(r->fpregs.fpc), [f] "a"(r->fpregs.fprs)
	    : "memory");
}

/*
 * The registers into the frame. The PSW mask the handler sees is a user
 * task's with the user-changeable bits as they are: whether PER or anything
 * else of the kernel's is on does not show.
 */
static int save_sigregs(const struct pt_regs *regs, _sigregs __user *sregs)
{
	_sigregs r;

	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	memset(&r, 0, sizeof(r));
	r.regs.psw.mask = PSW_USER_MASK | (regs->psw.mask & (PSW_MASK_USER | PSW_MASK_RI));
	r.regs.psw.addr = regs->psw.addr;
	memcpy(r.regs.gprs, regs->gprs, sizeof(r.regs.gprs));
	store_user_extra_regs(&r);
	return copy_to_user(sregs, &r, sizeof(r)) ? -EFAULT : 0;
}

/*
 * The registers back from a frame, checked as Linux checks them: -EINVAL
 * for a frame no kernel wrote (the caller kills the task), else 0 with
 * regs, the access registers, the FPRs and the FPC restored.
 */
static int restore_sigregs(struct pt_regs *regs, const _sigregs __user *sregs)
{
	_sigregs r;
	unsigned long mask;

	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	if (copy_from_user(&r, sregs, sizeof(r)))
		return -EFAULT;
	/* No task here uses runtime instrumentation. */
	if (r.regs.psw.mask & PSW_MASK_RI)
		return -EINVAL;
	/* LFPC would take a program check in the kernel. */
	if (!fpc_valid(r.fpregs.fpc))
		return -EINVAL;

	mask =
	    (regs->psw.mask & ~(PSW_MASK_USER | PSW_MASK_RI)) | (r.regs.psw.mask & PSW_MASK_USER);
	/* The home space is the kernel's on Linux: a user gets the primary. */
	if ((mask & PSW_MASK_ASC) == PSW_ASC_HOME)
		mask = (mask & ~PSW_MASK_ASC) | PSW_ASC_PRIMARY;
	/* 64-bit addressing without 31-bit is no valid PSW (PoP 4): both bits. */
	if (mask & PSW_MASK_EA)
		mask |= PSW_MASK_BA;
	regs->psw.mask = mask;
	regs->psw.addr = r.regs.psw.addr;
	memcpy(regs->gprs, r.regs.gprs, sizeof(regs->gprs));
	load_user_extra_regs(&r);
	return 0;
}

/*
 * Where a frame of size bytes goes: below sigsp() (the alternate stack if
 * the action asks for it), 8-byte aligned.
 */
static void __user *get_sigframe(const struct ksignal *ksig, const struct pt_regs *regs,
				 size_t size)
{
	unsigned long top = sigsp(user_stack_pointer(regs), ksig);

	if (top < size)
		return NULL; /* would wrap below address 0 */
	return (void __user *)((top - size) & ~(SIGFRAME_ALIGN - 1));
}

/*
 * The registers that enter the handler: the PSW at it in the default
 * addressing mode and the primary space, r14 at the restorer, r15 at the
 * frame (whose save area is the handler's), r2 the signal.
 */
static void enter_handler(const struct ksignal *ksig, struct pt_regs *regs, void __user *frame,
			  const char *trampoline)
{
	regs->gprs[14] = ksig->ka.sa_flags & SA_RESTORER ? (unsigned long)ksig->ka.sa_restorer :
							   sigpage_user_addr(trampoline);
	regs->gprs[15] = (unsigned long)frame;
	regs->psw.mask =
	    (regs->psw.mask & ~PSW_MASK_ASC) | PSW_ASC_PRIMARY | PSW_MASK_EA | PSW_MASK_BA;
	regs->psw.addr = (unsigned long)ksig->ka.sa_handler;
	regs->gprs[2] = (unsigned long)ksig->sig;
}

/* A fault's signal: Linux passes these three in r4-r6 to a non-SA_SIGINFO handler. */
static bool synchronous_signal(int sig)
{
	return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGTRAP || sig == SIGFPE;
}

/* The frame of a handler without SA_SIGINFO: handler(sig, &frame->sc). */
static int setup_frame(struct ksignal *ksig, sigset_t oldset, struct pt_regs *regs)
{
	struct sigframe __user *frame = get_sigframe(ksig, regs, SIGFRAME_SIZE);
	struct sigcontext sc = { .oldmask = { oldset }, .sregs = NULL };
	unsigned long back_chain = user_stack_pointer(regs);
	int signo = (int)regs->gprs[2]; /* Linux stores r2 as interrupted here */

	if (!frame)
		return -EFAULT;
	sc.sregs = (__force _sigregs *)&frame->sregs; /* a user address, in the frame */
	if (copy_to_user(&frame->callee_used_stack, &back_chain, sizeof(back_chain)) ||
	    copy_to_user(&frame->sc, &sc, sizeof(sc)) || save_sigregs(regs, &frame->sregs) ||
	    copy_to_user(&frame->signo, &signo, sizeof(signo)))
		return -EFAULT;

	enter_handler(ksig, regs, frame, __kernel_sigreturn);
	regs->gprs[3] = (unsigned long)&frame->sc;
	if (synchronous_signal(ksig->sig)) {
		regs->gprs[4] = regs->int_code & 127; /* the program-interruption code */
		regs->gprs[5] = regs->int_parm_long;  /* the TEID: the faulting page */
		regs->gprs[6] = regs->last_break;
	}
	return 0;
}

/* The frame of an SA_SIGINFO handler: handler(sig, &frame->info, &frame->uc). */
static int setup_rt_frame(struct ksignal *ksig, sigset_t oldset, struct pt_regs *regs)
{
	struct rt_sigframe __user *frame = get_sigframe(ksig, regs, RT_SIGFRAME_SIZE);
	unsigned long back_chain = user_stack_pointer(regs);
	unsigned long uc_flags = 0; /* no vector registers: no UC_VXRS */
	struct ucontext *uc_link = NULL;

	if (!frame)
		return -EFAULT;
	if (copy_to_user(&frame->callee_used_stack, &back_chain, sizeof(back_chain)) ||
	    copy_to_user(&frame->info, &ksig->info, sizeof(frame->info)) ||
	    copy_to_user(&frame->uc.uc_flags, &uc_flags, sizeof(uc_flags)) ||
	    copy_to_user(&frame->uc.uc_link, &uc_link, sizeof(uc_link)) ||
	    __save_altstack(&frame->uc.uc_stack, user_stack_pointer(regs)) ||
	    save_sigregs(regs, &frame->uc.uc_mcontext) ||
	    copy_to_user(&frame->uc.uc_sigmask, &oldset, sizeof(oldset)))
		return -EFAULT;

	enter_handler(ksig, regs, frame, __kernel_rt_sigreturn);
	regs->gprs[3] = (unsigned long)&frame->info;
	regs->gprs[4] = (unsigned long)&frame->uc;
	regs->gprs[5] = regs->last_break;
	return 0;
}

int arch_setup_rt_frame(struct ksignal *ksig, sigset_t oldset, struct pt_regs *regs)
{
	if (ksig->ka.sa_flags & SA_SIGINFO)
		return setup_rt_frame(ksig, oldset, regs);
	return setup_frame(ksig, oldset, regs);
}

/* A frame that cannot be read or is not one the kernel wrote: SIGSEGV, as Linux's force_sig(). */
static long bad_frame(void)
{
	current->killed = SIGSEGV;
	return 0;
}

/*
 * The returns read the frame at r15, where the handler's return left it.
 * They return r2 as restored, which do_syscall() then stores in r2 again:
 * every register is the frame's.
 */
SYSCALL_DEFINE0(sigreturn)
{
	struct pt_regs *regs = task_pt_regs(current);
	struct sigframe __user *frame = (struct sigframe __user *)user_stack_pointer(regs);
	sigset_t set;

	/* No restart rule applies to the registers it restores (rt_sigreturn: restore_altstack()). */
	current->sigreturned = 1;
	if (copy_from_user(&set, &frame->sc.oldmask, _SIGMASK_COPY_SIZE))
		return bad_frame();
	set_current_blocked(&set);
	if (restore_sigregs(regs, &frame->sregs))
		return bad_frame();
	return (long)regs->gprs[2];
}

SYSCALL_DEFINE0(rt_sigreturn)
{
	struct pt_regs *regs = task_pt_regs(current);
	struct rt_sigframe __user *frame = (struct rt_sigframe __user *)user_stack_pointer(regs);
	sigset_t set;

	if (copy_from_user(&set, &frame->uc.uc_sigmask, sizeof(set)))
		return bad_frame();
	set_current_blocked(&set);
	if (restore_altstack(&frame->uc.uc_stack))
		return bad_frame();
	if (restore_sigregs(regs, &frame->uc.uc_mcontext))
		return bad_frame();
	return (long)regs->gprs[2];
}
