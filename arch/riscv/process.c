// SPDX-License-Identifier: MIT
/*
 * Tasks on riscv64: the user register state a program starts from, and the kernel context a
 * new task is first switched to. The switch itself is arch_switch_to() in entry.S; what it
 * saves is struct thread_struct (asm/processor.h).
 */
#include <trapdoor/arch.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <asm/csr.h>
#include <asm/setup.h>
#include <asm/traps.h>

/* entry.S's arch_switch_to() finds thread at offset 0 of the task. */
BUILD_BUG_ON(offsetof(struct task_struct, thread) != 0);

/*
 * A fresh user-mode register state: the frame a task starts from as if it had trapped from
 * U-mode just before entry. spawn fills a new task's frame with it; execve the running task's
 * own frame, which is why it touches nothing but *regs (the CSRs stay as they are: entry.S
 * loads sstatus and sepc from the frame on the way out).
 */
void arch_init_user_regs(struct pt_regs *regs, unsigned long entry, unsigned long user_sp)
{
	unsigned long status = csr_read(sstatus);

	memset(regs, 0, sizeof(*regs)); /* every other register starts as 0 */
	regs->epc = entry;		/* sret jumps here */
	regs->sp = user_sp;		/* argc, argv[], ... (kernel/exec.c) */
	/*
	 * sstatus for sret: SPP = 0 returns to U-mode. SIE = 0 so nothing interrupts the
	 * register reload before the sret. SPIE = 1, as in Linux's start_thread(): sret copies
	 * it into SIE. In U-mode, S-mode interrupts are taken whatever SIE says (Privileged ISA
	 * 4.1.1.2), so what enables the timer tick for the task is sie.STIE (time.c), set once
	 * for everybody; SPIE = 1 just keeps sstatus honest about it. SUM = 0, so the kernel
	 * cannot touch user pages (uaccess copies through the kernel's map, not the user's).
	 * FS Initial: F and D are the program's, every register 0 (spawn starts from a zeroed
	 * task, execve from arch_flush_thread()), as Linux's start_thread(); Off on a hart
	 * without them, where they trap (SIGILL) and nothing is switched. VS Off, so vector
	 * instructions trap (their state is never saved). The other fields, such as UXL (the
	 * user's XLEN, WARL), stay as the hart has them.
	 */
	status &= ~(unsigned long)(SR_SPP | SR_SIE | SR_SUM | SR_MXR | SR_FS | SR_VS);
	status |= SR_SPIE | (riscv_has_fpu() ? SR_FS_INITIAL : 0);
	regs->status = status;
}

/*
 * A new task's kernel context: its first arch_switch_to() "returns" into ret_from_fork with
 * sp at its pt_regs, which spawn (arch_init_user_regs()) or fork (a copy of the parent's
 * frame, a0 set to 0) has filled. From there it leaves through ret_from_exception (entry.S), as
 * an interrupted user program does: exit_to_user_mode(), then ret_to_user (the erase) and
 * restore_all's register reload and sret.
 * The frame of a fork child already has sepc past the parent's ecall, because entry_syscall
 * steps over it before do_syscall() runs.
 */
void arch_task_init(struct task_struct *t)
{
	/*
	 * The kernel context only: fstate is already what the task starts with, zero in a new
	 * slot (alloc_task() zeroes it), the parent's after fork (arch_dup_task_struct()).
	 */
	t->thread.ra = (unsigned long)ret_from_fork;
	t->thread.sp = (unsigned long)task_pt_regs(t);
	memset(t->thread.s, 0, sizeof(t->thread.s)); /* s0 = 0: the outermost kernel frame */
}

/*
 * The user's F/D state in pt_regs' sstatus.FS, as saved by its last trap: Off for a task that
 * never ran in U-mode (an idle task's pt_regs are zeros), else Initial, Clean or Dirty.
 */
static unsigned long user_fs(struct task_struct *t)
{
	return task_pt_regs(t)->status & SR_FS;
}

/*
 * t is current, or in arch_switch_to(): its F/D registers are the live ones, written back to
 * t->thread.fstate if they may differ from it (Dirty: the hart marks every write). Clean then
 * says that the copy is up to date, until the program writes an FP register again.
 */
static void fstate_save(struct task_struct *t)
{
	struct pt_regs *regs = task_pt_regs(t);

	if ((regs->status & SR_FS) == SR_FS_DIRTY) {
		__fstate_save(&t->thread.fstate);
		regs->status = (regs->status & ~(unsigned long)SR_FS) | SR_FS_CLEAN;
	}
}

/*
 * arch_switch_to() (entry.S), on every switch: prev's F/D registers out, next's in, never
 * lazily (docs/hardening-riscv.md). next always runs with its own registers loaded, so none of
 * prev's values is ever left in a register for next to read, speculatively or not (LazyFP,
 * CVE-2018-3665, was the trap-on-first-use scheme leaving them there). The one thing skipped
 * is prev's save when the hart says its registers equal the copy already (FS not Dirty):
 * that saves stores, not loads, and decides nothing about what next can see. A task that
 * never runs in U-mode (FS Off: an idle task) has no F/D state to load.
 */
void riscv_fpu_switch(struct task_struct *prev, struct task_struct *next)
{
	fstate_save(prev);
	if (user_fs(next) != 0)
		__fstate_restore(&next->thread.fstate);
}

/* fork: the child's F/D registers are the parent's, as they are at the fork. */
void arch_dup_task_struct(struct task_struct *dst, struct task_struct *src)
{
	fstate_save(src);
	dst->thread.fstate = src->thread.fstate;
}

/*
 * execve: the new image starts with every F/D register 0 and fcsr 0 (round to nearest, no
 * flags), in the hart and in the saved copy; arch_init_user_regs() then sets FS Initial.
 */
void arch_flush_thread(void)
{
	memset(&current->thread.fstate, 0, sizeof(current->thread.fstate));
	if (riscv_has_fpu())
		__fstate_restore(&current->thread.fstate);
}

/* clone's CLONE_SETTLS: the thread pointer is tp (x4), in pt_regs like every x register. */
void arch_set_tls(struct task_struct *t, unsigned long tls)
{
	task_pt_regs(t)->tp = tls;
}

int arch_elf_entry(struct mm_struct *mm, struct pt_regs *regs, u32 e_flags)
{
	(void)mm;
	(void)regs;
	(void)e_flags;
	return 0;
}
