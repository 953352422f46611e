/* SPDX-License-Identifier: MIT */
/* One user address space as the x86_64 MMU sees it (arch/x86_64/mm.c). */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_MMU_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_MMU_H

#include <trapdoor/types.h>

struct arch_mm {
	/*
	 * The PML4, the top-level table CR3 points at (kernel virtual address
	 * = physical address). Entry 0 is the kernel's, shared; the others are
	 * this address space's own. No PCID: see arch_switch_mm().
	 */
	u64 *pml4;
	/* The CPUs (bit n: CPU n) whose CR3 holds it now: a changed entry's shootdown. */
	unsigned long live_cpus;
};

#endif
