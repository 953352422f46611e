/* SPDX-License-Identifier: MIT */
/* Decoding x86 instruction bytes, as far as the trap handlers need it (insn.c). */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_INSN_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_INSN_H

#include <trapdoor/types.h>

/* The longest x86 instruction, prefixes included (SDM Vol. 2A §2.3.11). */
#define MAX_INSN_SIZE 15

/*
 * Do the n bytes at insn begin with an instruction that raises #GP at CPL 3 whatever
 * its operands (a privileged one, or port I/O)? False if they end before the opcode.
 */
bool insn_is_privileged(const u8 *insn, size_t n);

#endif
