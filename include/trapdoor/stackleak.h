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
 *                        │ live: the erase's own return address or frame
 *   sp                   ├ the erase function's stack pointer
 *                        │ do_syscall()'s frame, dead now           } rewritten
 *   gap_high             ├                                          }
 *                        │ the random gap (alloca): never written,    skipped
 *   gap_low              ├   still poison                           }
 *                        │ dead frames of the handler and exit work } rewritten
 *   boundary             ├ top of the poison: the lowest non-poison } with poison
 *                        │   word above a run of 16 poison words
 *                        │ poison, left from earlier erases
 *   low                  ├ stack + sizeof(unsigned long)
 *   stack                ┴ STACK_END_MAGIC, the canary: never poisoned
 *
 * This header has two halves. The first is pure: functions over explicit
 * addresses, with no task and no stack pointer in them, so the host tests
 * (tests/host/test_stackleak.c, which define STACKLEAK_PURE) run them on fake
 * stacks. The second declares
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
 * has reached the untouched part of the stack: 128 bytes, 16 words, as in
 * Linux. A hole of untouched poison this big INSIDE the used stack would stop
 * the search early and hide what deeper calls left below it.
 *
 * A hole lies inside one frame: every frame writes at least one word (its
 * return address, frame record or back chain), and those words sit at the
 * same end of every frame of one ABI. A frame no bigger than the depth cannot
 * hold a hole the search stops at. A bigger frame must record its depth
 * itself: its function calls stackleak_track_stack() first thing, so the
 * search starts below it and its hole never matters. The build enforces
 * both: every C file is compiled with -fstack-usage, and tools/check-frames
 * fails the link if a function's frame is bigger than the depth and its code
 * does not call stackleak_track_stack() (docs/stackleak.md, section 4).
 *
 * An architecture whose ABI makes every frame big asks for a deeper search
 * with -DSTACKLEAK_SEARCH_DEPTH=<bytes> in its Makefile.arch, and says why
 * there; a smaller value than STACKLEAK_SEARCH_DEPTH_MIN is raised to it.
 */
#ifndef STACKLEAK_SEARCH_DEPTH_MIN
#define STACKLEAK_SEARCH_DEPTH_MIN	128
#endif
#if !defined(STACKLEAK_SEARCH_DEPTH) || STACKLEAK_SEARCH_DEPTH < STACKLEAK_SEARCH_DEPTH_MIN
#undef STACKLEAK_SEARCH_DEPTH
#define STACKLEAK_SEARCH_DEPTH	STACKLEAK_SEARCH_DEPTH_MIN
#endif

/* --- the pure half: fake stacks on the host, the real one in the kernel --- */

/*
 * The two loops, which an architecture may write with its own instructions
 * (arch/<arch>/include/asm/stackleak.h, when it has one: string instructions,
 * paired loads and stores). Both work on whole words, downwards from p and
 * upwards from from; neither calls anything.
 *
 * stackleak_poison_run(p, n): how many of the n words below p, counted from
 * p down, are poison before the first one that is not (n if all are).
 */
#if !defined(STACKLEAK_PURE) && defined(__has_include)
#if __has_include(<asm/stackleak.h>)
#include <asm/stackleak.h>
#endif
#endif

#ifndef arch_stackleak_poison_run
static __always_inline unsigned long stackleak_poison_run(unsigned long p, unsigned long n)
{
	const unsigned long *w = (const unsigned long *)p;
	unsigned long k = 0;

	while (k < n && w[-1 - (long)k] == STACKLEAK_POISON)
		k++;
	return k;
}
#else
#define stackleak_poison_run arch_stackleak_poison_run
#endif

/* stackleak_poison_words(from, to): poison over [from, to), whole words, from < to. */
#ifndef arch_stackleak_poison_words
static __always_inline void stackleak_poison_words(unsigned long from, unsigned long to)
{
	for (unsigned long p = from; p < to; p += sizeof(unsigned long))
		*(unsigned long *)p = STACKLEAK_POISON;
}
#else
#define stackleak_poison_words arch_stackleak_poison_words
#endif

/*
 * The order of the search's steps: 0 (the default) steps over the used words
 * right below the top before each look at a run of poison; 1 looks at the run
 * first and steps over used words only after a run that was too short. The
 * answer is the same. 1 saves a load and a compare when the word below the
 * search's start is poison, which is usual where the handler of a short
 * syscall writes nothing below the dispatcher's stack pointer (powerpc: no
 * frame for a leaf); 0 is cheaper where it writes there (a frame record). An
 * architecture that wants 1 defines it in its asm/stackleak.h.
 */
#ifndef STACKLEAK_SEARCH_RUN_FIRST
#define STACKLEAK_SEARCH_RUN_FIRST	0
#endif

/*
 * Scans down from high (exclusive) towards low (inclusive) and returns the
 * address just above the poisoned region: the lowest non-poison word seen
 * before STACKLEAK_SEARCH_DEPTH bytes of consecutive poison (or before low),
 * or high itself if the poison starts right there. This is Mark Rutland's 2022
 * form (Linux stackleak_find_top_of_poison): the run of poison that ended the
 * search lies below the returned address, so the erase does not rewrite it.
 * Each round first steps over the used words right below the current top,
 * then looks at up to a depth's worth of words below them; a non-poison word
 * among those becomes the new top. With run_first, the first round does not
 * step, and each later one steps at the end of the round before it.
 */
static __always_inline unsigned long __stackleak_find_top_of_poison(unsigned long low,
								    unsigned long high,
								    bool run_first)
{
	const unsigned long depth = STACKLEAK_SEARCH_DEPTH / sizeof(unsigned long);
	unsigned long top = high;

	for (;;) {
		unsigned long n = depth, k;

		/*
		 * Used words right below the top (dead frames): each is the new
		 * top. Often there are none: then the test below is all it costs.
		 */
		if (!run_first && top > low &&
		    *(const unsigned long *)(top - sizeof(unsigned long)) != STACKLEAK_POISON) {
			do
				top -= sizeof(unsigned long);
			while (top > low && *(const unsigned long *)(top - sizeof(unsigned long)) !=
					    STACKLEAK_POISON);
		}
		/* Then a run of poison: is it a whole search depth long? */
		if (unlikely(top - low < STACKLEAK_SEARCH_DEPTH))
			n = (top - low) / sizeof(unsigned long);
		k = stackleak_poison_run(top, n);
		if (k == n)
			return top;
		/* No: a hole; the word below it is used, and the search goes on from there. */
		top -= (k + 1) * sizeof(unsigned long);
		/* run_first: the used words right below that one, now. */
		while (run_first && top > low &&
		       *(const unsigned long *)(top - sizeof(unsigned long)) != STACKLEAK_POISON)
			top -= sizeof(unsigned long);
	}
}

static __always_inline unsigned long stackleak_find_top_of_poison(unsigned long low,
								  unsigned long high)
{
	return __stackleak_find_top_of_poison(low, high, STACKLEAK_SEARCH_RUN_FIRST);
}

/*
 * What one erase writes: [from, gap_low) and [gap_high, to). The gap between
 * is the kernel-stack offset's alloca of the syscall that just ran
 * (kernel/randomize_kstack.h): nothing wrote into it, and it held poison
 * when the syscall began, so it needs no second coat (docs/stackleak.md,
 * section 3). With no gap, gap_low == gap_high == to.
 */
struct stackleak_erase_range {
	unsigned long from, gap_low, gap_high, to;
};

/*
 * The plan of one erase, over explicit addresses: the stack's low end (the
 * word above the canary), the tracked lowest_stack, the gap the
 * dispatcher recorded ([high, high) when there is none: a return that did not
 * go through a syscall), and the eraser's stack pointer sp, which bounds
 * everything (the erase never writes at or above it). The search starts at
 * the lowest of lowest_stack, the gap and sp: below the gap only dead frames
 * can be.
 *
 * What the callers promise, and nothing here re-checks, because the erase
 * runs on every return to user mode: low < sp <= high and sp is a whole word
 * (the eraser runs on the task's stack, below pt_regs); the gap's bounds are
 * whole words with gap_low <= gap_high (an alloca of a multiple of 16, or the
 * reset value); lowest_stack lies in [low, high] (stackleak_track_stack()
 * records nothing else), and so do the gap's. A gap above sp is cut at sp,
 * and a gap_low above gap_high makes the gap empty: the reset value, gap_low
 * at the top, is no gap whatever gap_high holds.
 */
static __always_inline void stackleak_erase_plan(unsigned long low, unsigned long lowest,
						 unsigned long gap_low, unsigned long gap_high,
						 unsigned long sp, struct stackleak_erase_range *r)
{
	unsigned long start;

	if (gap_high > sp)
		gap_high = sp;
	if (gap_low > gap_high)
		gap_low = gap_high;
	start = lowest < gap_low ? lowest : gap_low;
	r->from = stackleak_find_top_of_poison(low, start);
	r->gap_low = gap_low;
	r->gap_high = gap_high;
	r->to = sp;
}

/* The bytes an erase with plan r writes. */
static __always_inline unsigned long stackleak_erase_bytes(const struct stackleak_erase_range *r)
{
	return (r->gap_low - r->from) + (r->to - r->gap_high);
}

/* Carries out plan r. Returns the bytes written. */
static __always_inline unsigned long stackleak_erase_apply(const struct stackleak_erase_range *r)
{
#ifdef arch_stackleak_poison_around
	/* Both ranges in one go, either perhaps empty (asm/stackleak.h). */
	arch_stackleak_poison_around(r->from, r->gap_low, r->gap_high, r->to);
#else
	if (r->from < r->gap_low)
		stackleak_poison_words(r->from, r->gap_low);
	if (r->gap_high < r->to)
		stackleak_poison_words(r->gap_high, r->to);
#endif
	return stackleak_erase_bytes(r);
}

/* One whole erase over explicit addresses, as the kernel does it; returns the bytes written. */
static __always_inline unsigned long stackleak_erase_range(unsigned long low, unsigned long lowest,
							   unsigned long gap_low,
							   unsigned long gap_high, unsigned long sp)
{
	struct stackleak_erase_range r;

	stackleak_erase_plan(low, lowest, gap_low, gap_high, sp, &r);
	return stackleak_erase_apply(&r);
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

/* --- the kernel half (kernel/stackleak.c, kernel/stackleak_erase.c) -------- */
/* The host tests define STACKLEAK_PURE: they see only the half above. */
#ifndef STACKLEAK_PURE

struct task_struct;

/* The erase's stack pointer; an arch whose current_stack_pointer() is a call overrides it. */
#ifndef arch_stackleak_sp
#define arch_stackleak_sp()	current_stack_pointer()
#endif

/*
 * The lowest word we may poison: the one above the STACK_END_MAGIC canary;
 * the highest: everything from the saved user registers up is never erased.
 * Macros, so that this header needs no task.h (its users include it).
 */
#define stackleak_low_bound(t)	((unsigned long)(t)->stack + sizeof(unsigned long))
#define stackleak_high_bound(t)	((unsigned long)task_pt_regs(t))

/*
 * stackleak=on|off|verify, trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, 0|1|2):
 * each task's own switch, task_struct.stackleak_enabled; on by default.
 */
#define STACKLEAK_VERIFY	2
#define STACKLEAK_DEFAULT	1

/*
 * What the verifying erases found (STACKLEAK_VERIFY): how many ran, how many
 * left a non-poison word below themselves, the first such word, its value,
 * and the syscall the erase followed. stackleak_check() reports and clears it.
 */
struct stackleak_verify {
	unsigned long erases, failures, addr, value, nr;
};
extern struct stackleak_verify stackleak_verify;

/*
 * Called by start_task() for every new task (spawn, fork): fills the whole new
 * kernel stack with poison, except the canary at the bottom and the pt_regs
 * already prepared at the top, sets lowest_stack to the top and records no gap.
 */
void stackleak_task_init(struct task_struct *t);

/*
 * The tracking: records the caller's depth in current->lowest_stack if it is
 * the deepest point since the last erase. It records its own stack pointer,
 * which lies just below the caller's whole frame. A function whose frame is
 * bigger than STACKLEAK_SEARCH_DEPTH calls it first thing (tools/check-frames
 * makes sure it does).
 */
void stackleak_track_stack(void);

/*
 * The erase, called by entry.S on every return to user mode, after the last C
 * call (ret_to_user): re-poisons what was used since the last erase,
 * except the gap do_syscall() recorded, resets lowest_stack and the gap, and
 * updates the stackleak_* counters of struct kernel_stats. It calls nothing
 * and writes only below its own stack pointer.
 */
void stackleak_erase_on_task_stack(void);

/*
 * What the erase will write at the end of this syscall, in bytes, as things
 * stand now (the trace line shows it; kernel/trace.c).
 */
unsigned long stackleak_erase_pending_bytes(void);

/*
 * trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, v): 0 off, 1 on, 2 on and every
 * erase verifies that the whole stack below it is poison afterwards (the
 * self-check of the exit path; stackleak_check() reports what it found); -1
 * reads. Returns the old value.
 */
long stackleak_set_enabled(long on);

/* The boot option stackleak=on|off (default on): 0, or -EINVAL for another value. */
int stackleak_setup(const char *val);

#endif /* STACKLEAK_PURE */

#endif
