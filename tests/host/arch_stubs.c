// SPDX-License-Identifier: MIT
/* The arch hooks of kernel/random.c on the host, driven by arch_stub (arch_stubs.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/smp.h>

#include "arch_stubs.h"

struct arch_stub arch_stub;

/* The CPUs kernel/random.c sees (tests/host/asm/smp.h): CPU host_cpu runs. */
struct cpu_info cpu_info[NR_CPUS] = {
	[0] = { .cpu = 0 }, [1] = { .cpu = 1 }, [2] = { .cpu = 2 }, [3] = { .cpu = 3 }
};
unsigned int host_cpu;

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

/* kernel/spinlock.c on the host: a lock error ends the test with a message. */
void panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* No other CPU asks anything of this one on the host. */
void smp_call_pending(void)
{
}
