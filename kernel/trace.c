// SPDX-License-Identifier: MIT
/*
 * Syscall tracing: `trace on` in the shell (user/sh.c) makes the kernel print
 * one line per syscall of the programs the shell starts:
 *
 *   trace: 5 write(1, 0x103ffffd40, 78) = 78  kstack +656  erased 888
 *
 * the pid, the syscall and its arguments, the return value, the random offset
 * the dispatcher moved its stack pointer down by on the way in
 * (docs/kstack-offset.md) and the bytes the stackleak erase will re-poison on
 * the way out (docs/stackleak.md). docs/shell.md shows it at work.
 *
 * do_syscall() records the line (the dispatcher has the number, arguments and
 * result); the exit work prints it, the last thing the kernel does for the
 * syscall in C. The erase that follows in entry.S takes printk's frames too.
 *
 * The switch is each task's own (task_struct.trace_children): a task's
 * trace on traces its own children, direct ones only, and never reaches
 * whether the task itself is traced. So a traced program's trace on or off
 * changes only what is traced below it, and cannot take the shell's trace
 * over or switch it off.
 */
#include <trapdoor/printk.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>
#include <trapdoor/trace.h>
#include <trapdoor/syscall.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>
#include <uapi/unistd.h>

int trace_tasks;
bool trace_pending;

struct syscall_desc {
	const char *name;
	unsigned int nargs;
};

static const struct syscall_desc syscall_descs[NR_syscalls] = {
	[__NR_read] = { "read", 3 },
	[__NR_write] = { "write", 3 },
	[__NR_exit] = { "exit", 1 },
	[__NR_exit_group] = { "exit_group", 1 },
	[__NR_nanosleep] = { "nanosleep", 2 },
	[__NR_clock_gettime] = { "clock_gettime", 2 },
	[__NR_sched_yield] = { "sched_yield", 0 },
	[__NR_kill] = { "kill", 2 },
	[__NR_reboot] = { "reboot", 4 },
	[__NR_uname] = { "uname", 1 },
	[__NR_getpid] = { "getpid", 0 },
	[__NR_getppid] = { "getppid", 0 },
	[__NR_gettid] = { "gettid", 0 },
	[__NR_clone] = { "clone", 5 },
	[__NR_writev] = { "writev", 3 },
	[__NR_set_tid_address] = { "set_tid_address", 1 },
	[__NR_ppoll] = { "ppoll", 5 },
#ifdef __NR_poll
	[__NR_poll] = { "poll", 3 },
#endif
#ifdef __NR_pipe
	[__NR_pipe] = { "pipe", 1 },
#endif
#ifdef __NR_dup2
	[__NR_dup2] = { "dup2", 2 },
#endif
#ifdef __NR_fork
	[__NR_fork] = { "fork", 0 },
#endif
#ifdef __NR_getpgrp
	[__NR_getpgrp] = { "getpgrp", 0 },
#endif
#ifdef __NR_arch_prctl
	[__NR_arch_prctl] = { "arch_prctl", 2 },
#endif
	[__NR_execve] = { "execve", 3 },
	[__NR_wait4] = { "wait4", 4 },
	[__NR_getrandom] = { "getrandom", 3 },
	[__NR_spawn] = { "spawn", 4 },
	[__NR_kernel_stats] = { "kernel_stats", 1 },
	[__NR_report_stack] = { "report_stack", 1 },
	[__NR_task_list] = { "task_list", 2 },
	[__NR_trapdoor_config] = { "trapdoor_config", 2 },
	[__NR_stackleak_check] = { "stackleak_check", 1 },
	[__NR_leak_write_secret] = { "leak_write_secret", 1 },
	[__NR_leak_read_uninit] = { "leak_read_uninit", 0 },
	[__NR_stackleak_deep] = { "stackleak_deep", 1 },
	[__NR_lkdtm] = { "lkdtm", 2 },
	[__NR_brk] = { "brk", 1 },
	[__NR_mmap] = { "mmap", 6 },
	[__NR_munmap] = { "munmap", 2 },
	[__NR_mprotect] = { "mprotect", 3 },
	/* Processes, signals, limits and clocks. */
	[__NR_tkill] = { "tkill", 2 },
	[__NR_tgkill] = { "tgkill", 3 },
	[__NR_rt_sigaction] = { "rt_sigaction", 4 },
	[__NR_rt_sigprocmask] = { "rt_sigprocmask", 4 },
	[__NR_rt_sigpending] = { "rt_sigpending", 2 },
	[__NR_waitid] = { "waitid", 5 },
	[__NR_prlimit64] = { "prlimit64", 4 },
	[__NR_getuid] = { "getuid", 0 },
	[__NR_geteuid] = { "geteuid", 0 },
	[__NR_getgid] = { "getgid", 0 },
	[__NR_getegid] = { "getegid", 0 },
	[__NR_prctl] = { "prctl", 5 },
	[__NR_set_robust_list] = { "set_robust_list", 2 },
	[__NR_rseq] = { "rseq", 4 },
	[__NR_clock_getres] = { "clock_getres", 2 },
	[__NR_clock_nanosleep] = { "clock_nanosleep", 4 },
	[__NR_gettimeofday] = { "gettimeofday", 2 },
	[__NR_times] = { "times", 1 },
#ifdef __NR_getrlimit
	[__NR_getrlimit] = { "getrlimit", 2 },
	[__NR_setrlimit] = { "setrlimit", 2 },
#endif
#ifdef __NR_ugetrlimit
	[__NR_ugetrlimit] = { "ugetrlimit", 2 },
#endif
#ifdef __NR_time
	[__NR_time] = { "time", 1 },
#endif
};

/*
 * Lines waiting for their erase, one per task at most: a task may be
 * scheduled out between its syscall and its return to user mode, and another
 * traced task's syscall comes in between.
 */
#define TRACE_SLOTS 8

struct trace_record {
	struct task_struct *task; /* NULL: a free slot */
	int pid;		  /* with task: a record of a task that died is stale */
	unsigned long nr, args[6], offset;
	long ret;
};

static struct trace_record records[TRACE_SLOTS];

/* Under the kernel lock, as every trapdoor_config() is. */
long trace_set(long on)
{
	struct task_struct *t = current;
	long old = t->trace_children;

	if (on != -1 && on != 0 && on != 1)
		return -EINVAL;
	if (on != -1 && on != old) {
		t->trace_children = on;
		WRITE_ONCE(trace_tasks, trace_tasks + (on ? 1 : -1));
	}
	return old;
}

void trace_exit(struct task_struct *t)
{
	if (t->trace_children) {
		t->trace_children = false;
		WRITE_ONCE(trace_tasks, trace_tasks - 1);
	}
}

bool task_traced(const struct task_struct *t)
{
	return t->parent && t->parent->trace_children;
}

static bool record_live(const struct trace_record *r)
{
	return r->task && task_by_pid(r->pid) == r->task && r->task->state != TASK_ZOMBIE;
}

/* The records and the task table: under the kernel lock, which do_syscall() does not hold here. */
static void __trace_syscall(struct pt_regs *regs, long ret, unsigned long offset)
{
	struct trace_record *r = NULL;

	if (!task_traced(current))
		return;
	for (int i = 0; i < TRACE_SLOTS && !r; i++)
		if (!record_live(&records[i]))
			r = &records[i];
	if (!r)
		return; /* more traced tasks in the middle of a syscall than slots */
	r->task = current;
	r->pid = current->pid;
	r->nr = regs_syscall_nr(regs);
	for (int i = 0; i < 6; i++)
		r->args[i] = regs_syscall_arg(regs, i);
	r->ret = ret;
	r->offset = offset;
	trace_pending = true;
}

void trace_syscall(struct pt_regs *regs, long ret, unsigned long offset)
{
	spin_lock(&kernel_lock);
	__trace_syscall(regs, ret, offset);
	spin_unlock(&kernel_lock);
}

/*
 * What the stackleak erase will write at the end of this syscall, in bytes, as
 * things stand now: the erase's plan, with our own live frames counted as used.
 */
static unsigned long stackleak_erase_pending_bytes(void)
{
	struct task_struct *t = current;
	struct stackleak_erase_range r;
	unsigned long sp = current_stack_pointer();

	if (!t->stackleak_enabled)
		return 0;
	stackleak_erase_plan(stackleak_low_bound(t), t->lowest_stack < sp ? t->lowest_stack : sp,
			     t->stackleak_gap_low, t->stackleak_gap_high, stackleak_high_bound(t),
			     &r);
	return stackleak_erase_bytes(&r);
}

static void trace_print(const struct trace_record *r, unsigned long erased)
{
	const struct syscall_desc *d = r->nr < NR_syscalls ? &syscall_descs[r->nr] : NULL;
	unsigned int nargs = d && d->name ? d->nargs : 6;

	if (d && d->name)
		printk("trace: %d %s(", r->pid, d->name);
	else
		printk("trace: %d syscall_%lu(", r->pid, r->nr);
	for (unsigned int i = 0; i < nargs; i++)
		printk((long)r->args[i] > -4096 && (long)r->args[i] < 4096 ? "%s%ld" : "%s0x%lx",
		       i ? ", " : "", r->args[i]);
	if (r->ret < 0 && r->ret >= -4095)
		printk(") = %ld", r->ret);
	else if ((unsigned long)r->ret < 65536)
		printk(") = %ld", r->ret);
	else
		printk(") = 0x%lx", (unsigned long)r->ret);
	printk("  kstack +%lu  erased %lu\n", r->offset, erased);
}

void trace_syscall_exit(void)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	bool any = false;

	spin_lock(&kernel_lock);
	for (int i = 0; i < TRACE_SLOTS; i++) {
		struct trace_record *r = &records[i];

		if (r->task == current && r->pid == current->pid) {
			/* What the erase on the way out will rewrite, printk's frames aside. */
			trace_print(r, stackleak_erase_pending_bytes());
			r->task = NULL;
		}
		any |= record_live(r);
	}
	trace_pending = any;
	spin_unlock(&kernel_lock);
}
