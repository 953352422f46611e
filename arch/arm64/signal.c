// SPDX-License-Identifier: MIT
/*
 * Signal frames on arm64, laid out as Linux lays them out, so that glibc,
 * musl and libgcc's unwinder find everything where they look for it.
 *
 * Delivery (arch_setup_rt_frame) pushes, below the signal's stack pointer:
 *
 *	sp_top		the interrupted sp, or the top of the alternate stack
 *	record		a frame record {x29, x30} of the interrupted code,
 *			16-byte aligned: x29 points here, so a backtrace from
 *			the handler walks on into the interrupted code
 *	frame		struct rt_sigframe: siginfo, then the ucontext with
 *			x0-x30, sp, pc, PSTATE and the records (FPSIMD, end)
 *
 * and enters the handler with x0 = sig (and, for SA_SIGINFO, x1 = &info,
 * x2 = &uc), sp = frame, x29 = record, x30 = the restorer: sa_restorer with
 * SA_RESTORER, else __kernel_rt_sigreturn on the signal page. The handler's
 * return lands there with sp = frame again, and rt_sigreturn reads it back.
 *
 * rt_sigreturn trusts nothing in the frame (SROP, docs/signals.md): sp must
 * be 16-byte aligned, PSTATE must say EL0 in AArch64 with D, A, I and F
 * clear (bits that are reserved at EL0 are cleared silently, as Linux does),
 * and the records must be a well-formed list with exactly one FPSIMD record
 * of its exact size. Anything else is a bad frame: SIGSEGV.
 */
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/sigcontext.h>
#include <asm/ucontext.h>
#include <trapdoor/compiler.h>
#include <trapdoor/signal.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/mman.h>

#include "../../kernel/syscalls.h" /* sys_rt_sigreturn() */

/* What the handler finds at its sp (Linux's arm64 struct rt_sigframe). */
struct rt_sigframe {
	siginfo_t info;
	struct ucontext uc;
};

/* The AAPCS64 frame record the handler's x29 points at. */
struct frame_record {
	u64 fp;
	u64 lr;
};

_Static_assert(sizeof(siginfo_t) == 128, "siginfo_t is Linux's 128 bytes");
_Static_assert(offsetof(struct rt_sigframe, uc) == 128, "the ucontext follows the siginfo");
_Static_assert(sizeof(struct rt_sigframe) % 16 == 0, "the frame keeps sp 16-byte aligned");

/*
 * x0-x30, sp, pc and PSTATE are in the same order in pt_regs and in
 * sigcontext: one copy each way moves them all.
 */
#define SIGCONTEXT_GPRS_SIZE \
	(offsetof(struct sigcontext, pstate) - offsetof(struct sigcontext, regs))
_Static_assert(offsetof(struct pt_regs, sp) == 31 * 8 && offsetof(struct pt_regs, pc) == 32 * 8,
	       "pt_regs: x0-x30, sp, pc in sigcontext's order");
_Static_assert(offsetof(struct pt_regs, pstate) == SIGCONTEXT_GPRS_SIZE,
	       "pt_regs: PSTATE after pc, as in sigcontext");

/*
 * The records in uc_mcontext.__reserved: the FPSIMD record at offset 0, the
 * terminator right after it (Linux's order when there is no SVE or SME).
 */
#define FPSIMD_RECORD_OFFSET 0
#define END_RECORD_OFFSET    (FPSIMD_RECORD_OFFSET + sizeof(struct fpsimd_context))

/*
 * PSTATE bits that mean nothing at EL0 (Linux's SPSR_EL1_AARCH64_RES0_BITS:
 * bits 63:32, 27:26, 23:22 (PAN, UAO), 20:13 (IL among them) and 5):
 * rt_sigreturn clears them. The mode, M[4] and DAIF are checked instead.
 */
#define SPSR_EL1_AARCH64_RES0_BITS UL(0xffffffff0cdfe020)

/* Header of the FPSIMD record up to vregs: magic, size, FPSR, FPCR. */
struct fpsimd_record_head {
	struct _aarch64_ctx head;
	u32 fpsr;
	u32 fpcr;
};
_Static_assert(sizeof(struct fpsimd_record_head) == offsetof(struct fpsimd_context, vregs),
	       "the FPSIMD record's header");

static void __user *mcontext_record(struct rt_sigframe __user *frame, size_t offset)
{
	return (void __user *)(user_addr(frame->uc.uc_mcontext.__reserved) + offset);
}

/*
 * The user's FP/SIMD registers are the CPU's own while the task is in the
 * kernel (the kernel never touches them); thread.fpsimd_state is only
 * written when the task is switched out, so it serves as the buffer here:
 * nothing between the save and the copy switches tasks.
 */
static int preserve_fpsimd_context(struct fpsimd_context __user *ctx)
{
	struct user_fpsimd_state *fpsimd = &current->thread.fpsimd_state;
	struct fpsimd_record_head head;

	fpsimd_save_state(fpsimd);
	head.head.magic = FPSIMD_MAGIC;
	head.head.size = sizeof(struct fpsimd_context);
	head.fpsr = fpsimd->fpsr;
	head.fpcr = fpsimd->fpcr;
	if (copy_to_user(ctx, &head, sizeof(head)) ||
	    copy_to_user(ctx->vregs, fpsimd->vregs, sizeof(fpsimd->vregs)))
		return -EFAULT;
	return 0;
}

/*
 * sigcontext's fault_address: the data or instruction address of a memory
 * fault's SIGSEGV or SIGBUS (FAR_EL1, as si_addr has it); 0 for any other
 * signal, an undefined instruction's SIGILL included (as Linux).
 */
static u64 fault_address(const struct ksignal *ksig)
{
	if ((ksig->sig == SIGSEGV || ksig->sig == SIGBUS) && ksig->info.si_code > 0)
		return (u64)ksig->info.si_addr;
	return 0;
}

int arch_setup_rt_frame(struct ksignal *ksig, sigset_t oldset, struct pt_regs *regs)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	unsigned long sp_top = sigsp(user_stack_pointer(regs), ksig);
	unsigned long record_addr = ALIGN_DOWN(sp_top - sizeof(struct frame_record), 16);
	unsigned long sp = record_addr - sizeof(struct rt_sigframe);
	struct rt_sigframe __user *frame = (struct rt_sigframe __user *)sp;
	struct frame_record record = { .fp = regs->regs[29], .lr = regs->regs[30] };
	struct _aarch64_ctx end = { 0, 0 };
	unsigned long link[2] = { 0, 0 }; /* uc_flags, uc_link */
	u64 fault = fault_address(ksig);
	unsigned long restorer;

	if (!access_ok(frame, sp_top - sp, PROT_WRITE))
		return -EFAULT;
	if (copy_to_user((void __user *)record_addr, &record, sizeof(record)) ||
	    copy_to_user(&frame->uc, link, sizeof(link)) ||
	    __save_altstack(&frame->uc.uc_stack, user_stack_pointer(regs)) ||
	    copy_to_user(&frame->uc.uc_sigmask, &oldset, sizeof(oldset)) ||
	    copy_to_user(&frame->uc.uc_mcontext.fault_address, &fault, sizeof(fault)) ||
	    copy_to_user(frame->uc.uc_mcontext.regs, regs->regs, SIGCONTEXT_GPRS_SIZE) ||
	    copy_to_user(&frame->uc.uc_mcontext.pstate, &regs->pstate, sizeof(regs->pstate)) ||
	    preserve_fpsimd_context(mcontext_record(frame, FPSIMD_RECORD_OFFSET)) ||
	    copy_to_user(mcontext_record(frame, END_RECORD_OFFSET), &end, sizeof(end)))
		return -EFAULT;
	if ((ksig->ka.sa_flags & SA_SIGINFO) &&
	    copy_to_user(&frame->info, &ksig->info, sizeof(ksig->info)))
		return -EFAULT;

	if (ksig->ka.sa_flags & SA_RESTORER)
		restorer = (unsigned long)ksig->ka.sa_restorer;
	else
		restorer = sigpage_user_addr(__kernel_rt_sigreturn);

	regs->regs[0] = (u64)ksig->sig;
	if (ksig->ka.sa_flags & SA_SIGINFO) {
		regs->regs[1] = user_addr(&frame->info);
		regs->regs[2] = user_addr(&frame->uc);
	}
	regs->sp = sp;
	regs->regs[29] = record_addr;
	regs->regs[30] = restorer;
	regs->pc = (u64)ksig->ka.sa_handler;
	/* The handler runs with tag checks on, whatever the interrupted code had (as Linux). */
	regs->pstate &= ~PSR_TCO_BIT;
	return 0;
}

/*
 * PSTATE from a frame: the reserved bits go, SS too (no task is being
 * single-stepped); what is left must be EL0t in AArch64 with no exception
 * masked. Linux's valid_native_regs().
 */
static bool valid_user_pstate(u64 *pstate)
{
	*pstate &= ~(SPSR_EL1_AARCH64_RES0_BITS | PSR_SS_BIT);
	return (*pstate & PSR_MODE_MASK) == PSR_MODE_EL0t && !(*pstate & PSR_MODE32_BIT) &&
	       !(*pstate & PSR_DAIF_MASK);
}

/*
 * The records of a frame: a list of {magic, size} headers at 16-byte aligned
 * offsets inside __reserved, ended by {0, 0}. An ESR record is skipped; a
 * second FPSIMD record, a record this kernel does not know (SVE, extra
 * space, ...) or a list that runs off the end is a bad frame. Returns the
 * FPSIMD record's offset, or -EINVAL.
 */
static long find_fpsimd_record(struct rt_sigframe __user *frame)
{
	const size_t limit = sizeof(frame->uc.uc_mcontext.__reserved);
	long fpsimd = -EINVAL;
	size_t offset = 0;
	struct _aarch64_ctx head;

	for (;;) {
		if (limit - offset < sizeof(head) || offset % 16)
			return -EINVAL;
		if (copy_from_user(&head, mcontext_record(frame, offset), sizeof(head)))
			return -EINVAL;
		if (limit - offset < head.size)
			return -EINVAL;
		switch (head.magic) {
		case 0:
			return head.size ? -EINVAL : fpsimd;
		case FPSIMD_MAGIC:
			if (fpsimd >= 0 || head.size != sizeof(struct fpsimd_context))
				return -EINVAL;
			fpsimd = (long)offset;
			break;
		case ESR_MAGIC:
			break;
		default:
			return -EINVAL;
		}
		if (head.size < sizeof(head))
			return -EINVAL;
		offset += head.size;
	}
}

/*
 * The FP/SIMD registers from the frame into the CPU, through
 * thread.fpsimd_state (see preserve_fpsimd_context()).
 */
static int restore_fpsimd_context(struct fpsimd_context __user *ctx)
{
	struct user_fpsimd_state *fpsimd = &current->thread.fpsimd_state;
	struct fpsimd_record_head head;

	if (copy_from_user(&head, ctx, sizeof(head)) ||
	    copy_from_user(fpsimd->vregs, ctx->vregs, sizeof(fpsimd->vregs)))
		return -EFAULT;
	fpsimd->fpsr = head.fpsr;
	fpsimd->fpcr = head.fpcr;
	fpsimd_load_state(fpsimd);
	return 0;
}

/*
 * The frame at the user's sp back into the registers, the FP/SIMD state,
 * the mask and the alternate stack. Returns x0 as restored, so that
 * do_syscall() writing the result into x0 changes nothing. A bad frame:
 * SIGSEGV, with the registers as they were (the svc of the trampoline).
 */
SYSCALL_DEFINE0(rt_sigreturn)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct pt_regs *regs = task_pt_regs(current);
	unsigned long sp = user_stack_pointer(regs);
	struct rt_sigframe __user *frame = (struct rt_sigframe __user *)sp;
	u64 gprs[SIGCONTEXT_GPRS_SIZE / 8];
	sigset_t set;
	u64 pstate;
	long fpsimd;

	/* The kernel put the frame at a 16-byte aligned sp. */
	if (sp % 16 || !access_ok(frame, sizeof(*frame), PROT_READ))
		goto badframe;
	if (copy_from_user(&set, &frame->uc.uc_sigmask, sizeof(set)))
		goto badframe;
	set_current_blocked(&set);

	if (copy_from_user(gprs, frame->uc.uc_mcontext.regs, sizeof(gprs)) ||
	    copy_from_user(&pstate, &frame->uc.uc_mcontext.pstate, sizeof(pstate)))
		goto badframe;
	if (!valid_user_pstate(&pstate))
		goto badframe;
	fpsimd = find_fpsimd_record(frame);
	if (fpsimd < 0)
		goto badframe;
	if (restore_fpsimd_context(mcontext_record(frame, (size_t)fpsimd)))
		goto badframe;
	if (restore_altstack(&frame->uc.uc_stack))
		goto badframe;

	memcpy(regs->regs, gprs, sizeof(gprs));
	regs->pstate = pstate;
	return (long)regs->regs[0];

badframe:
	current->killed = SIGSEGV;
	return (long)regs->regs[0];
}
