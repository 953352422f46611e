/* SPDX-License-Identifier: MIT */
/*
 * LoongArch's part of the stackleak erase (include/trapdoor/stackleak.h): the
 * two loops, two words a round. The erase calls nothing and keeps nothing on
 * the stack (STACKLEAK_ERASER_FRAME is 0 here: `bl` leaves the return address
 * in ra), so these are inline assembly with few registers: the address, a
 * loaded word or a count, the bound and the poison.
 */
#ifndef TRAPDOOR_ARCH_LOONGARCH_ASM_STACKLEAK_H
#define TRAPDOOR_ARCH_LOONGARCH_ASM_STACKLEAK_H

/*
 * How many of the n words below p are poison, counted from p down, before
 * the first one that is not: q walks down from p, two words a round, and
 * stops at a word that differs or at p - 8n; the answer is (p - q) / 8.
 */
static __always_inline unsigned long stackleak_poison_run_pairs(unsigned long p, unsigned long n)
{
	unsigned long q = p, end = p - n * sizeof(unsigned long), w;

	__asm__ __volatile__(
		"andi	%[w], %[n], 1\n\t"		/* an odd count: one word first */
		"beqz	%[w], 2f\n\t"			/* even: straight to the pairs */
		"ld.d	%[w], %[q], -8\n\t"		/* the word below q */
		"bne	%[w], %[poison], 3f\n\t"	/* not poison: stop, q above it */
		"addi.d	%[q], %[q], -8\n"		/* poison: q below it */
		"2:\n\t"
		"beq	%[q], %[end], 3f\n"		/* no words left (n was 0 or 1) */
		"1:\n\t"
		"ld.d	%[w], %[q], -8\n\t"		/* the first word of the pair */
		"bne	%[w], %[poison], 3f\n\t"	/* not poison: stop, q above it */
		"ld.d	%[w], %[q], -16\n\t"		/* the second */
		"bne	%[w], %[poison], 4f\n\t"	/* not poison: q must pass the first */
		"addi.d	%[q], %[q], -16\n\t"		/* both poison: the next pair */
		"bne	%[q], %[end], 1b\n\t"		/* until the n words are seen */
		"b	3f\n"				/* all of them poison */
		"4:\n\t"
		"addi.d	%[q], %[q], -8\n"		/* the first of the pair was poison */
		"3:"
		: [q] "+r"(q), [w] "=&r"(w)
		: [n] "r"(n), [end] "r"(end), [poison] "r"(STACKLEAK_POISON)
		: "memory");
	return (p - q) / sizeof(unsigned long);
}

/*
 * The same answer. A whole search depth below p, the round that ends most
 * searches, is one load and one branch a word, unrolled by the assembler
 * (.rept, the offset counted in a symbol of this asm's own, %=); if a word
 * differs, the pairs above count again up to it.
 */
static __always_inline unsigned long arch_stackleak_poison_run(unsigned long p, unsigned long n)
{
	if (n != STACKLEAK_SEARCH_DEPTH / sizeof(unsigned long))
		return stackleak_poison_run_pairs(p, n);
	__asm__ goto(
		".set	.Lsl_off%=, 8\n\t"		/* the first word: just below p */
		".rept	%c[words]\n\t"			/* once for each word of the depth */
		"ld.d	$t8, %[p], -.Lsl_off%=\n\t"	/* the word, from the top down */
		"bne	$t8, %[poison], %l[mixed]\n\t"	/* not poison: count it the slow way */
		".set	.Lsl_off%=, .Lsl_off%= + 8\n\t"	/* the next word down */
		".endr"
		: : [p] "r"(p), [poison] "r"(STACKLEAK_POISON),
		    [words] "i"(STACKLEAK_SEARCH_DEPTH / sizeof(unsigned long))
		: "$t8", "memory" : mixed);
	return n;
mixed:
	return stackleak_poison_run_pairs(p, n);
}
#define arch_stackleak_poison_run arch_stackleak_poison_run

/* Poison over [from, to), whole words, from < to: one word if the count is odd, then pairs. */
static __always_inline void arch_stackleak_poison_words(unsigned long from, unsigned long to)
{
	unsigned long odd;

	__asm__ __volatile__(
		"sub.d	%[odd], %[to], %[p]\n\t"	/* the bytes to write */
		"andi	%[odd], %[odd], 8\n\t"		/* an odd number of words? */
		"beqz	%[odd], 1f\n\t"			/* even: straight to the pairs */
		"st.d	%[poison], %[p], 0\n\t"		/* odd: one word first */
		"addi.d	%[p], %[p], 8\n\t"		/* the next one */
		"beq	%[p], %[to], 2f\n"		/* that was the only one */
		"1:\n\t"
		"st.d	%[poison], %[p], 0\n\t"		/* a pair of words */
		"st.d	%[poison], %[p], 8\n\t"
		"addi.d	%[p], %[p], 16\n\t"		/* the next pair */
		"bltu	%[p], %[to], 1b\n"		/* until p reaches to */
		"2:"
		: [p] "+r"(from), [odd] "=&r"(odd)
		: [to] "r"(to), [poison] "r"(STACKLEAK_POISON)
		: "memory");
}
#define arch_stackleak_poison_words arch_stackleak_poison_words

#endif
