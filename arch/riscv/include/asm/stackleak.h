/* SPDX-License-Identifier: MIT */
/*
 * riscv's two loops of the stackleak erase (include/trapdoor/stackleak.h):
 * the poison search unrolled over the whole search depth, the poison stores
 * two at a time. docs/hardening-riscv.md says what they cost.
 *
 * Neither calls anything nor uses the stack: the erase runs them below its
 * own stack pointer, over the dead frames it rewrites.
 */
#ifndef TRAPDOOR_ARCH_RISCV_ASM_STACKLEAK_H
#define TRAPDOOR_ARCH_RISCV_ASM_STACKLEAK_H

#include <trapdoor/compiler.h>

/*
 * How many of the n words below p are poison, counted from p down, before
 * the first one that is not. The usual question is a whole search depth and
 * the usual answer "all of them": a straight line of one ld and one bne per
 * word, no counter. A first word that is not poison answers 0 at once; any
 * later one goes to the one-word loop, which counts from p again. (.Lsl_off
 * is an assembler variable: .set may redefine it in every copy.)
 */
static __always_inline unsigned long arch_stackleak_poison_run(unsigned long p, unsigned long n)
{
	const unsigned long poison = STACKLEAK_POISON;
	unsigned long q, a, k;

	/* One block, so that its constants take no register outside it. */
	__asm__ __volatile__(
		"li	%[a], %c[words]\n\t"		/* a whole search depth asked for? */
		"bne	%[n], %[a], 3f\n\t"		/* no: one word at a time */
		"ld	%[a], -8(%[p])\n\t"		/* the first word down */
		"bne	%[a], %[poison], 4f\n\t"	/* not poison: the answer is 0 */
		".set	.Lsl_off, 16\n\t"		/* p - 16: the second word down */
		".rept	%c[words] - 1\n\t"		/* each other word of the depth: */
		"ld	%[a], -.Lsl_off(%[p])\n\t"	/*   load it */
		"bne	%[a], %[poison], 3f\n\t"	/*   not poison: count exactly */
		".set	.Lsl_off, .Lsl_off + 8\n\t"	/*   on to the next one down */
		".endr\n\t"
		"mv	%[k], %[n]\n\t"		/* all n are poison */
		"j	2f\n"
		"4:	li	%[k], 0\n\t"		/* the first word is not poison */
		"j	2f\n"
		"3:	mv	%[q], %[p]\n\t"	/* from p down, */
		"li	%[k], 0\n\t"			/*   none counted yet */
		"beqz	%[n], 2f\n"			/* no words: none are poison */
		"1:	ld	%[a], -8(%[q])\n\t"	/* the next word down */
		"bne	%[a], %[poison], 2f\n\t"	/* not poison: k is the answer */
		"addi	%[k], %[k], 1\n\t"		/* poison: one more */
		"addi	%[q], %[q], -8\n\t"		/* and one word lower */
		"bltu	%[k], %[n], 1b\n"		/* all n of them yet? */
		"2:"
		: [a] "=&r"(a), [q] "=&r"(q), [k] "=&r"(k)
		: [p] "r"(p), [n] "r"(n), [poison] "r"(poison),
		  [words] "i"(STACKLEAK_SEARCH_DEPTH / sizeof(unsigned long))
		: "memory");
	return k;
}
#define arch_stackleak_poison_run arch_stackleak_poison_run

/*
 * Poison over [from, to), whole words, from < to: two sd per round; an odd
 * count gets one sd first.
 */
static __always_inline void arch_stackleak_poison_words(unsigned long from, unsigned long to)
{
	const unsigned long poison = STACKLEAK_POISON;
	unsigned long odd;

	__asm__ __volatile__(
		"sub	%[odd], %[to], %[from]\n\t"	/* bytes to write ... */
		"andi	%[odd], %[odd], 8\n\t"		/* ... an odd number of words? */
		"beqz	%[odd], 1f\n\t"			/* no: pairs only */
		"sd	%[poison], 0(%[from])\n\t"	/* the odd word */
		"addi	%[from], %[from], 8\n\t"	/* from += 8 */
		"j	2f\n"				/* perhaps that was all */
		"1:	sd	%[poison], 0(%[from])\n\t"	/* two words */
		"sd	%[poison], 8(%[from])\n\t"
		"addi	%[from], %[from], 16\n"		/* from += 16 */
		"2:	bltu	%[from], %[to], 1b"		/* below to still: two more */
		: [from] "+r"(from), [odd] "=&r"(odd)
		: [to] "r"(to), [poison] "r"(poison)
		: "memory");
}
#define arch_stackleak_poison_words arch_stackleak_poison_words

#endif
