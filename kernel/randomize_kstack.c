// SPDX-License-Identifier: MIT
/*
 * The offset sources of the kernel-stack offset (randomize_kstack.h) and
 * their seeding. Every mode is here so that one boot can measure them side
 * by side (user/entropy.c -m all); docs/kstack-offset.md compares them and
 * tells where each comes from.
 *
 * off		no offset: SP is the same on every syscall
 * counter	offset = ror32(offset, 5) ^ (u32)arch_get_cycles() at exit,
 *		used at the next entry
 * crng16	offset = ror32(offset, 5) ^ get_random_u16() at exit
 * crng8	offset = get_random_u8() << 2 at entry
 * prng-task	DEFAULT. offset = prandom_u32_state(&current->kstack_rnd_state)
 *		at entry: LFSR113 (lib/prandom/), one state per task, seeded at
 *		spawn, fork and execve from four get_random_u32()
 * prng-cpu	offset = prandom_u32_state(&kstack_cpu_rnd_state) at entry: one
 *		state for the CPU, seeded once at boot
 *
 * counter and crng16 keep the next offset in kstack_offset, one for the
 * CPU: whoever made the previous syscall chose the offset the next one uses.
 */
#include <trapdoor/compiler.h>
#include <trapdoor/prandom.h>
#include <trapdoor/random.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "randomize_kstack.h"

int kstack_mode = KSTACK_MODE_PRNG_TASK;
u32 kstack_offset;
struct rnd_state kstack_cpu_rnd_state;

static const char *const kstack_mode_names[NR_KSTACK_MODES] = KSTACK_MODE_NAMES;

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
	kstack_seed(&kstack_cpu_rnd_state);
}

void kstack_task_init(struct task_struct *t)
{
	/* A fork gets a fresh state, never a copy of its parent's. */
	kstack_seed(&t->kstack_rnd_state);
}

int kstack_mode_parse(const char *name)
{
	for (int mode = 0; mode < NR_KSTACK_MODES; mode++)
		if (strcmp(name, kstack_mode_names[mode]) == 0)
			return mode;
	return -EINVAL;
}

const char *kstack_mode_name(int mode)
{
	if (mode < 0 || mode >= NR_KSTACK_MODES)
		return "invalid";
	return kstack_mode_names[mode];
}

long kstack_mode_set(long mode)
{
	long old = kstack_mode;

	if (mode == -1)
		return old;
	if (mode < 0 || mode >= NR_KSTACK_MODES)
		return -EINVAL;
	/*
	 * Takes effect at this syscall's exit (choose) and the next entry.
	 * A switch to counter or crng16 starts from whatever kstack_offset
	 * last held: the first offset after the switch is not fresh.
	 */
	WRITE_ONCE(kstack_mode, (int)mode);
	return old;
}
