// SPDX-License-Identifier: MIT
/*
 * lib/crypto/blake2s.c against RFC 7693 Appendix B and the official keyed
 * known-answer tests (BLAKE2 reference package, blake2s-kat.txt): key =
 * 00 01 .. 1f, message = 00 01 .. n-1, 32-byte digest. The hex below was
 * typed from the published file and checked against Python's hashlib.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include <trapdoor/blake2s.h>
#include <trapdoor/compiler.h>

static void hex_to_bytes(const char *hex, u8 *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned int v;

		cr_assert_eq(sscanf(hex + 2 * i, "%2x", &v), 1, "bad hex in test table");
		out[i] = (u8)v;
	}
}

static void assert_digest(const u8 *got, const char *want_hex, size_t n, const char *what)
{
	u8 want[BLAKE2S_HASH_SIZE];

	hex_to_bytes(want_hex, want, n);
	for (size_t i = 0; i < n; i++)
		cr_assert_eq(got[i], want[i], "%s: byte %zu is %02x, want %02x", what, i, got[i],
			     want[i]);
}

Test(blake2s, abc_matches_rfc7693_appendix_b)
{
	u8 out[BLAKE2S_HASH_SIZE];

	blake2s(out, (const u8 *)"abc", NULL, sizeof(out), 3, 0);
	assert_digest(out, "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982", 32,
		      "BLAKE2s-256(\"abc\")");
}

Test(blake2s, empty_message_unkeyed)
{
	u8 out[BLAKE2S_HASH_SIZE];

	blake2s(out, NULL, NULL, sizeof(out), 0, 0);
	assert_digest(out, "69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9", 32,
		      "BLAKE2s-256(\"\")");
}

/* A shorter digest is a different hash (outlen is in the parameter block), not a prefix. */
Test(blake2s, short_digest_is_not_a_truncation)
{
	u8 out[16];

	blake2s(out, (const u8 *)"abc", NULL, sizeof(out), 3, 0);
	assert_digest(out, "aa4938119b1dc7b87cbad0ffd200d0ae", 16, "BLAKE2s-128(\"abc\")");
}

static const struct {
	int len;
	const char *hash;
} kat[] = {
	{ 0, "48a8997da407876b3d79c0d92325ad3b89cbb754d86ab71aee047ad345fd2c49" },
	{ 1, "40d15fee7c328830166ac3f918650f807e7e01e177258cdc0a39b11f598066f1" },
	{ 2, "6bb71300644cd3991b26ccd4d274acd1adeab8b1d7914546c1198bbe9fc9d803" },
	{ 3, "1d220dbe2ee134661fdf6d9e74b41704710556f2f6e5a091b227697445dbea6b" },
	{ 4, "f6c3fbadb4cc687a0064a5be6e791bec63b868ad62fba61b3757ef9ca52e05b2" },
	{ 5, "49c1f21188dfd769aea0e911dd6b41f14dab109d2b85977aa3088b5c707e8598" },
	{ 6, "fdd8993dcd43f696d44f3cea0ff35345234ec8ee083eb3cada017c7f78c17143" },
	{ 7, "e6c8125637438d0905b749f46560ac89fd471cf8692e28fab982f73f019b83a9" },
	{ 8, "19fc8ca6979d60e6edd3b4541e2f967ced740df6ec1eaebbfe813832e96b2974" },
	{ 9, "a6ad777ce881b52bb5a4421ab6cdd2dfba13e963652d4d6d122aee46548c14a7" },
	{ 10, "f5c4b2ba1a00781b13aba0425242c69cb1552f3f71a9a3bb22b4a6b4277b46dd" },
	{ 11, "e33c4c9bd0cc7e45c80e65c77fa5997fec7002738541509e68a9423891e822a3" },
	{ 12, "fba16169b2c3ee105be6e1e650e5cbf40746b6753d036ab55179014ad7ef6651" },
	{ 13, "f5c4bec6d62fc608bf41cc115f16d61c7efd3ff6c65692bbe0afffb1fede7475" },
	{ 14, "a4862e76db847f05ba17ede5da4e7f91b5925cf1ad4ba12732c3995742a5cd6e" },
	{ 15, "65f4b860cd15b38ef814a1a804314a55be953caa65fd758ad989ff34a41c1eea" },
	{ 16, "19ba234f0a4f38637d1839f9d9f76ad91c8522307143c97d5f93f69274cec9a7" },
	/* Block edges: one full block, the last byte of the buffer, spill, the end. */
	{ 32, "c03bc642b20959cbe133a0303e0c1abff3e31ec8e1a328ec8565c36decff5265" },
	{ 63, "c65382513f07460da39833cb666c5ed82e61b9e998f4b0c4287cee56c3cc9bcd" },
	{ 64, "8975b0577fd35566d750b362b0897a26c399136df07bababbde6203ff2954ed4" },
	{ 65, "21fe0ceb0052be7fb0f004187cacd7de67fa6eb0938d927677f2398c132317a8" },
	{ 255, "3fb735061abc519dfe979e54c1ee5bfad0a9d858b3315bad34bde999efd724dd" },
};

static void kat_key_and_message(u8 key[BLAKE2S_KEY_SIZE], u8 msg[256])
{
	for (int i = 0; i < BLAKE2S_KEY_SIZE; i++)
		key[i] = (u8)i;
	for (int i = 0; i < 256; i++)
		msg[i] = (u8)i;
}

/* Entries 0..16 and the block edges; each mismatch names its entry. */
Test(blake2s, matches_keyed_kat_entries)
{
	u8 key[BLAKE2S_KEY_SIZE], msg[256], out[BLAKE2S_HASH_SIZE], want[BLAKE2S_HASH_SIZE];

	kat_key_and_message(key, msg);
	for (size_t k = 0; k < ARRAY_SIZE(kat); k++) {
		blake2s(out, msg, key, sizeof(out), (size_t)kat[k].len, sizeof(key));
		hex_to_bytes(kat[k].hash, want, sizeof(want));
		cr_expect(memcmp(out, want, sizeof(out)) == 0, "keyed KAT entry %d differs",
			  kat[k].len);
	}
}

/*
 * Feeding the message in pieces must not change the digest, whatever the
 * split: this is where "keep the last block back for final()" goes wrong.
 */
Test(blake2s, any_split_into_updates_gives_the_one_shot_digest)
{
	u8 key[BLAKE2S_KEY_SIZE], msg[256], want[BLAKE2S_HASH_SIZE], got[BLAKE2S_HASH_SIZE];
	struct blake2s_state st;

	kat_key_and_message(key, msg);
	for (size_t len = 0; len <= 200; len += (len < 130 ? 1 : 7)) {
		blake2s(want, msg, key, sizeof(want), len, sizeof(key));
		for (size_t chunk = 1; chunk <= 70; chunk++) {
			blake2s_init_key(&st, sizeof(got), key, sizeof(key));
			for (size_t off = 0; off < len; off += chunk) {
				size_t n = off + chunk <= len ? chunk : len - off;

				blake2s_update(&st, msg + off, n);
			}
			blake2s_final(&st, got);
			cr_assert(memcmp(got, want, sizeof(want)) == 0,
				  "len %zu in %zu-byte pieces", len, chunk);
		}
	}
}

/* The 255-byte KAT entry, fed 1, 63, 64, 65 and 62 bytes at a time. */
Test(blake2s, kat_entry_255_in_uneven_pieces)
{
	static const size_t pieces[] = { 1, 63, 64, 65, 62 };
	u8 key[BLAKE2S_KEY_SIZE], msg[256], out[BLAKE2S_HASH_SIZE];
	struct blake2s_state st;
	size_t off = 0;

	kat_key_and_message(key, msg);
	blake2s_init_key(&st, sizeof(out), key, sizeof(key));
	for (size_t i = 0; i < ARRAY_SIZE(pieces); off += pieces[i++])
		blake2s_update(&st, msg + off, pieces[i]);
	cr_assert_eq(off, 255);
	blake2s_final(&st, out);
	assert_digest(out, "3fb735061abc519dfe979e54c1ee5bfad0a9d858b3315bad34bde999efd724dd",
		      BLAKE2S_HASH_SIZE, "keyed KAT entry 255, in pieces");
}

Test(blake2s, init_without_key_equals_empty_key)
{
	struct blake2s_state a, b;
	u8 da[BLAKE2S_HASH_SIZE], db[BLAKE2S_HASH_SIZE];

	blake2s_init(&a, sizeof(da));
	blake2s_init_key(&b, sizeof(db), "ignored", 0);
	blake2s_update(&a, (const u8 *)"abc", 3);
	blake2s_update(&b, (const u8 *)"abc", 3);
	blake2s_final(&a, da);
	blake2s_final(&b, db);
	assert_digest(da, "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982", 32,
		      "init");
	cr_assert(memcmp(da, db, sizeof(da)) == 0);
}

Test(blake2s, final_wipes_the_state)
{
	struct blake2s_state st, zero;
	u8 out[BLAKE2S_HASH_SIZE];

	memset(&zero, 0, sizeof(zero));
	blake2s_init_key(&st, sizeof(out), "secret key", 10);
	blake2s_update(&st, (const u8 *)"abc", 3);
	blake2s_final(&st, out);
	cr_assert(memcmp(&st, &zero, sizeof(st)) == 0, "key material left in the state");
}
