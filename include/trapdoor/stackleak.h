/* SPDX-License-Identifier: MIT */
/*
 * stackleak (Linux's STACKLEAK, since 6.16 KSTACK_ERASE): whatever a syscall
 * left on the kernel stack is overwritten with a poison value before user code
 * runs again, so that an uninitialised variable in a later syscall reads the
 * poison instead of an earlier syscall's data. docs/stackleak.md tells the
 * whole story.
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
 * Two halves: the first is pure, over explicit addresses, so the host tests
 * (tests/host/test_stackleak.c, with STACKLEAK_PURE) run it on fake stacks;
 * the second is the kernel's hooks. User programs' constants: uapi/stackleak.h.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_STACKLEAK_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_STACKLEAK_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>
#include <uapi/stackleak.h> /* STACKLEAK_POISON and the syscalls' arguments */

/*
 * How much consecutive poison the search wants to see before it believes it
 * has reached the untouched part of the stack: 128 bytes, 16 words, as in
 * Linux. A hole this big inside one frame would stop it early, so a function
 * whose frame is bigger calls stackleak_track_stack() first thing
 * (tools/check-frames fails the link otherwise; docs/stackleak.md, section
 * 4). An arch whose ABI makes every frame big asks for a deeper search with
 * -DSTACKLEAK_SEARCH_DEPTH=<bytes> in its Makefile.arch; less than the
 * minimum is raised to it.
 */
#ifndef STACKLEAK_SEARCH_DEPTH_MIN
#define STACKLEAK_SEARCH_DEPTH_MIN 128
#endif
#if !defined(STACKLEAK_SEARCH_DEPTH) || STACKLEAK_SEARCH_DEPTH < STACKLEAK_SEARCH_DEPTH_MIN
#undef STACKLEAK_SEARCH_DEPTH
#define STACKLEAK_SEARCH_DEPTH STACKLEAK_SEARCH_DEPTH_MIN
#endif

/* --- the pure half: fake stacks on the host, the real one in the kernel --- */

/*
 * The two loops, which an arch may write with its own instructions in its
 * asm/stackleak.h. Both work on whole words and call nothing.
 * stackleak_poison_run(p, n): how many of the n words below p, counted from
 * p down, are poison before the first one that is not (n if all are).
 */
#if !defined(STACKLEAK_PURE) && defined(__has_include)
#if __has_include(<asm/stackleak.h>)
#include <asm/stackleak.h>
#endif
#endif

/*
 * arch_stackleak_used_run(p, n), if given: how many of the n >= 1 words below
 * p, from p down, are not poison before the first one that is (n if none is).
 * An arch may give, as ARCH_STACKLEAK_POISON_WORD, the instructions that load
 * the word at -.Lsl_off(%[p]) (into %[a], if they need a register) and branch
 * to %l[count] unless it is %[poison]. The search's usual question, a whole
 * depth, and usual answer, all of it poison, is then one straight line of
 * them, no counter. (.Lsl_off is an assembler variable: .set may redefine it
 * in every copy.)
 */
#ifndef ARCH_STACKLEAK_P
#define ARCH_STACKLEAK_P "r" /* the constraint of %[p] */
#endif
#ifndef arch_stackleak_poison_run
static __always_inline unsigned long stackleak_poison_run(unsigned long p, unsigned long n)
{
	const unsigned long *w = (const unsigned long *)p;
	unsigned long k = 0;

#ifdef ARCH_STACKLEAK_POISON_WORD
	unsigned long a;

	if (n == STACKLEAK_SEARCH_DEPTH / sizeof(unsigned long)) {
		__asm__ __volatile__ goto(
		    ".set	.Lsl_off, 8\n\t"
		    ".rept	%c[words]\n\t" ARCH_STACKLEAK_POISON_WORD
		    ".set	.Lsl_off, .Lsl_off + 8\n\t"
		    ".endr"
		    : [a] "=&r"(a)
		    : [p] ARCH_STACKLEAK_P(p), [poison] "r"(STACKLEAK_POISON),
		      [words] "i"(STACKLEAK_SEARCH_DEPTH / sizeof(unsigned long))
		    : "cc", "memory"
		    : count);
		return n;
	}
count:
#endif
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
 * The order of the search's steps, the same answer either way: 0 steps over
 * the used words right below the top before each look at a run of poison; 1
 * (an arch's asm/stackleak.h) looks at the run first, cheaper where a short
 * syscall's handler writes nothing below the dispatcher (powerpc's leaves).
 */
#ifndef STACKLEAK_SEARCH_RUN_FIRST
#define STACKLEAK_SEARCH_RUN_FIRST 0
#endif

/*
 * Scans down from high (exclusive) towards low (inclusive) and returns the
 * address just above the poisoned region: the lowest non-poison word seen
 * before STACKLEAK_SEARCH_DEPTH bytes of consecutive poison (or before low),
 * or high itself. Mark Rutland's 2022 form (Linux's
 * stackleak_find_top_of_poison): the run that ended the search lies below
 * the answer, and the erase does not rewrite it.
 */
static __always_inline unsigned long
__stackleak_find_top_of_poison(unsigned long low, unsigned long high, bool run_first)
{
	const unsigned long depth = STACKLEAK_SEARCH_DEPTH / sizeof(unsigned long);
	unsigned long top = high;

	for (;;) {
		unsigned long n = depth, k;

		/* Used words right below the top (dead frames): each is the new top. */
		if (!run_first && top > low &&
		    *(const unsigned long *)(top - sizeof(unsigned long)) != STACKLEAK_POISON) {
#ifdef arch_stackleak_used_run
			top -= arch_stackleak_used_run(top, (top - low) / sizeof(unsigned long)) *
			       sizeof(unsigned long);
#else
			do
				top -= sizeof(unsigned long);
			while (top > low && *(const unsigned long *)(top - sizeof(unsigned long)) !=
						STACKLEAK_POISON);
#endif
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
 * What one erase writes: [from, gap_low) and [gap_high, to), around the gap
 * stackleak_skip_gap() recorded. With no gap, gap_low == gap_high == to.
 */
struct stackleak_erase_range {
	unsigned long from, gap_low, gap_high, to;
};

/*
 * The plan of one erase, over explicit addresses: the stack's low end (the
 * word above the canary), the tracked lowest_stack, the recorded gap, and the
 * eraser's stack pointer sp, which bounds everything. The search starts at
 * the lowest of lowest_stack, the gap and sp: below the gap only dead frames
 * can be. Unchecked, because the erase runs on every return to user mode:
 * low < sp, all of them whole words in [low, high]. A gap above sp is cut at
 * sp; gap_low above gap_high (the reset value, gap_low at the top) is no gap.
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

/* The self-check: the non-poison words in [low, high), the highest in *first (or 0). */
static __always_inline unsigned long
stackleak_count_non_poison(unsigned long low, unsigned long high, unsigned long *first)
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
#define arch_stackleak_sp() current_stack_pointer()
#endif

/*
 * The lowest word we may poison: the one above the STACK_END_MAGIC canary;
 * the highest: everything from the saved user registers up is never erased.
 * Macros, so that this header needs no task.h (its users include it).
 */
#define stackleak_low_bound(t)	((unsigned long)(t)->stack + sizeof(unsigned long))
#define stackleak_high_bound(t) ((unsigned long)task_pt_regs(t))

/* task_struct.stackleak_enabled 2 (stackleak=verify): every erase verifies itself. */
#define STACKLEAK_VERIFY 2

/*
 * What the verifying erases found: how many ran, how many left a non-poison
 * word below themselves, the first such word, its value, and the syscall the
 * erase followed. stackleak_check() (kernel/lkdtm.c) reports and clears it.
 */
struct stackleak_verify {
	unsigned long erases, failures, addr, value, nr;
};
extern struct stackleak_verify stackleak_verify;

/*
 * stackleak_skip_gap(t, ptr, size, called): add_random_kstack_offset()'s
 * alloca of size bytes at ptr, in task t (kernel/randomize_kstack.h). Nobody
 * writes there during the syscall and it held poison when the syscall began,
 * so the erase skips it (docs/stackleak.md, section 3), unless the offset's
 * draw called a function (called), whose frame was there: then the gap is
 * empty. The gap ends where SP was before the alloca (SP + size): where the
 * ABI keeps a callee area at SP (powerpc64, s390x) the block starts above it.
 * The word below SP is the deepest point so far (lowest_stack, never raised):
 * the search starts there.
 */
#define stackleak_skip_gap(t, ptr, size, called)                                    \
	do {                                                                        \
		struct task_struct *t__ = (t);                                      \
		unsigned long sp__ = current_stack_pointer();                       \
		unsigned long low__ = (unsigned long)(ptr), high__ = sp__ + (size); \
		if (called)                                                         \
			high__ = low__;                                             \
		else if (high__ < low__)                                            \
			low__ = high__;                                             \
		t__->stackleak_gap_low = low__;                                     \
		t__->stackleak_gap_high = high__;                                   \
		if (sp__ - sizeof(long) < t__->lowest_stack)                        \
			t__->lowest_stack = sp__ - sizeof(long);                    \
	} while (0)

/*
 * The tracking: records the caller's depth in current->lowest_stack if it is
 * the deepest point since the last erase (its own stack pointer, just below
 * the caller's whole frame). A function whose frame is bigger than
 * STACKLEAK_SEARCH_DEPTH calls it first thing (tools/check-frames makes sure).
 */
void stackleak_track_stack(void);

/*
 * The erase, called by entry.S on every return to user mode, after the last C
 * call (ret_to_user): re-poisons what was used since the last erase,
 * except the gap, resets lowest_stack and the gap, and counts the bytes in
 * kernel_stats. It calls nothing and writes only below its own stack pointer.
 */
void stackleak_erase_on_task_stack(void);

#endif /* STACKLEAK_PURE */

#endif
