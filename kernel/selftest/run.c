// SPDX-License-Identifier: MIT
/*
 * The in-kernel tests' harness, run at boot in the test image (make check): each group's
 * table (kernel/selftest/<group>.c, one file per ktest row of tests/registry) in the
 * registry's order, one PASS:/FAIL: line per test, and the test.group=, test.cpus= and
 * test.skip= options.
 */
#include <trapdoor/ktest.h>
#include <trapdoor/printk.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <asm/ptrace.h>

#include "selftest.h"

#ifdef CONFIG_KTEST

#include <uapi/errno.h>

#include "test_registry.h" /* generated from tests/registry (tools/gen-registry) */

static const char *current_test;
static bool current_failed;
static char failure[160];

/* A pt_regs is bigger than the stackleak search depth; the tests run at boot. */
__stackleak_frame_exempt long ktest_syscall(syscall_fn_t fn, unsigned long a0, unsigned long a1,
					    unsigned long a2, unsigned long a3, unsigned long a4,
					    unsigned long a5)
{
	const unsigned long args[] = { a0, a1, a2, a3, a4, a5 };
	struct pt_regs regs;

	memset(&regs, 0, sizeof(regs));
	for (unsigned int i = 0; i < ARRAY_SIZE(args); i++)
		regs_set_syscall_arg(&regs, i, args[i]);
	return fn(&regs);
}

__stackleak_frame_exempt void ktest_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (current_failed)
		return;
	current_failed = true;
	n = snprintf(failure, sizeof(failure), "%s:%d: ", file, line);
	if (n < 0 || (size_t)n >= sizeof(failure))
		return;
	va_start(ap, fmt);
	vsnprintf(failure + n, sizeof(failure) - (size_t)n, fmt, ap);
	va_end(ap);
}

/* Every group's tests, in tests/registry's order; the ones that need every CPU apart. */
static const struct ktest *const ktest_tables[] = {
	ktests_boot, ktests_lib,     ktests_arch,    ktests_random, ktests_exec,
	ktests_task, ktests_cmdline, ktests_pgtable, ktests_mm,
};
static const struct ktest *const ktest_tables_late[] = { ktests_smp };

/* test.group=: "" runs every test. */
static char ktest_group_name[32];

int ktest_group_setup(const char *value)
{
	if (strlen(value) >= sizeof(ktest_group_name) || !test_registry_has(REGISTRY_GROUPS, value))
		return -EINVAL;
	strscpy(ktest_group_name, value, sizeof(ktest_group_name));
	return 0;
}

const char *ktest_group(void)
{
	return ktest_group_name[0] ? ktest_group_name : NULL;
}

/*
 * test.skip=CASE[,CASE...]: user/fault.c cases init reports as SKIP instead of
 * running: the ones the emulator itself cannot run (make check sets it from
 * the QEMU version, ARCH_TEST_CMDLINE in Makefile.arch).
 */
static char ktest_skip_list[64];

int ktest_skip_setup(const char *value)
{
	if (strlen(value) >= sizeof(ktest_skip_list))
		return -EINVAL;
	strscpy(ktest_skip_list, value, sizeof(ktest_skip_list));
	return 0;
}

const char *ktest_skip(void)
{
	return ktest_skip_list[0] ? ktest_skip_list : NULL;
}

/* The registry's ktest row for a test: the one named by the test's name up to its first '.'. */
static const struct test_registry_entry *ktest_row(const char *test)
{
	size_t n = 0;

	while (test[n] && test[n] != '.')
		n++;
	for (size_t i = 0; i < ARRAY_SIZE(test_registry); i++) {
		const struct test_registry_entry *e = &test_registry[i];

		if (!strcmp(e->kind, "ktest") && strlen(e->argv[0]) == n &&
		    !strncmp(e->argv[0], test, n))
			return e;
	}
	return NULL;
}

/*
 * The tests run before the boot options are applied (a test resets the CRNG
 * that crng.seed= seeds), so test.group= is looked up here as well: the last
 * one on the line wins, as it will when parse_boot_options() applies it.
 */
static void ktest_find_group(const char *cmdline)
{
	static const char key[] = "test.group=";
	char value[sizeof(ktest_group_name)];

	for (const char *p = cmdline; *p; p++) {
		size_t n = 0;

		if ((p != cmdline && p[-1] != ' ') || strncmp(p, key, sizeof(key) - 1))
			continue;
		p += sizeof(key) - 1;
		while (p[n] && p[n] != ' ' && n < sizeof(value) - 1)
			n++;
		memcpy(value, p, n);
		value[n] = '\0';
		ktest_group_setup(value);
		if (!*p)
			break;
	}
}

static int ktest_run_tables(const struct ktest *const *tables, size_t n, int *ran)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	int failed = 0;

	for (size_t t = 0; t < n; t++) {
		for (const struct ktest *test = tables[t]; test->name; test++) {
			const struct test_registry_entry *row = ktest_row(test->name);

			if (ktest_group_name[0] &&
			    !(row && test_registry_has(row->groups, ktest_group_name)))
				continue;
			current_test = test->name;
			current_failed = false;
			(*ran)++;
			if (row)
				test->fn();
			else
				snprintf(failure, sizeof(failure),
					 "no ktest row for it in tests/registry");
			if (current_failed || !row) {
				printk("FAIL: %s: %s\n", current_test, failure);
				failed++;
			} else {
				printk("PASS: %s\n", current_test);
			}
		}
	}
	return failed;
}

__stackleak_frame_exempt int ktest_run_all(const char *cmdline)
{
	int failed, ran = 0;

	ktest_find_group(cmdline);
	failed = ktest_run_tables(ktest_tables, ARRAY_SIZE(ktest_tables), &ran);
	printk("ktest: %d of %d passed%s%s\n", ran - failed, ran,
	       ktest_group_name[0] ? ", group " : "", ktest_group_name);
	return failed;
}

int ktest_run_late(void)
{
	int failed, ran = 0;

	failed = ktest_run_tables(ktest_tables_late, ARRAY_SIZE(ktest_tables_late), &ran);
	if (ran)
		printk("ktest: %d of %d late tests passed\n", ran - failed, ran);
	return failed;
}

#endif /* CONFIG_KTEST */
