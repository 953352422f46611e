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

#endif
