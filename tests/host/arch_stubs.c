// SPDX-License-Identifier: MIT
/* The arch hooks of kernel/random.c on the host, driven by arch_stub (arch_stubs.h). */
#include <trapdoor/arch.h>

#include "arch_stubs.h"

struct arch_stub arch_stub;

unsigned int arch_get_random_seed_longs(unsigned long *v, unsigned int max_longs)
{
	if (!arch_stub.has_seed)
		return 0;
	for (unsigned int i = 0; i < max_longs; i++)
		v[i] = arch_stub.seed_value++;
	return max_longs;
}

u64 arch_get_cycles(void)
{
	return arch_stub.cycles += arch_stub.cycles_step;
}

u64 arch_cycles_per_sec(void)
{
	return arch_stub.cycles_per_sec;
}
