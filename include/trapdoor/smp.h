/* SPDX-License-Identifier: MIT */
/*
 * CPUs (docs/smp.md). Logical CPU 0 is the one that booted; smp_init()
 * (kernel/smp.c) starts the others through arch_cpu_up(), each on the kernel
 * stack of an idle task of its own. What belongs to one CPU lives in its
 * struct cpu_info, which arch_this_cpu() (asm/smp.h) finds through a register
 * each CPU has its own copy of, so no CPU can reach another's by mistake.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_SMP_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_SMP_H

#include <trapdoor/compiler.h>
#include <trapdoor/prandom.h>
#include <trapdoor/types.h>

#define NR_CPUS 8

struct task_struct;

struct cpu_info {
	unsigned int cpu; /* logical number: 0 is the boot CPU */
	bool online;	  /* it reached secondary_start_kernel() (CPU 0: always) */
	bool resched;	  /* need_resched(): its task gives the CPU away on the way out */
	struct task_struct *current_task; /* current: the task it runs now */
	struct task_struct *idle;	  /* the task it runs when nothing else can run */
	unsigned long ticks;		  /* timer interrupts it took */
	unsigned long ipis;		  /* inter-processor interrupts it took */
	/*
	 * The kernel-stack offset's per-CPU state (kernel/randomize_kstack.h):
	 * prng-cpu's LFSR113 state, seeded before the CPU starts, and, with
	 * kstack.store=cpu, the offset counter and crng16 chose at the last
	 * syscall exit on this CPU.
	 */
	struct rnd_state kstack_rnd_state;
	u32 kstack_offset;
	/* smp_call_function(): what another CPU asked this one to run, if anything. */
	void (*call_fn)(void *arg);
	void *call_arg;
	/* Spinlocks it holds now (kernel/spinlock.c): schedule() checks there is one. */
	unsigned int locks_held;
	/* An idle CPU sched_enqueue() sent a reschedule IPI, not yet looked (kernel/sched.c). */
	bool kicked;
	/* Syscalls it dispatched: kernel_stats.calls is their sum (kernel/stats.c). */
	unsigned long syscalls;
};

extern struct cpu_info cpu_info[NR_CPUS];
/* CPUs the machine has (arch_smp_probe()), and how many of them run the kernel. */
extern unsigned int nr_cpus_present, nr_cpus_online;

/* The online CPUs as a mask, bit n for CPU n: what a new task may run on. */
unsigned long cpu_online_mask(void);

#include <asm/smp.h> /* arch_this_cpu() */

static __always_inline struct cpu_info *this_cpu(void)
{
	return arch_this_cpu();
}

static __always_inline unsigned int smp_processor_id(void)
{
	return this_cpu()->cpu;
}

/* kernel/smp.c */
void smp_init(void);
/* Where arch_cpu_up()'s CPU enters common code; never returns. */
__noreturn void secondary_start_kernel(void);
/* The arch's IPI handler calls this on the CPU that took the IPI. */
void ipi_interrupt(void);
/*
 * Runs fn(arg) on every other online CPU, from its IPI handler, and returns
 * once each has. For what only an IPI can do (dropping another CPU's cached
 * translations, docs/smp.md). A CPU that waits with interrupts masked (for a
 * lock) runs its pending call in the wait loop: smp_call_pending().
 */
void smp_call_function(void (*fn)(void *arg), void *arg);
/*
 * Runs this CPU's pending smp_call_function() request, if any; stops the CPU
 * here if smp_send_stop() said so.
 */
void smp_call_pending(void);
/*
 * panic(), die() and the power-off (Linux's name): every other CPU stops
 * where it is (an IPI, or the wait loop of a lock), interrupts masked, so
 * that nothing runs or prints after this CPU's last line.
 */
void smp_send_stop(void);

#endif
