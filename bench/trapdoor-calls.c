// SPDX-License-Identifier: MIT
/*
 * trapdoor's own calls for bench (bench/trapdoor-calls.h): the one file of
 * the bench binary that includes trapdoor's uapi headers, and no libc header.
 */
#include <uapi/trapdoor.h>
#include <uapi/unistd.h>

#include "trapdoor-calls.h"

_Static_assert(BENCH_NR_KSTACK_MODES == NR_KSTACK_MODES, "bench's count of offset modes is stale");

const char *const bench_kstack_mode_names[BENCH_NR_KSTACK_MODES] = KSTACK_MODE_NAMES;

long bench_trapdoor_config(enum bench_config key, long value)
{
	long k = key == BENCH_CONFIG_KSTACK_MODE ? TRAPDOOR_CONFIG_KSTACK_MODE : TRAPDOOR_CONFIG_STACKLEAK;

	return __syscall6(__NR_trapdoor_config, k, value, 0, 0, 0, 0);
}

unsigned long bench_trapdoor_counter_hz(void)
{
	struct kernel_stats st;

	if (__syscall6(__NR_kernel_stats, (long)&st, 0, 0, 0, 0, 0) < 0)
		return 0;
	return st.counter_hz;
}
