// SPDX-License-Identifier: MIT
/*
 * Signal frames on powerpc64, laid out and checked as Linux's 64-bit ones
 * (docs/signals.md): arch_setup_rt_frame() writes the frame and enters the
 * handler, rt_sigreturn reads it back.
 *
 * The user stack as a handler starts (addresses grow upwards):
 *
 *   old r1 ->     ┬ the interrupted code's stack
 *                 │ abigap      512 bytes left alone: the interrupted code's
 *                 │             protected zone (288 bytes in the ELF ABIs;
 *                 │             Linux keeps 512)
 *                 │ info        siginfo_t
 *                 │ pinfo, puc  &info and &uc
 *                 │ tramp       unused (the trampoline is on the signal page)
 *   frame ->      ┼ uc          struct ucontext (asm/ucontext.h): the mask,
 *                 │             the alternate stack, uc_mcontext with every
 *                 │             register and the FP state
 *                 │ 128 bytes   a caller's frame for the handler: its back
 *   r1 ->         ┴             chain is old r1, its LR save slot is free
 *
 * The handler is entered through the signal page: pc = its bctrl, with ctr =
 * the handler, so it returns (blr) to the next instruction, which pops the
 * 128 bytes and calls rt_sigreturn with r1 = the ucontext. Linux enters
 * through its vDSO the same way, and ignores sa_restorer on this arch.
 */
#include <trapdoor/mm.h>
#include <trapdoor/signal.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <asm/elf.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/reg.h>
#include <asm/ucontext.h>
#include <uapi/errno.h>

#include "../../kernel/syscalls.h" /* sys_rt_sigreturn() */

#define SIGNAL_FRAMESIZE  128 /* the handler's caller frame (Linux's __SIGNAL_FRAMESIZE) */
#define USER_REDZONE_SIZE 512 /* left alone below the interrupted r1 */
#define TRAMP_SIZE	  7

struct rt_sigframe {
	struct ucontext uc; /* first: rt_sigreturn finds it at r1 */
	unsigned long _unused[2];
	unsigned int tramp[TRAMP_SIZE];
	siginfo_t *pinfo;
	void *puc;
	siginfo_t info;
	char abigap[USER_REDZONE_SIZE];
} __attribute__((aligned(16)));

_Static_assert(sizeof(struct rt_sigframe) % 16 == 0, "r1 stays 16-byte aligned");

/* entry.S, the signal page: bctrl, then rt_sigreturn (__kernel_rt_sigreturn). */
extern const char __kernel_start_sigtramp_rt64[];

/* entry.S: leave rt_sigreturn as an interrupt leaves, with pt_regs as they are. */
__noreturn void ret_from_rt_sigreturn(void);

/*
 * gp_regs, the frame's first 48 doublewords of machine state: struct
 * user_pt_regs by name, then 4 that Linux fills with kernel bookkeeping and
 * trapdoor with 0.
 */
union frame_gp_regs {
	elf_gregset_t words;
	struct user_pt_regs r;
};

/* Everything of sc but the FP state and the padding, from regs. */
static int setup_sigcontext(struct sigcontext __user *sc, const struct pt_regs *regs,
			    const struct ksignal *ksig)
{
	struct {
		int signal;
		int _pad0;
		unsigned long handler;
		unsigned long oldmask;
		struct user_pt_regs *regs;
	} head = {
		.signal = ksig->sig,
		.handler = (unsigned long)ksig->ka.sa_handler,
		.regs = (__force struct user_pt_regs *)&sc->gp_regs, /* a user address */
	};
	union frame_gp_regs gp = { 0 };
	elf_vrreg_t *v_regs = NULL;

	stackleak_track_stack(); /* gp: a frame bigger than the stackleak search depth */
	_Static_assert(sizeof(head) == __builtin_offsetof(struct sigcontext, gp_regs) -
					   __builtin_offsetof(struct sigcontext, signal),
		       "head: signal .. regs");
	memcpy(gp.r.gpr, regs->gpr, sizeof(gp.r.gpr));
	gp.r.nip = regs->nip;
	/* MSR_VEC and MSR_VSX clear: v_regs holds no vector state. */
	gp.r.msr = regs->msr & ~(MSR_VEC | MSR_VSX);
	gp.r.orig_gpr3 = regs->orig_gpr3;
	gp.r.ctr = regs->ctr;
	gp.r.link = regs->link;
	gp.r.xer = regs->xer;
	gp.r.ccr = regs->ccr;
	gp.r.softe = 1; /* "interrupts enabled", always, as Linux shows it */
	gp.r.trap = regs->trap;
	gp.r.dar = regs->dar;
	gp.r.dsisr = regs->dsisr;
	if (copy_to_user(&sc->signal, &head, sizeof(head)) ||
	    copy_to_user(&sc->gp_regs, &gp, sizeof(gp)) ||
	    copy_to_user(&sc->v_regs, &v_regs, sizeof(v_regs)))
		return -EFAULT;
	return 0;
}

/*
 * The handler's entry, from its sigaction: ELFv2 (trapdoor's own programs)
 * enters the code itself with r12 = its address; ELFv1 (Debian's) gives a
 * function descriptor, whose entry and TOC pointer (r2) it starts with.
 */
static int set_handler_entry(struct pt_regs *regs, unsigned long handler)
{
	struct func_desc desc;

	if (!current->mm->arch.elfv1) {
		regs->ctr = handler;
		regs->gpr[12] = handler;
		return 0;
	}
	if (copy_from_user(&desc, (const void __user *)handler,
			   __builtin_offsetof(struct func_desc, env)))
		return -EFAULT;
	regs->ctr = desc.entry;
	regs->gpr[2] = desc.toc;
	return 0;
}

int arch_setup_rt_frame(struct ksignal *ksig, sigset_t oldset, struct pt_regs *regs)
{
	struct rt_sigframe __user *frame;
	struct thread_fp_state fp;
	unsigned long newsp, uc_head[2] = { 0, 0 }; /* uc_flags, uc_link */
	void *ptrs[2];

	stackleak_track_stack(); /* fp: a frame bigger than the stackleak search depth */
	frame = (void __user *)((sigsp(regs->gpr[1], ksig) - sizeof(*frame)) & ~0xfUL);
	newsp = user_addr(frame) - SIGNAL_FRAMESIZE;
	ptrs[0] = (__force void *)&frame->info;
	ptrs[1] = (__force void *)&frame->uc;
	/* The FP registers are still the interrupted code's: the kernel never uses them. */
	save_fp_state(&fp);
	if (copy_to_user(&frame->pinfo, ptrs, sizeof(ptrs)) ||
	    copy_to_user(&frame->info, &ksig->info, sizeof(ksig->info)) ||
	    copy_to_user(&frame->uc, uc_head, sizeof(uc_head)) ||
	    __save_altstack(&frame->uc.uc_stack, regs->gpr[1]) ||
	    copy_to_user(&frame->uc.uc_sigmask, &oldset, sizeof(oldset)) ||
	    setup_sigcontext(&frame->uc.uc_mcontext, regs, ksig) ||
	    copy_to_user(&frame->uc.uc_mcontext.fp_regs, &fp, sizeof(fp)) ||
	    copy_to_user((void __user *)newsp, &regs->gpr[1], sizeof(regs->gpr[1])) ||
	    set_handler_entry(regs, (unsigned long)ksig->ka.sa_handler))
		return -EFAULT;

	/* The handler starts with no FP exception pending or enabled, as on Linux. */
	fp.fpscr = 0;
	load_fp_state(&fp);
	regs->nip = sigpage_user_addr(__kernel_start_sigtramp_rt64);
	regs->msr &= ~MSR_LE; /* the handler runs big-endian, as the kernel */
	regs->gpr[1] = newsp;
	regs->gpr[3] = (unsigned long)ksig->sig;
	if (ksig->ka.sa_flags & SA_SIGINFO) {
		regs->gpr[4] = user_addr(&frame->info);
		regs->gpr[5] = user_addr(&frame->uc);
		regs->gpr[6] = user_addr(frame);
	} else {
		regs->gpr[4] = user_addr(&frame->uc.uc_mcontext);
	}
	return 0;
}

/*
 * The frame is user memory, so any of it may be forged (SROP). What Linux
 * takes from it, trapdoor takes: the GPRs, the pc, CTR, LR, XER, CR, DAR,
 * DSISR, the FP registers and the FPSCR, the mask and the alternate stack:
 * all of it state that user mode can set anyway. Of the MSR only LE, the
 * endianness user code may choose; PR (user mode), the MMU bits, EE, the
 * hypervisor bit and the rest stay as the kernel keeps them, so the return
 * is always to user mode. A pc in the kernel's half only faults there, in
 * user mode. A frame that cannot be read kills the task with SIGSEGV.
 */
SYSCALL_DEFINE0(rt_sigreturn)
{
	struct pt_regs *regs = task_pt_regs(current);
	struct ucontext __user *uc = (void __user *)regs->gpr[1];
	union frame_gp_regs gp;
	struct thread_fp_state fp;
	sigset_t set;

	stackleak_track_stack(); /* gp and fp: a frame bigger than the stackleak search depth */
	if (copy_from_user(&set, &uc->uc_sigmask, sizeof(set)) ||
	    copy_from_user(&gp, &uc->uc_mcontext.gp_regs, sizeof(gp)) ||
	    copy_from_user(&fp, &uc->uc_mcontext.fp_regs, sizeof(fp)) ||
	    restore_altstack(&uc->uc_stack)) {
		current->killed = SIGSEGV;
		return 0;
	}
	set_current_blocked(&set);

	memcpy(regs->gpr, gp.r.gpr, sizeof(regs->gpr));
	regs->nip = gp.r.nip;
	regs->msr = (regs->msr & ~MSR_LE) | (gp.r.msr & MSR_LE);
	regs->orig_gpr3 = gp.r.orig_gpr3;
	regs->ctr = gp.r.ctr;
	regs->link = gp.r.link;
	regs->xer = gp.r.xer;
	regs->ccr = gp.r.ccr;
	regs->dar = gp.r.dar;
	regs->dsisr = gp.r.dsisr;
	load_fp_state(&fp);
	/*
	 * do_syscall() would now write a result into r3 and CR0.SO, both restored
	 * from the frame: leave the way an interrupt does instead, through the
	 * exit work (which may deliver the next signal) to restore_all, and
	 * without the kernel lock, which invoke_syscall() would have dropped.
	 */
	spin_unlock(&kernel_lock);
	ret_from_rt_sigreturn();
}
