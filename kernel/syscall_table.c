// SPDX-License-Identifier: MIT
/*
 * The system call table: a handler for every number this arch's table
 * (asm/unistd.h, Linux's numbers) gives one, and its flags. do_syscall()
 * (kernel/syscall.c) indexes it; the declarations are in syscalls.h. A new
 * call is one row here (docs/howto/add-syscall.md).
 */
#include <uapi/unistd.h>

#include "syscalls.h"

/* The table: read it as a list. Unlisted numbers are NULL: -ENOSYS. */
/* clang-format off */
const struct syscall_entry sys_call_table[NR_syscalls] = {
	[__NR_dup3]		= { .fn = sys_dup3 },
	[__NR_close]		= { .fn = sys_close },
	[__NR_pipe2]		= { .fn = sys_pipe2 },
	[__NR_read]		= { .fn = sys_read },
	[__NR_write]		= { .fn = sys_write },
	[__NR_exit]		= { .fn = sys_exit },
	[__NR_exit_group]	= { .fn = sys_exit_group },
	[__NR_clock_gettime]	= { .fn = sys_clock_gettime, .flags = SYSCALL_LOCKLESS },
	[__NR_sched_yield]	= { .fn = sys_sched_yield },
	[__NR_reboot]		= { .fn = sys_reboot },
	[__NR_uname]		= { .fn = sys_uname },
	[__NR_getpid]		= { .fn = sys_getpid, .flags = SYSCALL_LOCKLESS },
	[__NR_getppid]		= { .fn = sys_getppid },
	[__NR_gettid]		= { .fn = sys_gettid, .flags = SYSCALL_LOCKLESS },
	[__NR_wait4]		= { .fn = sys_wait4 },
	[__NR_getrandom]	= { .fn = sys_getrandom },
	[__NR_spawn]		= { .fn = sys_spawn },
	[__NR_kernel_stats]	= { .fn = sys_kernel_stats },
	[__NR_report_stack]	= { .fn = sys_report_stack },
	[__NR_nanosleep]	= { .fn = sys_nanosleep },
	[__NR_kill]		= { .fn = sys_kill },
	[__NR_clone]		= { .fn = sys_clone },
	[__NR_execve]		= { .fn = sys_execve },
	[__NR_task_list]	= { .fn = sys_task_list },
	[__NR_trapdoor_config]	= { .fn = sys_trapdoor_config },
	[__NR_stackleak_check]	= { .fn = sys_stackleak_check },
	[__NR_stackleak_deep]	= { .fn = sys_stackleak_deep },
	[__NR_leak_write_secret] = { .fn = sys_leak_write_secret },
	[__NR_leak_read_uninit]	= { .fn = sys_leak_read_uninit },
	[__NR_lkdtm]		= { .fn = sys_lkdtm },
	[__NR_sched_setaffinity] = { .fn = sys_sched_setaffinity },
	[__NR_sched_getaffinity] = { .fn = sys_sched_getaffinity },
	[__NR_getcpu]		= { .fn = sys_getcpu, .flags = SYSCALL_LOCKLESS },
	[__NR_ioctl]		= { .fn = sys_ioctl },
	[__NR_setpgid]		= { .fn = sys_setpgid },
	[__NR_getpgid]		= { .fn = sys_getpgid },
	[__NR_getsid]		= { .fn = sys_getsid },
	[__NR_setsid]		= { .fn = sys_setsid },
	[__NR_writev]		= { .fn = sys_writev },
	[__NR_set_tid_address]	= { .fn = sys_set_tid_address },
	/* Polling files (fs/select.c); poll is old-style, below. */
	[__NR_ppoll]		= { .fn = sys_ppoll },
	/* Files (fs/). */
	[__NR_openat]		= { .fn = sys_openat },
	[__NR_readv]		= { .fn = sys_readv },
	[__NR_pread64]		= { .fn = sys_pread64 },
	[__NR_pwrite64]		= { .fn = sys_pwrite64 },
	[__NR_lseek]		= { .fn = sys_lseek },
	[__NR_getdents64]	= { .fn = sys_getdents64 },
	[__NR_statx]		= { .fn = sys_statx },
	[__NR_dup]		= { .fn = sys_dup },
	[__NR_fcntl]		= { .fn = sys_fcntl },
	[__NR_sendfile]		= { .fn = sys_sendfile },
#ifdef __NR_newfstatat
	[__NR_newfstatat]	= { .fn = sys_newfstatat },
	[__NR_fstat]		= { .fn = sys_fstat },
#endif
	/* Files: names, the working directory, umask (fs/namei.c, fs/cwd.c, fs/access.c, fs/old_calls.c). */
	[__NR_mkdirat]		= { .fn = sys_mkdirat },
	[__NR_unlinkat]		= { .fn = sys_unlinkat },
	[__NR_symlinkat]	= { .fn = sys_symlinkat },
	[__NR_readlinkat]	= { .fn = sys_readlinkat },
	[__NR_renameat2]	= { .fn = sys_renameat2 },
	[__NR_faccessat]	= { .fn = sys_faccessat },
	[__NR_fchmodat]		= { .fn = sys_fchmodat },
	[__NR_fchmod]		= { .fn = sys_fchmod },
	[__NR_ftruncate]	= { .fn = sys_ftruncate },
	[__NR_chdir]		= { .fn = sys_chdir },
	[__NR_fchdir]		= { .fn = sys_fchdir },
	[__NR_getcwd]		= { .fn = sys_getcwd },
	[__NR_umask]		= { .fn = sys_umask },
#ifdef __NR_renameat
	[__NR_renameat]		= { .fn = sys_renameat },
#endif
	/* Their old-style forms, where this arch's table keeps them. */
#ifdef __NR_rename
	[__NR_rename]		= { .fn = sys_rename },
	[__NR_mkdir]		= { .fn = sys_mkdir },
	[__NR_rmdir]		= { .fn = sys_rmdir },
	[__NR_unlink]		= { .fn = sys_unlink },
	[__NR_symlink]		= { .fn = sys_symlink },
	[__NR_readlink]		= { .fn = sys_readlink },
	[__NR_access]		= { .fn = sys_access },
	[__NR_chmod]		= { .fn = sys_chmod },
	[__NR_open]		= { .fn = sys_open },
	[__NR_creat]		= { .fn = sys_creat },
	[__NR_stat]		= { .fn = sys_stat },
	[__NR_lstat]		= { .fn = sys_lstat },
#endif
	/* Processes, signals, limits and clocks (kernel/signal.c, exit.c, resource.c, time.c). */
	[__NR_tkill]		= { .fn = sys_tkill },
	[__NR_tgkill]		= { .fn = sys_tgkill },
	[__NR_rt_sigaction]	= { .fn = sys_rt_sigaction },
	[__NR_rt_sigprocmask]	= { .fn = sys_rt_sigprocmask },
	[__NR_rt_sigpending]	= { .fn = sys_rt_sigpending },
	[__NR_rt_sigsuspend]	= { .fn = sys_rt_sigsuspend },
	[__NR_sigaltstack]	= { .fn = sys_sigaltstack },
	[__NR_rt_sigreturn]	= { .fn = sys_rt_sigreturn },
#ifdef __NR_sigreturn
	[__NR_sigreturn]	= { .fn = sys_sigreturn },
#endif
	[__NR_waitid]		= { .fn = sys_waitid },
	[__NR_prlimit64]	= { .fn = sys_prlimit64 },
	[__NR_getuid]		= { .fn = sys_getuid, .flags = SYSCALL_LOCKLESS },
	[__NR_geteuid]		= { .fn = sys_geteuid, .flags = SYSCALL_LOCKLESS },
	[__NR_getgid]		= { .fn = sys_getgid, .flags = SYSCALL_LOCKLESS },
	[__NR_getegid]		= { .fn = sys_getegid, .flags = SYSCALL_LOCKLESS },
	[__NR_prctl]		= { .fn = sys_prctl },
	[__NR_set_robust_list]	= { .fn = sys_set_robust_list, .flags = SYSCALL_LOCKLESS },
	[__NR_rseq]		= { .fn = sys_rseq, .flags = SYSCALL_LOCKLESS },
	[__NR_clock_getres]	= { .fn = sys_clock_getres, .flags = SYSCALL_LOCKLESS },
	[__NR_clock_nanosleep]	= { .fn = sys_clock_nanosleep },
	[__NR_gettimeofday]	= { .fn = sys_gettimeofday, .flags = SYSCALL_LOCKLESS },
	[__NR_times]		= { .fn = sys_times, .flags = SYSCALL_LOCKLESS },
#ifdef __NR_getrlimit
	[__NR_getrlimit]	= { .fn = sys_getrlimit },
	[__NR_setrlimit]	= { .fn = sys_setrlimit },
#endif
#ifdef __NR_ugetrlimit
	[__NR_ugetrlimit]	= { .fn = sys_getrlimit },
#endif
#ifdef __NR_time
	[__NR_time]		= { .fn = sys_time, .flags = SYSCALL_LOCKLESS },
#endif
	/* The old-style calls, where this arch's table keeps them. */
#ifdef __NR_pipe
	[__NR_pipe]		= { .fn = sys_pipe },
#endif
#ifdef __NR_dup2
	[__NR_dup2]		= { .fn = sys_dup2 },
#endif
#ifdef __NR_fork
	[__NR_fork]		= { .fn = sys_fork },
#endif
#ifdef __NR_getpgrp
	[__NR_getpgrp]		= { .fn = sys_getpgrp },
#endif
#ifdef __NR_poll
	[__NR_poll]		= { .fn = sys_poll },
#endif
#ifdef __NR_arch_prctl
	[__NR_arch_prctl]	= { .fn = sys_arch_prctl },
#endif
	[__NR_brk]		= { .fn = sys_brk },
#ifdef __ARCH_WANT_SYS_OLD_MMAP
	[__NR_mmap]		= { .fn = sys_old_mmap }, /* s390: the arguments in memory */
#else
	[__NR_mmap]		= { .fn = sys_mmap },
#endif
	[__NR_munmap]		= { .fn = sys_munmap },
	[__NR_mprotect]		= { .fn = sys_mprotect },
};
/* clang-format on */
