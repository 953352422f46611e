/* SPDX-License-Identifier: MIT */
/*
 * System call numbers on powerpc64: Linux's own powerpc table (arch/powerpc/kernel/syscalls/syscall.tbl, the 64-bit column), older than the generic table, so
 * they differ from arm64's, and keep old-style calls (pipe, dup2, fork,
 * getpgrp) that go to the same handlers as their newer forms. Only the calls
 * trapdoor has are listed; an unlisted number gives -ENOSYS.
 */
#ifndef TRAPDOOR_ASM_UAPI_UNISTD_H
#define TRAPDOOR_ASM_UAPI_UNISTD_H

#define __NR_exit	       1
#define __NR_fork	       2
#define __NR_read	       3
#define __NR_write	       4
#define __NR_close	       6
#define __NR_execve	       11
#define __NR_time	       13
#define __NR_getpid	       20
#define __NR_getuid	       24
#define __NR_kill	       37
#define __NR_pipe	       42
#define __NR_times	       43
#define __NR_brk	       45
#define __NR_getgid	       47
#define __NR_geteuid	       49
#define __NR_getegid	       50
#define __NR_ioctl	       54
#define __NR_setpgid	       57
#define __NR_dup2	       63
#define __NR_getppid	       64
#define __NR_getpgrp	       65
#define __NR_setsid	       66
#define __NR_setrlimit	       75
#define __NR_getrlimit	       76
#define __NR_gettimeofday      78
#define __NR_reboot	       88
#define __NR_mmap	       90
#define __NR_munmap	       91
#define __NR_wait4	       114
#define __NR_clone	       120
#define __NR_uname	       122
#define __NR_mprotect	       125
#define __NR_getpgid	       132
#define __NR_writev	       146
#define __NR_getsid	       147
#define __NR_sched_yield       158
#define __NR_nanosleep	       162
#define __NR_prctl	       171
#define __NR_rt_sigreturn      172
#define __NR_rt_sigaction      173
#define __NR_rt_sigprocmask    174
#define __NR_rt_sigpending     175
#define __NR_rt_sigsuspend     178
#define __NR_sigaltstack       185
#define __NR_ugetrlimit	       190
#define __NR_poll	       167
#define __NR_gettid	       207
#define __NR_tkill	       208
#define __NR_sched_setaffinity 222
#define __NR_sched_getaffinity 223
#define __NR_set_tid_address   232
#define __NR_exit_group	       234
#define __NR_clock_gettime     246
#define __NR_clock_getres      247
#define __NR_clock_nanosleep   248
#define __NR_tgkill	       250
#define __NR_waitid	       272
#define __NR_set_robust_list   300
#define __NR_ppoll	       281
#define __NR_getcpu	       302
#define __NR_dup3	       316
#define __NR_pipe2	       317
#define __NR_prlimit64	       325
#define __NR_getrandom	       359
#define __NR_rseq	       387

/* Files (fs/): open files, descriptors, reads and writes, metadata */
#define __NR_lseek	19
#define __NR_dup	41
#define __NR_fcntl	55
#define __NR_fstat	108
#define __NR_readv	145
#define __NR_pread64	179
#define __NR_pwrite64	180
#define __NR_sendfile	186
#define __NR_getdents64 202
#define __NR_openat	286
#define __NR_newfstatat 291
#define __NR_statx	383

/* Files (fs/namei.c): names, the working directory, umask */
#define __NR_chdir	12
#define __NR_umask	60
#define __NR_ftruncate	93
#define __NR_fchdir	133
#define __NR_getcwd	182
#define __NR_mkdirat	287
#define __NR_unlinkat	292
#define __NR_renameat	293
#define __NR_symlinkat	295
#define __NR_readlinkat 296
#define __NR_faccessat	298
#define __NR_fchmod	94
#define __NR_fchmodat	297
#define __NR_renameat2	357

/* Files (fs/namei.c): the old-style forms of the *at calls */
#define __NR_open     5
#define __NR_creat    8
#define __NR_unlink   10
#define __NR_access   33
#define __NR_chmod    15
#define __NR_rename   38
#define __NR_mkdir    39
#define __NR_rmdir    40
#define __NR_symlink  83
#define __NR_readlink 85
#define __NR_stat     106
#define __NR_lstat    107

#endif
