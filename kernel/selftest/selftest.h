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

struct ktest {
	const char *name;
	void (*fn)(void);
};

extern const struct ktest ktests_boot[], ktests_lib[], ktests_arch[], ktests_random[],
    ktests_exec[], ktests_task[], ktests_cmdline[];
/* The tests that need every CPU started: ktest_run_late(), after smp_init(). */
extern const struct ktest ktests_smp[];

/* smp.c: test.cpus=N, the CPUs smp.online expects (0: not said). */
extern unsigned int ktest_cpus_expected;

#endif
