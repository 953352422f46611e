/* SPDX-License-Identifier: MIT */
/*
 * Linear algebra over GF(2) for up to 128 unknowns, and the linear model of
 * LFSR113 (lib/prandom) built on it: what user/predict needs to recover a
 * generator's state from the bits it leaks.
 *
 * A vector is 128 bits, unknown i in bit i % 64 of w[i / 64]. An equation
 * is a vector v and a right-hand side r, meaning parity(v & x) = r.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_GF2_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_GF2_H

#include <trapdoor/prandom.h>
#include <trapdoor/types.h>

#define GF2_MAX_VARS 128

struct gf2_vec {
	u64 w[GF2_MAX_VARS / 64];
};

static inline bool gf2_vec_bit(const struct gf2_vec *v, unsigned int i)
{
	return (v->w[i / 64] >> (i % 64)) & 1;
}

static inline void gf2_vec_set(struct gf2_vec *v, unsigned int i, bool bit)
{
	v->w[i / 64] = (v->w[i / 64] & ~(1ULL << (i % 64))) | ((u64)bit << (i % 64));
}

static inline void gf2_vec_xor(struct gf2_vec *dst, const struct gf2_vec *src)
{
	for (unsigned int k = 0; k < GF2_MAX_VARS / 64; k++)
		dst->w[k] ^= src->w[k];
}

/* parity(a & b): the dot product over GF(2). */
bool gf2_vec_dot(const struct gf2_vec *a, const struct gf2_vec *b);

/*
 * A system solved incrementally by Gaussian elimination: row[p] (when
 * has_row bit p is set) is an equation whose lowest unknown is p, reduced
 * against every row added before it. Adding an equation reduces it by the
 * rows in ascending order of their pivot: what is left is either zero (the
 * equation followed from the others) or has a new pivot.
 */
struct gf2_system {
	unsigned int nvars;
	unsigned int rank;
	struct gf2_vec row[GF2_MAX_VARS];
	struct gf2_vec rhs;	/* bit p: the right-hand side of row[p] */
	struct gf2_vec has_row; /* bit p: row[p] exists */
};

enum gf2_add_result {
	GF2_INDEPENDENT,  /* a new row: the rank grew */
	GF2_DEPENDENT,	  /* implied by the rows already there */
	GF2_INCONSISTENT, /* contradicts them: no solution any more */
};

void gf2_system_init(struct gf2_system *sys, unsigned int nvars);
enum gf2_add_result gf2_system_add(struct gf2_system *sys, const struct gf2_vec *v, bool rhs);

/*
 * One solution of the consistent rows, every free unknown 0 (back
 * substitution from the highest pivot down).
 */
void gf2_system_solve(const struct gf2_system *sys, struct gf2_vec *x);

/*
 * LFSR113 as a linear map. State bit 32 * c + j is bit j of component c
 * (s1..s4, c = 0..3); bit[i] says which bits of the state at the time of
 * lfsr113_model_init() make up state bit i now. Every step of
 * prandom_u32_state() is linear (shifts, masks and XOR), so the model
 * follows it exactly, and output bit j is the XOR of the four components'
 * bit j.
 */
#define LFSR113_STATE_BITS 128

struct lfsr113_model {
	struct gf2_vec bit[LFSR113_STATE_BITS];
};

void lfsr113_model_init(struct lfsr113_model *m);
/* Advance the model by one prandom_u32_state() step. */
void lfsr113_model_step(struct lfsr113_model *m);
/* Bit j of the output of the last step, as a function of the initial state. */
void lfsr113_model_output_bit(const struct lfsr113_model *m, unsigned int j, struct gf2_vec *out);

/* A vector of 128 state bits and struct rnd_state, both ways. */
void lfsr113_state_from_vec(struct rnd_state *st, const struct gf2_vec *x);
void lfsr113_vec_from_state(struct gf2_vec *x, const struct rnd_state *st);

#endif
