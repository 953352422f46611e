// SPDX-License-Identifier: MIT
/*
 * Per-task register state: a new program's first user-mode registers, a new
 * task's first kernel context (the one arch_switch_to() in entry.S loads),
 * and the stack pointer common code reads.
 */
#include <trapdoor/arch.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/ptrace.h>
#include <asm/segment.h>

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
 * The task "returns" to a user mode it was never in: its saved kernel
 * context says "resume in ret_from_fork, on the frame at the top of the
 * stack" (entry.S), which leaves through exit_to_user_mode() and the syscall
 * exit. The frame is already there: fork copied the parent's (rax = 0, RIP
 * after the parent's syscall), spawn filled one with arch_init_user_regs().
 * The callee-saved registers start at 0; ret_from_fork needs none of them.
 */
void arch_task_init(struct task_struct *t)
{
	memset(&t->thread, 0, sizeof(t->thread));
	t->thread.rsp = (unsigned long)task_pt_regs(t);
	t->thread.rip = (unsigned long)ret_from_fork;
	t->thread.sp0 = task_stack_top(t); /* TSS.RSP0 and the syscall entry's stack */
}

void arch_dup_task_struct(struct task_struct *dst, struct task_struct *src)
{
	(void)dst;
	(void)src;
}

void arch_flush_thread(void)
{
}

void arch_set_tls(struct task_struct *t, unsigned long tls)
{
	(void)t;
	(void)tls;
}

int arch_elf_entry(struct mm_struct *mm, struct pt_regs *regs, u32 e_flags)
{
	(void)mm;
	(void)regs;
	(void)e_flags;
	return 0;
}
