/* SPDX-License-Identifier: MIT */
/*
 * This CPU's struct cpu_info (include/trapdoor/smp.h): the pointer in this
 * CPU's struct x86_percpu (asm/percpu.h), one %gs-relative load. In ring 0
 * GS_BASE is this CPU's per-CPU area (arch_set_this_cpu(), smp.c; swapgs on
 * every entry from ring 3), and user mode cannot change the kernel's GS_BASE:
 * it has neither wrmsr nor, with CR4.FSGSBASE clear, wrgsbase (traps.c, user_mode_init()).
 */
#ifndef TRAPDOOR_ASM_SMP_H
#define TRAPDOOR_ASM_SMP_H

#include <asm/percpu.h>

/*
 * Not volatile, and with a memory operand: the compiler may reuse one load
 * until a store or a call that may change memory (schedule(), which may move
 * the task to another CPU), and loads again after it. The operand names the
 * pointer of CPU 0's area; the instruction reads this CPU's, through %gs.
 */
static __always_inline struct cpu_info *arch_this_cpu(void)
{
	struct cpu_info *c;

	__asm__("movq %%gs:%c1, %0" : "=r"(c) : "i"(PERCPU_CPU_INFO), "m"(cpu_percpu[0].cpu_info));
	return c;
}

/* smp.c */
extern u32 x86_cpu_to_apicid[];			   /* logical CPU number -> local APIC ID */
__noreturn void start_secondary(unsigned int cpu); /* from head.S's secondary_entry */
/* smp.c's, read by head.S's secondary_entry: each CPU's idle stack top, the EFER to load. */
extern unsigned long secondary_stack[NR_CPUS];
extern u64 trampoline_efer;

#endif
