/* SPDX-License-Identifier: MIT */
/*
 * Kernel stack offset randomisation: on every syscall the dispatcher moves its
 * own stack pointer down by a random multiple of 16 bytes before the handler
 * runs, so the handler's locals are somewhere else each time. Linux's
 * include/linux/randomize_kstack.h, with every offset source Linux has used or
 * discussed selectable at run time (KSTACK_MODE_*, uapi/trapdoor.h; the
 * switches: include/trapdoor/hardening.h). docs/kstack-offset.md tells the
 * story.
 *
 * The hooks, in do_syscall() (kernel/syscall.c):
 *
 *	add_random_kstack_offset(offset);	entry: move SP down
 *	ret = invoke_syscall(regs);
 *	choose_random_kstack_offset(tsk);	exit: pick the next offset
 *
 * and the setup (include/trapdoor/hardening.h): kstack_task_init(t),
 * kstack_boot_init(), kstack_cpu_init(c).
 */
#ifndef TRAPDOOR_KERNEL_RANDOMIZE_KSTACK_H
#define TRAPDOOR_KERNEL_RANDOMIZE_KSTACK_H

#include <trapdoor/arch.h>
#include <trapdoor/bitops.h>
#include <trapdoor/chacha.h>
#include <trapdoor/compiler.h>
#include <trapdoor/hardening.h>
#include <trapdoor/prandom.h>
#include <trapdoor/random.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>
#include <trapdoor/types.h>
#include <uapi/trapdoor.h>

/* chacha-task: the refill, out of line because it is the rare path (one call in 64). */
void kstack_chacha_refill(struct kstack_chacha *c, unsigned int nrounds);

/*
 * The alloca: the only portable C spelling of "sub sp, sp, x" that keeps every
 * later local, spill and call addressed below it. Its size is masked to at
 * most 1008 bytes, so it can never grow into a stack clash. Clang's
 * uninitialized variant keeps automatic stack initialisation from filling it
 * (a memset of up to 1 KiB per syscall); GCC's never fills alloca space. Byte
 * alignment: the size is already a multiple of the stack's alignment, and
 * with plain alloca GCC may reserve 16 bytes more on some paths, giving SP 65
 * values instead of 64 (docs/kstack-offset.md, "2. How trapdoor does it").
 */
#if defined(__CHECKER__)
#define __kstack_alloca(size) __builtin_alloca(size) /* sparse knows only this one */
#elif defined(__has_builtin)
#if __has_builtin(__builtin_alloca_with_align_uninitialized)
#define __kstack_alloca(size) __builtin_alloca_with_align_uninitialized(size, 8)
#endif
#endif
#ifndef __kstack_alloca
#define __kstack_alloca(size) __builtin_alloca_with_align(size, 8)
#endif

/*
 * The mask: six bits of offset, SP[9:4]: 0, 16, ..., 1008 bytes, 64 values.
 * At most 10 bits keep the stack's head room predictable; the low 4 bits are
 * cleared because the compiler rounds an alloca up to the stack's alignment,
 * and rounding 0x3ff + 15 carries into bit 10 (65 values: Linux's 0x3FF mask
 * until 2024). docs/kstack-offset.md, "2. How trapdoor does it".
 */
#define KSTACK_OFFSET_MAX(x) ((x) & 0b1111110000)

/*
 * Where counter and crng16 keep the offset between a syscall's exit and the
 * next entry (kstack.store=): the task's, or the CPU's, which a syscall that
 * slept and woke on another CPU stores into the wrong one.
 */
static __always_inline u32 *kstack_offset_slot(struct task_struct *tsk)
{
	if (tsk->kstack_store == KSTACK_STORE_CPU)
		return &this_cpu()->kstack_offset;
	return &tsk->kstack_offset;
}

/*
 * The offset for this syscall, by mode: one switch, no printing, no
 * allocation (docs/design.md, "Performance principles"). The entry modes draw
 * a fresh value, the exit modes use what choose_random_kstack_offset() stored.
 * *called is set when the draw called a function: its frame went where the
 * gap is about to be, so the stackleak erase must not skip the gap.
 */
static __always_inline u32 kstack_get_offset(struct task_struct *tsk, bool *called)
{
	int mode = tsk->kstack_mode;

	/* The default first: one compare, not the switch's search. */
	if (likely(mode == KSTACK_MODE_CHACHA_SPREAD))
		/* Half a quarter round and one keystream byte: the same work every call. */
		return (u32)chacha_spread_next(&tsk->kstack_chacha_spread) << 4;
	switch (mode) {
	case KSTACK_MODE_PRNG_TASK:
		/* The LFSR113 step inline: ~20 ALU operations, no call. */
		return __prandom_u32_state(&tsk->kstack_rnd_state);
	case KSTACK_MODE_PRNG_CPU:
		return __prandom_u32_state(&this_cpu()->kstack_rnd_state);
	case KSTACK_MODE_CHACHA_TASK: {
		struct kstack_chacha *c = &tsk->kstack_chacha;

		if (unlikely(c->pos >= sizeof(c->buf))) {
			kstack_chacha_refill(c, tsk->kstack_chacha_rounds);
			*called = true;
		}
		return (u32)c->buf[c->pos++] << 4;
	}
	case KSTACK_MODE_CRNG8:
		*called = true;
		/* The byte's bits 7..2 land in bits 9..4: six fresh bits, two wasted. */
		return (u32)get_random_u8() << 2;
	case KSTACK_MODE_COUNTER:
	case KSTACK_MODE_CRNG16:
		return *kstack_offset_slot(tsk);
	default:
		return 0; /* off */
	}
}

/*
 * add_random_kstack_offset() - move SP down by this syscall's offset, in
 * do_syscall() only, before the handler runs; offset gets it (the trace shows
 * it). A macro: an alloca in a helper would be freed on its return. The first
 * asm hides the draw (off's constant 0 would let the compiler fold the alloca
 * into its frame); the second keeps the dead allocation.
 */
#define add_random_kstack_offset(offset)                               \
	do {                                                           \
		struct task_struct *tsk__ = current;                   \
		bool called__ = false;                                 \
		u32 raw__ = kstack_get_offset(tsk__, &called__);       \
		__asm__("" : "+r"(raw__));                             \
		u8 *ptr__ = __kstack_alloca(KSTACK_OFFSET_MAX(raw__)); \
		offset = KSTACK_OFFSET_MAX(raw__);                     \
		__asm__ __volatile__("" : "+r"(ptr__) : : "memory");   \
		stackleak_skip_gap(tsk__, ptr__, offset, called__);    \
	} while (0)

/*
 * choose_random_kstack_offset() - pick the next syscall's offset at exit, in
 * counter and crng16 mode, as Linux's macro did: ror32(offset, 5) ^ rand.
 */
static __always_inline void choose_random_kstack_offset(struct task_struct *tsk)
{
	u32 *slot;

	switch (tsk->kstack_mode) {
	case KSTACK_MODE_COUNTER:
		slot = kstack_offset_slot(tsk);
		*slot = ror32(*slot, 5) ^ (u32)arch_get_cycles();
		break;
	case KSTACK_MODE_CRNG16: {
		/* The draw first: the slot is this CPU's, looked up after any call. */
		u16 rand = get_random_u16();

		slot = kstack_offset_slot(tsk);
		*slot = ror32(*slot, 5) ^ rand;
		break;
	}
	default:
		break;
	}
}

#endif
