/* SPDX-License-Identifier: MIT */
/*
 * The per-CPU area: what the syscall entry needs before it has a stack.
 *
 * syscall (SDM Vol. 2B SYSCALL) does not switch stacks: it arrives in ring 0
 * with the user's RSP still loaded, and no register free to hold anything.
 * The one handle the kernel has is a segment base: in ring 0 GS_BASE points
 * at this structure, so "movq %rsp, %gs:PERCPU_USER_RSP" parks the user's RSP
 * and "movq %gs:PERCPU_KSTACK_TOP, %rsp" finds the kernel stack. In ring 3
 * GS_BASE is the user's and this address waits in KERNEL_GS_BASE; swapgs, the
 * first and last instruction of every kernel entry from and exit to ring 3,
 * exchanges the two (Linux's "swapgs discipline").
 *
 * One CPU, so one instance (traps.c); the offsets are for entry.S.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PERCPU_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PERCPU_H

#define PERCPU_USER_RSP		0	/* scratch: the user's RSP, for a few instructions */
#define PERCPU_KSTACK_TOP	8	/* top of current's kernel stack (arch_switch_to) */
#define PERCPU_SIZE		16

#ifndef __ASSEMBLY__
#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

struct x86_percpu {
	unsigned long user_rsp;
	unsigned long kstack_top;
};

BUILD_BUG_ON(offsetof(struct x86_percpu, user_rsp) != PERCPU_USER_RSP);
BUILD_BUG_ON(offsetof(struct x86_percpu, kstack_top) != PERCPU_KSTACK_TOP);
BUILD_BUG_ON(sizeof(struct x86_percpu) != PERCPU_SIZE);

extern struct x86_percpu cpu_percpu;	/* traps.c */
#endif

#endif
