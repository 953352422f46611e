/* SPDX-License-Identifier: MIT */
/*
 * CPU masks (lib/cpumask.c): bit n of an unsigned long for CPU n, as the
 * affinity calls pass them (NR_CPUS fits one long). The rules Linux applies
 * to a user's mask and its length, and the CPU lists a shell takes
 * ("0,2-3"). Pure C: the kernel, the user programs and the host tests share
 * it.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_CPUMASK_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_CPUMASK_H

#include <trapdoor/types.h>

/* Bits a mask has: the CPU numbers it can name are 0 .. CPUMASK_BITS - 1. */
#define CPUMASK_BITS (8 * sizeof(unsigned long))

/*
 * sched_setaffinity's len: how many bytes of the user's mask are read. More
 * than a mask holds are ignored, fewer leave the rest of the mask zero.
 */
size_t cpumask_user_len(unsigned long len);

/* The mask from the first n (<= sizeof(long)) bytes of a little-endian-ordered byte copy. */
unsigned long cpumask_from_bytes(const unsigned char *buf, size_t n);

/*
 * sched_getaffinity's len: the bytes it writes (a mask's size), or -EINVAL
 * when len cannot hold nr_cpu_ids bits or is not a multiple of a long's size.
 */
long cpumask_getaffinity_len(unsigned long len, unsigned int nr_cpu_ids);

/*
 * Parses a CPU list: numbers and ranges separated by commas ("0", "1-3",
 * "0,2-3"), each below CPUMASK_BITS, into *mask. 0, or -EINVAL for anything
 * else (an empty list, a range backwards, a stray character).
 */
int cpulist_parse(const char *s, unsigned long *mask);

/* Writes mask as the shortest such list ("0-2,5"; "" for 0); returns its length. */
int cpulist_print(char *buf, size_t size, unsigned long mask);

#endif
