/* SPDX-License-Identifier: MIT */
/* Wall-clock time (kernel/time.c). */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_TIME_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_TIME_H

#include <trapdoor/types.h>

/* Reads the real-time clock once (arch_read_rtc()): CLOCK_REALTIME from then on. */
void timekeeping_init(void);

/* Seconds since 1970-01-01 of a UTC date (year in full, mon 1..12), as Linux's mktime64(). */
u64 mktime64(unsigned int year, unsigned int mon, unsigned int day, unsigned int hour,
	     unsigned int min, unsigned int sec);

#endif
