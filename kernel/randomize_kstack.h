/* SPDX-License-Identifier: MIT */
/*
 * Kernel stack offset randomisation: on every syscall the dispatcher moves its
 * own stack pointer down by a random multiple of 16 bytes before the handler
 * runs, so the handler's locals are somewhere else each time and an attacker
 * cannot aim at them. Linux's include/linux/randomize_kstack.h, with every
 * offset source Linux has used or discussed selectable at run time (the
 * "modes", KSTACK_MODE_* in uapi/trapdoor.h). docs/kstack-offset.md tells the
 * story; kernel/randomize_kstack.c holds the state and the seeding.
 *
 * The hooks, in kernel/syscall.c, in this order:
 *
 *	do_syscall(regs)
 *		add_random_kstack_offset(offset);	entry: move SP down
 *		current->syscall_sp = current_stack_pointer();	what report_stack returns
 *		ret = invoke_syscall(regs);
 *		choose_random_kstack_offset();		exit: pick the next offset
 *
 * and the setup: kstack_task_init(t) in start_task() (kernel/fork.c),
 * kstack_boot_init() in start_kernel() once the CRNG is fed (kernel/main.c).
 */
#ifndef TRAPDOOR_KERNEL_RANDOMIZE_KSTACK_H
#define TRAPDOOR_KERNEL_RANDOMIZE_KSTACK_H

#include <trapdoor/arch.h>
#include <trapdoor/bitops.h>
#include <trapdoor/compiler.h>
#include <trapdoor/prandom.h>
#include <trapdoor/random.h>
#include <trapdoor/task.h>
#include <trapdoor/types.h>
#include <uapi/trapdoor.h>

/*
 * The switches the hooks read are the task's own, in its task_struct
 * (docs/hardening.md): trapdoor_config() sets the caller's, a new task
 * starts with its creator's, and boot_task's (kernel/task.c) start from the
 * defaults below, which the boot options change.
 *
 * kstack_mode		KSTACK_MODE_*, set by kstack= and trapdoor_config().
 * kstack_store		KSTACK_STORE_*, set by kstack.store= and trapdoor_config():
 *			where the two modes that choose at exit (counter,
 *			crng16) keep the offset for the next syscall. task: in
 *			the task (current->kstack_offset), Linux's design since
 *			2026. cpu: in the CPU (this_cpu()->kstack_offset),
 *			Linux's per-cpu kstack_offset before, with that design's
 *			weakness (docs/kstack-offset.md, "The migration bug"):
 *			shared by every task on the CPU that chose cpu too.
 * kstack_chacha_rounds	chacha-task's rounds, 8, 12 or 20
 *			(TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS).
 * prng-cpu's state is this_cpu()->kstack_rnd_state, one per CPU, seeded
 * before the CPU starts (kstack_cpu_init()).
 */
/* The default: chacha-task costs no more than prng-task (docs/kstack-offset.md §3). */
#define KSTACK_MODE_DEFAULT		KSTACK_MODE_CHACHA_TASK
#define KSTACK_STORE_DEFAULT		KSTACK_STORE_TASK
#define KSTACK_CHACHA_ROUNDS_DEFAULT	20

/* chacha-task: the refill, out of line because it is the rare path (one call in 64). */
void kstack_chacha_refill(struct kstack_chacha *c, unsigned int nrounds);

/*
 * Why alloca, and which one.
 *
 * An alloca is the only portable way to make the compiler itself move the
 * stack pointer by a run-time amount and keep every later access (locals,
 * spills, calls) correctly addressed and aligned below it; there is no other
 * C spelling of "sub sp, sp, x". It is also the only alloca the kernel may
 * have: its size is masked to at most 1008 bytes below, so it can never grow
 * into a stack clash. Do not copy it anywhere else.
 *
 * With automatic stack initialisation (-ftrivial-auto-var-init=zero or
 * pattern) clang fills every alloca too, which would cost a memset of up to
 * 1 KiB on every syscall for bytes nobody reads (Marco Elver found Linux
 * doing exactly that in 2021). Clang 14 added an uninitialised variant for
 * this case (LLVM review D115440); clang-19 here has it. GCC's option only
 * covers automatic variables, never alloca space, so GCC has no variant and
 * needs none.
 *
 * The _with_align form, with byte alignment (8 bits): the size is already a
 * multiple of the stack's alignment, so there is nothing to align. With
 * plain alloca GCC may reserve 16 bytes more to align the pointer it
 * returns, on some paths through the dispatcher and not others, and the
 * stack pointer would then take 65 values instead of 64.
 */
#if defined(__CHECKER__)
#define __kstack_alloca(size) __builtin_alloca(size)	/* sparse knows only this one */
#elif defined(__has_builtin)
#if __has_builtin(__builtin_alloca_with_align_uninitialized)
#define __kstack_alloca(size) __builtin_alloca_with_align_uninitialized(size, 8)
#endif
#endif
#ifndef __kstack_alloca
#define __kstack_alloca(size) __builtin_alloca_with_align(size, 8)
#endif

/*
 * The mask: six bits of offset, in bits 9..4.
 *
 * At most 10 bits (0..1023 bytes) keep the allocation bounded and the
 * stack's head room predictable: THREAD_SIZE is 16 KiB and a syscall must
 * still fit below the deepest offset. The low 4 bits are cleared because
 * every ABI we build aligns SP at calls to at least 16 bytes except s390x,
 * which promises 8 (KSTACK_ALIGN in arch.h): the compiler rounds an alloca
 * up to that alignment, so low bits would be lost anyway, and worse, the
 * rounding of 0x3ff + 15 can carry into bit 10 and make 65 different
 * offsets (Linux's 0x3FF mask did exactly that until 2024). With the low
 * bits cleared the rounding is a no-op: SP moves by exactly 0, 16, ..., 1008
 * bytes, 64 values, 6 bits of entropy, seen in SP[9:4] on every arch.
 * SP[3:0] never changes. Bits 10 and up change only through the borrow of
 * base - offset (when the offset is larger than the base's own bits 9..4);
 * that moves them, but adds no entropy: SP still takes exactly 64 values.
 */
#define KSTACK_OFFSET_MAX(x)	((x) & 0b1111110000)

/*
 * Where counter and crng16 keep the offset between a syscall's exit and the
 * next entry (kstack.store=). With cpu, a syscall that enters on one CPU and
 * exits on another (it slept and another CPU picked it up) stores its new
 * offset in the second CPU, and the first one's next syscall gets the same
 * offset this one did.
 */
static __always_inline u32 *kstack_offset_slot(struct task_struct *tsk)
{
	if (tsk->kstack_store == KSTACK_STORE_CPU)
		return &this_cpu()->kstack_offset;
	return &tsk->kstack_offset;
}

/*
 * The offset for this syscall, by mode: one switch, no printing, no
 * allocation (docs/design.md, "Performance principles"). The entry modes draw a fresh value here; the
 * exit modes use what choose_random_kstack_offset() stored last time.
 *
 * *called is set when the draw called a function: its frame went where the
 * gap is about to be, so this time the stackleak erase must not skip the gap
 * (chacha-task's refill, one call in 64; crng8's get_random_u8(), always).
 */
static __always_inline u32 kstack_get_offset(struct task_struct *tsk, bool *called)
{
	switch (tsk->kstack_mode) {
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
		return 0;	/* off (add_random_kstack_offset() hides the 0) */
	}
}

/*
 * add_random_kstack_offset() - move SP down by this syscall's offset.
 *
 * Constraints, as in Linux:
 * - Use it in do_syscall() only, after entry.S has saved the user registers
 *   (they sit above, untouched) and before the handler runs, so everything
 *   the handler puts on the stack lands below the random gap.
 * - It must be a macro, expanded in the dispatcher's own frame: an alloca in
 *   a helper function would be freed again when the helper returns.
 * - The allocation is dead as far as C is concerned, so the compiler would
 *   delete it. The empty asm takes the pointer as an input and clobbers
 *   memory: the allocation must exist and no access may move across it.
 * - do_syscall()'s own frame stays where it is (its locals are addressed
 *   from the frame pointer); everything it calls lands below the gap. The
 *   gap lasts until do_syscall() returns, and the next syscall starts again
 *   from the same base.
 * - The kernel is not preemptible, and the mode is the task's own, which
 *   only the task itself changes: it cannot change between reading and use.
 * - It stores the offset in its argument (the trace shows it) and records
 *   the gap, [ptr__, ptr__ + offset), in the task: nobody writes there
 *   during the syscall (the handler's frames are below it, the dispatcher's
 *   own above), so the stackleak erase skips it (docs/stackleak.md, section
 *   3). Unless the draw made a call: that call's frame was where the gap is
 *   now, and the gap is recorded empty.
 * - Where the ABI keeps an area for callees at the stack pointer (powerpc64's
 *   linkage and parameter save area, s390x's 160-byte register save area),
 *   the alloca's block starts above that area, so its last bytes lie in the
 *   bottom of the dispatcher's own frame, whose lowest word, the back chain,
 *   the prologue wrote. So the gap ends where the stack pointer was before
 *   the alloca: the new one plus the offset. Elsewhere the block starts at
 *   the new stack pointer and that is the block's own end. An offset smaller
 *   than that area leaves no gap, recorded empty at the old stack pointer:
 *   the erase's search starts there, not in the dispatcher's frame above it
 *   (which the erase rewrites anyway).
 * - It records the word below the new stack pointer as the deepest point so
 *   far (current->lowest_stack, as stackleak_track_stack() would, without
 *   the call, never raised): the handler's call writes it on most paths
 *   (x86_64's return address, a frame record or saved register elsewhere),
 *   and the erase's search then starts below it and below the callee area
 *   under the gap, which the erase rewrites anyway, instead of walking
 *   through them.
 */
#define add_random_kstack_offset(offset)					\
	do {								\
		/* current, read once: the task stays itself on any CPU. */ \
		struct task_struct *tsk__ = current;			\
		bool called__ = false;					\
		u32 raw__ = kstack_get_offset(tsk__, &called__);	\
		/* Hidden from the compiler: a constant 0 (off) would let it \
		 * fold the alloca away and hand back an address at the top \
		 * of the frame (GCC on arm64) instead of SP, and the erase \
		 * would then search the whole frame. */			\
		__asm__("" : "+r"(raw__));				\
		/* The mask inside the call: the compiler then allocates exactly it. */ \
		u8 *ptr__ = __kstack_alloca(KSTACK_OFFSET_MAX(raw__));	\
									\
		offset = KSTACK_OFFSET_MAX(raw__);			\
		/* Keep the allocation: the compiler cannot see through this. */ \
		__asm__ __volatile__("" : "+r"(ptr__) : : "memory");	\
		/* The gap the stackleak erase may skip (kernel/stackleak.c). */ \
		/* It ends at the stack pointer from before the alloca. */ \
		unsigned long sp__ = current_stack_pointer();		\
		unsigned long low__ = (unsigned long)ptr__;		\
		unsigned long end__ = sp__ + offset;			\
		if (called__)						\
			end__ = low__;					\
		else if (end__ < low__)					\
			low__ = end__;					\
		tsk__->stackleak_gap_low = low__;			\
		tsk__->stackleak_gap_high = end__;			\
		/* Our depth, tracked inline: the erase's search starts there at the latest. */ \
		if (sp__ - sizeof(long) < tsk__->lowest_stack)		\
			tsk__->lowest_stack = sp__ - sizeof(long);	\
	} while (0)

/*
 * choose_random_kstack_offset() - pick the next syscall's offset, at exit.
 *
 * Only the two old modes choose here: counter (x86, s390, powerpc and
 * loongarch until 2026) and crng16 (arm64 and riscv). Both fold the new
 * value into the old one the way Linux's macro did, ror32(offset, 5) ^ rand.
 * Linux chose at exit on purpose: how long the kernel takes to get back to
 * user space is harder for user space to know than how long it itself
 * waits before the next syscall, and the value spends the kernel part of
 * its life in memory for the shortest time. Call it in do_syscall() after
 * the handler, before returning, with current (tsk). It is a no-op for the
 * other modes.
 */
static __always_inline void choose_random_kstack_offset(struct task_struct *tsk)
{
	u32 *slot;

	switch (tsk->kstack_mode) {
	case KSTACK_MODE_COUNTER:
		slot = kstack_offset_slot(tsk);
		*slot = ror32(*slot, 5) ^ (u32)arch_get_cycles();
		break;
	case KSTACK_MODE_CRNG16:
		/* The draw first: the slot is this CPU's, looked up after any call. */
		{
			u16 rand = get_random_u16();

			slot = kstack_offset_slot(tsk);
			*slot = ror32(*slot, 5) ^ rand;
		}
		break;
	default:
		break;
	}
}

/*
 * Boot and task setup (randomize_kstack.c).
 * kstack_boot_init()	seeds CPU 0's state from the CRNG; call it once,
 *			after random_init() (and crng.seed=), before init runs.
 * kstack_cpu_init(c)	seeds another CPU's state, before smp_init() starts it.
 * kstack_task_init(t)	seeds t's own state; call it for every new task
 *			(spawn and fork both go through start_task()).
 */
void kstack_boot_init(void);
void kstack_cpu_init(struct cpu_info *c);
void kstack_task_init(struct task_struct *t);

/*
 * Modes by name (the kstack= boot option) and back; kstack_mode_set() is
 * trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, mode), for current only (at
 * boot, boot_task: the boot option): it returns the old mode, -1 only
 * reads, anything else invalid gives -EINVAL. So are the other two.
 */
int kstack_mode_parse(const char *name);
const char *kstack_mode_name(int mode);
long kstack_mode_set(long mode);
/* trapdoor_config(TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS, n): the old count, -1 reads. */
long kstack_chacha_rounds_set(long nrounds);
/* kstack.store= by name, and trapdoor_config(TRAPDOOR_CONFIG_KSTACK_STORE, store): the old one, -1 reads. */
int kstack_store_parse(const char *name);
const char *kstack_store_name(int store);
long kstack_store_set(long store);

#endif
