// SPDX-License-Identifier: MIT
/*
 * A task's register state on arm64: the user-mode frame a new program starts
 * from (arch_init_user_regs) and the kernel context its first
 * arch_switch_to() loads (arch_task_init). entry.S's arch_switch_to and
 * ret_from_fork use both.
 */
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <trapdoor/arch.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>

/*
 * A fresh user-mode register state: eret from it starts the program at entry
 * with sp = user_sp, everything else zero, the thread pointer tp_value
 * included, so no register leaks kernel data or another program's values
 * into the new program. PSTATE = EL0t: EL0 on SP_EL0, flags clear, and no
 * exception masked, IRQ included: the timer can preempt the task (time.c).
 * execve calls this on the running task's own frame, so it touches nothing
 * but *regs.
 */
void arch_init_user_regs(struct pt_regs *regs, unsigned long entry, unsigned long user_sp)
{
	memset(regs, 0, sizeof(*regs));
	regs->pc = entry;
	regs->sp = user_sp;
	regs->pstate = PSR_MODE_EL0t;
}

/*
 * A new task's kernel context: its first arch_switch_to() loads thread.sp =
 * task_pt_regs(t) and "returns" to thread.pc = ret_from_fork (entry.S),
 * which goes back to user mode from that frame the way a syscall does (spawn
 * filled the frame with arch_init_user_regs(), fork with a copy of the
 * parent's, its thread pointer included, as Linux's fork keeps it). The
 * callee-saved registers start at zero: ret_from_fork needs none of them.
 * The user's FP/SIMD registers are left as they are: zero in a fresh task
 * slot (alloc_task()), the parent's after arch_dup_task_struct().
 */
void arch_task_init(struct task_struct *t)
{
	/* The kernel context only: fpsimd_state is fork's copy or, for a new program, zeros. */
	memset(&t->thread, 0, offsetof(struct thread_struct, fpsimd_state));
	t->thread.sp = (u64)task_pt_regs(t);
	t->thread.pc = (u64)ret_from_fork;
}

/* entry.S finds prev->thread and next->thread at the very start of each task. */
_Static_assert(offsetof(struct task_struct, thread) == 0, "thread_struct first in task_struct");
/* ... and the user's frame at the top of a THREAD_SIZE-aligned stack keeps sp aligned. */
_Static_assert(THREAD_SIZE % 16 == 0 && PT_REGS_SIZE % 16 == 0, "16-byte aligned pt_regs");

/*
 * fork: the child's FP/SIMD registers are the parent's. The parent is
 * current, so its registers are the CPU's own (its thread.fpsimd_state is
 * only written when it is switched out).
 */
void arch_dup_task_struct(struct task_struct *dst, struct task_struct *src)
{
	(void)src;
	fpsimd_save_state(&dst->thread.fpsimd_state);
}

/*
 * execve: the new image starts with every FP/SIMD register zero (v0-v31,
 * FPSR, FPCR: round to nearest, no trap enabled, as Linux starts one), in
 * the saved copy and in the CPU. The thread pointer is zeroed with the rest
 * of pt_regs by arch_init_user_regs().
 */
void arch_flush_thread(void)
{
	memset(&current->thread.fpsimd_state, 0, sizeof(current->thread.fpsimd_state));
	fpsimd_load_state(&current->thread.fpsimd_state);
}

/*
 * clone's CLONE_SETTLS: the thread pointer TPIDR_EL0 lives in pt_regs
 * (entry.S saves it on entry from user mode and loads it on the way back),
 * so t's first return to user mode starts with tls.
 */
void arch_set_tls(struct task_struct *t, unsigned long tls)
{
	task_pt_regs(t)->tp_value = tls;
}

int arch_elf_entry(struct mm_struct *mm, struct pt_regs *regs, u32 e_flags)
{
	(void)mm;
	(void)regs;
	(void)e_flags;
	return 0;
}
