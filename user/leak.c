// SPDX-License-Identifier: MIT
/*
 * leak [-n N]: the stack-leak demo. Two deliberately buggy syscalls
 * (kernel/lkdtm.c): leak_write_secret(s) leaves s in a stack buffer,
 * leak_read_uninit() returns the same slot of the same buffer without writing
 * it. The pair runs N times (default 10000) under four settings, each time
 * with a fresh secret, and the table says how often the read handed the
 * secret back:
 *
 *   kstack off, stackleak off   ~100%  same frame, same slot, nothing erased
 *   prng-task,  stackleak off   ~1/64  the slot moves with the offset: both
 *                                      calls must draw the same one of 64
 *   kstack off, stackleak on    0      the erase re-poisons the slot on the
 *                                      way out of the first call
 *   prng-task,  stackleak on    0
 *
 * The second row is the brute-force point made on the kernel list: six bits
 * of offset only buy 64 tries. The settings found at start are restored.
 */
#include "lib/ulib.h"

#include <uapi/stackleak.h>

#define DEFAULT_PAIRS 10000
#define MAX_PAIRS     1000000 /* -n takes 1 up to this */
/* Each pair's secret is this XOR the pair's number: never poison, never 0. */
#define SECRET_BASE   0x5ec2e75ec2e70000UL

struct setting {
	long kstack_mode;
	long stackleak;
	const char *kstack_name;
	const char *expected;
};

static const struct setting settings[] = {
	{ KSTACK_MODE_OFF, 0, "off", "~100%: same slot, nothing erased" },
	{ KSTACK_MODE_PRNG_TASK, 0, "prng-task", "~1/64 = 1.56%: same offset needed" },
	{ KSTACK_MODE_OFF, 1, "off", "0: erased on the way out" },
	{ KSTACK_MODE_PRNG_TASK, 1, "prng-task", "0" },
};

struct pair_result {
	unsigned long leaks;  /* the read returned this pair's secret */
	unsigned long poison; /* the read returned STACKLEAK_POISON */
};

static void run_pairs(unsigned long n, struct pair_result *r)
{
	r->leaks = r->poison = 0;
	for (unsigned long i = 0; i < n; i++) {
		unsigned long secret = SECRET_BASE ^ i, got;

		syscall1(__NR_leak_write_secret, secret);
		got = (unsigned long)syscall0(__NR_leak_read_uninit);
		r->leaks += got == secret;
		r->poison += got == STACKLEAK_POISON;
	}
}

/* "12.34%" for part/whole, in fixed point: there is no FPU in user mode either. */
static void percent(char *buf, size_t size, unsigned long part, unsigned long whole)
{
	unsigned long hundredths = whole ? (part * 10000 + whole / 2) / whole : 0;

	snprintf(buf, size, "%lu.%02lu%%", hundredths / 100, hundredths % 100);
}

int main(int argc, char **argv)
{
	unsigned long n = DEFAULT_PAIRS;
	long old_kstack, old_stackleak;
	struct kernel_stats st;
	int failed = 0;

	if (argc == 3 && !strcmp(argv[1], "-n"))
		n = parse_count(argv[2], MAX_PAIRS);
	if (argc == 2 || argc > 3 || !n) {
		printf("usage: leak [-n pairs]\n");
		return 2;
	}
	old_kstack = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1);
	old_stackleak = trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, -1);

	printf("leak: %lu pairs per setting: leak_write_secret(secret), then leak_read_uninit()\n",
	       n);
	printf("leak: a leak is a read that returns the secret the write just left behind\n\n");
	printf("  kstack     stackleak  leaks    rate     read poison  expected\n");
	for (unsigned int i = 0; i < ARRAY_SIZE(settings); i++) {
		const struct setting *s = &settings[i];
		long err = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, s->kstack_mode);
		struct pair_result r;
		char rate[16];

		if (err >= 0)
			err = trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, s->stackleak);
		if (err < 0) {
			printf("  %-10s %-10s not run: trapdoor_config says %ld\n", s->kstack_name,
			       s->stackleak ? "on" : "off", err);
			failed++;
			continue;
		}
		run_pairs(n, &r);
		percent(rate, sizeof(rate), r.leaks, n);
		printf("  %-10s %-10s %-8lu %-8s %-12lu %s\n", s->kstack_name,
		       s->stackleak ? "on" : "off", r.leaks, rate, r.poison, s->expected);
	}

	/* Put back what we found (a failed read above left a negative value: skip it). */
	if (old_kstack >= 0)
		trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, old_kstack);
	if (old_stackleak >= 0)
		trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, old_stackleak);

	printf("\nleak: \"read poison\" counts reads that found 0x%lx, the stackleak poison\n",
	       STACKLEAK_POISON);
	if (get_kernel_stats(&st) == 0 && st.calls) {
		printf("leak: stackleak since boot: %lu bytes erased per syscall on average (%lu "
		       "syscalls)\n",
		       st.stackleak_bytes_total / st.calls, st.calls);
	}
	return failed;
}
