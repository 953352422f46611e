/* SPDX-License-Identifier: MIT */
/*
 * The per-CPU area: what the trap entry needs before it has a stack, and
 * what the CPU itself reads per CPU (the TSS). One per CPU (traps.c).
 *
 * syscall (SDM Vol. 2B SYSCALL) does not switch stacks: it arrives in ring 0
 * with the user's RSP still loaded, and no register free to hold anything.
 * The one handle the kernel has is a segment base: in ring 0 GS_BASE points
 * at this CPU's struct x86_percpu, so "movq %rsp, %gs:PERCPU_USER_RSP" parks
 * the user's RSP and "movq %gs:PERCPU_KSTACK_TOP, %rsp" finds the kernel
 * stack. In ring 3 GS_BASE is the user's and this address waits in
 * KERNEL_GS_BASE; swapgs, the first and last instruction of every kernel
 * entry from and exit to ring 3, exchanges the two (Linux's "swapgs
 * discipline"). Each CPU has its own GS_BASE, so each finds its own area, and
 * in it the pointer arch_this_cpu() (asm/smp.h) reads: this CPU's struct
 * cpu_info (include/trapdoor/smp.h).
 *
 * The offsets are for entry.S and asm/smp.h.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PERCPU_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PERCPU_H

#include <asm/desc.h> /* struct tss_struct, TSS_SP0 */

#define PERCPU_USER_RSP	  0  /* scratch: the user's RSP, for a few instructions */
#define PERCPU_KSTACK_TOP 8  /* top of current's kernel stack (arch_switch_to) */
#define PERCPU_CPU_INFO	  16 /* this CPU's struct cpu_info: arch_this_cpu() */
#define PERCPU_TSS	  32 /* this CPU's TSS: the stacks the CPU switches to */
/* Each area on a boundary of its size: no TSS crosses a page boundary. */
#define PERCPU_SIZE	  256

#ifndef __ASSEMBLY__
#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

struct cpu_info;

struct x86_percpu {
	unsigned long user_rsp;
	unsigned long kstack_top;
	struct cpu_info *cpu_info;
	unsigned long unused; /* the TSS 16-byte aligned */
	struct tss_struct tss;
} __aligned(PERCPU_SIZE);

BUILD_BUG_ON(offsetof(struct x86_percpu, user_rsp) != PERCPU_USER_RSP);
BUILD_BUG_ON(offsetof(struct x86_percpu, kstack_top) != PERCPU_KSTACK_TOP);
BUILD_BUG_ON(offsetof(struct x86_percpu, cpu_info) != PERCPU_CPU_INFO);
BUILD_BUG_ON(offsetof(struct x86_percpu, tss) != PERCPU_TSS);
BUILD_BUG_ON(sizeof(struct x86_percpu) != PERCPU_SIZE);

/* traps.c: one per CPU, indexed by the logical CPU number. */
extern struct x86_percpu cpu_percpu[];
#endif

#endif
