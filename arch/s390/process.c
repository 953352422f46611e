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
 * now, into t's thread_struct: STORE ACCESS MULTIPLE, STORE FPC, STORE (long)
 * each FPR.
 */
static void save_user_extra_regs(struct thread_struct *t)
{
	__asm__ __volatile__("stam	%%a0,%%a15,%[acrs]\n\t"
			     "stfpc	%[fpc]\n\t"
			     ".irp	n,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n\t"
			     "std	%%f\\n,8*\\n(%[f])\n\t"
			     ".endr"
			     : [acrs] "=Q"(t->acrs), [fpc] "=Q"(t->fpc)
			     : [f] "a"(t->fprs)
			     : "memory");
}

/* And the reverse: t's saved values into the CPU. */
static void load_user_extra_regs(const struct thread_struct *t)
{
	__asm__ __volatile__("lam	%%a0,%%a15,%[acrs]\n\t"
			     "lfpc	%[fpc]\n\t"
			     ".irp	n,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n\t"
			     "ld	%%f\\n,8*\\n(%[f])\n\t"
			     ".endr"
			     :
			     : [acrs] "Q"(t->acrs), [fpc] "Q"(t->fpc), [f] "a"(t->fprs)
			     : "memory");
}

/*
 * A fresh user state: the PSW of a user task (problem state, DAT on, 64-bit,
 * external interruptions enabled for the tick: PSW_USER_MASK) at entry, the
 * user's stack pointer in r15, every other register 0, so nothing of the
 * kernel or of an old program leaks into them. That includes the access
 * registers, the FPRs and the FPC, which live outside pt_regs: for execve
 * (regs are the running task's) in the CPU itself, now (arch_flush_thread());
 * for spawn (regs are a new task's) in its thread_struct, which
 * arch_task_init() sets up next and the task's first arch_switch_to() loads.
 */
void arch_init_user_regs(struct pt_regs *regs, unsigned long entry, unsigned long user_sp)
{
	memset(regs, 0, sizeof(*regs));
	regs->psw.mask = PSW_USER_MASK;
	regs->psw.addr = entry;
	regs->gprs[15] = user_sp;
	regs->int_class = INT_CLASS_SVC; /* for a dump: as if back from a system call */

	if (current->stack && regs == task_pt_regs(current))
		arch_flush_thread();
	else
		fresh_regs = regs;
}

/*
 * The kernel context of a task whose pt_regs are already filled in (spawn:
 * arch_init_user_regs(); fork: a copy of the parent's, r2 = 0). Nothing
 * here touches the pt_regs.
 *
 * The access registers, the FPRs and the FPC are user state that lives in
 * the CPU while the task runs (asm/processor.h); a new task takes those of
 * the task creating it (arch_dup_task_struct()), as Linux's copy_thread()
 * does: a fork child must see its parent's (a0/a1 hold the thread pointer on
 * s390x Linux, and GCC keeps values in FPRs across the call), and the kernel
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
		arch_dup_task_struct(t, current); /* fork: the parent's, from the CPU */
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

/*
 * fork: src is current, whose user access registers, FPRs and FPC are in the
 * CPU, not in its thread_struct (that holds what its last switch out saw).
 */
void arch_dup_task_struct(struct task_struct *dst, struct task_struct *src)
{
	(void)src;
	save_user_extra_regs(&dst->thread);
}

/*
 * execve: nothing of the old image's access registers (its thread pointer),
 * FPRs or FPC reaches the new one. Zeroed in the thread_struct and loaded
 * into the CPU, where they live while the task runs; an FPC of 0 is IEEE
 * round-to-nearest with every exception masked, as a new Linux process has.
 */
void arch_flush_thread(void)
{
	struct thread_struct *t = &current->thread;

	memset(t->acrs, 0, sizeof(t->acrs));
	memset(t->fprs, 0, sizeof(t->fprs));
	t->fpc = 0;
	load_user_extra_regs(t);
}

/*
 * The thread pointer of s390x Linux: its high half in a0, its low half in a1.
 * t is a new task (clone's CLONE_SETTLS) or current, whose a0/a1 are live in
 * the CPU.
 */
void arch_set_tls(struct task_struct *t, unsigned long tls)
{
	t->thread.acrs[0] = (unsigned int)(tls >> 32);
	t->thread.acrs[1] = (unsigned int)tls;
	if (t == current)
		__asm__ __volatile__("lam	%%a0,%%a1,%[acrs]" : : [acrs] "Q"(t->thread.acrs));
}

int arch_elf_entry(struct mm_struct *mm, struct pt_regs *regs, u32 e_flags)
{
	(void)mm;
	(void)regs;
	(void)e_flags;
	return 0;
}
