// SPDX-License-Identifier: MIT
/*
 * In-kernel tests, group arch: this architecture's counter, syscall argument
 * registers, and the loops of its stackleak search (asm/stackleak.h, if it has one).
 */
#include <trapdoor/arch.h>
#include <trapdoor/stackleak.h>
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

/*
 * The stackleak search (include/trapdoor/stackleak.h) on a fake stack, with
 * whatever loops this arch gives it: the same answers as the host tests' pure
 * C. Words [lo, hi) and [lo2, hi2) of fake_stack are used, the rest poison;
 * the search runs from the top. The cases: no used word, a used run from the
 * top down, one that reaches the bottom, one that stops one word above it, a
 * hole shorter than the search depth between two used runs, and a whole
 * depth of poison above used words.
 */
#define SL_DEPTH (STACKLEAK_SEARCH_DEPTH / sizeof(unsigned long)) /* the depth, in words */
#define SL_WORDS (4 * SL_DEPTH + 32)
static unsigned long fake_stack[SL_WORDS];

static unsigned long fake_top_of_poison(unsigned int lo, unsigned int hi, unsigned int lo2,
					unsigned int hi2)
{
	for (unsigned int i = 0; i < SL_WORDS; i++)
		fake_stack[i] =
		    (i >= lo && i < hi) || (i >= lo2 && i < hi2) ? 0x1234 + i : STACKLEAK_POISON;
	return stackleak_find_top_of_poison((unsigned long)&fake_stack[0],
					    (unsigned long)&fake_stack[SL_WORDS]);
}

/* Exempt: it runs at boot, before any task, so no erase follows it (powerpc's frame is 160 bytes). */
static __stackleak_frame_exempt void test_stackleak_search(void)
{
#define n SL_WORDS
#define d SL_DEPTH
	static const struct {
		unsigned int lo, hi, lo2, hi2, want;
	} cases[] = {
		{ 0, 0, 0, 0, n },	     /* all poison: the top itself */
		{ n - 26, n, 0, 0, n - 26 }, /* used below the top, then poison */
		{ 0, n, 0, 0, 0 },	     /* used down to the bottom */
		{ 1, n, 0, 0, 1 },	     /* to one word above it, which is poison */
		{ d + 8, 2 * d + 8, 2 * d + 13, n, d + 8 }, /* a 5-word hole is no end */
		{ d, 2 * d, 0, 0, n }, /* a whole depth of poison below the top is */
	};
#undef n
#undef d

	for (unsigned int i = 0; i < ARRAY_SIZE(cases); i++) {
		unsigned long got =
		    fake_top_of_poison(cases[i].lo, cases[i].hi, cases[i].lo2, cases[i].hi2);
		unsigned long want = (unsigned long)&fake_stack[cases[i].want];

		KTEST_EXPECT(got == want, "case %u: top of poison at word %ld of %lu, want %u", i,
			     (long)(got - (unsigned long)&fake_stack[0]) / (long)sizeof(long),
			     SL_WORDS, cases[i].want);
	}
}

const struct ktest ktests_arch[] = { { "arch.counter_advances", test_counter_advances },
				     { "arch.syscall_args_round_trip",
				       test_syscall_args_round_trip },
				     { "arch.stackleak_search", test_stackleak_search },
				     ARCH_KTESTS{ NULL, NULL } };

#endif /* CONFIG_KTEST */
