// SPDX-License-Identifier: MIT
/*
 * Tasks on loongarch64: the user register state a program starts from, and the kernel
 * context a new task is first switched to. The switch itself is arch_switch_to() in entry.S;
 * what it saves is struct thread_struct (asm/processor.h).
 */
#include <trapdoor/arch.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <asm/csr.h>
#include <asm/traps.h>

/* entry.S finds prev->thread and next->thread at the task pointers themselves. */
_Static_assert(offsetof(struct task_struct, thread) == 0, "entry.S: task == &task->thread");

/*
 * A fresh program: every register zero but sp, the pc at the program's entry, and PRMD saying
 * where ertn goes — PLV3 (PPLV, §7.4.2) with interrupts on (PIE), so that the timer can
 * interrupt the program (ECFG enables its line, time.c; the kernel itself always runs with
 * CRMD.IE = 0). The other CSR slots only record what a trap saw: zero until the first one.
 * execve rewrites the RUNNING task's frame with this, so nothing but *regs may change here:
 * the task's kernel context is the one executing this very code.
 */
void arch_init_user_regs(struct pt_regs *regs, unsigned long entry, unsigned long user_sp)
{
	memset(regs, 0, sizeof(*regs));
	regs->regs[3] = user_sp;
	regs->csr_era = entry;
	regs->csr_prmd = PRMD_PPLV_USER | PRMD_PIE;
}

/*
 * The kernel context a new task starts from, for spawn and fork alike: its pt_regs are
 * already filled in (arch_init_user_regs, or the parent's copied by do_fork), so the first
 * arch_switch_to() into it only has to "return" into ret_from_fork (entry.S) with sp at that
 * frame; from there it leaves through exit_to_user_mode() like every return to user mode.
 * The callee-saved registers start at zero: ret_from_fork needs none of them, and fp = 0 ends
 * a backtrace there. kstack_top goes into SAVE2 on the switch, so the task's traps from user
 * mode build their frame exactly where its pt_regs are.
 */
void arch_task_init(struct task_struct *t)
{
	memset(&t->thread, 0, sizeof(t->thread));
	t->thread.ra = (unsigned long)ret_from_fork;
	t->thread.sp = (unsigned long)task_pt_regs(t);
	t->thread.kstack_top = task_stack_top(t);
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
