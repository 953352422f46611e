/* SPDX-License-Identifier: MIT */
/*
 * Syscall tracing (kernel/trace.c): with trace on, one console line per
 * syscall of the traced tasks -- the children of the task that turned it on
 * (the shell's `trace on`: the programs it starts). Off, it costs the syscall
 * path one predictable branch on the way in and one on the way out.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_TRACE_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_TRACE_H

#include <trapdoor/types.h>
#include <asm/ptrace.h>

/* Whose children are traced: a pid, 0 when tracing is off. */
extern int trace_parent;
/* A traced syscall's line waits for the erase on its way out. */
extern bool trace_pending;

/*
 * trapdoor_config(TRAPDOOR_CONFIG_TRACE, v): 1 traces the caller's children,
 * 0 stops, -1 only reads. Returns the old setting (0 or 1).
 */
long trace_set(long on);
/* do_syscall(), with trace_parent set: keeps what the line will say. */
void trace_syscall(struct pt_regs *regs, long ret, unsigned long offset);
/*
 * The exit work (kernel/syscall.c), with trace_pending set: prints the line of
 * current's syscall if it has one.
 */
void trace_syscall_exit(void);

#endif
