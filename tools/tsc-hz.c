// SPDX-License-Identifier: MIT
/*
 * tsc-hz: how fast this x86_64 host's time-stamp counter counts, measured
 * against CLOCK_MONOTONIC over 200 ms. Under TCG (no icount) QEMU's guest
 * rdtsc returns the host's TSC, so tools/bench converts the x86_64 TCG
 * boots' ticks with this rate rather than with the one the guest calibrated
 * (docs/benchmarks.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>

int main(void)
{
	struct timespec a, b;
	uint64_t c0, c1, ns;

	clock_gettime(CLOCK_MONOTONIC, &a);
	c0 = __rdtsc();
	do {
		clock_gettime(CLOCK_MONOTONIC, &b);
		ns = (uint64_t)(b.tv_sec - a.tv_sec) * 1000000000u + (uint64_t)b.tv_nsec - (uint64_t)a.tv_nsec;
	} while (ns < 200000000u);
	c1 = __rdtsc();
	printf("%llu\n", (unsigned long long)((c1 - c0) * 1000000000u / ns));
	return 0;
}
