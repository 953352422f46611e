/* SPDX-License-Identifier: MIT */
/*
 * bench/bench.c built for Linux (bench/linux/run): the interface of
 * bench/bench.h on top of glibc. The syscall instruction and the counter are
 * trapdoor's own (user/lib/arch/<arch>/syscall.S and counter.S, whose ABI is
 * Linux's), so both kernels are timed by the same instructions. Linux cannot
 * switch its offset mode at run time: each boot is one cell, named by label=.
 */
#ifndef TRAPDOOR_BENCH_LINUX_H
#define TRAPDOOR_BENCH_LINUX_H

#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "counter-hz.h"

typedef uint64_t u64;
typedef uint32_t u32;

/* include/uapi/trapdoor.h's offset modes, for the table headers. */
#define NR_KSTACK_MODES		6
#define KSTACK_MODE_NAMES { "off", "counter", "crng16", "crng8", "prng-task", "prng-cpu" }

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))

#define BENCH_NR_GETPID		SYS_getpid
#define BENCH_NR_GETPPID	SYS_getppid
#define BENCH_NR_INVALID	999

long __syscall6(long nr, long a0, long a1, long a2, long a3, long a4, long a5);
u64 user_counter(void);

static inline long bench_syscall0(long nr) { return __syscall6(nr, 0, 0, 0, 0, 0, 0); }

static inline long bench_set_cpus(unsigned long mask)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	for (int cpu = 0; cpu < 64; cpu++)
		if (mask & (1UL << cpu))
			CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static inline unsigned long bench_cpus(void)
{
	cpu_set_t set;
	unsigned long mask = 0;

	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return 0;
	for (int cpu = 0; cpu < 64; cpu++)
		if (CPU_ISSET(cpu, &set))
			mask |= 1UL << cpu;
	return mask;
}

/* Linux does not say how fast the counter counts: measure it. */
static inline u64 bench_counter_hz(void) { return measure_counter_hz(user_counter); }

static inline int bench_get_config(int *mode, int *stackleak)
{
	*mode = 0;
	*stackleak = 0;
	return -1;
}

static inline void bench_set_kstack_mode(int mode) { (void)mode; }
static inline void bench_set_stackleak(int on) { (void)on; }

static inline const char *bench_system(void)
{
	static struct utsname u;
	static char buf[200];

	uname(&u);
	snprintf(buf, sizeof(buf), "%s %s on %s", u.sysname, u.release, u.machine);
	return buf;
}

static inline void test_result(const char *name, bool ok, const char *fmt, ...)
{
	(void)fmt;
	printf("%s: %s\n", ok ? "PASS" : "FAIL", name);
}

/* init.c runs bench's main as a function and powers off after it. */
#define main bench_main
int bench_main(int argc, char **argv);

#endif
