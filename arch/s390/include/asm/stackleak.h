/* SPDX-License-Identifier: MIT */
/*
 * s390's two stackleak loops (include/trapdoor/stackleak.h has the generic
 * ones and what each must do). s390 has storage-to-storage instructions that
 * work on up to 256 bytes at once: MVC copies, CLC compares. Their length is
 * fixed in the instruction, so EXRL runs them with the length from a register
 * (its low byte ORed into the length field, which holds length - 1).
 */
#ifndef TRAPDOOR_ARCH_S390_ASM_STACKLEAK_H
#define TRAPDOOR_ARCH_S390_ASM_STACKLEAK_H

#include <asm/ptrace.h>

/*
 * The erase runs on a stack of its own (entry.S, ret_to_user): it writes
 * poison below the task's stack pointer, and clang 19 gives it a frame of its
 * own there (184 bytes, spills), exactly in the range it poisons. On its own
 * stack, nothing it keeps is on the task's. 4 KiB: its frame (at most
 * STACKLEAK_ERASER_FRAME, Makefile.arch) and, should the erase itself fault,
 * a trap frame and the handler's frames for the oops.
 */
#define STACKLEAK_ERASE_STACK_SIZE 4096

#ifndef __ASSEMBLY__
/* The task's stack pointer in ret_to_user: the save area below pt_regs. */
#define arch_stackleak_sp() ((unsigned long)task_pt_regs(current) - STACK_FRAME_OVERHEAD)

/*
 * Poison over [from, to), whole words, from < to: one word stored, then MVC
 * copies each byte 8 bytes further up. MVC moves its bytes one at a time,
 * left to right, so an overlapping copy repeats the 8-byte pattern (the
 * Principles of Operation define it so): 256 bytes per MVC.
 */
static __always_inline void arch_stackleak_poison_words(unsigned long from, unsigned long to)
{
	unsigned long len = to - from - sizeof(unsigned long);

	*(unsigned long *)from = STACKLEAK_POISON;
	while (len) {
		unsigned long chunk = len > 256 ? 256 : len;

		__asm__ __volatile__(
		    "	exrl	%[l],1f\n"	     /* the MVC below, length chunk */
		    "	j	2f\n"		     /* (only EXRL runs it) */
		    "1:	mvc	8(1,%[d]),0(%[d])\n" /* d[8..] = d[0..], byte by byte */
		    "2:\n"
		    :
		    : [l] "a"(chunk - 1), [d] "a"(from)
		    : "memory");
		from += chunk;
		len -= chunk;
	}
}
#define arch_stackleak_poison_words arch_stackleak_poison_words

/*
 * How many of the n words below p are poison, counted from p down, before the
 * first that is not. The common case, all n poison, is one CLC: the n - 1
 * words below p - 8 equal the n - 1 words 8 bytes above them exactly when all
 * n words are equal, and the top one is poison. Otherwise (or for n outside
 * 2..33, more than one CLC) a word at a time.
 */
static __always_inline unsigned long arch_stackleak_poison_run(unsigned long p, unsigned long n)
{
	const unsigned long *w = (const unsigned long *)p;
	unsigned long k = 0;

	if (n >= 2 && n <= 33 && w[-1] == STACKLEAK_POISON) {
		int cc;

		__asm__ __volatile__(
		    "	exrl	%[l],1f\n"	     /* the CLC below, 8n - 8 bytes */
		    "	j	2f\n"		     /* (only EXRL runs it) */
		    "1:	clc	0(1,%[a]),8(%[a])\n" /* words [a, p - 8) vs [a + 8, p) */
		    "2:	ipm	%[cc]\n"	     /* the condition code ... */
		    "	srl	%[cc],28\n"	     /* ... 0: all equal */
		    : [cc] "=d"(cc)
		    : [l] "a"(8 * n - 9), [a] "a"(p - 8 * n), "m"(*(const char(*)[264])(p - 8 * n))
		    : "cc");
		if (!cc)
			return n;
	}
	while (k < n && w[-1 - (long)k] == STACKLEAK_POISON)
		k++;
	return k;
}
#define arch_stackleak_poison_run arch_stackleak_poison_run
#endif /* !__ASSEMBLY__ */

#endif
