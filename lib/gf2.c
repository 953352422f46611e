// SPDX-License-Identifier: MIT
/*
 * GF(2) Gaussian elimination and the linear model of LFSR113
 * (include/trapdoor/gf2.h). Pure code, host-tested in tests/host/test_gf2.c.
 */
#include <trapdoor/compiler.h>
#include <trapdoor/gf2.h>
#include <trapdoor/string.h>

bool gf2_vec_dot(const struct gf2_vec *a, const struct gf2_vec *b)
{
	u64 acc = 0;

	for (unsigned int k = 0; k < GF2_MAX_VARS / 64; k++)
		acc ^= a->w[k] & b->w[k];
	acc ^= acc >> 32;
	acc ^= acc >> 16;
	acc ^= acc >> 8;
	acc ^= acc >> 4;
	acc ^= acc >> 2;
	acc ^= acc >> 1;
	return acc & 1;
}

void gf2_system_init(struct gf2_system *sys, unsigned int nvars)
{
	memset(sys, 0, sizeof(*sys));
	sys->nvars = nvars > GF2_MAX_VARS ? GF2_MAX_VARS : nvars;
}

enum gf2_add_result gf2_system_add(struct gf2_system *sys, const struct gf2_vec *v, bool rhs)
{
	struct gf2_vec r = *v;

	/*
	 * row[p] has no unknown below p, so XORing it in changes only bits
	 * p and up: one ascending pass clears every bit that has a row.
	 */
	for (unsigned int p = 0; p < sys->nvars; p++) {
		if (!gf2_vec_bit(&r, p) || !gf2_vec_bit(&sys->has_row, p))
			continue;
		gf2_vec_xor(&r, &sys->row[p]);
		rhs ^= gf2_vec_bit(&sys->rhs, p);
	}
	for (unsigned int p = 0; p < sys->nvars; p++) {
		if (!gf2_vec_bit(&r, p))
			continue;
		sys->row[p] = r;
		gf2_vec_set(&sys->rhs, p, rhs);
		gf2_vec_set(&sys->has_row, p, true);
		sys->rank++;
		return GF2_INDEPENDENT;
	}
	return rhs ? GF2_INCONSISTENT : GF2_DEPENDENT;
}

void gf2_system_solve(const struct gf2_system *sys, struct gf2_vec *x)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	memset(x, 0, sizeof(*x));
	/* row[p] involves p and higher unknowns only: fix those first. */
	for (unsigned int p = sys->nvars; p-- > 0;) {
		struct gf2_vec rest;

		if (!gf2_vec_bit(&sys->has_row, p))
			continue;
		rest = sys->row[p];
		gf2_vec_set(&rest, p, false);
		gf2_vec_set(x, p, gf2_vec_bit(&sys->rhs, p) ^ gf2_vec_dot(&rest, x));
	}
}

void lfsr113_model_init(struct lfsr113_model *m)
{
	memset(m, 0, sizeof(*m));
	for (unsigned int i = 0; i < LFSR113_STATE_BITS; i++)
		gf2_vec_set(&m->bit[i], i, true);
}

/*
 * One Tausworthe step of component c, s' = ((s & mask) << d) ^ (((s << a) ^ s) >> b),
 * bit by bit: bit j of s' is bit j-d of s (if that bit survives the mask), XOR
 * bit j+b of (s << a) ^ s, which is bit j+b-a of s XOR bit j+b of s.
 */
static void taus_step(struct lfsr113_model *m, unsigned int c, unsigned int a, unsigned int b,
		      u32 mask, unsigned int d)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	struct gf2_vec old[32], *s = &m->bit[32 * c];

	memcpy(old, s, sizeof(old));
	for (int j = 0; j < 32; j++) {
		struct gf2_vec v;
		int src;

		memset(&v, 0, sizeof(v));
		src = j - (int)d;
		if (src >= 0 && ((mask >> src) & 1))
			gf2_vec_xor(&v, &old[src]);
		src = j + (int)b;
		if (src < 32) {
			gf2_vec_xor(&v, &old[src]);
			if (src - (int)a >= 0)
				gf2_vec_xor(&v, &old[src - (int)a]);
		}
		s[j] = v;
	}
}

void lfsr113_model_step(struct lfsr113_model *m)
{
	/* The constants of prandom_u32_state() (lib/prandom/prandom.c). */
	taus_step(m, 0, 6, 13, 0xfffffffeU, 18);
	taus_step(m, 1, 2, 27, 0xfffffff8U, 2);
	taus_step(m, 2, 13, 21, 0xfffffff0U, 7);
	taus_step(m, 3, 3, 12, 0xffffff80U, 13);
}

void lfsr113_model_output_bit(const struct lfsr113_model *m, unsigned int j, struct gf2_vec *out)
{
	*out = m->bit[j];
	for (unsigned int c = 1; c < 4; c++)
		gf2_vec_xor(out, &m->bit[32 * c + j]);
}

void lfsr113_state_from_vec(struct rnd_state *st, const struct gf2_vec *x)
{
	u32 s[4] = { 0 };

	for (unsigned int i = 0; i < LFSR113_STATE_BITS; i++)
		s[i / 32] |= (u32)gf2_vec_bit(x, i) << (i % 32);
	st->s1 = s[0];
	st->s2 = s[1];
	st->s3 = s[2];
	st->s4 = s[3];
}

void lfsr113_vec_from_state(struct gf2_vec *x, const struct rnd_state *st)
{
	const u32 s[4] = { st->s1, st->s2, st->s3, st->s4 };

	memset(x, 0, sizeof(*x));
	for (unsigned int i = 0; i < LFSR113_STATE_BITS; i++)
		gf2_vec_set(x, i, (s[i / 32] >> (i % 32)) & 1);
}
