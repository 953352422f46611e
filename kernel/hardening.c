// SPDX-License-Identifier: MIT
/*
 * The setup of the kernel-stack offset and the stackleak erase
 * (include/trapdoor/hardening.h): each new task's and CPU's offset state and
 * each new stack's poison; the boot options' parsers and trapdoor_config()'s
 * setters. None of this runs on the syscall path, whose hooks only read what
 * is set up here.
 */
#include <trapdoor/chacha.h>
#include <trapdoor/compiler.h>
#include <trapdoor/hardening.h>
#include <trapdoor/prandom.h>
#include <trapdoor/random.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

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

/* chacha-spread's key, from the CRNG as u32s; block 0 is made here, off the syscall path. */
static void kstack_chacha_spread_seed(struct chacha_spread *cs)
{
	u32 key[8];

	for (unsigned int i = 0; i < ARRAY_SIZE(key); i++)
		key[i] = get_random_u32();
	chacha_spread_seed(cs, key);
	memzero_explicit(key, sizeof(key));
}

void kstack_task_init(struct task_struct *t)
{
	/* A fork or exec gets a fresh state, never a copy of the old one. */
	kstack_seed(&t->kstack_rnd_state);
	kstack_chacha_seed(&t->kstack_chacha);
	kstack_chacha_spread_seed(&t->kstack_chacha_spread);
	t->kstack_offset = get_random_u32();
}

/* No gap: the next erase covers everything the search finds, up to its stack pointer. */
static void stackleak_forget_gap(struct task_struct *t)
{
	t->stackleak_gap_low = t->stackleak_gap_high = stackleak_high_bound(t);
}

void stackleak_task_init(struct task_struct *t)
{
	unsigned long high = stackleak_high_bound(t);

	/*
	 * Poisoned whether or not the erase is on: the search needs a poisoned
	 * stack to stop in, and switching the erase on later must find one.
	 * pt_regs is already filled in (spawn and fork prepare it first).
	 */
	stackleak_poison_words(stackleak_low_bound(t), high);
	t->lowest_stack = high;
	stackleak_forget_gap(t);
}

static const char *const kstack_mode_names[NR_KSTACK_MODES] = KSTACK_MODE_NAMES;

static const char *const kstack_store_names[] = {
	[KSTACK_STORE_TASK] = "task",
	[KSTACK_STORE_CPU] = "cpu",
};

/* The index of name in a table of n names, or -EINVAL. */
static int name_index(const char *const *names, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(name, names[i]) == 0)
			return i;
	return -EINVAL;
}

/* The name at index i of a table of n names, or "invalid". */
static const char *index_name(const char *const *names, int n, int i)
{
	return i < 0 || i >= n ? "invalid" : names[i];
}

int kstack_mode_parse(const char *name)
{
	return name_index(kstack_mode_names, NR_KSTACK_MODES, name);
}

const char *kstack_mode_name(int mode)
{
	return index_name(kstack_mode_names, NR_KSTACK_MODES, mode);
}

long kstack_mode_set(long mode)
{
	long old = current->kstack_mode;

	if (mode == -1)
		return old;
	if (mode < 0 || mode >= NR_KSTACK_MODES)
		return -EINVAL;
	/*
	 * Takes effect at this syscall's exit (choose) and the next entry.
	 * A switch to counter or crng16 starts from whatever kstack_offset
	 * last held: the first offset after the switch is not fresh.
	 */
	current->kstack_mode = (int)mode;
	return old;
}

int kstack_store_parse(const char *name)
{
	return name_index(kstack_store_names, ARRAY_SIZE(kstack_store_names), name);
}

const char *kstack_store_name(int store)
{
	return index_name(kstack_store_names, ARRAY_SIZE(kstack_store_names), store);
}

long kstack_store_set(long store)
{
	long old = current->kstack_store;

	if (store == -1)
		return old;
	if (store != KSTACK_STORE_TASK && store != KSTACK_STORE_CPU)
		return -EINVAL;
	/* The next exit stores in the new place; the next entry reads from it. */
	current->kstack_store = (int)store;
	return old;
}

long kstack_chacha_rounds_set(long nrounds)
{
	long old = current->kstack_chacha_rounds;

	if (nrounds == -1)
		return old;
	if (nrounds != 8 && nrounds != 12 && nrounds != 20)
		return -EINVAL;
	/* A block already in the buffer keeps the rounds it was made with. */
	current->kstack_chacha_rounds = (unsigned int)nrounds;
	return old;
}

long stackleak_set_enabled(long on)
{
	struct task_struct *t = current;
	long old = t->stackleak_enabled;

	if (on == -1)
		return old;
	if (on < 0 || on > STACKLEAK_VERIFY)
		return -EINVAL;
	/*
	 * Tracking never stops, so when the erase comes back on, lowest_stack
	 * still covers all the stack used meanwhile. The gap does not: a
	 * syscall made while the erase was off may have left data where this
	 * syscall's gap now lies, and the erase would skip it. Forgetting it
	 * makes this syscall's erase a full one. The switch is this task's
	 * alone, and it is in the kernel now, in this very syscall: no other
	 * task's erase was ever off, and no other task's gap is touched.
	 */
	if (!old && on)
		stackleak_forget_gap(t);
	t->stackleak_enabled = (int)on;
	return old;
}

/* At boot, for boot_task, whose switch every task inherits: no gap to forget yet. */
int stackleak_setup(const char *val)
{
	if (!strcmp(val, "verify"))
		current->stackleak_enabled = STACKLEAK_VERIFY;
	else if (!strcmp(val, "on") || !strcmp(val, "off"))
		current->stackleak_enabled = !strcmp(val, "on");
	else
		return -EINVAL;
	return 0;
}
