/* SPDX-License-Identifier: MIT */
/*
 * System call numbers: the asm-generic table (Linux include/uapi/asm-generic/
 * unistd.h) on every architecture, so the numbers students see are the ones
 * Linux uses on arm64, riscv and loongarch. Shared by the kernel's table
 * (kernel/syscall.c) and the user library (user/lib/).
 */
#ifndef TRAPDOOR_INCLUDE_UAPI_UNISTD_H
#define TRAPDOOR_INCLUDE_UAPI_UNISTD_H

#define __NR_read		63
#define __NR_write		64
#define __NR_exit		93
#define __NR_exit_group		94
#define __NR_clock_gettime	113
#define __NR_sched_yield	124
#define __NR_reboot		142
#define __NR_uname		160
#define __NR_getpid		172
#define __NR_getppid		173
#define __NR_gettid		178
#define __NR_wait4		260
#define __NR_getrandom		278

/*
 * trapdoor's own calls, far above Linux's range (which ends below 500) so they
 * can never collide. Each is documented in docs/syscall-path.md.
 */
#define __NR_trapdoor_base	1000
/* spawn(name, argv): start an embedded program as a child; returns its pid. */
#define __NR_spawn		(__NR_trapdoor_base + 0)
/* syscall_stats(struct syscall_stats *): counters kept by the dispatcher. */
#define __NR_syscall_stats	(__NR_trapdoor_base + 1)
/* report_kstack(): the kernel stack pointer seen inside the dispatcher. */
#define __NR_report_kstack	(__NR_trapdoor_base + 2)

#define NR_syscalls		(__NR_trapdoor_base + 3)

#endif
