// SPDX-License-Identifier: MIT
/*
 * The pure half of stackleak (include/trapdoor/stackleak.h) on fake stacks:
 * the search for the top of the poison, the erase range it gives, the hole a
 * missing tracking call leaves, and the promises the kernel relies on -- the
 * erase never writes at or above the stack pointer, never the canary, and
 * writes nothing when nothing was used.
 *
 * A fake stack is an array of words; word 0 is the canary, the last
 * FAKE_REGS words stand for pt_regs. Index i is the address of w[i].
 */
#include <criterion/criterion.h>

/* The algorithm at a 16-word depth, so a fake stack of 96 words can show it. */
#define STACKLEAK_SEARCH_DEPTH_MIN 128
#define STACKLEAK_PURE
#include <trapdoor/stackleak.h>

#define FAKE_WORDS 96
#define FAKE_REGS  8
#define CANARY	   0x57AC6E9DUL
#define DIRT	   0xd1e7d1e7d1e7d1e7UL /* a dead frame's leftovers */
#define LIVE	   0x11fe11fe11fe11feUL /* the eraser's own live frames */

static unsigned long w[FAKE_WORDS];

static unsigned long at(int i)
{
	return (unsigned long)&w[i];
}

#define LOW  at(1)
#define HIGH at(FAKE_WORDS - FAKE_REGS)

/* One whole erase over explicit addresses, as the kernel's; returns the bytes written. */
static unsigned long stackleak_erase_range(unsigned long low, unsigned long lowest,
					   unsigned long gap_low, unsigned long gap_high,
					   unsigned long sp)
{
	struct stackleak_erase_range r;

	stackleak_erase_plan(low, lowest, gap_low, gap_high, sp, &r);
	return stackleak_erase_apply(&r);
}

/* An erase with no gap: a return that did not go through a syscall's offset. */
#define erase_nogap(lowest, sp) stackleak_erase_range(LOW, (lowest), HIGH, HIGH, (sp))

/* A freshly poisoned stack: canary, poison, pt_regs. */
static void fresh_stack(void)
{
	w[0] = CANARY;
	for (int i = 1; i < FAKE_WORDS; i++)
		w[i] = i < FAKE_WORDS - FAKE_REGS ? STACKLEAK_POISON : 0x7e675UL + i;
}

/* Fills w[from..to] inclusive. */
static void fill(int from, int to, unsigned long v)
{
	for (int i = from; i <= to; i++)
		w[i] = v;
}

static void expect_poison(int from, int to)
{
	for (int i = from; i <= to; i++)
		cr_expect_eq(w[i], STACKLEAK_POISON, "word %d is 0x%lx, not poison", i, w[i]);
}

static void expect_untouched_outside_stack(void)
{
	cr_expect_eq(w[0], CANARY, "the canary was overwritten");
	for (int i = FAKE_WORDS - FAKE_REGS; i < FAKE_WORDS; i++)
		cr_expect_eq(w[i], 0x7e675UL + i, "pt_regs word %d was overwritten", i);
}

Test(stackleak, poison_is_linux_minus_beef)
{
	cr_assert_eq(STACKLEAK_POISON, 0xffffffffffff4111UL);
	cr_assert_eq(STACKLEAK_SEARCH_DEPTH / sizeof(unsigned long), 16);
}

Test(stackleak, find_top_of_all_poison_is_the_start)
{
	fresh_stack();
	cr_assert_eq(stackleak_find_top_of_poison(LOW, at(70)), at(70));
}

Test(stackleak, find_top_stops_at_the_lowest_used_word)
{
	fresh_stack();
	fill(40, 69, DIRT);
	cr_assert_eq(stackleak_find_top_of_poison(LOW, at(70)), at(40));
}

Test(stackleak, find_top_crosses_a_hole_of_15_words)
{
	fresh_stack();
	fill(50, 69, DIRT);
	/* 35..49 stay poison: 15 words, one short of the search depth */
	fill(30, 34, DIRT);
	cr_assert_eq(stackleak_find_top_of_poison(LOW, at(70)), at(30));
}

Test(stackleak, find_top_stops_at_a_hole_of_16_words)
{
	fresh_stack();
	fill(50, 69, DIRT);
	/* 34..49 stay poison: 16 words, the search depth: the search ends there */
	fill(30, 33, DIRT);
	cr_assert_eq(stackleak_find_top_of_poison(LOW, at(70)), at(50));
}

Test(stackleak, find_top_ends_at_the_low_bound)
{
	fresh_stack();
	fill(1, 69, DIRT);
	cr_assert_eq(stackleak_find_top_of_poison(LOW, at(70)), LOW);
}

/*
 * The definition, a word at a time: from high down, the lowest non-poison
 * word seen before a whole depth of consecutive poison, or low.
 */
static unsigned long find_top_reference(unsigned long low, unsigned long high)
{
	unsigned long top = high, run = 0;

	for (unsigned long p = high; p > low;) {
		p -= sizeof(unsigned long);
		if (*(const unsigned long *)p != STACKLEAK_POISON) {
			top = p;
			run = 0;
		} else if (++run == STACKLEAK_SEARCH_DEPTH / sizeof(unsigned long)) {
			break;
		}
	}
	return top;
}

Test(stackleak, find_top_both_orders_agree_with_the_definition)
{
	unsigned long x = 0x2545f4914f6cdd1dUL; /* xorshift64: the same stacks every run */

	for (int round = 0; round < 20000; round++) {
		int start;

		fresh_stack();
		/* Runs of dirt and poison of random lengths: holes of every size near 16. */
		for (int i = 1; i < FAKE_WORDS - FAKE_REGS;) {
			int len;

			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			len = 1 + (int)(x % 20);
			if (x & 0x100000)
				fill(i,
				     i + len - 1 < FAKE_WORDS - FAKE_REGS - 1 ?
					 i + len - 1 :
					 FAKE_WORDS - FAKE_REGS - 1,
				     DIRT);
			i += len;
		}
		start = 1 + (int)((x >> 32) % (FAKE_WORDS - FAKE_REGS));
		cr_assert_eq(__stackleak_find_top_of_poison(LOW, at(start), false),
			     find_top_reference(LOW, at(start)), "round %d, steps first", round);
		cr_assert_eq(__stackleak_find_top_of_poison(LOW, at(start), true),
			     find_top_reference(LOW, at(start)), "round %d, run first", round);
	}
}

Test(stackleak, erase_after_a_syscall_poisons_exactly_the_used_part)
{
	fresh_stack();
	fill(70, FAKE_WORDS - FAKE_REGS - 1, LIVE); /* sp = at(70) */
	fill(40, 69, DIRT);			    /* the syscall's dead frames */
	cr_assert_eq(erase_nogap(at(45), at(70)), 30 * sizeof(long));
	expect_poison(1, 69);
	for (int i = 70; i < FAKE_WORDS - FAKE_REGS; i++)
		cr_expect_eq(w[i], LIVE, "live word %d was overwritten", i);
	expect_untouched_outside_stack();
}

Test(stackleak, erase_does_not_rewrite_the_poison_it_searched)
{
	fresh_stack();
	fill(60, 69, DIRT);
	/* Mark Rutland's 2022 rework: 10 used words, 10 written; not 10 + 16 + 2. */
	cr_assert_eq(erase_nogap(at(60), at(70)), 10 * sizeof(long));
	expect_poison(1, 69);
}

Test(stackleak, erase_writes_nothing_when_nothing_was_used)
{
	fresh_stack();
	fill(70, FAKE_WORDS - FAKE_REGS - 1, LIVE);
	cr_assert_eq(erase_nogap(HIGH, at(70)), 0);
	cr_assert_eq(erase_nogap(at(70), at(70)), 0);
	expect_poison(1, 69);
}

Test(stackleak, erase_never_writes_at_or_above_sp)
{
	fresh_stack();
	/* lowest_stack still at the top: a return from an interrupt, no syscall. */
	fill(66, FAKE_WORDS - FAKE_REGS - 1, LIVE); /* sp = at(66) */
	fill(50, 65, DIRT);
	cr_assert_eq(erase_nogap(HIGH, at(66)), 16 * sizeof(long));
	expect_poison(1, 65);
	for (int i = 66; i < FAKE_WORDS - FAKE_REGS; i++)
		cr_expect_eq(w[i], LIVE, "live word %d was overwritten", i);
	expect_untouched_outside_stack();
}

Test(stackleak, erase_starts_below_live_poison_when_lowest_is_above_sp)
{
	fresh_stack();
	/* The live frames hold 16 poison-valued words: a scan from lowest_stack
	 * would stop inside them. The scan starts at sp instead. */
	fill(60, FAKE_WORDS - FAKE_REGS - 1, LIVE);
	fill(64, 79, STACKLEAK_POISON);
	fill(45, 59, DIRT);
	cr_assert_eq(erase_nogap(HIGH, at(60)), 15 * sizeof(long));
	expect_poison(1, 59);
}

Test(stackleak, untracked_hole_leaves_the_words_below_it)
{
	fresh_stack();
	fill(70, FAKE_WORDS - FAKE_REGS - 1, LIVE);
	fill(60, 69, DIRT); /* the callers' frames, tracked down to 60 */
	/* 40..59: a 20-word buffer nothing wrote */
	fill(30, 39, DIRT); /* deeper calls, below the hole */
	erase_nogap(at(60), at(70));
	expect_poison(40, 69);
	for (int i = 30; i <= 39; i++)
		cr_expect_eq(w[i], DIRT, "word %d: the search should have stopped at the hole", i);
}

Test(stackleak, tracked_hole_is_erased_with_everything_below_it)
{
	fresh_stack();
	fill(70, FAKE_WORDS - FAKE_REGS - 1, LIVE);
	fill(60, 69, DIRT);
	fill(30, 39, DIRT);
	/* stackleak_track_stack() in the function that owns the hole: lowest = 38 */
	cr_assert_eq(erase_nogap(at(38), at(70)), 40 * sizeof(long));
	expect_poison(1, 69);
}

Test(stackleak, count_non_poison_names_the_highest_bad_word)
{
	unsigned long first;

	fresh_stack();
	cr_assert_eq(stackleak_count_non_poison(LOW, at(70), &first), 0);
	cr_assert_eq(first, 0);
	w[20] = DIRT;
	w[33] = 0;
	cr_assert_eq(stackleak_count_non_poison(LOW, at(70), &first), 2);
	cr_assert_eq(first, at(33));
}

Test(stackleak, plan_ends_at_sp_and_writes_nothing)
{
	struct stackleak_erase_range r;

	fresh_stack();
	fill(50, 69, DIRT);
	stackleak_erase_plan(LOW, at(55), HIGH, HIGH, at(70), &r);
	cr_assert_eq(r.from, at(50));
	cr_assert_eq(r.to, at(70));
	cr_assert_eq(stackleak_erase_bytes(&r), 20 * sizeof(long));
	stackleak_erase_plan(LOW, HIGH, HIGH, HIGH, at(50), &r);
	cr_assert_eq(r.from, at(50), "nothing used below sp: the erase starts and ends at sp");
	cr_assert_eq(stackleak_erase_bytes(&r), 0);
	cr_expect_eq(w[50], DIRT, "planning writes nothing");
}

Test(stackleak, poison_run_counts_down_to_the_first_other_word)
{
	fresh_stack();
	w[60] = DIRT;
	cr_assert_eq(stackleak_poison_run(at(70), 16), 9, "words 69..61 are poison, 60 is not");
	cr_assert_eq(stackleak_poison_run(at(70), 5), 5);
	cr_assert_eq(stackleak_poison_run(at(61), 16), 0);
}

/*
 * The gap: the syscall's offset, [gap_low, gap_high). The dispatcher's frame
 * is above it (66..69 here), the handler's frames below (30..39), the eraser's
 * live frame from sp (70) up.
 */
static void syscall_stack(void)
{
	fresh_stack();
	fill(70, FAKE_WORDS - FAKE_REGS - 1, LIVE);
	fill(66, 69, DIRT); /* the dispatcher's own frame */
	/* 40..65: the gap, still poison */
	fill(30, 39, DIRT); /* the handler's frames */
}

Test(stackleak, gap_is_skipped_and_both_sides_erased)
{
	syscall_stack();
	cr_assert_eq(stackleak_erase_range(LOW, HIGH, at(40), at(66), at(70)), 14 * sizeof(long),
		     "10 words below the gap, 4 above; the 26 of the gap skipped");
	expect_poison(1, 69);
	expect_untouched_outside_stack();
}

Test(stackleak, gap_is_not_written)
{
	syscall_stack();
	w[50] = DIRT; /* what the erase would wrongly leave if anything wrote the gap */
	erase_nogap(HIGH, at(70));
	cr_expect_eq(w[50], STACKLEAK_POISON, "without a gap the erase covers it");
	syscall_stack();
	w[50] = DIRT;
	stackleak_erase_range(LOW, HIGH, at(40), at(66), at(70));
	cr_expect_eq(w[50], DIRT, "with the gap the erase does not look inside it");
	expect_poison(30, 39);
	expect_poison(66, 69);
}

Test(stackleak, search_starts_below_the_gap)
{
	/* A gap bigger than the search depth: a search from sp would stop in it. */
	syscall_stack();
	cr_assert_eq(erase_nogap(HIGH, at(70)), 4 * sizeof(long),
		     "the 26 poison words of the gap end a search from sp");
	syscall_stack();
	stackleak_erase_range(LOW, HIGH, at(40), at(66), at(70));
	expect_poison(30, 39);
}

Test(stackleak, tracked_point_below_the_gap_extends_the_erase)
{
	syscall_stack();
	fill(5, 9, DIRT); /* below a 20-word hole (10..29): only tracking finds it */
	stackleak_erase_range(LOW, at(8), at(40), at(66), at(70));
	expect_poison(1, 39);
	expect_poison(66, 69);
}

Test(stackleak, gap_above_sp_means_no_gap)
{
	syscall_stack();
	/* [HIGH, HIGH): the reset value; clamped to sp, no gap. */
	w[50] = DIRT;
	fill(40, 49, DIRT);
	stackleak_erase_range(LOW, HIGH, HIGH, HIGH, at(70));
	expect_poison(30, 69);
	syscall_stack();
	w[50] = DIRT;
	/* a gap above sp: cut at sp, it is no gap */
	stackleak_erase_range(LOW, at(30), at(72), HIGH, at(70));
	expect_poison(1, 69);
	syscall_stack();
	w[50] = DIRT;
	/* the reset value: gap_low at the top, an old gap_high below it */
	stackleak_erase_range(LOW, at(30), HIGH, at(66), at(70));
	expect_poison(1, 69);
	expect_untouched_outside_stack();
}
