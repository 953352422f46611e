// SPDX-License-Identifier: MIT
/*
 * Several CPUs (docs/smp.md). CPU 0 boots and runs start_kernel(); once the
 * first task exists, smp_init() gives every other CPU the machine has an idle
 * task and starts it with arch_cpu_up(). A started CPU enters
 * secondary_start_kernel() on that idle task's stack, says it is online, and
 * waits until sched_start() lets every CPU run tasks; from then on it runs
 * its idle loop (kernel/sched.c) like CPU 0.
 */
#include <trapdoor/arch.h>
#include <trapdoor/printk.h>
#include <trapdoor/smp.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>

#include "randomize_kstack.h"

struct cpu_info cpu_info[NR_CPUS] = {
	[0] = { .cpu = 0, .online = true, .current_task = &boot_task },
};
unsigned int nr_cpus_present = 1, nr_cpus_online = 1;

/*
 * How long smp_init() waits for one CPU to come online: ten seconds, as
 * Linux does. Under QEMU a CPU is up in microseconds on an idle host, but
 * its host thread may wait much longer for a core on a busy one.
 */
#define CPU_UP_TIMEOUT_SEC 10

/* smp_send_stop(): the CPU that stops the others, NR_CPUS while none does. */
static unsigned int stopping_cpu = NR_CPUS;

unsigned long cpu_online_mask(void)
{
	unsigned long mask = 0;

	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++)
		if (__atomic_load_n(&cpu_info[cpu].online, __ATOMIC_ACQUIRE))
			mask |= 1UL << cpu;
	return mask;
}

/* Interrupts stay masked: nothing but a power-off or a reset ends this. */
static __noreturn void cpu_stop_self(void)
{
	__atomic_store_n(&this_cpu()->online, false, __ATOMIC_RELEASE);
	for (;;)
		barrier();
}

void smp_send_stop(void)
{
	unsigned int self = smp_processor_id(), none = NR_CPUS;

	/* Two CPUs panicking at once: the second stops for the first. */
	if (!__atomic_compare_exchange_n(&stopping_cpu, &none, self, false, __ATOMIC_ACQ_REL,
					 __ATOMIC_ACQUIRE) &&
	    none != self)
		cpu_stop_self();
	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++)
		if (cpu != self && __atomic_load_n(&cpu_info[cpu].online, __ATOMIC_ACQUIRE))
			arch_send_ipi(cpu);
}

void smp_call_pending(void)
{
	struct cpu_info *c = this_cpu();
	void (*fn)(void *);
	unsigned int stopper = __atomic_load_n(&stopping_cpu, __ATOMIC_ACQUIRE);

	if (unlikely(stopper != NR_CPUS && stopper != c->cpu))
		cpu_stop_self();
	fn = __atomic_load_n(&c->call_fn, __ATOMIC_ACQUIRE);
	if (!fn)
		return;
	fn(c->call_arg);
	/* Done: the caller sees the slot empty again. */
	__atomic_store_n(&c->call_fn, NULL, __ATOMIC_RELEASE);
}

void ipi_interrupt(void)
{
	struct cpu_info *c = this_cpu();

	WRITE_ONCE(c->ipis, c->ipis + 1);
	set_need_resched();
	smp_call_pending();
}

void smp_call_function(void (*fn)(void *arg), void *arg)
{
	unsigned int self = smp_processor_id();

	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++) {
		struct cpu_info *c = &cpu_info[cpu];

		if (cpu == self || !__atomic_load_n(&c->online, __ATOMIC_ACQUIRE))
			continue;
		/* One request at a time per CPU: wait out another caller's. */
		while (__atomic_load_n(&c->call_fn, __ATOMIC_ACQUIRE)) {
			smp_call_pending();
			cpu_relax();
		}
		c->call_arg = arg;
		__atomic_store_n(&c->call_fn, fn, __ATOMIC_RELEASE);
		arch_send_ipi(cpu);
		while (__atomic_load_n(&c->call_fn, __ATOMIC_ACQUIRE)) {
			smp_call_pending(); /* it may be waiting for us the same way */
			cpu_relax();
		}
	}
}

__noreturn void secondary_start_kernel(void)
{
	struct cpu_info *c = this_cpu();

	__atomic_store_n(&c->online, true, __ATOMIC_RELEASE);
	/* Until CPU 0 is done booting, there is nothing to run: the late tests run alone. */
	while (!__atomic_load_n(&sched_running, __ATOMIC_ACQUIRE))
		arch_cpu_idle();
	spin_lock(&kernel_lock);
	cpu_idle_loop();
}

static bool wait_online(unsigned int cpu)
{
	u64 start = arch_get_cycles(), limit = arch_cycles_per_sec() * CPU_UP_TIMEOUT_SEC;

	while (!__atomic_load_n(&cpu_info[cpu].online, __ATOMIC_ACQUIRE)) {
		if (arch_get_cycles() - start > limit)
			return false;
		cpu_relax();
	}
	return true;
}

void smp_init(void)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	unsigned int n = arch_smp_probe();

	if (n > NR_CPUS) {
		printk("smp: %u CPUs, only the first %u are used\n", n, NR_CPUS);
		n = NR_CPUS;
	}
	nr_cpus_present = n ? n : 1;
	cpu_info[0].idle = NULL;
	for (unsigned int cpu = 1; cpu < nr_cpus_present; cpu++) {
		struct cpu_info *c = &cpu_info[cpu];
		struct task_struct *idle = alloc_idle_task(cpu);
		int err;

		c->cpu = cpu;
		kstack_cpu_init(c); /* prng-cpu's state, seeded before the CPU runs */
		c->idle = idle;
		c->current_task = idle;
		if (!idle) {
			printk("smp: CPU%u: no task slot for its idle task\n", cpu);
			continue;
		}
		err = arch_cpu_up(cpu, idle);
		if (err) {
			printk("smp: CPU%u did not start: error %d\n", cpu, err);
			continue;
		}
		if (!wait_online(cpu)) {
			printk("smp: CPU%u did not come online within %u s\n", cpu,
			       CPU_UP_TIMEOUT_SEC);
			continue;
		}
		nr_cpus_online++;
	}
	printk("smp:     %u of %u CPUs online\n", nr_cpus_online, nr_cpus_present);
}
