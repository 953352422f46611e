// SPDX-License-Identifier: MIT
/*
 * tsc-hz: how fast this x86_64 host's time-stamp counter counts, measured
 * against CLOCK_MONOTONIC over 200 ms. Under TCG (no icount) QEMU's guest
 * rdtsc returns the host's TSC, so bench/run converts the x86_64 TCG
 * boots' ticks with this rate rather than with the one the guest calibrated
 * (docs/benchmarks.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <x86intrin.h>

#include "counter-hz.h"

static uint64_t read_tsc(void) { return __rdtsc(); }

int main(void)
{
	printf("%llu\n", (unsigned long long)measure_counter_hz(read_tsc));
	return 0;
}
