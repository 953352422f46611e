// SPDX-License-Identifier: MIT
/*
 * Signal frames on loongarch64, as Linux lays them out (arch/loongarch/kernel/signal.c): the
 * frame a handler runs on, and rt_sigreturn, which takes the state back from it. The delivery
 * itself (which signal, the mask, syscall restarts) is common code (kernel/signal.c,
 * include/trapdoor/signal.h, docs/signals.md).
 *
 * The frame, below the interrupted sp (or at the top of the alternate stack) rounded down to
 * 16 bytes, from the lowest address up:
 *
 *	sp ->	siginfo_t info		128 bytes: the handler's second argument
 *		struct ucontext uc	448 bytes: its third (asm/ucontext.h); it ends with
 *					uc_mcontext.sc_extcontext, where the records begin:
 *		FPU record		16-byte header (FPU_CTX_MAGIC, 288), f0-f31, fcc, fcsr
 *		end record		16-byte header (0, 0)
 *
 * Linux writes the FPU record only for a task that has used the FPU (SC_USED_FP); here every
 * task has it on from its start (processor.h), so every frame has the record and the flag.
 * The handler returns with ra = __kernel_rt_sigreturn on the signal page (entry.S), which calls
 * rt_sigreturn with sp where it was at the handler's entry, at the frame.
 *
 * What rt_sigreturn takes from the frame is what a user program can set itself: the pc, r1-r31
 * and the FPU record. Never PRMD (the privilege level and interrupt enable ertn returns to),
 * CRMD or EUEN: the frame has no slot for them. A pc in a kernel window is taken as it is:
 * ertn still returns to PLV3, where the fetch is an address error, SIGSEGV (docs/signals.md,
 * "SROP: what rt_sigreturn checks").
 */
#include <trapdoor/signal.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <asm/processor.h>
#include <asm/ucontext.h>
#include <uapi/errno.h>

#include "../../kernel/syscalls.h" /* sys_rt_sigreturn() */

#define FCSR_ENABLES	 0x1f /* FCSR0.Enables, bits 4:0 (V Z O U I) */
#define FCSR_CAUSE_SHIFT 24   /* FCSR0.Cause, bits 28:24, in the same order */

struct rt_sigframe {
	siginfo_t info;
	struct ucontext uc;
	/* uc.uc_mcontext.sc_extcontext: the context records. */
	struct sctx_info fpu_info;
	struct fpu_context fpu;
	struct sctx_info end;
};

/* Linux's loongarch64 frame with the FPU record: 880 bytes, the records at 576. */
_Static_assert(offsetof(struct rt_sigframe, uc) == 128, "rt_sigframe.uc");
_Static_assert(offsetof(struct rt_sigframe, fpu_info) ==
		   offsetof(struct rt_sigframe, uc) + offsetof(struct ucontext, uc_mcontext) +
		       offsetof(struct sigcontext, sc_extcontext),
	       "rt_sigframe.fpu_info");
_Static_assert(offsetof(struct rt_sigframe, fpu_info) == 576, "records");
_Static_assert(offsetof(struct rt_sigframe, end) == 576 + 288, "end record");
_Static_assert(sizeof(struct rt_sigframe) == 880 && sizeof(struct rt_sigframe) % 16 == 0,
	       "rt_sigframe");
/* thread_struct keeps fcc as eight bytes, the record as one u64 of the same eight bytes. */
_Static_assert(sizeof(((struct thread_struct *)0)->fcc) == sizeof(u64), "fcc");

/* uc_flags and uc_link, both 0; then the headers of the two records. */
struct uc_head {
	unsigned long uc_flags;
	struct ucontext *uc_link;
};
static const struct uc_head uc_head;
static const struct sctx_info fpu_info = {
	.magic = FPU_CTX_MAGIC, .size = sizeof(struct sctx_info) + sizeof(struct fpu_context)
};
static const struct sctx_info end_info;

/*
 * The FPU registers into the record. The CPU's FP registers are the task's own while it is
 * in the kernel (the kernel never uses them): fpu_save() puts them in thread_struct, and from
 * there they go to the frame.
 */
static int save_fpu_context(struct rt_sigframe __user *frame)
{
	struct thread_struct *t = &current->thread;
	u64 fcc;

	fpu_save(t);
	memcpy(&fcc, t->fcc, sizeof(fcc));
	if (copy_to_user(&frame->fpu_info, &fpu_info, sizeof(fpu_info)) ||
	    copy_to_user(frame->fpu.regs, t->fpr, sizeof(frame->fpu.regs)) ||
	    copy_to_user(&frame->fpu.fcc, &fcc, sizeof(fcc)) ||
	    copy_to_user(&frame->fpu.fcsr, &t->fcsr, sizeof(t->fcsr)))
		return -EFAULT;
	return 0;
}

int arch_setup_rt_frame(struct ksignal *ksig, sigset_t oldset, struct pt_regs *regs)
{
	unsigned long sp = (sigsp(regs->regs[3], ksig) & ~15UL) - sizeof(struct rt_sigframe);
	struct rt_sigframe __user *frame = (struct rt_sigframe __user *)sp;
	struct sigcontext __user *sc = &frame->uc.uc_mcontext;
	unsigned int flags = SC_USED_FP;
	static const unsigned long zero;

	if (copy_to_user(&frame->info, &ksig->info, sizeof(frame->info)) ||
	    copy_to_user(&frame->uc, &uc_head, sizeof(uc_head)) ||
	    __save_altstack(&frame->uc.uc_stack, regs->regs[3]) ||
	    copy_to_user(&sc->sc_pc, &regs->csr_era, sizeof(sc->sc_pc)) ||
	    copy_to_user(&sc->sc_regs[0], &zero, sizeof(zero)) ||
	    copy_to_user(&sc->sc_regs[1], &regs->regs[1], 31 * sizeof(sc->sc_regs[0])) ||
	    copy_to_user(&sc->sc_flags, &flags, sizeof(flags)) || save_fpu_context(frame) ||
	    copy_to_user(&frame->end, &end_info, sizeof(end_info)) ||
	    copy_to_user(&frame->uc.uc_sigmask, &oldset, sizeof(oldset)))
		return -EFAULT;

	/* handler(sig, &frame->info, &frame->uc), returning to the trampoline. */
	regs->regs[REG_A0] = (unsigned long)ksig->sig;
	regs->regs[REG_A0 + 1] = (unsigned long)&frame->info;
	regs->regs[REG_A0 + 2] = (unsigned long)&frame->uc;
	regs->regs[3] = sp;
	regs->regs[1] = sigpage_user_addr(__kernel_rt_sigreturn);
	regs->csr_era = (unsigned long)ksig->ka.sa_handler;
	return 0;
}

/*
 * The records after the sigcontext, as Linux walks them: each header's size leads to the next;
 * magic 0 ends the list. An FPU record is only taken whole (its size at least the header's and
 * struct fpu_context's); any other magic is a bad frame. *fpu: the FPU record, or NULL.
 */
static int parse_extcontext(struct sigcontext __user *sc, struct sctx_info __user **fpu)
{
	struct sctx_info __user *info = (struct sctx_info __user *)sc->sc_extcontext;
	struct sctx_info head;

	*fpu = NULL;
	for (;;) {
		if (copy_from_user(&head, info, 2 * sizeof(u32)))
			return -EFAULT;
		if (head.magic == 0)
			return 0;
		if (head.magic != FPU_CTX_MAGIC ||
		    head.size < sizeof(struct sctx_info) + sizeof(struct fpu_context))
			return -EINVAL;
		*fpu = info;
		info = (struct sctx_info __user *)((char __user *)info + head.size);
	}
}

/*
 * The FPU record into thread_struct and the CPU. An FCSR0 whose Cause has a bit its Enables
 * also has would raise an FP exception at the next FP instruction: as Linux, the cause goes
 * (in the frame too) and the task gets a SIGFPE instead. 0, SIGFPE, or -EFAULT.
 */
static int restore_fpu_context(struct fpu_context __user *ctx)
{
	struct thread_struct *t = &current->thread;
	u32 fcsr, pending;
	int sig = 0;

	if (copy_from_user(&fcsr, &ctx->fcsr, sizeof(fcsr)))
		return -EFAULT;
	pending = fcsr & ((fcsr & FCSR_ENABLES) << FCSR_CAUSE_SHIFT);
	if (pending) {
		fcsr &= ~pending;
		if (copy_to_user(&ctx->fcsr, &fcsr, sizeof(fcsr)))
			return -EFAULT;
		sig = SIGFPE;
	}
	if (copy_from_user(t->fpr, ctx->regs, sizeof(t->fpr)) ||
	    copy_from_user(t->fcc, &ctx->fcc, sizeof(t->fcc)))
		return -EFAULT;
	t->fcsr = fcsr;
	fpu_restore(t);
	return sig;
}

/*
 * rt_sigreturn(): the frame is at sp, where the handler's return left it. The mask, pc and
 * r1-r31, the FPU record and the alternate stack come back from it; PRMD stays as this
 * syscall's entry saved it (PLV3, interrupts on). The result is the restored a0, so that
 * do_syscall() writing it back changes nothing. A frame that cannot be read, or whose records
 * are not an FPU record and the end, kills the task with SIGSEGV; an FCSR0 with an enabled
 * cause, with SIGFPE.
 */
SYSCALL_DEFINE0(rt_sigreturn)
{
	struct pt_regs *regs = task_pt_regs(current);
	struct rt_sigframe __user *frame = (struct rt_sigframe __user *)regs->regs[3];
	struct sigcontext __user *sc = &frame->uc.uc_mcontext;
	struct sctx_info __user *fpu;
	sigset_t set;
	int sig = 0;

	if (copy_from_user(&set, &frame->uc.uc_sigmask, sizeof(set)))
		goto badframe;
	set_current_blocked(&set);
	if (parse_extcontext(sc, &fpu) ||
	    copy_from_user(&regs->csr_era, &sc->sc_pc, sizeof(regs->csr_era)) ||
	    copy_from_user(&regs->regs[1], &sc->sc_regs[1], 31 * sizeof(regs->regs[0])))
		goto badframe;
	if (fpu) {
		sig = restore_fpu_context((struct fpu_context __user *)(fpu + 1));
		if (sig < 0)
			goto badframe;
	}
	if (restore_altstack(&frame->uc.uc_stack))
		goto badframe;
	if (sig)
		send_signal(current, sig);
	return (long)regs->regs[REG_A0];

badframe:
	current->killed = SIGSEGV;
	return (long)regs->regs[REG_A0];
}
