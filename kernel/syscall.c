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


/*
 * An entry of the table: the handler and its flags. SYSCALL_LOCKLESS: the
 * call runs without the kernel lock (docs/smp.md, "Locks"); it touches only
 * the caller's own state, which no other CPU changes while it runs, and never
 * sleeps. Every other handler runs with the lock held.
 */
struct syscall_entry {
	syscall_fn_t fn;
	unsigned long flags;
};

#define SYSCALL_LOCKLESS 1UL

/* The table: read it as a list. Unlisted numbers are NULL: -ENOSYS. */
/* clang-format off */
static const struct syscall_entry sys_call_table[NR_syscalls] = {
	[__NR_dup3]		= { .fn = sys_dup3 },
	[__NR_close]		= { .fn = sys_close },
	[__NR_pipe2]		= { .fn = sys_pipe2 },
	[__NR_read]		= { .fn = sys_read },
	[__NR_write]		= { .fn = sys_write },
	[__NR_exit]		= { .fn = sys_exit },
	[__NR_exit_group]	= { .fn = sys_exit_group },
	[__NR_clock_gettime]	= { .fn = sys_clock_gettime, .flags = SYSCALL_LOCKLESS },
	[__NR_sched_yield]	= { .fn = sys_sched_yield },
	[__NR_reboot]		= { .fn = sys_reboot },
	[__NR_uname]		= { .fn = sys_uname },
	[__NR_getpid]		= { .fn = sys_getpid, .flags = SYSCALL_LOCKLESS },
	[__NR_getppid]		= { .fn = sys_getppid },
	[__NR_gettid]		= { .fn = sys_gettid, .flags = SYSCALL_LOCKLESS },
	[__NR_wait4]		= { .fn = sys_wait4 },
	[__NR_getrandom]	= { .fn = sys_getrandom },
	[__NR_spawn]		= { .fn = sys_spawn },
	[__NR_kernel_stats]	= { .fn = sys_kernel_stats },
	[__NR_report_stack]	= { .fn = sys_report_stack },
	[__NR_nanosleep]	= { .fn = sys_nanosleep },
	[__NR_kill]		= { .fn = sys_kill },
	[__NR_clone]		= { .fn = sys_clone },
	[__NR_execve]		= { .fn = sys_execve },
	[__NR_task_list]	= { .fn = sys_task_list },
	[__NR_trapdoor_config]	= { .fn = sys_trapdoor_config },
	[__NR_stackleak_check]	= { .fn = sys_stackleak_check },
	[__NR_stackleak_deep]	= { .fn = sys_stackleak_deep },
	[__NR_leak_write_secret] = { .fn = sys_leak_write_secret },
	[__NR_leak_read_uninit]	= { .fn = sys_leak_read_uninit },
	[__NR_lkdtm]		= { .fn = sys_lkdtm },
	[__NR_sched_setaffinity] = { .fn = sys_sched_setaffinity },
	[__NR_sched_getaffinity] = { .fn = sys_sched_getaffinity },
	[__NR_getcpu]		= { .fn = sys_getcpu, .flags = SYSCALL_LOCKLESS },
	[__NR_ioctl]		= { .fn = sys_ioctl },
	[__NR_setpgid]		= { .fn = sys_setpgid },
	[__NR_getpgid]		= { .fn = sys_getpgid },
	[__NR_getsid]		= { .fn = sys_getsid },
	[__NR_setsid]		= { .fn = sys_setsid },
	[__NR_writev]		= { .fn = sys_writev },
	[__NR_set_tid_address]	= { .fn = sys_set_tid_address },
	/* Files (fs/). */
	[__NR_openat]		= { .fn = sys_openat },
	[__NR_readv]		= { .fn = sys_readv },
	[__NR_pread64]		= { .fn = sys_pread64 },
	[__NR_pwrite64]		= { .fn = sys_pwrite64 },
	[__NR_lseek]		= { .fn = sys_lseek },
	[__NR_getdents64]	= { .fn = sys_getdents64 },
	[__NR_statx]		= { .fn = sys_statx },
	[__NR_dup]		= { .fn = sys_dup },
	[__NR_fcntl]		= { .fn = sys_fcntl },
	[__NR_sendfile]		= { .fn = sys_sendfile },
#ifdef __NR_newfstatat
	[__NR_newfstatat]	= { .fn = sys_newfstatat },
	[__NR_fstat]		= { .fn = sys_fstat },
#endif
	/* Files: names, the working directory, umask (fs/namei.c, fs/cwd.c, fs/access.c, fs/old_calls.c). */
	[__NR_mkdirat]		= { .fn = sys_mkdirat },
	[__NR_unlinkat]		= { .fn = sys_unlinkat },
	[__NR_symlinkat]	= { .fn = sys_symlinkat },
	[__NR_readlinkat]	= { .fn = sys_readlinkat },
	[__NR_renameat2]	= { .fn = sys_renameat2 },
	[__NR_faccessat]	= { .fn = sys_faccessat },
	[__NR_ftruncate]	= { .fn = sys_ftruncate },
	[__NR_chdir]		= { .fn = sys_chdir },
	[__NR_fchdir]		= { .fn = sys_fchdir },
	[__NR_getcwd]		= { .fn = sys_getcwd },
	[__NR_umask]		= { .fn = sys_umask },
#ifdef __NR_renameat
	[__NR_renameat]		= { .fn = sys_renameat },
#endif
	/* Their old-style forms, where this arch's table keeps them. */
#ifdef __NR_rename
	[__NR_rename]		= { .fn = sys_rename },
	[__NR_mkdir]		= { .fn = sys_mkdir },
	[__NR_rmdir]		= { .fn = sys_rmdir },
	[__NR_unlink]		= { .fn = sys_unlink },
	[__NR_symlink]		= { .fn = sys_symlink },
	[__NR_readlink]		= { .fn = sys_readlink },
	[__NR_access]		= { .fn = sys_access },
	[__NR_open]		= { .fn = sys_open },
	[__NR_creat]		= { .fn = sys_creat },
	[__NR_stat]		= { .fn = sys_stat },
	[__NR_lstat]		= { .fn = sys_lstat },
#endif
	/* The old-style calls, where this arch's table keeps them. */
#ifdef __NR_pipe
	[__NR_pipe]		= { .fn = sys_pipe },
#endif
#ifdef __NR_dup2
	[__NR_dup2]		= { .fn = sys_dup2 },
#endif
#ifdef __NR_fork
	[__NR_fork]		= { .fn = sys_fork },
#endif
#ifdef __NR_getpgrp
	[__NR_getpgrp]		= { .fn = sys_getpgrp },
#endif
#ifdef __NR_arch_prctl
	[__NR_arch_prctl]	= { .fn = sys_arch_prctl },
#endif
	[__NR_brk]		= { .fn = sys_brk },
#ifdef __ARCH_WANT_SYS_OLD_MMAP
	[__NR_mmap]		= { .fn = sys_old_mmap }, /* s390: the arguments in memory */
#else
	[__NR_mmap]		= { .fn = sys_mmap },
#endif
	[__NR_munmap]		= { .fn = sys_munmap },
	[__NR_mprotect]		= { .fn = sys_mprotect },
};
/* clang-format on */

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
 * away here.
 */
static __noinline void exit_to_user_mode_work(void)
{
	spin_lock(&kernel_lock);
	for (;;) {
		/* kill() or a broken pipe marked us (perhaps while we waited our turn): die now. */
		if (current->killed)
			do_exit(current->killed);
		if (!need_resched())
			break;
		schedule();
	}
	spin_unlock(&kernel_lock);
}

/*
 * The exit work, on every return to user mode, entered without the kernel
 * lock; a traced syscall's line is printed here. The stackleak erase comes
 * after it, from entry.S, once no C frame is left (ret_to_user).
 */
static __always_inline void __exit_to_user_mode(struct task_struct *tsk)
{
	if (unlikely(tsk->killed) || unlikely(need_resched()))
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
	__exit_to_user_mode(tsk);
}

void exit_to_user_mode(struct pt_regs *regs)
{
	(void)regs;
	/* A new task's first run (ret_from_fork): the switch to it left the kernel lock held. */
	if (spin_is_held_by_me(&kernel_lock)) {
		if (current->set_child_tid)
			fork_tail(current);
		spin_unlock(&kernel_lock);
	}
	__exit_to_user_mode(current);
}
