/* SPDX-License-Identifier: MIT */
/* Clocks and times, Linux's (linux/time.h, linux/time_types.h, linux/times.h). */
#ifndef TRAPDOOR_INCLUDE_UAPI_TIME_H
#define TRAPDOOR_INCLUDE_UAPI_TIME_H

/* The clocks clock_gettime() and clock_nanosleep() read; CLOCK_MONOTONIC is in uapi/trapdoor.h. */
#define CLOCK_REALTIME	       0 /* wall-clock time, from the machine's real-time clock at boot */
#define CLOCK_MONOTONIC_RAW    4
#define CLOCK_REALTIME_COARSE  5
#define CLOCK_MONOTONIC_COARSE 6
#define CLOCK_BOOTTIME	       7 /* CLOCK_MONOTONIC: nothing here suspends */

/* clock_nanosleep()'s flag: the time is a deadline on the clock, not a duration. */
#define TIMER_ABSTIME 0x01

struct timeval {
	long tv_sec;
	long tv_usec;
};

struct timezone {
	int tz_minuteswest;
	int tz_dsttime;
};

/* times(): clock ticks (USER_HZ) of CPU time. */
#define USER_HZ 100
struct tms {
	long tms_utime;
	long tms_stime;
	long tms_cutime;
	long tms_cstime;
};

#endif
