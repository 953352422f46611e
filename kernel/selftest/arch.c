// SPDX-License-Identifier: MIT
/* In-kernel tests, group arch: this architecture's counter. */
#include <trapdoor/arch.h>

#include "selftest.h"

#ifdef CONFIG_KTEST

static void test_counter_advances(void)
{
	u64 t0 = arch_get_cycles(), t1;
	volatile unsigned int spin;

	for (spin = 0; spin < 100000; spin++)
		;
	t1 = arch_get_cycles();
	KTEST_EXPECT(t1 > t0, "counter did not advance: %llu then %llu", (unsigned long long)t0,
		     (unsigned long long)t1);
	KTEST_EXPECT(arch_cycles_per_sec() >= 1000000, "counter frequency %llu Hz",
		     (unsigned long long)arch_cycles_per_sec());
}

const struct ktest ktests_arch[] = { { "arch.counter_advances", test_counter_advances },
				     { NULL, NULL } };

#endif /* CONFIG_KTEST */
