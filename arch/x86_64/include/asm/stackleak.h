/* SPDX-License-Identifier: MIT */
/*
 * x86_64's part of the stackleak erase (include/trapdoor/stackleak.h): the
 * stack pointer read and the three loops, as string instructions. The erase
 * calls nothing and keeps nothing on the stack but a saved register
 * (STACKLEAK_ERASER_FRAME, arch/x86_64/Makefile.arch), so none of these may
 * be a call: each is a few instructions of inline assembly.
 */
#ifndef TRAPDOOR_ARCH_X86_64_ASM_STACKLEAK_H
#define TRAPDOOR_ARCH_X86_64_ASM_STACKLEAK_H

/*
 * The erase reads RSP as it is, not rounded like current_stack_pointer()
 * (asm/processor.h): the word between a rounded value and RSP would be below
 * the erase's stack pointer and still not erased. Its alignment does not
 * matter: the erase rounds it down to a word.
 */
static __always_inline unsigned long arch_stackleak_sp(void)
{
	unsigned long sp;

	__asm__ __volatile__("movq %%rsp, %0" : "=r"(sp));
	return sp;
}
#define arch_stackleak_sp arch_stackleak_sp

/*
 * How many of the n words below p are poison, counted from p down, before
 * the first one that is not. REPE SCASQ compares RAX with the word at RDI,
 * steps RDI and counts RCX down, while they are equal and RCX is not 0; with
 * DF set (STD) it steps down. The kernel runs with DF clear (the psABI's
 * rule at every call), so CLD right after. When it stopped on a word that
 * differs (ZF clear), that word was counted in RCX too: one back. No flag
 * output and no scratch register: the erase keeps almost nothing on the
 * stack (arch/x86_64/Makefile.arch), so it has few registers to spare.
 */
static __always_inline unsigned long arch_stackleak_poison_run(unsigned long p, unsigned long n)
{
	unsigned long left = n, addr = p - sizeof(unsigned long);

	__asm__ __volatile__(
	    "test	%[left], %[left]\n\t" /* ZF set when n is 0: no word differs */
	    "std\n\t"			      /* string instructions step down */
	    "repe scasq\n\t"		      /* compare words at RDI, down, while poison */
	    "cld\n\t"			      /* back to the direction the ABI expects */
	    "jz	1f\n\t"			      /* stopped on poison (or at n): RCX is right */
	    "inc	%[left]\n"	      /* stopped on a word that differs: not poison */
	    "1:"
	    : [left] "+c"(left), "+D"(addr)
	    : "a"(STACKLEAK_POISON)
	    : "cc", "memory");
	return n - left;
}
#define arch_stackleak_poison_run arch_stackleak_poison_run

/*
 * How many of the n words below p (n >= 1) are not poison, counted from p
 * down, before the first one that is: REPNE SCASQ, downwards as above, steps
 * while the word differs from RAX. When it stopped on poison (ZF set), that
 * word was counted in RCX too: one back. The dead frames a context switch
 * leaves below the deepest tracked point cost one instruction a word, not a
 * loop's several.
 */
static __always_inline unsigned long arch_stackleak_used_run(unsigned long p, unsigned long n)
{
	unsigned long left = n, addr = p - sizeof(unsigned long);

	__asm__ __volatile__("std\n\t"		/* string instructions step down */
			     "repne scasq\n\t"	/* compare words at RDI, down, while not poison */
			     "cld\n\t"		/* back to the direction the ABI expects */
			     "jnz	1f\n\t" /* ran out (n words, none poison): RCX is right */
			     "inc	%[left]\n" /* stopped on poison: not a used word */
			     "1:"
			     : [left] "+c"(left), "+D"(addr)
			     : "a"(STACKLEAK_POISON)
			     : "cc", "memory");
	return n - left;
}
#define arch_stackleak_used_run arch_stackleak_used_run

/* Poison over [from, to), whole words: REP STOSQ stores RAX at RDI, RCX times, upwards. */
static __always_inline void arch_stackleak_poison_words(unsigned long from, unsigned long to)
{
	unsigned long words = (to - from) / sizeof(unsigned long);

	__asm__ __volatile__("rep stosq" /* the poison in RAX, RCX words from RDI up */
			     : "+c"(words), "+D"(from)
			     : "a"(STACKLEAK_POISON)
			     : "memory");
}
#define arch_stackleak_poison_words arch_stackleak_poison_words

#endif
