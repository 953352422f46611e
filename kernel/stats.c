// SPDX-License-Identifier: MIT
/*
 * What the kernel tells the tests and benchmarks about itself: its counters
 * (kernel_stats) and the stack pointer a syscall ran at (report_stack).
 */
#include <trapdoor/arch.h>
#include <trapdoor/compiler.h>
#include <trapdoor/fs.h>
#include <trapdoor/mm.h>
#include <trapdoor/smp.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

struct kernel_stats kernel_stats;

SYSCALL_DEFINE1(kernel_stats, struct kernel_stats __user *, stats)
{
	kernel_stats.calls = 0;
	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++)
		kernel_stats.calls += READ_ONCE(cpu_info[cpu].syscalls);
	kernel_stats.cpus_online = nr_cpus_online;
	kernel_stats.kernel_text = (unsigned long)do_syscall;
	kernel_stats.free_pages = nr_free_pages();
	kernel_stats.nr_tasks = nr_tasks();
	kernel_stats.nr_inodes = nr_inodes();
	kernel_stats.counter_hz = arch_cycles_per_sec();
	return copy_to_user(stats, &kernel_stats, sizeof(kernel_stats));
}

/*
 * report_stack(ns): the stack pointer inside the dispatcher, after this
 * syscall's offset. With 0 < ns <= 1 s it first sleeps that many
 * nanoseconds, so that the syscall can end on another CPU than the one it
 * began on (user/migrate.c); more than a second is -EINVAL.
 */
SYSCALL_DEFINE1(report_stack, u64, ns)
{
	if (ns > 1000000000ULL)
		return -EINVAL;
	if (ns) {
		/* ns * hz fits: hz < 2^34 (sched.c's nanosleep makes the same bound). */
		u64 ticks = (ns * arch_cycles_per_sec() + 999999999ULL) / 1000000000ULL;

		sleep_until(arch_get_cycles() + ticks);
	}
	return (long)current->syscall_sp;
}
