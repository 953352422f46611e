// SPDX-License-Identifier: MIT
/*
 * Clocks, as Linux's kernel/time/ gives them to programs. CLOCK_MONOTONIC is
 * the cycle counter (arch_get_cycles()) in nanoseconds; CLOCK_BOOTTIME is
 * the same clock (nothing here suspends); CLOCK_REALTIME is CLOCK_MONOTONIC
 * plus the offset read once at boot from the machine's real-time clock
 * (arch_read_rtc(); 0, the epoch, on a machine without one). Nothing sets
 * the time.
 */
#include <trapdoor/signal.h>
#include <trapdoor/arch.h>
#include <trapdoor/task.h>
#include <trapdoor/time.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>
#include <uapi/time.h>

#include "syscalls.h"

#define NSEC_PER_SEC 1000000000ULL

/* CLOCK_REALTIME - CLOCK_MONOTONIC, in ns: set at boot, read without a lock after. */
static u64 realtime_offset_ns;

static u64 cycles_to_ns(u64 cycles)
{
	u64 hz = arch_cycles_per_sec();

	/* The remainder is < hz, so the product fits in 64 bits for hz < 2^34. */
	return cycles / hz * NSEC_PER_SEC + cycles % hz * NSEC_PER_SEC / hz;
}

static u64 ktime_get_ns(void)
{
	return cycles_to_ns(arch_get_cycles());
}

/* Gauss's algorithm, as Linux's mktime64(): March is month 1, so leap days come last. */
u64 mktime64(unsigned int year, unsigned int mon, unsigned int day, unsigned int hour,
	     unsigned int min, unsigned int sec)
{
	if ((int)(mon -= 2) <= 0) {
		mon += 12;
		year -= 1;
	}
	return ((((u64)(year / 4 - year / 100 + year / 400 + 367 * mon / 12 + day) + year * 365 -
		  719499) *
		     24 +
		 hour) *
		    60 +
		min) *
		   60 +
	       sec;
}

void timekeeping_init(void)
{
	u64 rtc = arch_read_rtc();

	/* Unsigned: without a clock (rtc 0) it wraps, and CLOCK_REALTIME is the time since here. */
	realtime_offset_ns = rtc * NSEC_PER_SEC - ktime_get_ns();
}

/* The clocks trapdoor has: the monotonic ones (and their raw and coarse forms), and real time. */
static bool clock_is_realtime(clockid_t which)
{
	return which == CLOCK_REALTIME || which == CLOCK_REALTIME_COARSE;
}

static bool clock_valid(clockid_t which)
{
	return clock_is_realtime(which) || which == CLOCK_MONOTONIC ||
	       which == CLOCK_MONOTONIC_RAW || which == CLOCK_MONOTONIC_COARSE ||
	       which == CLOCK_BOOTTIME;
}

static u64 clock_now_ns(clockid_t which)
{
	return ktime_get_ns() + (clock_is_realtime(which) ? realtime_offset_ns : 0);
}

static struct timespec ns_to_timespec(u64 ns)
{
	return (struct timespec){ .tv_sec = (long)(ns / NSEC_PER_SEC),
				  .tv_nsec = (long)(ns % NSEC_PER_SEC) };
}

SYSCALL_DEFINE2(clock_gettime, clockid_t, which_clock, struct timespec __user *, tp)
{
	struct timespec ts;

	if (!clock_valid(which_clock))
		return -EINVAL;
	ts = ns_to_timespec(clock_now_ns(which_clock));
	return copy_to_user(tp, &ts, sizeof(ts)) < 0 ? -EFAULT : 0;
}

/* clock_getres(): one counter cycle, rounded up to a nanosecond; a tick for the coarse clocks. */
SYSCALL_DEFINE2(clock_getres, clockid_t, which_clock, struct timespec __user *, tp)
{
	u64 hz = arch_cycles_per_sec();
	struct timespec ts = { 0, (long)((NSEC_PER_SEC + hz - 1) / hz) };

	if (!clock_valid(which_clock))
		return -EINVAL;
	if (which_clock == CLOCK_REALTIME_COARSE || which_clock == CLOCK_MONOTONIC_COARSE)
		ts.tv_nsec = (long)(NSEC_PER_SEC / HZ);
	if (tp && copy_to_user(tp, &ts, sizeof(ts)) < 0)
		return -EFAULT;
	return 0;
}

/* gettimeofday(tv, tz): CLOCK_REALTIME in microseconds; the time zone is UTC. Either may be NULL. */
SYSCALL_DEFINE2(gettimeofday, struct timeval __user *, tv, struct timezone __user *, tz)
{
	u64 ns = clock_now_ns(CLOCK_REALTIME);
	struct timeval v = { (long)(ns / NSEC_PER_SEC), (long)(ns % NSEC_PER_SEC / 1000) };
	struct timezone z = { 0, 0 };

	if (tv && copy_to_user(tv, &v, sizeof(v)) < 0)
		return -EFAULT;
	if (tz && copy_to_user(tz, &z, sizeof(z)) < 0)
		return -EFAULT;
	return 0;
}

/* time(tloc): CLOCK_REALTIME's seconds, also stored at tloc if given (x86_64, powerpc). */
SYSCALL_DEFINE1(time, long __user *, tloc)
{
	long now = (long)(clock_now_ns(CLOCK_REALTIME) / NSEC_PER_SEC);

	if (tloc && copy_to_user(tloc, &now, sizeof(now)) < 0)
		return -EFAULT;
	return now;
}

/*
 * times(buf): the clock ticks (USER_HZ) since boot. CPU time is not counted
 * per task here, so the four times in buf are 0.
 */
SYSCALL_DEFINE1(times, struct tms __user *, tbuf)
{
	struct tms t = { 0, 0, 0, 0 };

	if (tbuf && copy_to_user(tbuf, &t, sizeof(t)) < 0)
		return -EFAULT;
	return (long)(ktime_get_ns() / (NSEC_PER_SEC / USER_HZ));
}

/*
 * clock_nanosleep(which, flags, req, rem): sleeps for req, or with
 * TIMER_ABSTIME until which reads req. As Linux: -EINVAL for an unknown clock
 * or a bad req, -EOPNOTSUPP for a clock that cannot be slept on (the raw and
 * coarse ones), -EFAULT for a bad req. A relative sleep that a signal ends
 * early writes the time left to rem (if given), as Linux's.
 */
SYSCALL_DEFINE4(clock_nanosleep, clockid_t, which_clock, int, flags, const struct timespec __user *,
		rqtp, struct timespec __user *, rmtp)
{
	u64 hz = arch_cycles_per_sec(), start = arch_get_cycles(), now_ns, req_ns, delta_ns,
	    deadline, now;
	struct timespec ts;

	if (!clock_valid(which_clock))
		return -EINVAL;
	if (which_clock != CLOCK_REALTIME && which_clock != CLOCK_MONOTONIC &&
	    which_clock != CLOCK_BOOTTIME)
		return -EOPNOTSUPP;
	if (copy_from_user(&ts, rqtp, sizeof(ts)) < 0)
		return -EFAULT;
	if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= (long)NSEC_PER_SEC)
		return -EINVAL;
	/* Saturate far deadlines: the sleep then lasts until a kill ends it. */
	if ((u64)ts.tv_sec >= U64_MAX / NSEC_PER_SEC - 1)
		req_ns = U64_MAX / 2;
	else
		req_ns = (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
	delta_ns = req_ns;
	if (flags & TIMER_ABSTIME) {
		now_ns =
		    cycles_to_ns(start) + (clock_is_realtime(which_clock) ? realtime_offset_ns : 0);
		delta_ns = req_ns > now_ns ? req_ns - now_ns : 0;
	}
	/* Cycles, rounded up so the sleep is never shorter than asked. */
	if (delta_ns / NSEC_PER_SEC > (U64_MAX - start) / hz / 2)
		deadline = U64_MAX;
	else
		deadline = start + delta_ns / NSEC_PER_SEC * hz +
			   (delta_ns % NSEC_PER_SEC * hz + NSEC_PER_SEC - 1) / NSEC_PER_SEC;
	while ((now = arch_get_cycles()) < deadline) {
		if (signal_pending(current)) {
			u64 left = cycles_to_ns(deadline - now);
			struct timespec rem = { .tv_sec = (long)(left / NSEC_PER_SEC),
						.tv_nsec = (long)(left % NSEC_PER_SEC) };

			/* A task being killed never sees it: only a handler's return does. */
			if (rmtp && !(flags & TIMER_ABSTIME) && !current->killed &&
			    copy_to_user(rmtp, &rem, sizeof(rem)) < 0)
				return -EFAULT;
			return -ERESTARTNOHAND; /* -EINTR if a handler runs, as Linux's */
		}
		sleep_until(deadline);
	}
	return 0;
}
