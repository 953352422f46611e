/* SPDX-License-Identifier: MIT */
/*
 * stackleak (Linux's STACKLEAK, since 6.16 KSTACK_ERASE): whatever a syscall
 * left on the kernel stack is overwritten with a poison value before user code
 * runs again, so that an uninitialised variable in a later syscall reads the
 * poison instead of an earlier syscall's data. docs/stackleak.md tells the
 * whole story; kernel/stackleak.c is the kernel half.
 *
 * A task's kernel stack, and the names the code below uses for its parts:
 *
 *   stack + THREAD_SIZE  ┬
 *                        │ struct pt_regs            never erased
 *   high                 ├ task_pt_regs(t)
 *                        │ live frames: entry.S -> exit_to_user_mode -> erase
 *   sp                   ├ the erase function's stack pointer
 *                        │ dead frames of the syscall that just ran  } rewritten
 *   boundary             ├ top of the poison: the lowest non-poison   } with poison
 *                        │   word above a run of 16 poison words
 *                        │ poison, left from earlier erases
 *   low                  ├ stack + sizeof(unsigned long)
 *   stack                ┴ STACK_END_MAGIC, the canary: never poisoned
 *
 * This header has two halves. The first is pure: functions over explicit
 * addresses, with no task and no stack pointer in them, so the host tests
 * (tests/host/test_stackleak.c) run them on fake stacks. The second declares
 * the kernel's hooks. The constants user programs need are in
 * include/uapi/stackleak.h.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_STACKLEAK_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_STACKLEAK_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>
#include <uapi/stackleak.h>	/* STACKLEAK_POISON and the syscalls' arguments */

/*
 * How much consecutive poison the search wants to see before it believes it
 * has reached the untouched part of the stack: 1024 bytes, 128 words (Linux
 * uses 128 bytes). A hole of untouched poison this big INSIDE the used stack
 * would stop the search early and hide what deeper calls left below it.
 *
 * A hole lies inside one frame: every frame writes at least one word (its
 * return address, frame record or back chain), and those words sit at the
 * same end of every frame of one ABI. So a search depth at least as big as
 * the largest frame crosses every hole, on every path, whether or not the
 * function that owns the frame ever records its depth. The build enforces
 * it: every C file is compiled with -fstack-usage and tools/check-frames
 * fails the link if a kernel function's frame is bigger than this
 * (docs/stackleak.md, section 4). The largest frames are 430-720
 * bytes; 1024 leaves room, costs 128 loads of poison per return to user
 * mode, and is more than powerpc64's 288-byte protected zone.
 *
 * An architecture may ask for a deeper search with
 * -DSTACKLEAK_SEARCH_DEPTH=<bytes> in its Makefile.arch; a smaller value
 * than STACKLEAK_SEARCH_DEPTH_MIN is raised to it. The host tests of the
 * algorithm set a small minimum, to keep their fake stacks small.
 */
#ifndef STACKLEAK_SEARCH_DEPTH_MIN
#define STACKLEAK_SEARCH_DEPTH_MIN	1024
#endif
#if !defined(STACKLEAK_SEARCH_DEPTH) || STACKLEAK_SEARCH_DEPTH < STACKLEAK_SEARCH_DEPTH_MIN
#undef STACKLEAK_SEARCH_DEPTH
#define STACKLEAK_SEARCH_DEPTH	STACKLEAK_SEARCH_DEPTH_MIN
#endif

/* --- the pure half: fake stacks on the host, the real one in the kernel --- */

/*
 * Scans down from high (exclusive) towards low (inclusive) and returns the
 * address just above the poisoned region: the lowest non-poison word seen
 * before STACKLEAK_SEARCH_DEPTH bytes of consecutive poison (or before low),
 * or high itself if the poison starts right there. This is Mark Rutland's 2022
 * form (Linux stackleak_find_top_of_poison): the run of poison that ended the
 * search lies below the returned address, so the erase does not rewrite it.
 */
static __always_inline unsigned long stackleak_find_top_of_poison(unsigned long low,
								  unsigned long high)
{
	const unsigned int depth = STACKLEAK_SEARCH_DEPTH / sizeof(unsigned long);
	unsigned long top = high, p = high;
	unsigned int run = 0;

	while (p > low && run < depth) {
		p -= sizeof(unsigned long);
		if (*(const unsigned long *)p == STACKLEAK_POISON) {
			run++;
		} else {
			run = 0;
			top = p;
		}
	}
	return top;
}

/*
 * Where the erase starts: the top of the poison below both lowest_stack and
 * sp. Starting at the lower of the two matters on returns that did not go
 * through a syscall (lowest_stack is still at the top then): the scan begins
 * below the live frames, where only dead data can be. A lowest_stack below the
 * stack's low end (corrupt) is clamped: the erase then covers everything.
 */
static __always_inline unsigned long stackleak_erase_low(unsigned long low, unsigned long lowest,
							 unsigned long sp)
{
	unsigned long start = ALIGN_DOWN(lowest < sp ? lowest : sp, sizeof(unsigned long));

	if (start < low)
		start = low;
	return stackleak_find_top_of_poison(low, start);
}

/*
 * Writes poison over [from, to): the dead part of the stack. The words are
 * written by this (inlined) loop in the erasing function itself, below its own
 * stack pointer, and never with a call to a helper: a helper's frame would sit
 * inside the very range it writes. Returns the number of bytes written; none
 * if from >= to (nothing was used since the last erase: the 2022 rework's
 * point is not to rewrite poison that is already there).
 */
static __always_inline unsigned long stackleak_poison_range(unsigned long from, unsigned long to)
{
	unsigned long p;

	for (p = from; p < to; p += sizeof(unsigned long))
		*(unsigned long *)p = STACKLEAK_POISON;
	return p > from ? p - from : 0;
}

/*
 * What one erase must write, over explicit addresses: the stack's [low, high)
 * (canary and pt_regs excluded), the tracked lowest_stack, and the eraser's
 * stack pointer sp. Stores in *from where the erase starts (the top of the
 * poison) and returns how many bytes it covers, up to sp and never beyond. A
 * stack pointer outside (low, high] means we are not on this stack: nothing.
 */
static __always_inline unsigned long stackleak_erase_bounds(unsigned long low, unsigned long high,
							    unsigned long lowest, unsigned long sp,
							    unsigned long *from)
{
	sp = ALIGN_DOWN(sp, sizeof(unsigned long));
	*from = sp;
	if (sp <= low || sp > high)
		return 0;
	*from = stackleak_erase_low(low, lowest, sp);
	return sp - *from;
}

/* One whole erase, as the kernel does it in two steps; returns the bytes written. */
static __always_inline unsigned long stackleak_erase_range(unsigned long low, unsigned long high,
							   unsigned long lowest, unsigned long sp)
{
	unsigned long from, bytes = stackleak_erase_bounds(low, high, lowest, sp, &from);

	return stackleak_poison_range(from, from + bytes);
}

/*
 * The self-check's verification: counts the non-poison words in [low, high)
 * and stores the address of the highest one (the first the downward scan
 * meets) in *first, or 0 if every word is poison.
 */
static __always_inline unsigned long stackleak_count_non_poison(unsigned long low,
								unsigned long high,
								unsigned long *first)
{
	unsigned long n = 0;

	*first = 0;
	for (unsigned long p = high; p > low;) {
		p -= sizeof(unsigned long);
		if (*(const unsigned long *)p == STACKLEAK_POISON)
			continue;
		if (!n++)
			*first = p;
	}
	return n;
}

/* --- the kernel half (kernel/stackleak.c) ---------------------------------- */

struct task_struct;

/*
 * Called by start_task() for every new task (spawn, fork): fills the whole new
 * kernel stack with poison, except the canary at the bottom and the pt_regs
 * already prepared at the top, and sets lowest_stack to the top.
 */
void stackleak_task_init(struct task_struct *t);

/*
 * The tracking: records the caller's depth in current->lowest_stack if it is
 * the deepest point since the last erase. It records its own stack pointer,
 * which lies just below the caller's whole frame. Called right after the
 * kernel-stack offset's alloca in do_syscall(): the offset is up to 1008
 * bytes nobody writes, not a frame the build's check sees. Frames need no
 * call: the search depth covers the largest (see STACKLEAK_SEARCH_DEPTH).
 */
void stackleak_track_stack(void);

/*
 * Called at the end of exit_to_user_mode(), on every return to user mode:
 * re-poisons what was used since the last erase, resets lowest_stack, updates
 * the stackleak_* counters of struct kernel_stats. Not inline: it needs its
 * own fixed frame, since it writes everything below its stack pointer.
 */
void stackleak_erase_on_task_stack(void);

/* trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, on): 0 or 1, -1 reads; returns the old value. */
long stackleak_set_enabled(long on);

/* The boot option stackleak=on|off (default on): 0, or -EINVAL for another value. */
int stackleak_setup(const char *val);

#endif
