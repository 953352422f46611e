// SPDX-License-Identifier: MIT
/*
 * The scheduler: one run queue for every CPU, first in first out, under the
 * kernel lock (docs/smp.md, "The run queue"). A task runs until it yields,
 * blocks, exits, or its time slice (one timer tick) ends while it is in user
 * mode: the tick calls set_need_resched(), and exit_to_user_mode() gives the CPU
 * away on the way back to user mode. The kernel itself is never preempted:
 * it runs with interrupts masked on every architecture. A CPU with nothing
 * to run switches to its idle task, which waits in arch_cpu_idle().
 */
#include <trapdoor/signal.h>
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <trapdoor/cpumask.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <trapdoor/stackleak.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

static struct task_struct *run_head, *run_tail;
unsigned long jiffies;
bool sched_running;

static void __sched_enqueue(struct task_struct *t)
{
	/* Queued twice, the list would loop or lose the tasks behind it. */
	if (t->on_rq)
		panic("sched_enqueue: task %d (%s) is already on the run queue", t->pid, t->comm);
	t->on_rq = true;
	t->run_next = NULL;
	if (run_tail)
		run_tail->run_next = t;
	else
		run_head = t;
	run_tail = t;
}

static bool cpu_is_idle(const struct cpu_info *c)
{
	return c->online && c->idle && c->current_task == c->idle;
}

/*
 * t is queued: if no CPU that may run it will look at the queue soon, wake
 * one that idles. This CPU looks soon if it idles itself (its idle loop is
 * the caller, or will run next).
 */
static void kick_idle_cpu(const struct task_struct *t)
{
	unsigned int self = smp_processor_id();

	if ((t->cpus_allowed & (1UL << self)) && cpu_is_idle(this_cpu()))
		return;
	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++) {
		struct cpu_info *c = &cpu_info[cpu];

		if (cpu == self || !(t->cpus_allowed & (1UL << cpu)) || !cpu_is_idle(c))
			continue;
		if (c->kicked)
			continue; /* woken already: it takes one task, find another */
		c->kicked = true;
		arch_send_ipi(cpu);
		return;
	}
}

void sched_enqueue(struct task_struct *t)
{
	__sched_enqueue(t);
	kick_idle_cpu(t);
}

/* The first queued task this CPU may run, taken off the queue; NULL if none. */
static struct task_struct *pick_next_task(unsigned int cpu)
{
	struct task_struct *t, *before = NULL;

	for (t = run_head; t; before = t, t = t->run_next)
		if (t->cpus_allowed & (1UL << cpu))
			break;
	if (!t)
		return NULL;
	if (before)
		before->run_next = t->run_next;
	else
		run_head = t->run_next;
	if (run_tail == t)
		run_tail = before;
	t->on_rq = false;
	t->run_next = NULL;
	return t;
}

/*
 * The kernel lock stays held across arch_switch_to(): prev's registers are
 * saved only once it is done, and until then no other CPU may pick prev.
 * Whatever continues on this CPU releases it: next's own schedule() returning
 * to its caller, ret_from_fork's exit_to_user_mode(), or the idle loop.
 */
static void context_switch(struct task_struct *prev, struct task_struct *next)
{
	struct cpu_info *c = this_cpu();

	if (!spin_is_held_by_me(&kernel_lock))
		panic("context switch from task %d (%s) without the kernel lock", prev->pid,
		      prev->comm);
	kernel_stats.context_switches++;
	next->cpu = c->cpu;
	c->current_task = next;
	arch_switch_mm(next->mm);
	arch_switch_to(prev, next);
}

void schedule(void)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct cpu_info *c = this_cpu();
	struct task_struct *prev = current, *next;

	/* A stack overflow would have run over the canary at the bottom (boot_task: head.S's stack). */
	if (prev != &boot_task && prev->stack && *(unsigned long *)prev->stack != STACK_END_MAGIC)
		panic("kernel stack overflow in task %d (%s)", prev->pid, prev->comm);
	/* Sleeping with a spinlock held would leave every other CPU spinning on it. */
	if (!spin_is_held_by_me(&kernel_lock))
		panic("schedule() without the kernel lock, task %d (%s)", prev->pid, prev->comm);
	if (c->locks_held != 1)
		panic("schedule() with %u spinlocks held besides the kernel lock, task %d (%s)",
		      c->locks_held - 1, prev->pid, prev->comm);

	clear_need_resched();
	if (prev->state == TASK_RUNNABLE && prev != c->idle)
		__sched_enqueue(prev);
	next = pick_next_task(c->cpu);
	/* prev may no longer be allowed here (sched_setaffinity): another CPU takes it. */
	if (prev->on_rq && next != prev)
		kick_idle_cpu(prev);
	/*
	 * Nothing to run: this CPU's idle task waits for work, on its own
	 * stack. prev's is no place for it: another CPU may pick prev up.
	 */
	if (!next)
		next = c->idle;
	if (next == prev)
		return;
	context_switch(prev, next);
}

bool sched_cpus_idle(void)
{
	if (run_head)
		return false;
	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++) {
		struct cpu_info *c = &cpu_info[cpu];

		if (c->online && c->current_task != c->idle)
			return false;
	}
	return true;
}

/*
 * The idle task of each CPU, entered with the kernel lock held. CPU 0 wakes
 * the sleepers whose time has come and reads what the console holds (its
 * interrupt may have been left pending rather than taken, include/trapdoor/
 * arch.h); with nothing to run, every CPU drops the lock and sleeps until an
 * interrupt: a tick, console input, a reschedule IPI. That holds even when
 * every task is blocked and none sleeps: a key (Ctrl-C for the foreground
 * task) can still arrive, and the tick and the console's interrupt keep
 * coming while the CPU idles.
 */
__noreturn void cpu_idle_loop(void)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct cpu_info *c = this_cpu();
	struct task_struct *idle = c->idle;

	for (;;) {
		struct task_struct *next;

		c->kicked = false;
		if (c->cpu == 0) {
			task_wake_sleepers(arch_get_cycles());
			__console_rx_interrupt();
		}
		next = pick_next_task(c->cpu);
		if (next) {
			clear_need_resched(); /* a tick taken while idle is no reason to yield */
			context_switch(idle, next);
			continue; /* back here when this CPU has nothing to run again */
		}
		spin_unlock(&kernel_lock);
		arch_cpu_idle();
		spin_lock(&kernel_lock);
	}
}

void sleep_until(u64 wake_at)
{
	current->wake_at = wake_at ? wake_at : 1;
	current->state = TASK_BLOCKED;
	schedule();
}

/*
 * nanosleep(req, rem): sleeps at least req; a signal that ends it early
 * writes the time left to rem (if given), as Linux's. A deadline beyond the
 * counter's range saturates: the task sleeps until a signal ends it (tv_sec *
 * hz would otherwise wrap and return at once).
 */
SYSCALL_DEFINE2(nanosleep, const struct timespec __user *, rqtp, struct timespec __user *, rmtp)
{
	struct timespec ts;
	u64 hz = arch_cycles_per_sec(), start = arch_get_cycles(), ns_ticks, deadline, now;

	if (copy_from_user(&ts, rqtp, sizeof(ts)) < 0)
		return -EFAULT;
	if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000L)
		return -EINVAL;
	/* Round up, so that we never sleep less than asked. tv_nsec * hz fits: hz < 2^34. */
	ns_ticks = ((u64)ts.tv_nsec * hz + 999999999ULL) / 1000000000ULL;
	if ((u64)ts.tv_sec > (U64_MAX - start - ns_ticks) / hz)
		deadline = U64_MAX; /* for ever */
	else
		deadline = start + (u64)ts.tv_sec * hz + ns_ticks;
	while ((now = arch_get_cycles()) < deadline) {
		if (signal_pending(current)) {
			u64 left = deadline - now;

			ts.tv_sec = (long)(left / hz);
			ts.tv_nsec = (long)((left % hz) * 1000000000ULL / hz);
			/* A task being killed never sees it: only a handler's return does. */
			if (rmtp && !current->killed && copy_to_user(rmtp, &ts, sizeof(ts)) < 0)
				return -EFAULT;
			return -ERESTARTNOHAND; /* -EINTR if a handler runs, as Linux's */
		}
		sleep_until(deadline);
	}
	return 0;
}

void timer_interrupt(struct pt_regs *regs)
{
	struct cpu_info *c = this_cpu();

	(void)regs;
	WRITE_ONCE(c->ticks, c->ticks + 1);
	/* The time slice is one tick: whoever runs now yields on the way out. */
	set_need_resched();
	if (c->cpu != 0)
		return; /* the clock, the sleepers and the console are CPU 0's */
	spin_lock(&kernel_lock);
	jiffies++;
	kernel_stats.ticks++;
	console_tick();
	if (sched_running)
		task_wake_sleepers(arch_get_cycles());
	spin_unlock(&kernel_lock);
}

/* A CPU's number is in the mask of the tasks allowed to run on it. */
static bool cpu_allowed(const struct task_struct *t, unsigned int cpu)
{
	return t->cpus_allowed & (1UL << cpu);
}

/* The task pid names for the affinity calls: 0 is the caller. */
static struct task_struct *affinity_task(pid_t pid)
{
	if (pid == 0)
		return current;
	if (pid < 0)
		return NULL;
	return task_by_pid(pid);
}

/*
 * sched_setaffinity(pid, len, mask): as in Linux, len bytes of mask are read
 * (more than a cpumask's are ignored, fewer mean the rest is zero); no online
 * CPU in it is -EINVAL. A task that may no longer run where it runs moves at
 * its next schedule(): the caller on its way out of this call, a task on
 * another CPU at once (a reschedule IPI).
 */
SYSCALL_DEFINE3(sched_setaffinity, pid_t, pid, unsigned int, len, unsigned long __user *,
		user_mask_ptr)
{
	unsigned char buf[sizeof(unsigned long)] = { 0 };
	size_t n = cpumask_user_len(len);
	struct task_struct *t;
	unsigned long mask;

	if (copy_from_user(buf, user_mask_ptr, n) < 0)
		return -EFAULT;
	t = affinity_task(pid);
	if (!t)
		return -ESRCH;
	mask = cpumask_from_bytes(buf, n) & cpu_online_mask();
	if (!mask)
		return -EINVAL;
	t->cpus_allowed = mask;
	if (t->state != TASK_RUNNABLE || cpu_allowed(t, t->cpu))
		return 0;
	if (t == current)
		set_need_resched();
	else if (t->on_rq)
		kick_idle_cpu(t);
	else if (cpu_info[t->cpu].current_task == t)
		arch_send_ipi(t->cpu);
	return 0;
}

/*
 * sched_getaffinity(pid, len, mask): the task's mask of online CPUs; returns
 * the bytes written (a cpumask's size), as the raw Linux call does. len must
 * hold every CPU there is and be a multiple of a long's size.
 */
SYSCALL_DEFINE3(sched_getaffinity, pid_t, pid, unsigned int, len, unsigned long __user *,
		user_mask_ptr)
{
	struct task_struct *t;
	unsigned long mask;
	long n = cpumask_getaffinity_len(len, nr_cpus_present);

	if (n < 0)
		return n;
	t = affinity_task(pid);
	if (!t)
		return -ESRCH;
	mask = t->cpus_allowed & cpu_online_mask();
	if (copy_to_user(user_mask_ptr, &mask, (size_t)n) < 0)
		return -EFAULT;
	return n;
}

/* getcpu(cpu, node, cache): the CPU the caller runs on; one node, 0. Either pointer may be NULL. */
SYSCALL_DEFINE2(getcpu, unsigned int __user *, cpup, unsigned int __user *, nodep)
{
	unsigned int cpu = smp_processor_id(), node = 0;
	long err = 0;

	if (cpup)
		err |= copy_to_user(cpup, &cpu, sizeof(cpu));
	if (nodep)
		err |= copy_to_user(nodep, &node, sizeof(node));
	return err ? -EFAULT : 0;
}

/*
 * The top of a kernel stack for boot_task, as arch_task_init() and
 * arch_switch_to() see one: a pt_regs of zeros and a frame below it (all they
 * touch of a task's stack). boot_task runs on head.S's boot stack, so the
 * rest of a THREAD_SIZE stack would never be used.
 */
static u8 boot_task_top[sizeof(struct pt_regs) + 512] __aligned(16);

__noreturn void sched_start(void)
{
	struct cpu_info *c = this_cpu();

	/*
	 * The boot context becomes CPU 0's idle task. It runs on the boot
	 * stack, but arch_switch_to() also loads what every task has beside
	 * its saved registers (the top of its kernel stack, for the next trap
	 * from user mode; x86_64 reads its pt_regs too): arch_task_init() gives
	 * it those, pointing at boot_task_top, and the first switch away saves
	 * its real registers.
	 */
	boot_task.stack =
	    (void *)((unsigned long)boot_task_top + sizeof(boot_task_top) - THREAD_SIZE);
	arch_task_init(&boot_task);
	boot_task.state = TASK_BLOCKED; /* never on the run queue */
	boot_task.cpus_allowed = 1UL << 0;
	spin_lock(&kernel_lock);
	/* A CPU that came up after smp_init() stopped waiting for it runs tasks too: count it. */
	nr_cpus_online = 0;
	for (unsigned long m = cpu_online_mask(); m; m &= m - 1)
		nr_cpus_online++;
	c->idle = &boot_task;
	__atomic_store_n(&sched_running, true, __ATOMIC_RELEASE);
	for (unsigned int cpu = 1; cpu < nr_cpus_present; cpu++)
		if (cpu_info[cpu].online)
			arch_send_ipi(cpu); /* out of their wait in secondary_start_kernel() */
	cpu_idle_loop();
}
