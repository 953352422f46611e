/* SPDX-License-Identifier: MIT */
/*
 * This CPU's struct cpu_info (include/trapdoor/smp.h): in the kernel, tp holds its address.
 *
 * tp (x4) is the psABI's thread pointer: compiled code never allocates it, so whatever the
 * kernel puts there stays. User programs own it too: the trap entry (entry.S) saves the
 * user's tp in pt_regs and loads the kernel's, and the way back to U-mode does the reverse,
 * so while the kernel runs tp is always &cpu_info[this CPU]. docs/smp.md, "riscv".
 */
#ifndef TRAPDOOR_ASM_SMP_H
#define TRAPDOOR_ASM_SMP_H

/* Byte offset of struct cpu_info's cpu field, for entry.S (checked in smp.c). */
#define CPU_INFO_CPU 0

#ifndef __ASSEMBLY__

#include <trapdoor/compiler.h>

struct cpu_info;

/*
 * The empty asm tells the compiler that the value is in tp and costs no instruction, so
 * this_cpu()->current_task is a single load from tp. It is volatile because the value
 * changes under the compiler's feet: a call that switches tasks (schedule()) may return on
 * another CPU. A plain asm with no input is one the compiler may evaluate once and keep:
 * clang copied tp to a saved register before schedule() and read the old CPU's
 * need_resched() after it, for ever (kernel/syscall.c, exit_to_user_mode_work()).
 */
static __always_inline struct cpu_info *arch_this_cpu(void)
{
	register struct cpu_info *tp __asm__("tp");

	__asm__ __volatile__("" : "=r"(tp));
	return tp;
}

/* smp.c: hart id of logical CPU cpu (the boot hart is CPU 0, whatever its id). */
unsigned long cpu_hartid(unsigned int cpu);

#endif /* !__ASSEMBLY__ */

#endif
