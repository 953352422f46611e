// SPDX-License-Identifier: MIT
/*
 * Boot options. A bad option never stops the boot: it is named on the
 * console, ignored, and the default stays.
 */
#include <trapdoor/bench.h>
#include <trapdoor/cmdline.h>
#include <trapdoor/lkdtm.h>
#include <trapdoor/printk.h>
#include <trapdoor/random.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <uapi/errno.h>

#include "randomize_kstack.h"

static int set_kstack(const char *value)
{
	int mode = kstack_mode_parse(value);

	return mode < 0 ? mode : (kstack_mode_set(mode) < 0 ? -EINVAL : 0);
}

#ifdef CONFIG_KTEST
static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}
#endif

static int set_crng_seed(const char *value)
{
#ifdef CONFIG_KTEST
	u8 seed[64];
	size_t n = 0;

	for (; value[0] && value[1]; value += 2) {
		int hi = hex_digit(value[0]), lo = hex_digit(value[1]);

		if (hi < 0 || lo < 0 || n == sizeof(seed))
			return -EINVAL;
		seed[n++] = (u8)(hi << 4 | lo);
	}
	if (value[0] || n == 0)
		return -EINVAL;
	crng_set_deterministic_seed(seed, n);
	printk("random: crng.seed= given: the CRNG is deterministic (test build)\n");
	return 0;
#else
	(void)value;
	printk("random: crng.seed= ignored: only test images accept a fixed seed\n");
	return 0;
#endif
}

static const struct boot_option boot_options[] = {
	{ "kstack", set_kstack, "off counter crng16 crng8 prng-task prng-cpu" },
	{ "stackleak", stackleak_setup, "on off" },
	{ "crng.seed", set_crng_seed, "an even number of hex digits, at most 64 bytes" },
	{ "bench", bench_setup, "user/bench's arguments, comma-separated, e.g. smoke" },
#ifdef CONFIG_KTEST
	{ "lkdtm", lkdtm_setup, "a test of kernel/lkdtm.c, e.g. WRITE_RO" },
#endif
};

static void apply_option(char *opt)
{
	char *eq = strchr(opt, '=');

	if (!eq) {
		printk("boot option '%s' ignored: expected name=value\n", opt);
		return;
	}
	*eq = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(boot_options); i++) {
		if (strcmp(opt, boot_options[i].name))
			continue;
		if (boot_options[i].set(eq + 1) < 0)
			printk("boot option %s=%s rejected (expected: %s); default kept\n", opt,
			       eq + 1, boot_options[i].help);
		return;
	}
	printk("boot option '%s' unknown, ignored\n", opt);
}

void parse_boot_options(const char *cmdline)
{
	char buf[512];
	char *p = buf;

	if (strscpy(buf, cmdline, sizeof(buf)) < 0)
		printk("boot options: command line longer than %zu bytes, the rest ignored\n",
		       sizeof(buf) - 1);
	while (*p) {
		char *start;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		start = p;
		while (*p && *p != ' ')
			p++;
		if (*p)
			*p++ = '\0';
		apply_option(start);
	}
}
