/* SPDX-License-Identifier: MIT */
/*
 * What bench/bench.c needs from the system it runs on: a syscall, the counter,
 * its frequency, and the run-time switches. On trapdoor these are the user
 * library's (user/lib/ulib.h); bench/linux/run builds the same program
 * against Linux with -DBENCH_LINUX and its own version of this interface.
 */
#ifndef TRAPDOOR_BENCH_BENCH_H
#define TRAPDOOR_BENCH_BENCH_H

#ifdef BENCH_LINUX
#include "bench-linux.h"
#else
#include "lib/ulib.h"

#define BENCH_NR_GETPID		__NR_getpid
#define BENCH_NR_GETPPID	__NR_getppid
/* No handler: the dispatcher answers -ENOSYS (kernel/syscall.c); Linux does too. */
#define BENCH_NR_INVALID	999

static inline long bench_syscall0(long nr) { return __syscall6(nr, 0, 0, 0, 0, 0, 0); }

static inline u64 bench_counter_hz(void)
{
	struct kernel_stats st;

	return get_kernel_stats(&st) < 0 ? 0 : st.counter_hz;
}

/* The offset mode and stackleak setting now; 0, or negative if they cannot be switched. */
static inline int bench_get_config(int *mode, int *stackleak)
{
	long m = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1);
	long s = trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, -1);

	if (m < 0 || s < 0)
		return -1;
	*mode = (int)m;
	*stackleak = (int)s;
	return 0;
}

static inline void bench_set_kstack_mode(int mode)
{
	trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, mode);
}

static inline void bench_set_stackleak(int on) { trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, on); }

/* The CPUs the caller may run on from now (sched_setaffinity); 0, or negative if it cannot. */
static inline long bench_set_cpus(unsigned long mask)
{
	return syscall3(__NR_sched_setaffinity, 0, sizeof(mask), &mask);
}

/* The CPUs the caller may run on, as a mask; 0 if the kernel cannot say. */
static inline unsigned long bench_cpus(void)
{
	unsigned long mask = 0;

	return syscall3(__NR_sched_getaffinity, 0, sizeof(mask), &mask) < 0 ? 0 : mask;
}

static inline const char *bench_system(void)
{
	static struct new_utsname u;

	uname(&u);
	snprintf(u.domainname, sizeof(u.domainname), "%s %s on %s", u.sysname, u.release, u.machine);
	return u.domainname;
}
#endif

#endif
