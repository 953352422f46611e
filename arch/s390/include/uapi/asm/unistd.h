/* SPDX-License-Identifier: MIT */
/*
 * System call numbers on s390x: Linux's own s390 table (arch/s390/kernel/syscalls/syscall.tbl, the 64-bit column), older than the generic table, so
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
#define __NR_getpid	       20
#define __NR_kill	       37
#define __NR_pipe	       42
#define __NR_times	       43
#define __NR_brk	       45
#define __NR_ioctl	       54
#define __NR_setpgid	       57
#define __NR_dup2	       63
#define __NR_getppid	       64
#define __NR_getpgrp	       65
#define __NR_setsid	       66
#define __NR_setrlimit	       75
#define __NR_gettimeofday      78
#define __NR_reboot	       88
#define __NR_mmap	       90
#define __NR_munmap	       91
#define __NR_wait4	       114
#define __NR_sigreturn	       119
#define __NR_clone	       120
#define __NR_uname	       122
#define __NR_mprotect	       125
#define __NR_getpgid	       132
#define __NR_writev	       146
#define __NR_getsid	       147
#define __NR_sched_yield       158
#define __NR_nanosleep	       162
#define __NR_prctl	       172
#define __NR_rt_sigreturn      173
#define __NR_rt_sigaction      174
#define __NR_rt_sigprocmask    175
#define __NR_rt_sigpending     176
#define __NR_rt_sigsuspend     179
#define __NR_sigaltstack       186
#define __NR_getrlimit	       191
#define __NR_getuid	       199
#define __NR_getgid	       200
#define __NR_geteuid	       201
#define __NR_getegid	       202
#define __NR_poll	       168
#define __NR_gettid	       236
#define __NR_tkill	       237
#define __NR_sched_setaffinity 239
#define __NR_sched_getaffinity 240
#define __NR_tgkill	       241
#define __NR_exit_group	       248
#define __NR_set_tid_address   252
#define __NR_clock_gettime     260
#define __NR_clock_getres      261
#define __NR_clock_nanosleep   262
#define __NR_waitid	       281
#define __NR_set_robust_list   304
#define __NR_ppoll	       302
#define __NR_getcpu	       311
#define __NR_pipe2	       325
#define __NR_dup3	       326
#define __NR_prlimit64	       334
#define __NR_getrandom	       349
#define __NR_rseq	       383

/*
 * s390x's mmap (90) is Linux's old_mmap: its one argument points to the six
 * arguments in user memory, struct mmap_arg_struct (kernel/sys.c).
 */
#define __ARCH_WANT_SYS_OLD_MMAP 1

/* Files (fs/): open files, descriptors, reads and writes, metadata */
#define __NR_lseek	19
#define __NR_dup	41
#define __NR_fcntl	55
#define __NR_fstat	108
#define __NR_readv	145
#define __NR_pread64	180
#define __NR_pwrite64	181
#define __NR_sendfile	187
#define __NR_getdents64 220
#define __NR_openat	288
#define __NR_newfstatat 293
#define __NR_statx	379

/* Files (fs/namei.c): names, the working directory, umask */
#define __NR_chdir	12
#define __NR_umask	60
#define __NR_ftruncate	93
#define __NR_fchdir	133
#define __NR_getcwd	183
#define __NR_mkdirat	289
#define __NR_unlinkat	294
#define __NR_renameat	295
#define __NR_symlinkat	297
#define __NR_readlinkat 298
#define __NR_faccessat	300
#define __NR_fchmod	94
#define __NR_fchmodat	299
#define __NR_renameat2	347

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
