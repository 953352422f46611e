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

/*
 * _GLOBAL(name) ... _GLOBAL_END(name): a global function, for the user library's assembly,
 * which bench also links into a program built with Debian's ppc64 glibc (ELFv1). In ELFv2
 * the symbol is the code. In ELFv1 the symbol names the function's descriptor in .opd (the
 * entry address, the TOC pointer, an environment pointer) and the code follows at .L.name.
 */
/* clang-format off */
#if defined(_CALL_ELF) && _CALL_ELF == 2
#define _GLOBAL(name) .abiversion 2; .text; .globl name; .type name, @function; name:
#define _GLOBAL_END(name) .size name, . - name
#else
#define _GLOBAL(name)							\
	.section ".opd", "aw"; .balign 8; .globl name;			\
	name: .quad .L.name, .TOC.@tocbase, 0; .previous;		\
	.type name, @function; .text; .L.name:
#define _GLOBAL_END(name) .size name, . - .L.name
#endif
/* clang-format on */

#endif /* __ASSEMBLY__ */

#endif
