// SPDX-License-Identifier: MIT
/* In-kernel tests, group arch: this architecture's counter and syscall argument registers. */
#include <trapdoor/arch.h>
#include <trapdoor/string.h>
#include <asm/ptrace.h>
#include <uapi/errno.h>

#include "../syscalls.h" /* sys_getrandom() */

#include "selftest.h"

/* An arch's own tests of the group, as table entries (ARCH_KTESTS), where it has any. */
#if defined(__has_include)
#if __has_include(<asm/selftest.h>)
#include <asm/selftest.h>
#endif
#endif
#ifndef ARCH_KTESTS
#define ARCH_KTESTS
#endif

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

/*
 * Each argument register set as the syscall instruction leaves it reads back as that
 * argument, and a handler finds it there: getrandom()'s third argument, flags, bad.
 */
static __stackleak_frame_exempt void test_syscall_args_round_trip(void)
{
	struct pt_regs regs;
	long ret;

	memset(&regs, 0, sizeof(regs));
	for (unsigned int i = 0; i < 6; i++)
		regs_set_syscall_arg(&regs, i, 0x1111111111111111UL * (i + 1));
	for (unsigned int i = 0; i < 6; i++)
		KTEST_EXPECT(regs_syscall_arg(&regs, i) == 0x1111111111111111UL * (i + 1),
			     "argument %u reads back as 0x%lx", i, regs_syscall_arg(&regs, i));
	ret = ktest_syscall(sys_getrandom, 0, 0, 0x100, 0, 0, 0);
	KTEST_EXPECT(ret == -EINVAL, "getrandom(NULL, 0, 0x100) gave %ld, want -EINVAL", ret);
}

const struct ktest ktests_arch[] = { { "arch.counter_advances", test_counter_advances },
				     { "arch.syscall_args_round_trip",
				       test_syscall_args_round_trip },
				     ARCH_KTESTS{ NULL, NULL } };

#endif /* CONFIG_KTEST */
