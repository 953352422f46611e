/* SPDX-License-Identifier: MIT */
/*
 * How fast a counter counts, measured against CLOCK_MONOTONIC over 200 ms: for
 * the programs that run on Linux, which does not say (bench/bench.h for
 * bench/bench.c's counter, bench/tsc-hz.c for the host's TSC).
 */
#ifndef TRAPDOOR_BENCH_COUNTER_HZ_H
#define TRAPDOOR_BENCH_COUNTER_HZ_H

#include <stdint.h>
#include <time.h>

static inline uint64_t measure_counter_hz(uint64_t (*read_counter)(void))
{
	struct timespec a, b;
	uint64_t c0, c1, ns;

	clock_gettime(CLOCK_MONOTONIC, &a);
	c0 = read_counter();
	do {
		clock_gettime(CLOCK_MONOTONIC, &b);
		ns = (uint64_t)(b.tv_sec - a.tv_sec) * 1000000000u + (uint64_t)b.tv_nsec -
		     (uint64_t)a.tv_nsec;
	} while (ns < 200000000u);
	c1 = read_counter();
	return (c1 - c0) * 1000000000u / ns;
}

#endif
