// SPDX-License-Identifier: MIT
/*
 * The start of a task's life on s390x: the user registers it starts with
 * (arch_init_user_regs) and the kernel context its first context switch
 * loads (arch_task_init). Linux's names for the same two jobs are
 * start_thread() and copy_thread() (arch/s390/kernel/process.c).
 *
 * A new task's kernel stack, as arch_task_init() leaves it:
 *
 *   stack + THREAD_SIZE  ┬ top = thread.kstack_top (LC_KERNEL_STACK while it runs)
 *                        │ struct pt_regs (192)  the user state restore_all loads
 *   thread.gprs[r11] ->  ┼
 *                        │ 160-byte save area    for exit_to_user_mode(), back chain 0
 *   thread.gprs[r15] ->  ┼
 *                        │ ...
 *   stack                ┴ canary (task.c)
 *
 * and thread.gprs[r14] = ret_from_fork: the first arch_switch_to() into the
 * task "returns" there, and from there on it is an ordinary return to user
 * mode (entry.S).
 */
#include <trapdoor/arch.h>
#include <trapdoor/compiler.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

/* thread.gprs[] holds r6-r15: r<n> is at index n - 6. */
#define THREAD_GPR(n) ((n) - 6)

/*
 * The pt_regs arch_init_user_regs() last filled for a task not yet started
 * (spawn): the arch_task_init() that follows gives that task zeroes, not its
 * creator's registers. NULL when none is pending.
 */
static struct pt_regs *fresh_regs;

/*
 * The user registers outside pt_regs (asm/processor.h) as the CPU holds them
 * now, into t's thread_struct: STORE ACCESS MULTIPLE, STORE (long) each FPR.
 */
static void save_user_extra_regs(struct thread_struct *t)
{
	__asm__ __volatile__("stam	%%a0,%%a15,%[acrs]\n\t"
			     "std	%%f0,0(%[f])\n\t"
			     "std	%%f2,8(%[f])\n\t"
			     "std	%%f4,16(%[f])\n\t"
			     "std	%%f6,24(%[f])"
			     : [acrs] "=Q"(t->acrs)
			     : [f] "a"(t->fprs)
			     : "memory");
}

/* And zeroes them in the CPU: LOAD ACCESS MULTIPLE, LOAD (long), from zeroes. */
static void clear_user_extra_regs(void)
{
	static const unsigned int zero_acrs[16];
	static const unsigned long zero;

	__asm__ __volatile__("lam	%%a0,%%a15,%[acrs]\n\t"
			     "ld	%%f0,%[zero]\n\t"
			     "ld	%%f2,%[zero]\n\t"
			     "ld	%%f4,%[zero]\n\t"
			     "ld	%%f6,%[zero]"
			     :
			     : [acrs] "Q"(zero_acrs), [zero] "R"(zero)
			     : "memory");
}

/*
 * A fresh user state: the PSW of a user task (problem state, DAT on, 64-bit,
 * external interruptions enabled for the tick: PSW_USER_MASK) at entry, the
 * user's stack pointer in r15, every other register 0, so nothing of the
 * kernel or of an old program leaks into them. That includes the access
 * registers and f0/f2/f4/f6, which live outside pt_regs: for execve (regs are
 * the running task's) in the CPU itself, now; for spawn (regs are a new
 * task's) in its thread_struct, which arch_task_init() sets up next and the
 * task's first arch_switch_to() loads.
 */
void arch_init_user_regs(struct pt_regs *regs, unsigned long entry, unsigned long user_sp)
{
	memset(regs, 0, sizeof(*regs));
	regs->psw.mask = PSW_USER_MASK;
	regs->psw.addr = entry;
	regs->gprs[15] = user_sp;
	regs->int_class = INT_CLASS_SVC; /* for a dump: as if back from a system call */

	if (current->stack && regs == task_pt_regs(current))
		clear_user_extra_regs();
	else
		fresh_regs = regs;
}

/*
 * The kernel context of a task whose pt_regs are already filled in (spawn:
 * arch_init_user_regs(); fork: a copy of the parent's, r2 = 0). Nothing
 * here touches the pt_regs.
 *
 * The access registers and f0/f2/f4/f6 are user state that lives in the CPU
 * while the task runs (asm/processor.h); a new task takes those of the task
 * creating it, as Linux's copy_thread() does: a fork child must see its
 * parent's (a0/a1 hold the thread pointer on s390x Linux), and the kernel
 * never changes them. A spawned task, whose pt_regs arch_init_user_regs()
 * has just filled, gets zeroes instead.
 */
void arch_task_init(struct task_struct *t)
{
	struct pt_regs *regs = task_pt_regs(t);
	unsigned long *frame = (unsigned long *)((char *)regs - STACK_FRAME_OVERHEAD);

	frame[STACK_BACK_CHAIN / sizeof(unsigned long)] = 0; /* stack walks end here */

	memset(&t->thread, 0, sizeof(t->thread));
	if (regs != fresh_regs)
		save_user_extra_regs(&t->thread); /* fork: the parent's, from the CPU */
	fresh_regs = NULL;
	t->thread.kstack_top = task_stack_top(t);
	t->thread.gprs[THREAD_GPR(11)] = (unsigned long)regs;	       /* ret_from_fork's frame */
	t->thread.gprs[THREAD_GPR(14)] = (unsigned long)ret_from_fork; /* where br %r14 goes */
	t->thread.gprs[THREAD_GPR(15)] = (unsigned long)frame;	       /* the kernel sp there */
}

/*
 * entry.S builds the frame of a trap from user mode at kstack_top - PT_SIZE,
 * rounded down to 16: that is task_pt_regs() only if both keep that alignment.
 */
BUILD_BUG_ON(THREAD_SIZE % 16 != 0);
BUILD_BUG_ON(sizeof(struct pt_regs) != PT_SIZE);
BUILD_BUG_ON(offsetof(struct task_struct, thread) != 0);

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
