/* SPDX-License-Identifier: MIT */
/*
 * What bench/bench.c needs from the system it runs on: a syscall, the counter,
 * its frequency, the run-time switches, and as Linux's /init a way to power
 * off. bench is one static binary built against a Linux libc (bench/bench.mk),
 * the same file on both kernels: trapdoor runs it as /bin/bench, Linux as
 * /init (make bench-linux). It tells them apart at run time by trapdoor's own
 * calls (bench/trapdoor-calls.c), which Linux answers with -ENOSYS. The
 * syscall instruction and the counter are trapdoor's user library's
 * (user/lib/arch/<arch>/syscall.S and counter.S, whose ABI is Linux's), so
 * both kernels are timed by the same instructions.
 */
#ifndef TRAPDOOR_BENCH_BENCH_H
#define TRAPDOOR_BENCH_BENCH_H

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/reboot.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__x86_64__) && defined(__GLIBC__)
#include <sys/io.h>
#endif

#include "counter-hz.h"
#include "trapdoor-calls.h"

typedef uint64_t u64;
typedef uint32_t u32;

#define NR_KSTACK_MODES		BENCH_NR_KSTACK_MODES

#define BENCH_NR_GETPID		SYS_getpid
#define BENCH_NR_GETPPID	SYS_getppid
/* No handler on either kernel: both answer -ENOSYS (kernel/syscall.c). */
#define BENCH_NR_INVALID	999

/* The counter (user/lib/arch/<arch>/counter.S). */
u64 user_counter(void);

static inline long bench_syscall0(long nr) { return __syscall6(nr, 0, 0, 0, 0, 0, 0); }

/* True on trapdoor: its own calls exist there. */
static inline bool bench_on_trapdoor(void)
{
	return bench_trapdoor_config(BENCH_CONFIG_KSTACK_MODE, -1) != -ENOSYS;
}

/* How fast the counter counts: trapdoor says; Linux does not, so measure it. */
static inline u64 bench_counter_hz(void)
{
	u64 hz = bench_trapdoor_counter_hz();

	return hz ? hz : measure_counter_hz(user_counter);
}

/* The offset mode and stackleak setting now; 0, or negative if they cannot be switched (Linux). */
static inline int bench_get_config(int *mode, int *stackleak)
{
	long m = bench_trapdoor_config(BENCH_CONFIG_KSTACK_MODE, -1);
	long s = bench_trapdoor_config(BENCH_CONFIG_STACKLEAK, -1);

	*mode = 0;
	*stackleak = 0;
	if (m < 0 || s < 0)
		return -1;
	*mode = (int)m;
	*stackleak = (int)s;
	return 0;
}

static inline void bench_set_kstack_mode(int mode)
{
	bench_trapdoor_config(BENCH_CONFIG_KSTACK_MODE, mode);
}

static inline void bench_set_stackleak(int on) { bench_trapdoor_config(BENCH_CONFIG_STACKLEAK, on); }

/* The CPUs the caller may run on from now (sched_setaffinity); 0, or negative if it cannot. */
static inline long bench_set_cpus(unsigned long mask)
{
	return syscall(SYS_sched_setaffinity, 0, sizeof(mask), &mask);
}

/* The CPUs the caller may run on, as a mask; 0 if the kernel cannot say. */
static inline unsigned long bench_cpus(void)
{
	unsigned long mask = 0;

	return syscall(SYS_sched_getaffinity, 0, sizeof(mask), &mask) < 0 ? 0 : mask;
}

static inline const char *bench_system(void)
{
	static struct utsname u;
	static char buf[3 * sizeof(u.sysname) + 8];

	uname(&u);
	snprintf(buf, sizeof(buf), "%s %s on %s", u.sysname, u.release, u.machine);
	return buf;
}

/* A check's outcome, as trapdoor's test programs print it (tools/testsuite counts them). */
static inline void test_result(const char *name, bool ok, const char *fmt, ...)
{
	char why[160];
	va_list ap;

	if (ok) {
		printf("PASS: %s\n", name);
		return;
	}
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	printf("FAIL: %s: %s\n", name, why);
}

/*
 * As Linux's /init, bench must never exit: power the machine off. On x86_64's
 * microvm,acpi=off Linux's own power-off only halts, so the status goes to
 * the isa-debug-exit port first, as trapdoor does (QEMU exits with
 * (status << 1) | 1, the runner's pass for 0); arm64's reboot(2) ends in PSCI
 * SYSTEM_OFF.
 */
static inline void bench_poweroff(int status)
{
	sync();
#if defined(__x86_64__) && defined(__GLIBC__)
	if (ioperm(0xf4, 4, 1) == 0)
		outl((unsigned int)status, 0xf4);
#else
	(void)status;
#endif
	reboot(RB_POWER_OFF);
}

#endif
