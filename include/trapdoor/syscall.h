/* SPDX-License-Identifier: MIT */
/* The entry points common code offers to each architecture's trap code. */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_SYSCALL_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_SYSCALL_H

#include <trapdoor/compiler.h>
#include <uapi/trapdoor.h>

struct pt_regs;

/*
 * entry.S calls this for every syscall instruction from user mode. It does the
 * exit work itself (below), then entry.S goes to ret_to_user.
 */
void do_syscall(struct pt_regs *regs);

/*
 * entry.S's ret_from_exception calls this on the other returns to user mode
 * (after an interrupt or exception from user mode, and a new task's first run):
 * a killed task dies here, a task whose time slice is over gives the CPU away
 * here. Then ret_to_user, where every return to user mode ends, calls the
 * stackleak erase (stackleak_erase_on_task_stack(), kernel/stackleak_erase.c)
 * and restore_all restores the registers.
 */
void exit_to_user_mode(struct pt_regs *regs);

/* The arch timer handler calls this on every tick. */
void timer_interrupt(struct pt_regs *regs);

extern struct kernel_stats kernel_stats;

/* What the architecture decoded a user-mode fault to be. */
enum user_fault {
	FAULT_READ,		/* load from an unmapped or forbidden address */
	FAULT_WRITE,		/* store to an unmapped or read-only address */
	FAULT_EXEC,		/* instruction fetch from such an address */
	FAULT_ILLEGAL,		/* undefined instruction */
	FAULT_PRIVILEGED,	/* privileged instruction in user mode */
	FAULT_ALIGNMENT,	/* misaligned access where the arch traps it */
	FAULT_BREAKPOINT,	/* breakpoint instruction */
	FAULT_ARITHMETIC,	/* integer divide by zero (or overflow) where the arch traps it */
	FAULT_TRACE,		/* single-step or other trace trap */
	FAULT_OTHER,		/* anything else the arch could not classify */
};

/*
 * A user-mode fault: prints one line naming the task, the fault, the address
 * and the pc, then kills the task with the matching signal. Only that task
 * dies; the kernel carries on with the next one. Never returns.
 */
__noreturn void do_user_fault(struct pt_regs *regs, enum user_fault kind, unsigned long addr);

/*
 * A page fault in kernel mode (kernel/traps.c): names what the kernel did
 * wrong from where addr lies — a stack guard page ("kernel stack overflow"),
 * read-only kernel memory ("kernel write to read-only memory"), memory that
 * is not executable ("kernel execute of non-executable memory"), user memory
 * outside copy_{to,from}_user ("kernel access to user memory") — and dies
 * with that reason. hw names what the hardware said, for the same line.
 */
__noreturn void die_kernel_fault(struct pt_regs *regs, enum user_fault kind, unsigned long addr,
				 const char *hw);

#endif
