/* SPDX-License-Identifier: MIT */
/*
 * powerpc's part of the stackleak erase (include/trapdoor/stackleak.h).
 *
 * The erase writes poison below the stack pointer entry.S had when it called
 * it, but ELFv2 lets a leaf function keep data in the 288 bytes below its own
 * r1 (the protected zone) without moving r1, and both compilers do it with
 * the erase (GCC saves r30-r31 there, clang r26-r30): the erase would poison
 * its own saved registers. So entry.S (ret_to_user) runs the erase on a
 * stack of its own, stackleak_erase_stack, and the erase takes the task's
 * stack pointer from the task instead of from r1: ret_to_user is always
 * entered with r1 at the ABI frame right below task_pt_regs(current)
 * (paca->trap_sp, asm/paca.h). Whatever the compiler keeps in its frame or
 * protected zone lies on the erase stack, never on the task's.
 */
#ifndef TRAPDOOR_ARCH_POWERPC_ASM_STACKLEAK_H
#define TRAPDOOR_ARCH_POWERPC_ASM_STACKLEAK_H

#include <asm/ptrace.h>

/*
 * The erase stack's size: the protected zone (288) and the 32-byte ABI frame
 * above the erase's r1 are all the erase may use (Makefile.arch:
 * STACKLEAK_ERASER_FRAME); the rest leaves room for an exception frame
 * (INT_STACK_SKIP, 672 bytes) and the handler's frames, should the erase
 * itself fault, so that the oops is printed.
 */
#define STACKLEAK_ERASE_STACK_SIZE 4096

#ifndef __ASSEMBLY__
/*
 * The search looks at a run of poison before it steps over used words
 * (include/trapdoor/stackleak.h): on getpid the word below its start is
 * poison (sys_getpid() is a leaf and gets no frame), and the compare chain
 * below loads that word anyway.
 */
#define STACKLEAK_SEARCH_RUN_FIRST 1

/* The task's stack pointer in ret_to_user: the trap frame below pt_regs. */
#define arch_stackleak_sp() ((unsigned long)task_pt_regs(current) - STACK_FRAME_MIN_SIZE)

/*
 * The search's straight line (include/trapdoor/stackleak.h): a load, a
 * compare and a branch a word, at fixed offsets from p (an unrolled C loop
 * that ORs the words together needed eight nonvolatile registers, saved and
 * restored on every erase). p is a base register: not r0.
 */
#define ARCH_STACKLEAK_P "b"
#define ARCH_STACKLEAK_POISON_WORD                                  \
	"ld	%[a], -.Lsl_off(%[p])\n\t" /* the next word down */ \
	"cmpd	%[a], %[poison]\n\t"	   /* poison? */            \
	"bne	%l[count]\n\t"		   /* no: count them one by one */

/*
 * The erase's store loop, for one range of %[n] bytes (whole words, perhaps
 * none) whose first word is at %[p] + 8: an odd count gets one stdu first,
 * then the count register runs a loop of two stores per round, std and stdu
 * (store with update: %[p] moves on with the store), so a round is three
 * instructions for two words. The labels are local: a copy may follow a copy.
 */
#define __STACKLEAK_POISON_RANGE                                              \
	"andi.	%[odd], %[n], 8\n\t"		/* an odd number of words? */ \
	"beq	1f\n\t"				/* no: pairs only */          \
	"stdu	%[poison], 8(%[p])\n"		/* the odd word; p += 8 */    \
	"1:	srdi.	%[n], %[n], 4\n\t"	/* n = pairs */               \
	"beq	3f\n\t"				/* none: done */              \
	"mtctr	%[n]\n"				/* ctr = pairs */             \
	"2:	std	%[poison], 8(%[p])\n\t" /* two words ... */           \
	"stdu	%[poison], 16(%[p])\n\t"	/* ... and p += 16 */         \
	"bdnz	2b\n"				/* ctr -= 1: more pairs? */   \
	"3:"

/* Poison over [from, to), whole words, from < to. */
static __always_inline void arch_stackleak_poison_words(unsigned long from, unsigned long to)
{
	unsigned long p, n, odd;

	__asm__ __volatile__("subf	%[n], %[from], %[to]\n\t" /* n = bytes to write */
			     "addi	%[p], %[from], -8\n\t"	  /* p = the word below from */
			     __STACKLEAK_POISON_RANGE
			     : [p] "=&b"(p), [n] "=&r"(n), [odd] "=&r"(odd)
			     : [from] "b"(from), [to] "r"(to), [poison] "r"(STACKLEAK_POISON)
			     : "cr0", "ctr", "memory");
}
#define arch_stackleak_poison_words arch_stackleak_poison_words

/*
 * The erase's two ranges, [from, gap_low) and [gap_high, to), either of which
 * may be empty (from <= gap_low <= gap_high <= to), in one asm: the poison is
 * built once (lis, ori) for both, and an empty range only runs through its
 * tests.
 */
static __always_inline void arch_stackleak_poison_around(unsigned long from, unsigned long gap_low,
							 unsigned long gap_high, unsigned long to)
{
	unsigned long p, n, odd;

	__asm__ __volatile__("subf	%[n], %[from], %[gap_low]\n\t" /* n = bytes below the gap */
			     "addi	%[p], %[from], -8\n\t"	       /* p = the word below from */
			     __STACKLEAK_POISON_RANGE "\n\t"
			     "subf	%[n], %[gap_high], %[to]\n\t" /* n = bytes above the gap */
			     "addi	%[p], %[gap_high], -8\n\t" /* p = the word below gap_high */
			     __STACKLEAK_POISON_RANGE
			     : [p] "=&b"(p), [n] "=&r"(n), [odd] "=&r"(odd)
			     : [from] "b"(from), [gap_low] "r"(gap_low), [gap_high] "b"(gap_high),
			       [to] "r"(to), [poison] "r"(STACKLEAK_POISON)
			     : "cr0", "ctr", "memory");
}
#define arch_stackleak_poison_around arch_stackleak_poison_around
#endif

#endif
