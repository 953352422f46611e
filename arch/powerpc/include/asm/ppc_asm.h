/* SPDX-License-Identifier: MIT */
/* Helpers for head.S and entry.S. Assembly only. */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PPC_ASM_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_PPC_ASM_H

#ifdef __ASSEMBLY__

/*
 * PowerPC assembly names registers by bare numbers: in "addi 3, 1, 8" the 3 and the 1 are
 * registers, the 8 is a number, and only the position tells which is which. GNU as also
 * accepts %r3 or (with -mregnames) r3; clang's assembler rejects a bare r3. These names
 * make the code readable for humans and identical for both assemblers.
 */
#define r0  0
#define r1  1
#define r2  2
#define r3  3
#define r4  4
#define r5  5
#define r6  6
#define r7  7
#define r8  8
#define r9  9
#define r10 10
#define r11 11
#define r12 12
#define r13 13
#define r14 14
#define r15 15
#define r16 16
#define r17 17
#define r18 18
#define r19 19
#define r20 20
#define r21 21
#define r22 22
#define r23 23
#define r24 24
#define r25 25
#define r26 26
#define r27 27
#define r28 28
#define r29 29
#define r30 30
#define r31 31

/*
 * reg = the link-time address of sym, built from two 16-bit halves: lis loads the high half
 * (shifted up 16 and sign-extended), addi adds the low half. @ha is the high half adjusted
 * for addi treating the low half as signed. Needs sym < 2 GiB, which kernel.lds asserts;
 * C code does not need this, it reaches everything through r2 (the TOC pointer).
 */
#define LOAD_ADDR(reg, sym) \
	lis reg, (sym) @ha; \
	addi reg, reg, (sym) @l

#endif /* __ASSEMBLY__ */

#endif
