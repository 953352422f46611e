// SPDX-License-Identifier: MIT
/*
 * Boot options. A bad option never stops the boot: it is named on the
 * console, ignored, and the default stays. Whatever the console shows of the
 * command line is escaped (string_escape()): the line comes from outside,
 * and a raw newline in it could forge a line of the test protocol.
 */
#include <trapdoor/bench.h>
#include <trapdoor/cmdline.h>
#include <trapdoor/hardening.h>
#include <trapdoor/ktest.h>
#include <trapdoor/lkdtm.h>
#include <trapdoor/printk.h>
#include <trapdoor/random.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <uapi/errno.h>

#include "randomize_kstack.h"

/* The firmware's command line was longer than the arch's copy of it (cmdline_set_truncated()). */
static size_t arch_original_len;

void cmdline_set_truncated(size_t original_len)
{
	arch_original_len = original_len;
}

__stackleak_frame_exempt void cmdline_print(const char *s)
{
	char buf[128];

	while (*s) {
		size_t n = string_escape(buf, sizeof(buf), s);

		printk("%s", buf);
		s += n;
	}
}

size_t cmdline_fit(const char *cmdline, size_t size, bool cut)
{
	size_t len = strlen(cmdline), end;

	if (size == 0)
		return 0;
	if (len < size && !cut)
		return len;
	end = len < size ? len : size - 1;
	/* The option the cut falls in is dropped whole: a piece of one could mean something else. */
	if (end < len && cmdline[end] == ' ')
		return end;
	while (end > 0 && cmdline[end - 1] != ' ')
		end--;
	return end;
}

/*
 * The hardening options run in boot_task (kernel/task.c): they set its
 * switches, which init inherits and every task after it (docs/hardening.md).
 */
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

static __stackleak_frame_exempt int set_crng_seed(const char *value)
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

/*
 * init.fuzz=SEED:COUNT[:TRACE_FROM]: init's argument, checked here so a typo is named at
 * boot. Colons, not commas: loongarch's command line travels in a QEMU -fw_cfg string, where a
 * comma separates QEMU's own fields.
 */
static char init_fuzz_arg[64];

static int set_init_fuzz(const char *value)
{
	int fields = 1;

	if (!*value || strlen(value) >= sizeof(init_fuzz_arg) - 5)
		return -EINVAL;
	for (const char *p = value; *p; p++) {
		if (*p == ':' && p[1] && p[1] != ':' && p != value)
			fields++;
		else if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') ||
			   (*p >= 'A' && *p <= 'F') || *p == 'x' || *p == 'X'))
			return -EINVAL;
	}
	if (fields < 2 || fields > 3)
		return -EINVAL;
	strscpy(init_fuzz_arg, "fuzz=", sizeof(init_fuzz_arg));
	strscpy(init_fuzz_arg + 5, value, sizeof(init_fuzz_arg) - 5);
	return 0;
}

const char *cmdline_init_fuzz(void)
{
	return init_fuzz_arg[0] ? init_fuzz_arg : NULL;
}

/*
 * init.shell=1|script|0: what init does in the demo image (user/init.c). 1
 * (make run on a terminal): the demos, then the shell; script (make run
 * SCRIPT=file): the shell alone, reading the file from the console; 0: the
 * demos, then power off.
 */
static const char *init_shell_arg;

static int set_init_shell(const char *value)
{
	if (!strcmp(value, "1"))
		init_shell_arg = "shell=1";
	else if (!strcmp(value, "script"))
		init_shell_arg = "shell=script";
	else if (!strcmp(value, "0"))
		init_shell_arg = NULL;
	else
		return -EINVAL;
	return 0;
}

const char *cmdline_init_shell(void)
{
	return init_shell_arg;
}

/*
 * init= and rdinit=: the first program's path, as Linux's. An absolute path
 * of at most INIT_PATH_MAX bytes; whether it exists is known only when init
 * starts (init_program_paths()).
 */
static char init_path[INIT_PATH_MAX], rdinit_path[INIT_PATH_MAX];

static int set_path(char *dst, const char *value)
{
	if (value[0] != '/' || strlen(value) >= INIT_PATH_MAX)
		return -EINVAL;
	strscpy(dst, value, INIT_PATH_MAX);
	return 0;
}

static int set_init(const char *value)
{
	return set_path(init_path, value);
}

static int set_rdinit(const char *value)
{
	return set_path(rdinit_path, value);
}

const char *cmdline_init(void)
{
	return init_path[0] ? init_path : NULL;
}

const char *cmdline_rdinit(void)
{
	return rdinit_path[0] ? rdinit_path : NULL;
}

/* The words after "--", init's argv[1..], in a copy of their own. */
static char init_words_buf[256];
static const char *init_words[INIT_MAX_WORDS];
static int nr_init_words;

int cmdline_init_args(const char *const **words)
{
	*words = init_words;
	return nr_init_words;
}

static int set_kstack_store(const char *value)
{
	int store = kstack_store_parse(value);

	return store < 0 ? store : (kstack_store_set(store) < 0 ? -EINVAL : 0);
}

static const struct boot_option boot_options[] = {
	{ "kstack", set_kstack,
	  "off counter crng16 crng8 prng-task prng-cpu chacha-task chacha-spread" },
	{ "kstack.store", set_kstack_store, "task cpu" },
	{ "stackleak", stackleak_setup, "on off verify" },
	{ "crng.seed", set_crng_seed, "an even number of hex digits, at most 64 bytes" },
	{ "init.fuzz", set_init_fuzz, "SEED:COUNT[:TRACE_FROM], decimal or 0x hex" },
	{ "bench", bench_setup, "the bench program's arguments, comma-separated, e.g. smoke" },
	{ "init.shell", set_init_shell, "1 script 0" },
	{ "init", set_init, "an absolute path, e.g. /bin/sh" },
	{ "rdinit", set_rdinit, "an absolute path, e.g. /init" },
#ifdef CONFIG_KTEST
	{ "lkdtm", lkdtm_setup, "a test of kernel/lkdtm.c, e.g. WRITE_RO" },
	{ "test.group", ktest_group_setup, "a group of tests/registry, e.g. task" },
	{ "test.cpus", ktest_cpus_setup, "the CPUs QEMU was given, 1 to 8" },
	{ "test.skip", ktest_skip_setup, "user/fault.c cases to skip, comma-separated" },
#endif
};

static void apply_option(char *opt)
{
	char *eq = strchr(opt, '=');

	if (!eq) {
		printk("boot option '");
		cmdline_print(opt);
		printk("' ignored: expected name=value\n");
		return;
	}
	*eq = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(boot_options); i++) {
		if (strcmp(opt, boot_options[i].name))
			continue;
		if (boot_options[i].set(eq + 1) < 0) {
			printk("boot option %s=", opt);
			cmdline_print(eq + 1);
			printk(" rejected (expected: %s); default kept\n", boot_options[i].help);
		}
		return;
	}
	printk("boot option '");
	cmdline_print(opt);
	printk("' unknown, ignored\n");
}

/* Names what a cut dropped: the options from 'from' on, escaped, at most a line's worth. */
static __stackleak_frame_exempt void report_truncation(const char *cmdline, size_t from,
						       size_t total)
{
	char shown[96];
	size_t skip = from, n;

	while (cmdline[skip] == ' ')
		skip++;
	n = string_escape(shown, sizeof(shown), cmdline + skip);
	printk("cmdline: truncated at %zu bytes; dropped: %s%s", from, shown,
	       cmdline[skip + n] ? "..." : "");
	if (total > strlen(cmdline))
		printk(" (and %zu bytes the kernel never received)", total - strlen(cmdline));
	printk("\n");
}

/* Linux's "--": every word after it is init's, none an option. */
static void set_init_words(const char *rest)
{
	char *p = init_words_buf;

	if (strlen(rest) >= sizeof(init_words_buf)) {
		printk("boot option '--': its words take more than %zu bytes; init gets none\n",
		       sizeof(init_words_buf) - 1);
		return;
	}
	strscpy(init_words_buf, rest, sizeof(init_words_buf));
	while (*p) {
		while (*p == ' ')
			*p++ = '\0';
		if (!*p)
			break;
		if (nr_init_words == INIT_MAX_WORDS) {
			printk("boot option '--': more than %d words; init gets the first %d\n",
			       INIT_MAX_WORDS, INIT_MAX_WORDS);
			return;
		}
		init_words[nr_init_words++] = p;
		while (*p && *p != ' ')
			p++;
	}
}

__stackleak_frame_exempt void parse_boot_options(const char *cmdline)
{
	char buf[512];
	char *p = buf;
	bool arch_cut = arch_original_len > strlen(cmdline);
	size_t keep = cmdline_fit(cmdline, sizeof(buf), arch_cut);

	if (keep < strlen(cmdline) || arch_cut)
		report_truncation(cmdline, keep, arch_cut ? arch_original_len : strlen(cmdline));
	memcpy(buf, cmdline, keep);
	buf[keep] = '\0';
	nr_init_words = 0;
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
		if (!strcmp(start, "--")) {
			set_init_words(p);
			return;
		}
		apply_option(start);
	}
}
