/* SPDX-License-Identifier: MIT */
/*
 * In-kernel tests (kernel/selftest/, a file per group), built only into the test image
 * (CONFIG_KTEST). Each test prints exactly one line the runner counts:
 *   PASS: <name>
 *   FAIL: <name>: <why>
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_KTEST_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_KTEST_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/* Record a failure of the running test; the first one is the one reported. */
void ktest_fail(const char *file, int line, const char *fmt, ...) __printf(3, 4);

#define KTEST_EXPECT(cond, ...)                                      \
	do {                                                         \
		if (!(cond))                                         \
			ktest_fail(__FILE__, __LINE__, __VA_ARGS__); \
	} while (0)

/*
 * Runs every test in the table, or, with test.group=GROUP on the command
 * line, only those whose registry row (tests/registry) is in that group;
 * returns the number that failed. A test whose name has no ktest row in the
 * registry fails.
 */
int ktest_run_all(const char *cmdline);
/* The tests that need every CPU started, after smp_init(); the number that failed. */
int ktest_run_late(void);

/* test.cpus=N: smp.online expects N CPUs online (1 to NR_CPUS), or -EINVAL. */
int ktest_cpus_setup(const char *value);

/* test.group=GROUP: a group of tests/registry, or -EINVAL. */
int ktest_group_setup(const char *value);

/* The group test.group= chose, or NULL: init gets it as "group=GROUP". */
const char *ktest_group(void);

/* test.skip=CASE,...: user/fault.c cases init skips; NULL if none. Init gets "skip=CASE,...". */
int ktest_skip_setup(const char *value);
const char *ktest_skip(void);

#endif
