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
	 * FS and VS Off, so FP and vector instructions trap (their state is never saved). The
	 * other fields, such as UXL (the user's XLEN, WARL), stay as the hart has them.
	 */
	status &= ~(unsigned long)(SR_SPP | SR_SIE | SR_SUM | SR_MXR | SR_FS | SR_VS);
	status |= SR_SPIE;
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
	memset(&t->thread, 0, sizeof(t->thread)); /* s0 = 0: the outermost kernel frame */
	t->thread.ra = (unsigned long)ret_from_fork;
	t->thread.sp = (unsigned long)task_pt_regs(t);
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
