/* SPDX-License-Identifier: MIT */
/*
 * Test stubs of the include/trapdoor/arch.h hooks kernel/random.c calls:
 * arch_get_random_seed_longs(), arch_get_cycles() and arch_cycles_per_sec().
 * A test sets arch_stub to the machine it wants; the zero state is a machine
 * with no seed instruction and no counter.
 */
#ifndef TRAPDOOR_TESTS_HOST_ARCH_STUBS_H
#define TRAPDOOR_TESTS_HOST_ARCH_STUBS_H

#include <trapdoor/types.h>

struct arch_stub {
	bool has_seed; /* the seed hook fills words from seed_value, counting up */
	unsigned long seed_value;
	u64 cycles; /* arch_get_cycles() adds cycles_step, then returns this */
	u64 cycles_step;
	u64 cycles_per_sec; /* 0: the counter has no known frequency */
};

extern struct arch_stub arch_stub;

#endif
