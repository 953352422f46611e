/* SPDX-License-Identifier: MIT */
/*
 * Syscall tracing (kernel/trace.c): with trace on, one console line per
 * syscall of the traced tasks -- the children of a task that turned it on
 * for itself (the shell's `trace on`: the programs it starts). Off, it costs
 * the syscall path one predictable branch on the way in and one on the way
 * out.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_TRACE_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_TRACE_H

#include <trapdoor/arch.h>
#include <trapdoor/smp.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>
#include <trapdoor/types.h>
#include <asm/ptrace.h>

struct task_struct;

/* How many tasks trace their children (trace_children set): 0, nobody is traced. */
extern int trace_tasks;
/* A traced syscall's line waits for the erase on its way out. */
extern bool trace_pending;

/*
 * trapdoor_config(TRAPDOOR_CONFIG_TRACE, v): 1 traces the caller's children,
 * 0 stops, -1 only reads; only the caller's own switch. Returns the old
 * setting (0 or 1).
 */
long trace_set(long on);
/* Whether t's syscalls are traced: its parent's switch is on. Under the kernel lock. */
bool task_traced(const struct task_struct *t);
/* do_exit(), under the kernel lock: a dead task traces nobody. */
void trace_exit(struct task_struct *t);
/* do_syscall(), with trace_tasks set: keeps what the line will say if current is traced. */
void trace_syscall(struct pt_regs *regs, long ret, unsigned long offset);
/*
 * The exit work (kernel/syscall.c), with trace_pending set: prints the line of
 * current's syscall if it has one.
 */
void trace_syscall_exit(void);

/*
 * The tracer leaves the kernel stack as it found it. Its calls run on the
 * task's stack, below the syscall's frame, where the syscall's own frames
 * were a moment ago: without care, printing a line would overwrite what
 * they left there, and `trace on` would change what user/leak measures (the
 * secret it wrote would be gone before it reads it back). So the exit work
 * copies the free part of the stack aside before it prints and puts it back
 * after. Inline, and calling nothing: a call's frame would land in the very
 * part being copied. One copy per CPU is enough: the tracer holds the kernel
 * lock, so nothing else runs on this CPU meanwhile. Recording the line in
 * do_syscall() goes uncopied: its two calls are shallow (leaktest's traced
 * pairs show they miss the handlers' frames), and a copy there would take
 * longer the smaller the offset, before the counter mode reads its clock.
 */
extern unsigned long trace_stack_copies[NR_CPUS][THREAD_SIZE / sizeof(unsigned long)];

/*
 * Copies the words from the lowest the erase may poison (stackleak_low_bound())
 * up to the stack pointer: into copy (back = false) or back out of it (true).
 * Nothing if the stack pointer is not on t's stack.
 */
static __always_inline void trace_stack_copy(const struct task_struct *t, unsigned long *copy,
					     bool back)
{
	volatile unsigned long *stack = (volatile unsigned long *)stackleak_low_bound(t);
	volatile unsigned long *saved = copy;
	unsigned long sp = current_stack_pointer(), base = (unsigned long)stack;
	unsigned long n = sp > base && sp - base < THREAD_SIZE ? (sp - base) / sizeof(long) : 0;

	for (unsigned long i = 0; i < n; i++) {
		if (back)
			stack[i] = saved[i];
		else
			saved[i] = stack[i];
	}
}

/* Copies the stack below the caller's frame aside; returns the copy, for trace_stack_restore(). */
static __always_inline unsigned long *trace_stack_save(const struct task_struct *t)
{
	unsigned long *copy = trace_stack_copies[this_cpu()->cpu];

	trace_stack_copy(t, copy, false);
	return copy;
}

/* Puts back what trace_stack_save() copied, from the same frame. */
static __always_inline void trace_stack_restore(const struct task_struct *t, unsigned long *copy)
{
	trace_stack_copy(t, copy, true);
}

#endif
