/* SPDX-License-Identifier: MIT */
/*
 * riscv's part of the stackleak erase (include/trapdoor/stackleak.h): the
 * poison search's straight line and the poison stores, two at a time;
 * docs/hardening-riscv.md says what they cost. Neither calls anything nor
 * uses the stack: the erase runs them below its own stack pointer.
 */
#ifndef TRAPDOOR_ARCH_RISCV_ASM_STACKLEAK_H
#define TRAPDOOR_ARCH_RISCV_ASM_STACKLEAK_H

#include <trapdoor/compiler.h>

/* The search's straight line: one ld and one bne a word (include/trapdoor/stackleak.h). */
#define ARCH_STACKLEAK_POISON_WORD                                       \
	"ld	%[a], -.Lsl_off(%[p])\n\t"	/* the next word down */ \
	"bne	%[a], %[poison], %l[count]\n\t" /* not poison: count */

/*
 * Poison over [from, to), whole words, from < to: two sd per round; an odd
 * count gets one sd first.
 */
static __always_inline void arch_stackleak_poison_words(unsigned long from, unsigned long to)
{
	const unsigned long poison = STACKLEAK_POISON;
	unsigned long odd;

	__asm__ __volatile__("sub	%[odd], %[to], %[from]\n\t" /* bytes to write ... */
			     "andi	%[odd], %[odd], 8\n\t"	   /* ... an odd number of words? */
			     "beqz	%[odd], 1f\n\t"		   /* no: pairs only */
			     "sd	%[poison], 0(%[from])\n\t" /* the odd word */
			     "addi	%[from], %[from], 8\n\t"   /* from += 8 */
			     "j	2f\n"				   /* perhaps that was all */
			     "1:	sd	%[poison], 0(%[from])\n\t" /* two words */
			     "sd	%[poison], 8(%[from])\n\t"
			     "addi	%[from], %[from], 16\n"	    /* from += 16 */
			     "2:	bltu	%[from], %[to], 1b" /* below to still: two more */
			     : [from] "+r"(from), [odd] "=&r"(odd)
			     : [to] "r"(to), [poison] "r"(poison)
			     : "memory");
}
#define arch_stackleak_poison_words arch_stackleak_poison_words

#endif
