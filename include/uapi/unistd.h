/* SPDX-License-Identifier: MIT */
/*
 * System call numbers: Linux's own on each architecture. arm64, riscv and
 * loongarch use Linux's generic table (include/uapi/asm-generic/unistd.h);
 * x86_64, powerpc and s390 have tables of their own, older, with other
 * numbers (arch/<arch>/include/uapi/asm/unistd.h). Shared by the kernel's
 * table (kernel/syscall.c) and the user library (user/lib/).
 */
#ifndef TRAPDOOR_INCLUDE_UAPI_UNISTD_H
#define TRAPDOOR_INCLUDE_UAPI_UNISTD_H

#include <asm/unistd.h> /* Linux's numbers on this arch (arch/<arch>/include/uapi) */

/*
 * trapdoor's own calls, far above every Linux table (each ends below 500) so they
 * can never collide. docs/syscall-path.md has them in a table, with the file
 * of each handler.
 */
#define __NR_trapdoor_base     1000
/*
 * spawn(path, argv, envp, flags): start the program at path as a child with
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
