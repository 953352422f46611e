// SPDX-License-Identifier: MIT
/*
 * include/trapdoor/bitops.h and unaligned.h, the helpers ChaCha20, BLAKE2s and the
 * kstack offset share: rotations by every count (0 and 32 included, which a plain
 * w >> s | w << (32 - s) gets wrong), and little-endian words at odd addresses.
 */
#include <criterion/criterion.h>
#include <string.h>

#include <trapdoor/bitops.h>
#include <trapdoor/unaligned.h>

Test(bitops, rotations_by_every_count)
{
	u32 w = 0x80000001;

	cr_expect_eq(rol32(w, 0), w);
	cr_expect_eq(ror32(w, 0), w);
	cr_expect_eq(rol32(w, 32), w);
	cr_expect_eq(ror32(w, 32), w);
	cr_expect_eq(rol32(w, 1), 0x00000003);
	cr_expect_eq(ror32(w, 1), 0xc0000000);
	cr_expect_eq(rol32(0x12345678, 8), 0x34567812);
	cr_expect_eq(ror32(0x12345678, 8), 0x78123456);
	for (unsigned int s = 0; s <= 64; s++)
		cr_expect_eq(ror32(rol32(0xdeadbeef, s), s), 0xdeadbeef, "shift %u", s);
}

Test(unaligned, le32_at_every_offset)
{
	u8 buf[8];

	for (unsigned int off = 0; off < 4; off++) {
		memset(buf, 0, sizeof(buf));
		put_unaligned_le32(0x11223344, buf + off);
		cr_expect_eq(buf[off], 0x44, "offset %u", off);
		cr_expect_eq(buf[off + 3], 0x11, "offset %u", off);
		cr_expect_eq(get_unaligned_le32(buf + off), 0x11223344, "offset %u", off);
	}
	const u8 rfc[4] = { 0x65, 0x78, 0x70, 0x61 }; /* "expa", ChaCha's first word */
	cr_expect_eq(get_unaligned_le32(rfc), 0x61707865);
}
