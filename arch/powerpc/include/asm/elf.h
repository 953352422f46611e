/* SPDX-License-Identifier: MIT */
/* What an ELF executable for this architecture says about itself (kernel/exec.c checks it). */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_ELF_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_ELF_H

#define ELF_ARCH_MACHINE 21 /* e_machine: EM_PPC64 (System V ABI, ELF header) */
#define ELF_ARCH_DATA	 2  /* e_ident[EI_DATA]: ELFDATA2MSB (big-endian) */

/*
 * The e_flags of an image whose e_entry is a function descriptor, not code: ELFv1 (ABI
 * version 1), Debian's ppc64. arch_elf_entry() (process.c) starts it at the descriptor's
 * entry; kernel/selftest/exec.c tests that where an arch defines this (Linux's
 * HAVE_FUNCTION_DESCRIPTORS).
 */
#define ELF_FUNC_DESC_E_FLAGS 1

#ifndef __ASSEMBLY__
/*
 * An ELFv1 function descriptor (64-bit PowerPC ELF ABI 1.9, "Function Descriptors"): what
 * an ELFv1 function pointer points at, e_entry and a signal handler included.
 */
struct func_desc {
	unsigned long entry; /* the code's address */
	unsigned long toc;   /* its TOC pointer, for r2 */
	unsigned long env;   /* an environment pointer (r11); unused by C */
};
#endif

#endif
