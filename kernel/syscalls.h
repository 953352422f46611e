/* SPDX-License-Identifier: MIT */
/*
 * The system call handlers. Every handler has the same C type — six unsigned
 * long arguments, a long result — so the dispatcher can call any of them
 * through one table. A handler that takes fewer arguments simply ignores the
 * rest; a negative result in [-MAX_ERRNO, -1] is an error.
 */
#ifndef TRAPDOOR_KERNEL_SYSCALLS_H
#define TRAPDOOR_KERNEL_SYSCALLS_H

#include <trapdoor/types.h>

#define SYSCALL_ARGS							\
	unsigned long a0, unsigned long a1, unsigned long a2,		\
	unsigned long a3, unsigned long a4, unsigned long a5

/* Defines the handler sys_<name> with the table's type. */
#define SYSCALL_DEFINE(name)	long sys_##name(SYSCALL_ARGS)

typedef long (*syscall_fn_t)(SYSCALL_ARGS);

/* kernel/sys.c */
SYSCALL_DEFINE(read);
SYSCALL_DEFINE(write);
SYSCALL_DEFINE(exit);
SYSCALL_DEFINE(exit_group);
SYSCALL_DEFINE(clock_gettime);
SYSCALL_DEFINE(sched_yield);
SYSCALL_DEFINE(reboot);
SYSCALL_DEFINE(uname);
SYSCALL_DEFINE(getpid);
SYSCALL_DEFINE(getppid);
SYSCALL_DEFINE(gettid);
SYSCALL_DEFINE(getrandom);
/* kernel/syscall.c */
SYSCALL_DEFINE(kernel_stats);
SYSCALL_DEFINE(report_stack);
SYSCALL_DEFINE(trapdoor_config);
/* kernel/task.c */
SYSCALL_DEFINE(task_list);
/* kernel/fork.c */
SYSCALL_DEFINE(spawn);
SYSCALL_DEFINE(clone);
SYSCALL_DEFINE(execve);
/* kernel/exit.c */
SYSCALL_DEFINE(wait4);
/* kernel/signal.c */
SYSCALL_DEFINE(kill);

/* kernel/pgrp.c */
SYSCALL_DEFINE(setpgid);
SYSCALL_DEFINE(getpgid);
SYSCALL_DEFINE(getsid);
SYSCALL_DEFINE(setsid);

/* kernel/tty.c */
SYSCALL_DEFINE(ioctl);
/* kernel/sched.c */
SYSCALL_DEFINE(nanosleep);
SYSCALL_DEFINE(sched_setaffinity);
SYSCALL_DEFINE(sched_getaffinity);
SYSCALL_DEFINE(getcpu);
/* kernel/lkdtm.c: the stack erase's self-check */
SYSCALL_DEFINE(stackleak_check);
/* kernel/lkdtm.c: the test fixtures, wrong on purpose */
SYSCALL_DEFINE(lkdtm);
SYSCALL_DEFINE(stackleak_deep);
SYSCALL_DEFINE(leak_write_secret);
SYSCALL_DEFINE(leak_read_uninit);
/* kernel/file.c */
SYSCALL_DEFINE(close);
SYSCALL_DEFINE(dup3);
/* kernel/pipe.c */
SYSCALL_DEFINE(pipe2);

#endif
