/* SPDX-License-Identifier: MIT */
/*
 * One row of tests/registry, as the generated test_registry.h gives it to the
 * kernel's in-kernel tests (kernel/selftest/run.c) and to init (user/init.c).
 */
#ifndef TRAPDOOR_INCLUDE_UAPI_TEST_REGISTRY_H
#define TRAPDOOR_INCLUDE_UAPI_TEST_REGISTRY_H

struct test_registry_entry {
	const char *kind;    /* "ktest", "user" or "init" */
	const char *groups;  /* " group group ": every name between blanks */
	const char *argv[8]; /* the name, its arguments, NULL */
};

/* Does the list " a b c " (blanks around every name) hold name? A plain scan: no libc. */
static inline int test_registry_has(const char *list, const char *name)
{
	if (!name[0])
		return 0;
	for (const char *p = list; *p; p++) {
		const char *a = p + 1, *b = name;

		if (*p != ' ')
			continue;
		while (*b && *a == *b)
			a++, b++;
		if (!*b && *a == ' ')
			return 1;
	}
	return 0;
}

#endif
