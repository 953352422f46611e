/* SPDX-License-Identifier: MIT */
/*
 * This CPU's struct cpu_info (include/trapdoor/smp.h), and the other per-CPU registers of
 * loongarch64. Every core has its own copy of every CSR, and user mode (PLV3) can read or write
 * none of them, so a SAVE CSR is a per-CPU variable the kernel alone controls. Shared by C and
 * assembly (entry.S, head.S).
 */
#ifndef TRAPDOOR_ASM_SMP_H
#define TRAPDOOR_ASM_SMP_H

#include <asm/csr.h>

/*
 * The SAVE CSRs smp.c sets for each CPU (entry.S owns SAVE0-SAVE3):
 *   KSAVE_CPU        &cpu_info[this CPU]; the kernel reads its copy in $r21 (below);
 *   KSAVE_REFILL_SP  the top of this CPU's emergency stack for a kernel TLB miss (entry.S).
 */
#define KSAVE_CPU	LOONGARCH_CSR_SAVE4
#define KSAVE_REFILL_SP LOONGARCH_CSR_SAVE5

/* The emergency stack of each CPU's kernel TLB miss report (entry.S, .Lrefill_oops). */
#define REFILL_STACK_SIZE (8 * 1024)

/*
 * What the boot CPU leaves in a starting core's mailboxes (smp.c, head.S). The core reads
 * them once the IPI that arch_cpu_up() sends last has woken it.
 */
#define SMP_MAILBOX_ENTRY 0 /* where it jumps: secondary_entry */
#define SMP_MAILBOX_SP	  1 /* its first stack pointer: the idle task's stack top */
#define SMP_MAILBOX_CPU	  2 /* its struct cpu_info */

#ifndef __ASSEMBLY__

/*
 * The kernel's working copy of KSAVE_CPU: $r21, which the psABI reserves, so the compiler
 * never allocates it and every kernel function sees the value the entry put there. User mode
 * can write $r21, so every entry into the kernel reloads it from KSAVE_CPU, which user mode
 * cannot (entry.S, handle_exception); the way back restores the user's own. A task switch
 * leaves it alone: it belongs to the CPU, not to the task, so a task that continues on
 * another CPU finds that CPU's value there. The compiler treats a read of it like a load from
 * memory: it may reuse one within a function, but reads it again after any call that could
 * write memory, schedule() included, after which the task may run on another CPU.
 */
register struct cpu_info *loongarch_this_cpu __asm__("$r21");

static __always_inline struct cpu_info *arch_this_cpu(void)
{
	return loongarch_this_cpu;
}

#endif /* !__ASSEMBLY__ */

#endif
