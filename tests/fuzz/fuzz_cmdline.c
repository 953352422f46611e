// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: kernel/cmdline.c's parse_boot_options() on arbitrary
 * command lines, built as the test image builds it (CONFIG_KTEST: crng.seed=
 * is parsed). What it calls lives in kernel files that need a running kernel,
 * so this file stands in for them (include/trapdoor/hardening.h declares most):
 * each checks what it is handed -- a NUL-terminated value inside the parser's
 * 512-byte copy, a seed of 1 to 64 bytes -- and printk formats with our
 * vsnprintf, so a bad format or argument shows up under ASan and UBSan.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmdline-host.h"

#include <trapdoor/cmdline.h>
#include <trapdoor/hardening.h>

int td_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);

static void check_value(const char *v)
{
	if (strlen(v) >= 512)
		abort();
}

int printk(const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = td_vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	return n;
}

int kstack_mode_parse(const char *name)
{
	static const char *const names[] = { "off",   "counter",   "crng16",
					     "crng8", "prng-task", "prng-cpu" };

	check_value(name);
	for (int i = 0; i < 6; i++)
		if (!strcmp(name, names[i]))
			return i;
	return -22;
}

long kstack_mode_set(long mode)
{
	if (mode < 0 || mode > 5)
		abort(); /* parse gave a mode it never returns */
	return 0;
}

int kstack_store_parse(const char *name)
{
	check_value(name);
	if (!strcmp(name, "task"))
		return 0;
	if (!strcmp(name, "cpu"))
		return 1;
	return -22;
}

long kstack_store_set(long store)
{
	if (store != 0 && store != 1)
		abort(); /* parse gave a store it never returns */
	return 0;
}

int stackleak_setup(const char *val)
{
	check_value(val);
	return strcmp(val, "on") && strcmp(val, "off") ? -22 : 0;
}

int lkdtm_setup(const char *value)
{
	check_value(value);
	return strlen(value) < 32 ? 0 : -22;
}

int bench_setup(const char *value)
{
	check_value(value);
	return strlen(value) < 128 ? 0 : -22;
}

int ktest_cpus_setup(const char *value)
{
	check_value(value);
	return strlen(value) < 4 ? 0 : -22;
}

int ktest_group_setup(const char *value)
{
	check_value(value);
	return strlen(value) < 32 ? 0 : -22;
}

int ktest_skip_setup(const char *value)
{
	check_value(value);
	return strlen(value) < 64 ? 0 : -22;
}

void crng_set_deterministic_seed(const void *seed, size_t len)
{
	volatile uint8_t sum = 0;

	if (len == 0 || len > 64)
		abort();
	for (size_t i = 0; i < len; i++) /* every byte readable (ASan) */
		sum += ((const uint8_t *)seed)[i];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* Exactly size + 1 bytes on the heap: ASan catches a read past the NUL. */
	char *cmdline = malloc(size + 1);

	memcpy(cmdline, data, size);
	cmdline[size] = '\0';
	parse_boot_options(cmdline);
	free(cmdline);
	return 0;
}
