// SPDX-License-Identifier: MIT
/*
 * bench=ARGS: this boot measures instead of demonstrating. start_kernel()
 * starts init with argv "init bench ARGS"; init runs bench (bench/bench.c) with ARGS
 * split at commas (bench=smoke, bench=calls=20000,rounds=5). docs/benchmarks.md.
 */
#include <trapdoor/bench.h>
#include <trapdoor/string.h>
#include <uapi/errno.h>

char bench_boot_args[128];

int bench_setup(const char *value)
{
	if (!value[0])
		return -EINVAL;
	return strscpy(bench_boot_args, value, sizeof(bench_boot_args)) < 0 ? -EINVAL : 0;
}
