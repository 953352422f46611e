// SPDX-License-Identifier: MIT
/*
 * Per-task register state: a new program's first user-mode registers, a new
 * task's first kernel context (the one arch_switch_to() in entry.S loads),
 * the user state outside pt_regs (x87/SSE registers, FS and GS bases) on
 * fork and exec, and arch_prctl(), which sets the FS and GS bases.
 */
#include <trapdoor/arch.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <asm/msr.h>
#include <asm/page.h>
#include <asm/prctl.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/syscalls.h>
#include <uapi/errno.h>

/* entry.S's arch_switch_to() finds thread at offset 0 of the task. */
BUILD_BUG_ON(offsetof(struct task_struct, thread) != 0);

/*
 * Loads null selectors into ds, es, fs and gs, live: nothing on the way out
 * to ring 3 reloads them (entry.S). gs as arch_switch_to() does it: between
 * two swapgs, so that the load replaces the user's GS base, not ours.
 */
static void load_null_user_segments(void)
{
	__asm__ __volatile__("movl %0, %%ds\n\t"
			     "movl %0, %%es\n\t"
			     "movl %0, %%fs\n\t"
			     "swapgs\n\t"
			     "movl %0, %%gs\n\t"
			     "swapgs"
			     :
			     : "r"(0)
			     : "memory");
}

/*
 * A fresh user-mode register state (Linux's start_thread()): ring 3 at entry
 * with RSP = user_sp, interrupts enabled (IF: the timer tick reaches the
 * task, asm/irq_vectors.h), every other register 0 (but rcx and r11, which
 * sysretq fills with RIP and RFLAGS), the segment selectors ds, es, fs, gs
 * included. spawn calls it on a new task's frame, whose selectors
 * arch_switch_to() loads on its first run. execve calls it on the running
 * task's own frame, in the middle of the syscall that the frame will return
 * from: the old image's selectors are live in the CPU, and go now.
 */
void arch_init_user_regs(struct pt_regs *regs, unsigned long entry, unsigned long user_sp)
{
	memset(regs, 0, sizeof(*regs));
	regs->rip = entry;
	regs->cs = __USER_CS;
	regs->rflags = X86_EFLAGS_IF | X86_EFLAGS_FIXED;
	regs->rsp = user_sp;
	regs->ss = __USER_DS;
	regs->orig_rax = (unsigned long)-1; /* no syscall in progress */
	regs->vector = PT_VECTOR_SYSCALL;   /* the frame leaves as a syscall's does */
	if (current->stack && regs == task_pt_regs(current))
		load_null_user_segments();
}

/*
 * The x87/SSE state of a new program, as Linux's: every register 0, every
 * x87 register empty, the control word and MXCSR with all exceptions masked
 * and rounding to nearest.
 */
static void fpu_init_state(struct fxregs_state *fx)
{
	memset(fx, 0, sizeof(*fx));
	fx->cwd = X87_FCW_DEFAULT;
	fx->mxcsr = MXCSR_DEFAULT;
}

/*
 * The task "returns" to a user mode it was never in: its saved kernel
 * context says "resume in ret_from_fork, on the frame at the top of the
 * stack" (entry.S), which leaves through exit_to_user_mode() and the syscall
 * exit. The frame is already there: fork copied the parent's (rax = 0, RIP
 * after the parent's syscall), spawn filled one with arch_init_user_regs().
 * The callee-saved registers start at 0; ret_from_fork needs none of them.
 * Its user state outside pt_regs is a new program's: FS and GS bases 0, the
 * initial x87/SSE state; fork then copies the parent's over it.
 */
void arch_task_init(struct task_struct *t)
{
	memset(&t->thread, 0, sizeof(t->thread));
	t->thread.rsp = (unsigned long)task_pt_regs(t);
	t->thread.rip = (unsigned long)ret_from_fork;
	t->thread.sp0 = task_stack_top(t); /* TSS.RSP0 and the syscall entry's stack */
	fpu_init_state(&t->thread.fpu);
}

/*
 * fork: the child's x87/SSE registers and FS and GS bases are the parent's,
 * read live from the CPU (current runs; its thread copy is from its last
 * switch and stale). The user's GS base is in KERNEL_GS_BASE while the kernel
 * runs (swapgs).
 */
void arch_dup_task_struct(struct task_struct *dst, struct task_struct *src)
{
	if (src != current) {
		dst->thread.fsbase = src->thread.fsbase;
		dst->thread.gsbase = src->thread.gsbase;
		dst->thread.fpu = src->thread.fpu;
		return;
	}
	fxsave(&dst->thread.fpu);
	dst->thread.fsbase = rdmsr(MSR_FS_BASE);
	dst->thread.gsbase = rdmsr(MSR_KERNEL_GS_BASE);
}

/* execve: the new image starts with a new program's state, live and in thread. */
void arch_flush_thread(void)
{
	struct thread_struct *t = &current->thread;

	fpu_init_state(&t->fpu);
	fxrstor(&t->fpu);
	t->fsbase = 0;
	t->gsbase = 0;
	wrmsr(MSR_FS_BASE, 0);
	wrmsr(MSR_KERNEL_GS_BASE, 0);
}

/*
 * The highest FS or GS base a task may set, exclusive: Linux's TASK_SIZE_MAX,
 * the last canonical lower-half page excluded. A non-canonical base would
 * make the wrmsr in arch_switch_to() fault.
 */
#define FSGS_BASE_LIMIT ((_AC(1, UL) << 47) - PAGE_SIZE)

/*
 * clone's CLONE_SETTLS: t is a new task that has not run, whose FS base
 * arch_switch_to() loads. A base beyond FSGS_BASE_LIMIT is not taken (the
 * hook cannot fail; Linux's clone fails with -EPERM there).
 */
void arch_set_tls(struct task_struct *t, unsigned long tls)
{
	if (tls < FSGS_BASE_LIMIT)
		t->thread.fsbase = tls;
}

/*
 * arch_prctl(code, addr), Linux's x86_64 call for the FS and GS bases:
 * ARCH_SET_FS and ARCH_SET_GS set the base to addr (-EPERM beyond
 * FSGS_BASE_LIMIT), ARCH_GET_FS and ARCH_GET_GS store it at the user pointer
 * addr (-EFAULT if that is not writable); any other code is -EINVAL. The
 * bases are live in the CPU while the task runs (the user's GS base in
 * KERNEL_GS_BASE); arch_switch_to() saves and restores them.
 */
SYSCALL_DEFINE2(arch_prctl, int, code, unsigned long, addr)
{
	unsigned long base;

	switch (code) {
	case ARCH_SET_FS:
	case ARCH_SET_GS:
		if (addr >= FSGS_BASE_LIMIT)
			return -EPERM;
		wrmsr(code == ARCH_SET_FS ? MSR_FS_BASE : MSR_KERNEL_GS_BASE, addr);
		return 0;
	case ARCH_GET_FS:
	case ARCH_GET_GS:
		base = rdmsr(code == ARCH_GET_FS ? MSR_FS_BASE : MSR_KERNEL_GS_BASE);
		if (copy_to_user(u64_to_user_ptr(addr), &base, sizeof(base)))
			return -EFAULT;
		return 0;
	default:
		return -EINVAL;
	}
}

int arch_elf_entry(struct mm_struct *mm, struct pt_regs *regs, u32 e_flags)
{
	(void)mm;
	(void)regs;
	(void)e_flags;
	return 0;
}
