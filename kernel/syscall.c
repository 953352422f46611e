// SPDX-License-Identifier: MIT
/*
 * The system call dispatcher: the one C function every architecture's entry.S
 * calls after saving the user's registers into *regs. It reads the number and
 * the arguments only through the pt_regs accessors (asm/ptrace.h), so nothing
 * here depends on the architecture.
 */
#include <trapdoor/arch.h>
#include <trapdoor/compiler.h>
#include <trapdoor/syscall.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>
#include <uapi/unistd.h>

#include "syscalls.h"

/* The table: read it as a list. Unlisted numbers are NULL: -ENOSYS. */
static const syscall_fn_t sys_call_table[NR_syscalls] = {
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
	[__NR_syscall_stats]	= sys_syscall_stats,
	[__NR_report_kstack]	= sys_report_kstack,
};

struct syscall_stats syscall_stats;

/* The stack pointer inside the dispatcher on the latest syscall (report_kstack). */
unsigned long syscall_kstack_sp;

/* Looks the number up and calls the handler; unknown numbers give -ENOSYS. */
static long invoke_syscall(struct pt_regs *regs)
{
	unsigned long nr = regs_syscall_nr(regs);
	syscall_fn_t fn;

	/* nr is unsigned: a negative number from user space is huge, not below 0. */
	if (nr >= NR_syscalls || !(fn = sys_call_table[nr])) {
		syscall_stats.enosys++;
		return -ENOSYS;
	}
	return fn(regs_syscall_arg(regs, 0), regs_syscall_arg(regs, 1),
		  regs_syscall_arg(regs, 2), regs_syscall_arg(regs, 3),
		  regs_syscall_arg(regs, 4), regs_syscall_arg(regs, 5));
}

void do_syscall(struct pt_regs *regs)
{
	long ret;

	syscall_stats.calls++;

	/*
	 * Hook point: add_random_kstack_offset() goes here, after the registers
	 * are saved and before the handler runs (kernel/randomize_kstack.h).
	 */
	syscall_kstack_sp = current_stack_pointer();

	ret = invoke_syscall(regs);
	regs_set_return_value(regs, ret);

	/*
	 * Hook point: the stackleak erase runs on the way back to user mode,
	 * after this frame is gone (kernel/stackleak.c).
	 */
}

SYSCALL_DEFINE(syscall_stats)
{
	syscall_stats.kernel_text = (unsigned long)do_syscall;
	return copy_to_user(a0, &syscall_stats, sizeof(syscall_stats));
}

SYSCALL_DEFINE(report_kstack)
{
	return (long)syscall_kstack_sp;
}
