/* SPDX-License-Identifier: MIT */
/*
 * This CPU's struct cpu_info (include/trapdoor/smp.h), and the per-CPU state
 * of s390's entry code (smp.c, docs/smp.md).
 *
 * The per-CPU register is the prefix register: every CPU's lowcore is its
 * own (asm/lowcore.h), so a word at a fixed lowcore offset is a per-CPU
 * variable that one instruction reads, with no register to set up. User mode
 * cannot reach it: the kernel runs with DAT off and a user task only sees
 * its own address space (mm.c), in which no page maps any lowcore.
 */
#ifndef TRAPDOOR_ASM_SMP_H
#define TRAPDOOR_ASM_SMP_H

#include <asm/lowcore.h>

/* The stack a restart taken in kernel mode runs on (entry.S, restart_entry): one per CPU. */
#define RESTART_STACK_SIZE 8192

#ifndef __ASSEMBLY__

/*
 * lg from displacement LC_CPU_INFO, base register 0: this CPU's lowcore
 * word. Not volatile: within one function the CPU cannot change under the
 * compiler (the kernel runs with interrupts masked), and the memory operand
 * makes it read again after every call, which may have switched tasks.
 */
static __always_inline struct cpu_info *arch_this_cpu(void)
{
	struct cpu_info *c;

	__asm__("lg	%0,%1" : "=d"(c) : "Q"(*(struct cpu_info *const *)LC_CPU_INFO));
	return c;
}

/* smp.c: SIGP STOP to every CPU but this one, before arch_poweroff() (setup.c) stops this one. */
void s390_stop_other_cpus(void);
/* smp.c: where secondary_entry (head.S) goes into C, on the idle task's stack. */
__noreturn void smp_start_secondary(void);
/* time.c: this CPU's tick, at the rate arch_timer_init() set on CPU 0. */
void s390_timer_init_cpu(void);
/* mm.c: this CPU's address-space control registers and TLB, no user space live. */
void s390_mm_init_cpu(void);

#endif /* !__ASSEMBLY__ */
#endif
