// SPDX-License-Identifier: MIT
/*
 * chacha-task's refill, the one call the kernel-stack offset's draw makes out
 * of line (randomize_kstack.h). The sources' seeding and switches are in
 * kernel/hardening.c; docs/kstack-offset.md, section 3, compares the sources.
 */
#include <trapdoor/chacha.h>
#include <trapdoor/prandom.h>
#include <trapdoor/random.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>

#include "randomize_kstack.h"

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
