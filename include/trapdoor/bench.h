/* SPDX-License-Identifier: MIT */
/* The bench= boot option (kernel/bench.c): init runs bench (bench/bench.c) instead of the demos. */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_BENCH_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_BENCH_H

/* bench='s value, "" if none: init passes it on to bench. */
extern char bench_boot_args[128];
int bench_setup(const char *value);

#endif
