// SPDX-License-Identifier: MIT
/*
 * The seeding of the kernel-stack offset's sources (randomize_kstack.h), and
 * chacha-task's refill. Every mode is built in so that one boot can measure
 * them side by side (user/entropy.c -m all); docs/kstack-offset.md, section
 * 3, compares them and tells where each comes from. The per-task states are
 * seeded afresh at spawn, fork and execve, the per-CPU ones before the CPU
 * starts; the switches are in kernel/hardening.c.
 */
#include <trapdoor/chacha.h>
#include <trapdoor/prandom.h>
#include <trapdoor/random.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>

#include "randomize_kstack.h"

/*
 * Linux's prandom_seed_full_state(), for one state: four seeds from the
 * CRNG, the __seed minimums and ten warm-up steps (lib/prandom). Four
 * get_random_u32() rather than 16 bytes of get_random_bytes(): the CRNG
 * decodes u32s little-endian on every arch, so a crng.seed= boot gives the
 * same offsets on all six, big-endian s390 and powerpc included.
 */
static void kstack_seed(struct rnd_state *state)
{
	u32 seeds[4];

	for (unsigned int i = 0; i < ARRAY_SIZE(seeds); i++)
		seeds[i] = get_random_u32();
	prandom_seed_full_state_one(state, seeds);
	memzero_explicit(seeds, sizeof(seeds));
}

void kstack_boot_init(void)
{
	kstack_cpu_init(&cpu_info[0]);
}

void kstack_cpu_init(struct cpu_info *c)
{
	kstack_seed(&c->kstack_rnd_state);
	c->kstack_offset = get_random_u32();
}

/*
 * chacha-task's key, from the CRNG as u32s for the same reason as above; the
 * buffer starts empty, so the task's first syscall in this mode refills it.
 */
static void kstack_chacha_seed(struct kstack_chacha *c)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(c->key); i++)
		c->key[i] = get_random_u32();
	c->counter = 0;
	memzero_explicit(c->buf, sizeof(c->buf));
	c->pos = sizeof(c->buf);
}

void kstack_task_init(struct task_struct *t)
{
	/* A fork or exec gets a fresh state, never a copy of the old one. */
	kstack_seed(&t->kstack_rnd_state);
	kstack_chacha_seed(&t->kstack_chacha);
	t->kstack_offset = get_random_u32();
}

/*
 * One keystream block: ChaCha with the task's key, its block counter in
 * words 12 and 13, a zero nonce (the key is the task's alone, so no two
 * streams share a key). 2^64 blocks before the counter repeats.
 */
void kstack_chacha_refill(struct kstack_chacha *c, unsigned int nrounds)
{
	u32 state[CHACHA_STATE_WORDS];

	chacha_init_consts(state);
	for (unsigned int i = 0; i < ARRAY_SIZE(c->key); i++)
		state[4 + i] = c->key[i];
	state[12] = (u32)c->counter;
	state[13] = (u32)(c->counter >> 32);
	state[14] = 0;
	state[15] = 0;
	chacha_block(state, c->buf, nrounds);
	c->counter++;
	c->pos = 0;
	memzero_explicit(state, sizeof(state));
}
