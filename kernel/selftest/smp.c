// SPDX-License-Identifier: MIT
/* In-kernel tests, group smp: every CPU online, ticking, reached by IPIs and calls, its own PRNG. */
#include <trapdoor/arch.h>
#include <trapdoor/prandom.h>
#include <trapdoor/smp.h>
#include <trapdoor/string.h>
#include <uapi/errno.h>

#include "selftest.h"

#ifdef CONFIG_KTEST

/*
 * Run after smp_init(): every CPU the machine has came online, each takes
 * its own timer ticks, and an IPI reaches each one.
 */
static bool wait_counter(const unsigned long *counter, unsigned long past)
{
	u64 start = arch_get_cycles(), limit = arch_cycles_per_sec();

	while (READ_ONCE(*counter) <= past)
		if (arch_get_cycles() - start > limit)
			return false;
	return true;
}

/* test.cpus=N: the CPUs QEMU was given (make check SMP=N); 0 when not said. */
unsigned int ktest_cpus_expected;

int ktest_cpus_setup(const char *value)
{
	unsigned int n = 0;

	for (const char *p = value; *p; p++) {
		if (*p < '0' || *p > '9' || n > NR_CPUS)
			return -EINVAL;
		n = n * 10 + (unsigned int)(*p - '0');
	}
	if (!value[0] || n < 1 || n > NR_CPUS)
		return -EINVAL;
	ktest_cpus_expected = n;
	return 0;
}

static __stackleak_frame_exempt void test_smp_online(void)
{
	KTEST_EXPECT(nr_cpus_online == nr_cpus_present, "%u of %u CPUs online", nr_cpus_online,
		     nr_cpus_present);
	/* The machine's own count can be short too: the arch may have found fewer than QEMU made. */
	if (ktest_cpus_expected)
		KTEST_EXPECT(nr_cpus_online == ktest_cpus_expected,
			     "%u CPUs online, test.cpus=%u (QEMU -smp)", nr_cpus_online,
			     ktest_cpus_expected);
	for (unsigned int cpu = 0; cpu < nr_cpus_present; cpu++)
		KTEST_EXPECT(READ_ONCE(cpu_info[cpu].online) && cpu_info[cpu].cpu == cpu,
			     "CPU%u: online %d, number %u", cpu, cpu_info[cpu].online,
			     cpu_info[cpu].cpu);
	KTEST_EXPECT(this_cpu() == &cpu_info[0], "the boot CPU is CPU%u", smp_processor_id());
}

static __stackleak_frame_exempt void test_smp_timer_every_cpu(void)
{
	for (unsigned int cpu = 1; cpu < nr_cpus_online; cpu++) {
		unsigned long past = READ_ONCE(cpu_info[cpu].ticks);

		KTEST_EXPECT(wait_counter(&cpu_info[cpu].ticks, past),
			     "CPU%u took no timer tick in a second (%lu so far)", cpu, past);
	}
}

static __stackleak_frame_exempt void test_smp_ipi_every_cpu(void)
{
	for (unsigned int cpu = 1; cpu < nr_cpus_online; cpu++) {
		for (int round = 0; round < 3; round++) {
			unsigned long past = READ_ONCE(cpu_info[cpu].ipis);

			arch_send_ipi(cpu);
			KTEST_EXPECT(wait_counter(&cpu_info[cpu].ipis, past),
				     "CPU%u took no IPI in a second (round %d, %lu so far)", cpu,
				     round, past);
		}
	}
}

static void count_call(void *arg)
{
	__atomic_fetch_add((unsigned long *)arg, 1UL << (4 * smp_processor_id()), __ATOMIC_RELAXED);
}

/* smp_call_function() runs the function once on every other CPU, none on this one. */
static __stackleak_frame_exempt void test_smp_call_function(void)
{
	unsigned long calls = 0, want = 0;

	for (unsigned int cpu = 1; cpu < nr_cpus_online; cpu++)
		want |= 1UL << (4 * cpu);
	smp_call_function(count_call, &calls);
	KTEST_EXPECT(__atomic_load_n(&calls, __ATOMIC_ACQUIRE) == want,
		     "calls 0x%lx, want 0x%lx (one nibble per CPU)", calls, want);
}

/* prng-cpu: every CPU has a state of its own, seeded apart: the streams differ. */
static __stackleak_frame_exempt void test_smp_prng_cpu_streams_differ(void)
{
	u32 first[NR_CPUS][4];

	for (unsigned int cpu = 0; cpu < nr_cpus_online; cpu++) {
		struct rnd_state s = cpu_info[cpu].kstack_rnd_state;

		for (int i = 0; i < 4; i++)
			first[cpu][i] = prandom_u32_state(&s);
		KTEST_EXPECT(s.s1 | s.s2 | s.s3 | s.s4, "CPU%u's state is zero: never seeded", cpu);
	}
	for (unsigned int a = 0; a < nr_cpus_online; a++)
		for (unsigned int b = a + 1; b < nr_cpus_online; b++)
			KTEST_EXPECT(memcmp(first[a], first[b], sizeof(first[a])) != 0,
				     "CPU%u and CPU%u draw the same offsets", a, b);
}

const struct ktest ktests_smp[] = { { "smp.online", test_smp_online },
				    { "smp.timer_every_cpu", test_smp_timer_every_cpu },
				    { "smp.ipi_every_cpu", test_smp_ipi_every_cpu },
				    { "smp.call_function", test_smp_call_function },
				    { "smp.prng_cpu_streams_differ",
				      test_smp_prng_cpu_streams_differ },
				    { NULL, NULL } };

#endif /* CONFIG_KTEST */
