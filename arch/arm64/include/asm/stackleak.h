/* SPDX-License-Identifier: MIT */
/*
 * arm64's two loops of the stackleak erase (include/trapdoor/stackleak.h):
 * the poison search and the poison stores, with paired loads and stores
 * (ldp, stp) and the compare chain of ccmp. docs/hardening-arm64.md says
 * what they cost.
 *
 * Neither calls anything nor uses the stack: the erase runs them below its
 * own stack pointer, over the dead frames it rewrites.
 */
#ifndef TRAPDOOR_ARCH_ARM64_ASM_STACKLEAK_H
#define TRAPDOOR_ARCH_ARM64_ASM_STACKLEAK_H

#include <trapdoor/compiler.h>

/*
 * How many of the n words below p are poison, counted from p down, before
 * the first one that is not.
 *
 * The search asks for a whole search depth (16 words) on almost every call,
 * and on the way out of a short syscall the answer is "all of them": the
 * dead frames are already poison. That case is one unrolled chain: 8 ldp,
 * and each word compared with ccmp, which compares only while every word so
 * far matched (eq) and otherwise sets the flags to "not equal" (nzcv = 0).
 * One branch at the end. If the first pair already differs (a dead frame
 * right below p, the search's usual first step in a deep syscall), the
 * chain is skipped and the one-word loop finds the exact count.
 */
static __always_inline unsigned long arch_stackleak_poison_run(unsigned long p, unsigned long n)
{
	const unsigned long poison = STACKLEAK_POISON;
	unsigned long q = p, a, b, k = 0;

	BUILD_BUG_ON(STACKLEAK_SEARCH_DEPTH % 16); /* whole pairs */
	if (!n)
		return 0;
	if (n == STACKLEAK_SEARCH_DEPTH / sizeof(unsigned long)) {
		unsigned long all;

		__asm__ __volatile__(
		    "ldp	%[a], %[b], [%[q], #-16]!\n\t" /* the pair just below p */
		    "cmp	%[b], %[poison]\n\t"	       /* the higher word poison, */
		    "ccmp	%[a], %[poison], #0, eq\n\t"   /*   and the lower: eq, else ne */
		    "b.ne	1f\n\t"			       /* no: count word by word */
		    ".rept	%c[pairs] - 1\n\t"	       /* the other pairs, downwards: */
		    "ldp	%[a], %[b], [%[q], #-16]!\n\t" /*   the next two words */
		    "ccmp	%[b], %[poison], #0, eq\n\t"   /*   still eq only if all so far */
		    "ccmp	%[a], %[poison], #0, eq\n\t"   /*   and these two are poison */
		    ".endr\n"
		    "1:	cset	%[all], eq" /* 1: the whole depth is poison */
		    : [a] "=&r"(a), [b] "=&r"(b), [q] "+r"(q), [all] "=r"(all)
		    : [poison] "r"(poison), [pairs] "i"(STACKLEAK_SEARCH_DEPTH / 16)
		    : "cc", "memory");
		if (all)
			return n;
		q = p;
	}
	__asm__ __volatile__("1:	ldr	%[a], [%[q], #-8]!\n\t" /* the next word down */
			     "cmp	%[a], %[poison]\n\t"		/* poison? */
			     "b.ne	2f\n\t"				/* no: k is the answer */
			     "add	%[k], %[k], #1\n\t"		/* yes: one more */
			     "cmp	%[k], %[n]\n\t"			/* all n of them? */
			     "b.lo	1b\n"				/* not yet: go on down */
			     "2:"
			     : [a] "=&r"(a), [q] "+r"(q), [k] "+r"(k)
			     : [poison] "r"(poison), [n] "r"(n)
			     : "cc", "memory");
	return k;
}
#define arch_stackleak_poison_run arch_stackleak_poison_run

/*
 * Poison over [from, to), whole words, from < to: stp writes two words at a
 * time; an odd count gets one str first.
 */
static __always_inline void arch_stackleak_poison_words(unsigned long from, unsigned long to)
{
	const unsigned long poison = STACKLEAK_POISON;
	unsigned long len;

	__asm__ __volatile__(
	    "sub	%[len], %[to], %[from]\n\t"   /* bytes to write */
	    "tbz	%[len], #3, 1f\n\t"	      /* an even number of words: pairs only */
	    "str	%[poison], [%[from]], #8\n\t" /* the odd word, from += 8 */
	    "b	2f\n"				      /* perhaps that was all */
	    "1:	stp	%[poison], %[poison], [%[from]], #16\n" /* two words, from += 16 */
	    "2:	cmp	%[from], %[to]\n\t"			/* below to still? */
	    "b.lo	1b"					/* then two more */
	    : [from] "+r"(from), [len] "=&r"(len)
	    : [to] "r"(to), [poison] "r"(poison)
	    : "cc", "memory");
}
#define arch_stackleak_poison_words arch_stackleak_poison_words

#endif
