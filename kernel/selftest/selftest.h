/* SPDX-License-Identifier: MIT */
/*
 * What the in-kernel tests' files share (kernel/selftest/): a test is a name and a
 * function; each group's file ends with its table, NULL-terminated, which run.c runs.
 * A test's name is <registry row>.<what it checks>: the part before the first dot names
 * a ktest row of tests/registry.
 */
#ifndef TRAPDOOR_KERNEL_SELFTEST_SELFTEST_H
#define TRAPDOOR_KERNEL_SELFTEST_SELFTEST_H

#include <trapdoor/ktest.h>
#include <trapdoor/syscall.h>

struct ktest {
	const char *name;
	void (*fn)(void);
};

extern const struct ktest ktests_boot[], ktests_lib[], ktests_arch[], ktests_random[],
    ktests_exec[], ktests_task[], ktests_cmdline[];
extern const struct ktest ktests_pgtable[], ktests_mm[];
/* The tests that need every CPU started: ktest_run_late(), after smp_init(). */
extern const struct ktest ktests_smp[];

/*
 * run.c: calls handler fn as the dispatcher would, its arguments in a fresh pt_regs
 * where the syscall instruction leaves them (regs_set_syscall_arg(), asm/ptrace.h).
 */
long ktest_syscall(syscall_fn_t fn, unsigned long a0, unsigned long a1, unsigned long a2,
		   unsigned long a3, unsigned long a4, unsigned long a5);

/* smp.c: test.cpus=N, the CPUs smp.online expects (0: not said). */
extern unsigned int ktest_cpus_expected;

#endif
