// SPDX-License-Identifier: MIT
/*
 * The system call dispatcher: the one C function every architecture's entry.S
 * calls after saving the user's registers into *regs. It reads the number
 * only through the pt_regs accessors (asm/ptrace.h), and each handler its own
 * arguments (SYSCALL_DEFINEn, include/trapdoor/syscall.h), so nothing here
 * depends on the architecture.
 */
#include <trapdoor/arch.h>
#include <trapdoor/compiler.h>
#include <trapdoor/panic.h>
#include <trapdoor/signal.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>
#include <trapdoor/syscall.h>
#include <trapdoor/trace.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>
#include <uapi/unistd.h>

#include "randomize_kstack.h"
#include "syscalls.h"


/* Looks the number up and calls the handler; unknown numbers give -ENOSYS. */
static long invoke_syscall(struct pt_regs *regs)
{
	/* nr is unsigned: a negative number from user space is huge, not below 0. */
	unsigned long nr = regs_syscall_nr(regs);
	const struct syscall_entry *sc;
	long ret;

	if (likely(nr < NR_syscalls)) {
		sc = &sys_call_table[nr];
		/* The flag first: only an entry with a handler has it, so no NULL test on this path. */
		if (sc->flags & SYSCALL_LOCKLESS)
			return sc->fn(regs);
		if (likely(sc->fn)) {
			spin_lock(&kernel_lock);
			ret = sc->fn(regs);
			spin_unlock(&kernel_lock);
			return ret;
		}
	}
	__atomic_fetch_add(&kernel_stats.enosys, 1, __ATOMIC_RELAXED);
	return -ENOSYS;
}

/*
 * Out of line: a variadic call inlined into do_syscall() would give it the
 * bigger frame such a call needs (powerpc64's parameter save area), on every
 * syscall, for a panic.
 */
static __noinline __noreturn void stack_end_overwritten(void)
{
	panic("kernel stack overflow in task %d (%s)", current->pid, current->comm);
}

/*
 * The slow half of the exit work, with the kernel lock: a task that kill()
 * or a broken pipe marked dies here, a task whose time slice is over (or
 * that may no longer run on this CPU, or that an IPI asked) gives the CPU
 * away here, and a caught signal's handler is set up here (do_signal(),
 * kernel/signal.c: in_syscall says regs hold ret, a syscall's result, for
 * the restart rules).
 */
static __noinline void exit_to_user_mode_work(struct pt_regs *regs, bool in_syscall, long ret)
{
	struct task_struct *const tsk = current;

	spin_lock(&kernel_lock);
	for (;;) {
		/* kill() or a broken pipe marked us (perhaps while we waited our turn): die now. */
		if (tsk->killed)
			do_exit(tsk->killed);
		if (need_resched()) {
			schedule();
			continue;
		}
		if (!tsk->sigpending && !tsk->sigreturned && !tsk->restore_sigmask)
			break;
		do_signal(regs, in_syscall, ret);
		in_syscall = false; /* the restart rules apply once, to the first frame */
	}
	spin_unlock(&kernel_lock);
}

/*
 * The exit work, on every return to user mode, entered without the kernel
 * lock; a traced syscall's line is printed here. The stackleak erase comes
 * after it, from entry.S, once no C frame is left (ret_to_user). exit_work is
 * one load for every reason the task has to stop on its way (killed, a
 * signal to handle), so a signal costs the fast path nothing.
 */
static __always_inline void __exit_to_user_mode(struct task_struct *tsk, struct pt_regs *regs,
						bool in_syscall, long ret)
{
	if (unlikely(tsk->exit_work) || unlikely(need_resched()))
		exit_to_user_mode_work(regs, in_syscall, ret);
	if (unlikely(*(unsigned long *)tsk->stack != STACK_END_MAGIC))
		stack_end_overwritten();
	/* trace on (kernel/trace.c): the one branch tracing costs here. */
	if (unlikely(trace_pending)) {
		unsigned long *copy = trace_stack_save(tsk);

		trace_syscall_exit();
		trace_stack_restore(tsk, copy);
	}
}

/* Its dynamic part is the stack offset's gap, which it records for the erase. */
__stackleak_frame_exempt void do_syscall(struct pt_regs *regs)
{
	/* current, read once: a task is itself on every CPU, before and after schedule(). */
	struct task_struct *const tsk = current;
	u32 offset; /* this syscall's kernel-stack offset: the trace shows it */
	long ret;

	/*
	 * Move the stack pointer down by a random multiple of 16 bytes before
	 * anything else goes on the stack (kernel/randomize_kstack.h), so the
	 * handler's locals are at an address an attacker cannot know. The gap
	 * it leaves is recorded for the stackleak erase, which skips it.
	 */
	add_random_kstack_offset(offset);
	tsk->syscall_sp = current_stack_pointer();
	this_cpu()->syscalls++;

	ret = invoke_syscall(regs);
	/*
	 * trace on (kernel/trace.c): the one branch tracing costs here, before
	 * the result overwrites the first argument's register on some arches.
	 * Recording is two shallow calls, and the stack is not copied around
	 * them (include/trapdoor/trace.h): the copy's length depends on the
	 * offset, and it would stretch the time to the clock read below by it.
	 */
	if (unlikely(trace_tasks))
		trace_syscall(regs, ret, offset);
	regs_set_return_value(regs, ret);
	/* The modes that choose at exit (counter, crng16) do it now. */
	choose_random_kstack_offset(tsk);
	/*
	 * The exit work runs here, inside this frame and so below the gap, not
	 * after we return: then the gap is the only part of the used stack the
	 * erase may skip. entry.S goes on to ret_to_user.
	 */
	__exit_to_user_mode(tsk, regs, true, ret);
}

void exit_to_user_mode(struct pt_regs *regs)
{
	/* A new task's first run (ret_from_fork): the switch to it left the kernel lock held. */
	if (spin_is_held_by_me(&kernel_lock)) {
		if (current->set_child_tid)
			fork_tail(current);
		spin_unlock(&kernel_lock);
	}
	__exit_to_user_mode(current, regs, false, 0);
}
