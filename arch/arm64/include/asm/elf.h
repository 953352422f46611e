/* SPDX-License-Identifier: MIT */
/* What an ELF executable for this architecture says about itself (kernel/exec.c checks it). */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_ELF_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_ELF_H

#define ELF_ARCH_MACHINE 183 /* e_machine: EM_AARCH64 (System V ABI, ELF header) */
#define ELF_ARCH_DATA	 1   /* e_ident[EI_DATA]: ELFDATA2LSB (little-endian) */

#endif
