/* SPDX-License-Identifier: MIT */
/*
 * LoongArch's part of the stackleak erase (include/trapdoor/stackleak.h): the
 * search's straight line and the stores, two words a round. The erase calls
 * nothing and keeps nothing on the stack (STACKLEAK_ERASER_FRAME is 0 here:
 * `bl` leaves the return address in ra), so these are inline assembly with
 * few registers: the address, a loaded word, the bound and the poison.
 */
#ifndef TRAPDOOR_ARCH_LOONGARCH_ASM_STACKLEAK_H
#define TRAPDOOR_ARCH_LOONGARCH_ASM_STACKLEAK_H

/* The search's straight line (include/trapdoor/stackleak.h): one load and one branch a word. */
#define ARCH_STACKLEAK_POISON_WORD                                       \
	"ld.d	%[a], %[p], -.Lsl_off\n\t"	/* the next word down */ \
	"bne	%[a], %[poison], %l[count]\n\t" /* not poison: count */

/* Poison over [from, to), whole words, from < to: one word if the count is odd, then pairs. */
static __always_inline void arch_stackleak_poison_words(unsigned long from, unsigned long to)
{
	unsigned long odd;

	__asm__ __volatile__("sub.d	%[odd], %[to], %[p]\n\t" /* the bytes to write */
			     "andi	%[odd], %[odd], 8\n\t"	 /* an odd number of words? */
			     "beqz	%[odd], 1f\n\t"		 /* even: straight to the pairs */
			     "st.d	%[poison], %[p], 0\n\t"	 /* odd: one word first */
			     "addi.d	%[p], %[p], 8\n\t"	 /* the next one */
			     "beq	%[p], %[to], 2f\n"	 /* that was the only one */
			     "1:\n\t"
			     "st.d	%[poison], %[p], 0\n\t" /* a pair of words */
			     "st.d	%[poison], %[p], 8\n\t"
			     "addi.d	%[p], %[p], 16\n\t" /* the next pair */
			     "bltu	%[p], %[to], 1b\n"  /* until p reaches to */
			     "2:"
			     : [p] "+r"(from), [odd] "=&r"(odd)
			     : [to] "r"(to), [poison] "r"(STACKLEAK_POISON)
			     : "memory");
}
#define arch_stackleak_poison_words arch_stackleak_poison_words

#endif
