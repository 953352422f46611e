/* SPDX-License-Identifier: MIT */
/* What an ELF executable for this architecture says about itself (kernel/exec.c checks it). */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_ELF_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_ELF_H

#define ELF_ARCH_MACHINE 22 /* e_machine: EM_S390 (System V ABI, ELF header) */
#define ELF_ARCH_DATA	 2  /* e_ident[EI_DATA]: ELFDATA2MSB (big-endian) */

#endif
