/* SPDX-License-Identifier: MIT */
/*
 * trapdoor's own calls that bench uses (bench/trapdoor-calls.c). The bench
 * binary is built against a Linux libc, whose headers and trapdoor's uapi
 * headers both define struct timespec and the wait macros, so that file is
 * the only one that includes the uapi headers. On Linux, which has no call
 * numbered 1000 or above, every one of these answers -ENOSYS.
 */
#ifndef TRAPDOOR_BENCH_TRAPDOOR_CALLS_H
#define TRAPDOOR_BENCH_TRAPDOOR_CALLS_H

/* include/uapi/trapdoor.h's NR_KSTACK_MODES: bench/bench.mk passes it (trapdoor-calls.c checks it). */
#ifndef BENCH_NR_KSTACK_MODES
#error "BENCH_NR_KSTACK_MODES: build bench with bench/bench.mk"
#endif

/* The offset modes' names, as kstack= spells them. */
extern const char *const bench_kstack_mode_names[BENCH_NR_KSTACK_MODES];

/* What trapdoor_config() switches for bench. */
enum bench_config { BENCH_CONFIG_KSTACK_MODE, BENCH_CONFIG_STACKLEAK };

/* trapdoor_config(key, value): the old value; -1 only reads. -ENOSYS on Linux. */
long bench_trapdoor_config(enum bench_config key, long value);

/* kernel_stats' counter_hz: how fast user_counter() counts; 0 if the kernel does not say. */
unsigned long bench_trapdoor_counter_hz(void);

/* The syscall instruction of trapdoor's user library (user/lib/arch/<arch>/syscall.S). */
long __syscall6(long nr, long a0, long a1, long a2, long a3, long a4, long a5);

#endif
