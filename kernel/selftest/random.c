// SPDX-License-Identifier: MIT
/* In-kernel tests, group random: the CRNG. */
#include <trapdoor/random.h>
#include <trapdoor/string.h>

#include "selftest.h"

#ifdef CONFIG_KTEST

/*
 * crng.seed=trapdoor gives the same bytes on every architecture: the values
 * the host test pins against an independent model (tests/host/test_random.c).
 */
static __stackleak_frame_exempt void test_crng_seed_same_on_every_arch(void)
{
	static const u8 want[8] = { 0x40, 0xeb, 0x3f, 0xf4, 0xf0, 0x8c, 0xc7, 0xb6 };
	u8 buf[100];
	u16 a, b;

	crng_set_deterministic_seed("trapdoor", 8);
	get_random_bytes(buf, sizeof(buf));
	a = get_random_u16();
	b = get_random_u16();
	KTEST_EXPECT(memcmp(buf, want, sizeof(want)) == 0, "first bytes %02x %02x %02x %02x",
		     buf[0], buf[1], buf[2], buf[3]);
	KTEST_EXPECT(a == 0xc027 && b == 0x5671, "u16s 0x%04x 0x%04x, want 0xc027 0x5671", a, b);
	random_reset();
}

const struct ktest ktests_random[] = {
	{ "random.crng_seed_same_on_every_arch", test_crng_seed_same_on_every_arch }, { NULL, NULL }
};

#endif /* CONFIG_KTEST */
