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
 * The pt_regs arch_init_user_regs() last filled for a task not yet started (spawn): the
 * arch_task_init() that follows gives that task a zeroed FP state, not its creator's. NULL
 * when none is pending.
 */
static struct pt_regs *fresh_regs;

/*
 * A fresh program: every register zero but sp, the pc at the program's entry, and PRMD saying
 * where ertn goes — PLV3 (PPLV, §7.4.2) with interrupts on (PIE), so that the timer can
 * interrupt the program (ECFG enables its line, time.c; the kernel itself always runs with
 * CRMD.IE = 0). The other CSR slots only record what a trap saw: zero until the first one.
 * execve rewrites the RUNNING task's frame with this, so nothing but *regs and the user FP
 * state may change here: the task's kernel context is the one executing this very code. The
 * FP state, which lives outside pt_regs, is zeroed too: for execve in the CPU, now
 * (arch_flush_thread()); for spawn in the new task's thread_struct, which arch_task_init()
 * sets up next (zeroed) and the task's first arch_switch_to() loads.
 */
void arch_init_user_regs(struct pt_regs *regs, unsigned long entry, unsigned long user_sp)
{
	memset(regs, 0, sizeof(*regs));
	regs->regs[3] = user_sp;
	regs->csr_era = entry;
	regs->csr_prmd = PRMD_PPLV_USER | PRMD_PIE;
	if (current->stack && regs == task_pt_regs(current))
		arch_flush_thread();
	else
		fresh_regs = regs;
}

/*
 * The kernel context a new task starts from, for spawn and fork alike: its pt_regs are
 * already filled in (arch_init_user_regs, or the parent's copied by do_fork), so the first
 * arch_switch_to() into it only has to "return" into ret_from_fork (entry.S) with sp at that
 * frame; from there it leaves through exit_to_user_mode() like every return to user mode.
 * The callee-saved registers start at zero: ret_from_fork needs none of them, and fp = 0 ends
 * a backtrace there. kstack_top goes into SAVE2 on the switch, so the task's traps from user
 * mode build their frame exactly where its pt_regs are. A forked task's user FP state is its
 * parent's (arch_dup_task_struct()); a spawned one's, zero.
 */
void arch_task_init(struct task_struct *t)
{
	struct pt_regs *regs = task_pt_regs(t);

	memset(&t->thread, 0, sizeof(t->thread));
	if (regs != fresh_regs)
		arch_dup_task_struct(t, current);
	fresh_regs = NULL;
	t->thread.ra = (unsigned long)ret_from_fork;
	t->thread.sp = (unsigned long)task_pt_regs(t);
	t->thread.kstack_top = task_stack_top(t);
}

/*
 * fork: src is current, whose FP state is in the CPU, not in its thread_struct (that holds
 * what its last switch out saw). The thread pointer, r2, is in pt_regs, which do_fork()
 * copies.
 */
void arch_dup_task_struct(struct task_struct *dst, struct task_struct *src)
{
	(void)src;
	fpu_save(&dst->thread);
}

/*
 * execve: nothing of the old image's FP state reaches the new one. Zeroed in the
 * thread_struct and loaded into the CPU, where it lives while the task runs; FCSR0 = 0 is
 * round-to-nearest with every exception disabled, as a new Linux process has. The thread
 * pointer is zeroed with the rest of pt_regs (arch_init_user_regs()).
 */
void arch_flush_thread(void)
{
	struct thread_struct *t = &current->thread;

	memset(t->fpr, 0, sizeof(t->fpr));
	t->fcsr = 0;
	memset(t->fcc, 0, sizeof(t->fcc));
	fpu_restore(t);
}

/* The thread pointer, tp (r2): user state in pt_regs, restored on every return to user mode. */
void arch_set_tls(struct task_struct *t, unsigned long tls)
{
	task_pt_regs(t)->regs[2] = tls;
}

int arch_elf_entry(struct mm_struct *mm, struct pt_regs *regs, u32 e_flags)
{
	(void)mm;
	(void)regs;
	(void)e_flags;
	return 0;
}
