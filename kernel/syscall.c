// SPDX-License-Identifier: MIT
/*
 * The system call dispatcher: the one C function every architecture's entry.S
 * calls after saving the user's registers into *regs. It reads the number and
 * the arguments only through the pt_regs accessors (asm/ptrace.h), so nothing
 * here depends on the architecture.
 */
#include <trapdoor/arch.h>
#include <trapdoor/compiler.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>
#include <trapdoor/syscall.h>
#include <trapdoor/console.h>
#include <trapdoor/trace.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>
#include <uapi/unistd.h>

#include "randomize_kstack.h"
#include "syscalls.h"

/* The table: read it as a list. Unlisted numbers are NULL: -ENOSYS. */
static const syscall_fn_t sys_call_table[NR_syscalls] = {
	[__NR_dup3]		= sys_dup3,
	[__NR_close]		= sys_close,
	[__NR_pipe2]		= sys_pipe2,
	[__NR_read]		= sys_read,
	[__NR_write]		= sys_write,
	[__NR_exit]		= sys_exit,
	[__NR_exit_group]	= sys_exit_group,
	[__NR_clock_gettime]	= sys_clock_gettime,
	[__NR_sched_yield]	= sys_sched_yield,
	[__NR_reboot]		= sys_reboot,
	[__NR_uname]		= sys_uname,
	[__NR_getpid]		= sys_getpid,
	[__NR_getppid]		= sys_getppid,
	[__NR_gettid]		= sys_gettid,
	[__NR_wait4]		= sys_wait4,
	[__NR_getrandom]	= sys_getrandom,
	[__NR_spawn]		= sys_spawn,
	[__NR_kernel_stats]	= sys_kernel_stats,
	[__NR_report_stack]	= sys_report_stack,
	[__NR_nanosleep]	= sys_nanosleep,
	[__NR_kill]		= sys_kill,
	[__NR_clone]		= sys_clone,
	[__NR_execve]		= sys_execve,
	[__NR_task_list]	= sys_task_list,
	[__NR_trapdoor_config]	= sys_trapdoor_config,
	[__NR_stackleak_check]	= sys_stackleak_check,
	[__NR_stackleak_deep]	= sys_stackleak_deep,
	[__NR_leak_write_secret] = sys_leak_write_secret,
	[__NR_leak_read_uninit]	= sys_leak_read_uninit,
	[__NR_lkdtm]		= sys_lkdtm,
	[__NR_sched_setaffinity] = sys_sched_setaffinity,
	[__NR_sched_getaffinity] = sys_sched_getaffinity,
	[__NR_getcpu]		= sys_getcpu,
	[__NR_ioctl]		= sys_ioctl,
	[__NR_setpgid]		= sys_setpgid,
	[__NR_getpgid]		= sys_getpgid,
	[__NR_getsid]		= sys_getsid,
	[__NR_setsid]		= sys_setsid,
};

/*
 * The calls that run without the kernel lock (docs/smp.md, "Locks"): they
 * touch only the caller's own state, which no other CPU changes while it
 * runs, and never sleep. The same handlers as above, in a table of their own
 * that is looked at first: their path costs what it did before there was a
 * lock. Every other handler runs with the lock held.
 */
#define NR_SYSCALLS_LOCKLESS	256
static const syscall_fn_t sys_call_table_lockless[NR_SYSCALLS_LOCKLESS] = {
	[__NR_clock_gettime]	= sys_clock_gettime,
	[__NR_getpid]		= sys_getpid,
	[__NR_gettid]		= sys_gettid,
	[__NR_getcpu]		= sys_getcpu,
};

struct kernel_stats kernel_stats;

/* Looks the number up and calls the handler; unknown numbers give -ENOSYS. */
static long invoke_syscall(struct pt_regs *regs)
{
	unsigned long nr = regs_syscall_nr(regs);
	syscall_fn_t fn;
	long ret;

	/* nr is unsigned: a negative number from user space is huge, not below 0. */
	if (nr < NR_SYSCALLS_LOCKLESS && (fn = sys_call_table_lockless[nr]))
		return fn(regs_syscall_arg(regs, 0), regs_syscall_arg(regs, 1),
			  regs_syscall_arg(regs, 2), regs_syscall_arg(regs, 3),
			  regs_syscall_arg(regs, 4), regs_syscall_arg(regs, 5));
	if (nr >= NR_syscalls || !(fn = sys_call_table[nr])) {
		__atomic_fetch_add(&kernel_stats.enosys, 1, __ATOMIC_RELAXED);
		return -ENOSYS;
	}
	spin_lock(&kernel_lock);
	ret = fn(regs_syscall_arg(regs, 0), regs_syscall_arg(regs, 1),
		 regs_syscall_arg(regs, 2), regs_syscall_arg(regs, 3),
		 regs_syscall_arg(regs, 4), regs_syscall_arg(regs, 5));
	spin_unlock(&kernel_lock);
	return ret;
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
 * away here.
 */
static __noinline void exit_to_user_mode_work(void)
{
	spin_lock(&kernel_lock);
	for (;;) {
		/* kill() or a broken pipe marked us (perhaps while we waited our turn): die now. */
		if (current->killed)
			do_exit(current->killed);
		if (!need_resched)
			break;
		schedule();
	}
	spin_unlock(&kernel_lock);
}

/*
 * The exit work, on every return to user mode, entered without the kernel
 * lock; a traced syscall's line is printed here. The stackleak erase comes
 * after it, from entry.S, once no C frame is left (ret_from_syscall).
 */
static __always_inline void __exit_to_user_mode(struct task_struct *tsk)
{
	if (unlikely(tsk->killed) || unlikely(need_resched))
		exit_to_user_mode_work();
	if (unlikely(*(unsigned long *)tsk->stack != STACK_END_MAGIC))
		stack_end_overwritten();
	/* trace on (kernel/trace.c): the one branch tracing costs here. */
	if (unlikely(trace_pending))
		trace_syscall_exit();
}

/* Its dynamic part is the stack offset's gap, which it records for the erase. */
__stackleak_frame_exempt void do_syscall(struct pt_regs *regs)
{
	/* current, read once: a task is itself on every CPU, before and after schedule(). */
	struct task_struct *const tsk = current;
	u32 offset;	/* this syscall's kernel-stack offset: the trace shows it */
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
	 */
	if (unlikely(trace_tasks))
		trace_syscall(regs, ret, offset);
	regs_set_return_value(regs, ret);
	/* The modes that choose at exit (counter, crng16) do it now. */
	choose_random_kstack_offset(tsk);
	/*
	 * The exit work runs here, inside this frame and so below the gap, not
	 * after we return: then the gap is the only part of the used stack the
	 * erase may skip. entry.S goes on to ret_from_syscall.
	 */
	__exit_to_user_mode(tsk);
}

void exit_to_user_mode(struct pt_regs *regs)
{
	(void)regs;
	/* A new task's first run (ret_from_fork): the switch to it left the kernel lock held. */
	if (spin_is_held_by_me(&kernel_lock))
		spin_unlock(&kernel_lock);
	__exit_to_user_mode(current);
}

SYSCALL_DEFINE(kernel_stats)
{
	kernel_stats.calls = 0;
	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++)
		kernel_stats.calls += READ_ONCE(cpu_info[cpu].syscalls);
	kernel_stats.cpus_online = nr_cpus_online;
	kernel_stats.kernel_text = (unsigned long)do_syscall;
	kernel_stats.free_pages = nr_free_pages();
	kernel_stats.nr_tasks = nr_tasks();
	kernel_stats.counter_hz = arch_cycles_per_sec();
	return copy_to_user(u64_to_user_ptr(a0), &kernel_stats, sizeof(kernel_stats));
}

/*
 * report_stack(ns): the stack pointer inside the dispatcher, after this
 * syscall's offset. With 0 < ns <= 1 s it first sleeps that many
 * nanoseconds, so that the syscall can end on another CPU than the one it
 * began on (user/migrate.c); more than a second is -EINVAL.
 */
SYSCALL_DEFINE(report_stack)
{
	if (a0 > 1000000000UL)
		return -EINVAL;
	if (a0) {
		/* a0 * hz fits: hz < 2^34 (sched.c's nanosleep makes the same bound). */
		u64 ticks = (a0 * arch_cycles_per_sec() + 999999999ULL) / 1000000000ULL;

		sleep_until(arch_get_cycles() + ticks);
	}
	return (long)current->syscall_sp;
}

/* trapdoor_config(key, value): value -1 reads; returns the old value. */
SYSCALL_DEFINE(trapdoor_config)
{
	switch (a0) {
	case TRAPDOOR_CONFIG_KSTACK_MODE:
		return kstack_mode_set((long)a1);
	case TRAPDOOR_CONFIG_STACKLEAK:
		return stackleak_set_enabled((long)a1);
	case TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS:
		return kstack_chacha_rounds_set((long)a1);
	case TRAPDOOR_CONFIG_KSTACK_STORE:
		return kstack_store_set((long)a1);
	case TRAPDOOR_CONFIG_TRACE:
		return trace_set((long)a1);
#ifdef CONFIG_KTEST
	case TRAPDOOR_CONFIG_TTY_LEGACY_TIOCSTI:
		return tty_set_legacy_tiocsti((long)a1);
	case TRAPDOOR_CONFIG_TTY_INJECT_IDLE:
		return tty_inject_idle((long)a1);
#endif
	default:
		return -EINVAL;
	}
}
