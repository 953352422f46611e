/* SPDX-License-Identifier: MIT */
/*
 * System call numbers: the asm-generic table (Linux include/uapi/asm-generic/
 * unistd.h) on every architecture, so the numbers students see are the ones
 * Linux uses on arm64, riscv and loongarch. Shared by the kernel's table
 * (kernel/syscall.c) and the user library (user/lib/).
 */
#ifndef TRAPDOOR_INCLUDE_UAPI_UNISTD_H
#define TRAPDOOR_INCLUDE_UAPI_UNISTD_H

#define __NR_dup3	       24
#define __NR_ioctl	       29
#define __NR_close	       57
#define __NR_pipe2	       59
#define __NR_read	       63
#define __NR_write	       64
#define __NR_exit	       93
#define __NR_exit_group	       94
#define __NR_nanosleep	       101
#define __NR_clock_gettime     113
#define __NR_sched_setaffinity 122
#define __NR_sched_getaffinity 123
#define __NR_sched_yield       124
#define __NR_kill	       129
#define __NR_reboot	       142
#define __NR_setpgid	       154
#define __NR_getpgid	       155
#define __NR_getsid	       156
#define __NR_setsid	       157
#define __NR_uname	       160
#define __NR_getcpu	       168
#define __NR_getpid	       172
#define __NR_getppid	       173
#define __NR_gettid	       178
#define __NR_clone	       220
#define __NR_execve	       221
#define __NR_wait4	       260
#define __NR_getrandom	       278
/* The memory calls (mm/mmap.c). */
#define __NR_brk	       214
#define __NR_munmap	       215
#define __NR_mmap	       222
#define __NR_mprotect	       226

/*
 * trapdoor's own calls, far above Linux's range (which ends below 500) so they
 * can never collide. docs/syscall-path.md has them in a table, with the file
 * of each handler.
 */
#define __NR_trapdoor_base     1000
/*
 * spawn(name, argv, envp, flags): start an embedded program as a child with
 * argv and envp; returns its pid. flags: SPAWN_* (include/uapi/trapdoor.h),
 * 0 for none.
 */
#define __NR_spawn	       (__NR_trapdoor_base + 0)
/* kernel_stats(struct kernel_stats *): counters, free pages, tasks. */
#define __NR_kernel_stats      (__NR_trapdoor_base + 1)
/* report_stack(): the stack pointer inside the dispatcher, after the offset (LKDTM's REPORT_STACK). */
#define __NR_report_stack      (__NR_trapdoor_base + 2)
/* task_list(struct task_info *buf, n): a ps-style listing; returns the number of tasks. */
#define __NR_task_list	       (__NR_trapdoor_base + 3)
/* trapdoor_config(key, value): switch a mode at run time; returns the old value. */
#define __NR_trapdoor_config   (__NR_trapdoor_base + 4)
/* stackleak_check(): the STACKLEAK_ERASING self-check (LKDTM's test). */
#define __NR_stackleak_check   (__NR_trapdoor_base + 5)
/* leak_write_secret(pattern) / leak_read_uninit(): the deliberately buggy pair of user/leak.c. */
#define __NR_leak_write_secret (__NR_trapdoor_base + 6)
#define __NR_leak_read_uninit  (__NR_trapdoor_base + 7)
/* stackleak_deep(): a syscall whose frame holds a large uninitialised hole (tests). */
#define __NR_stackleak_deep    (__NR_trapdoor_base + 8)

/* lkdtm(name, arg): run one of kernel/lkdtm.c's deliberate kernel bugs (LKDTM's tests). */
#define __NR_lkdtm (__NR_trapdoor_base + 9)

#define NR_syscalls (__NR_trapdoor_base + 10)

#endif
