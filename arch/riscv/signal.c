// SPDX-License-Identifier: MIT
/*
 * Signal frames on riscv64, as Linux lays them out (arch/riscv/kernel/signal.c): the frame a
 * handler runs on, and rt_sigreturn, which takes the state back from it. The delivery itself
 * (which signal, the mask, syscall restarts) is common code (kernel/signal.c,
 * include/trapdoor/signal.h, docs/signals.md).
 *
 * The frame, below the interrupted sp (or at the top of the alternate stack), 16-byte aligned:
 *
 *	sp ->	siginfo_t info		128 bytes: the handler's second argument
 *		struct ucontext uc	960 bytes: its third (asm/ucontext.h)
 *
 * uc.uc_mcontext holds pc and x1-x31 in pt_regs' order, then f0-f31 and fcsr. The handler
 * returns with ra = __kernel_rt_sigreturn on the signal page (entry.S), which calls
 * rt_sigreturn with sp where it was at the handler's entry, at the frame.
 *
 * What rt_sigreturn takes from the frame is what a user program can set itself: the pc, x1-x31
 * and the F/D registers. Never sstatus: user_regs_struct has no slot for it, so a forged frame
 * cannot set SPP (the mode sret returns to), SUM, SIE, FS or anything else in it. A pc in the
 * kernel's half is taken as it is: sret still returns to U-mode, where fetching from there is
 * an instruction page fault, SIGSEGV (docs/signals.md, "SROP: what rt_sigreturn checks").
 */
#include <trapdoor/signal.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <asm/csr.h>
#include <asm/processor.h>
#include <asm/setup.h>
#include <asm/ucontext.h>
#include <uapi/errno.h>

#include "../../kernel/syscalls.h" /* sys_rt_sigreturn() */

struct rt_sigframe {
	siginfo_t info;
	struct ucontext uc;
};

/* Linux's riscv64 frame: 1088 bytes, the ucontext at 128. */
_Static_assert(offsetof(struct rt_sigframe, uc) == 128, "rt_sigframe.uc");
_Static_assert(sizeof(struct rt_sigframe) == 1088, "rt_sigframe");
/* pc and x1-x31 are the first 32 slots of pt_regs: the frame's copy is one block of them. */
_Static_assert(offsetof(struct pt_regs, epc) == offsetof(struct user_regs_struct, pc), "pc");
_Static_assert(offsetof(struct pt_regs, t6) == offsetof(struct user_regs_struct, t6), "t6");
_Static_assert(offsetof(struct pt_regs, status) == sizeof(struct user_regs_struct), "status");

/* uc_flags and uc_link, both 0: written together. */
struct uc_head {
	unsigned long uc_flags;
	struct ucontext *uc_link;
};
_Static_assert(offsetof(struct ucontext, uc_stack) == sizeof(struct uc_head), "uc_head");

/*
 * The F/D registers into the frame. While the task is in the kernel the hart's F/D registers
 * are still its own (the kernel never uses them): they go to thread.fstate first, which marks
 * the copy up to date (FS Clean), then from there to the frame. The three words after fcsr
 * in the Q-sized union are the extension header: zero, no more state.
 */
static int save_fp_state(struct pt_regs *regs, union __riscv_fp_state __user *fp)
{
	static const unsigned int end[3];
	struct __riscv_d_ext_state *fstate = &current->thread.fstate;

	if (riscv_has_fpu()) {
		__fstate_save(fstate);
		if ((regs->status & SR_FS) == SR_FS_DIRTY)
			regs->status = (regs->status & ~(unsigned long)SR_FS) | SR_FS_CLEAN;
		if (copy_to_user(&fp->d, fstate, sizeof(*fstate)))
			return -EFAULT;
	}
	return copy_to_user(&fp->q.reserved, end, sizeof(end)) ? -EFAULT : 0;
}

/*
 * The F/D registers from the frame, into thread.fstate and the hart, which then agree (FS
 * Clean). A nonzero extension header would describe state this kernel has none of (vector
 * registers): a bad frame, as Linux has it. copy_from_user() copies nothing on a fault, so
 * a bad frame never leaves thread.fstate half written.
 */
static int restore_fp_state(struct pt_regs *regs, union __riscv_fp_state __user *fp)
{
	unsigned int end[3];
	struct __riscv_d_ext_state *fstate = &current->thread.fstate;

	if (copy_from_user(end, &fp->q.reserved, sizeof(end)) || end[0] || end[1] || end[2])
		return -EINVAL;
	if (riscv_has_fpu()) {
		if (copy_from_user(fstate, &fp->d, sizeof(*fstate)))
			return -EFAULT;
		__fstate_restore(fstate);
		regs->status = (regs->status & ~(unsigned long)SR_FS) | SR_FS_CLEAN;
	}
	return 0;
}

int arch_setup_rt_frame(struct ksignal *ksig, sigset_t oldset, struct pt_regs *regs)
{
	unsigned long sp = (sigsp(regs->sp, ksig) - sizeof(struct rt_sigframe)) & ~15UL;
	struct rt_sigframe __user *frame = (struct rt_sigframe __user *)sp;
	struct sigcontext __user *sc = &frame->uc.uc_mcontext;
	static const struct uc_head head;

	if (copy_to_user(&frame->info, &ksig->info, sizeof(frame->info)) ||
	    copy_to_user(&frame->uc, &head, sizeof(head)) ||
	    __save_altstack(&frame->uc.uc_stack, regs->sp) ||
	    copy_to_user(&sc->sc_regs, regs, sizeof(sc->sc_regs)) ||
	    save_fp_state(regs, &sc->sc_fpregs) ||
	    copy_to_user(&frame->uc.uc_sigmask, &oldset, sizeof(oldset)))
		return -EFAULT;

	/* handler(sig, &frame->info, &frame->uc), returning to the trampoline. */
	regs->epc = (unsigned long)ksig->ka.sa_handler;
	regs->ra = sigpage_user_addr(__kernel_rt_sigreturn);
	regs->sp = sp;
	regs->a0 = (unsigned long)ksig->sig;
	regs->a1 = (unsigned long)&frame->info;
	regs->a2 = (unsigned long)&frame->uc;
	return 0;
}

/*
 * rt_sigreturn(): the frame is at sp, where the handler's return left it. The mask, pc and
 * x1-x31, the F/D state and the alternate stack come back from it; sstatus stays as this
 * syscall's entry saved it (U-mode). The result is the restored a0, so that do_syscall()
 * writing it back changes nothing. A frame that cannot be read, or whose extension header is
 * not empty, kills the task with SIGSEGV.
 */
SYSCALL_DEFINE0(rt_sigreturn)
{
	struct pt_regs *regs = task_pt_regs(current);
	struct rt_sigframe __user *frame = (struct rt_sigframe __user *)regs->sp;
	struct sigcontext __user *sc = &frame->uc.uc_mcontext;
	sigset_t set;

	if (copy_from_user(&set, &frame->uc.uc_sigmask, sizeof(set)))
		goto badframe;
	set_current_blocked(&set);
	if (copy_from_user(regs, &sc->sc_regs, sizeof(sc->sc_regs)) ||
	    restore_fp_state(regs, &sc->sc_fpregs) || restore_altstack(&frame->uc.uc_stack))
		goto badframe;
	return (long)regs->a0;

badframe:
	current->killed = SIGSEGV;
	return (long)regs->a0;
}
