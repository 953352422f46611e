// SPDX-License-Identifier: MIT
/*
 * arch/x86_64/insn.c: which instruction bytes raise #GP at CPL 3 whatever their operands.
 * traps.c reports those as a privileged instruction, every other #GP as a plain fault.
 */
#include <criterion/criterion.h>

#include "../../arch/x86_64/include/asm/insn.h"

#define PRIV(...) \
	insn_is_privileged((const u8[]){ __VA_ARGS__ }, sizeof((const u8[]){ __VA_ARGS__ }))

Test(insn, privileged_one_byte_opcodes)
{
	cr_expect(PRIV(0xf4));	     /* hlt */
	cr_expect(PRIV(0xfa));	     /* cli */
	cr_expect(PRIV(0xee));	     /* out dx, al */
	cr_expect(PRIV(0xe4, 0x60)); /* in al, 0x60 */
	cr_expect(!PRIV(0x90));	     /* nop */
	cr_expect(!PRIV(0xcc));	     /* int3: #BP, not #GP */
}

Test(insn, privileged_two_byte_opcodes)
{
	cr_expect(PRIV(0x0f, 0x01, 0xf8)); /* swapgs */
	cr_expect(PRIV(0x0f, 0x30));	   /* wrmsr */
	cr_expect(PRIV(0x0f, 0x22, 0xd8)); /* mov cr3, rax */
	cr_expect(!PRIV(0x0f, 0x05));	   /* syscall */
	cr_expect(!PRIV(0x0f, 0xa2));	   /* cpuid */
	cr_expect(!PRIV(0x0f));		   /* the escape byte alone: no opcode read */
}

Test(insn, prefixes_are_skipped)
{
	cr_expect(PRIV(0x66, 0xef));		 /* out dx, ax */
	cr_expect(PRIV(0xf3, 0x6c));		 /* rep insb */
	cr_expect(PRIV(0x48, 0x0f, 0x32));	 /* REX.W rdmsr */
	cr_expect(PRIV(0x2e, 0x3e, 0xf4));	 /* two segment prefixes, hlt */
	cr_expect(!PRIV(0x66, 0x90));		 /* xchg ax, ax */
	cr_expect(!PRIV(0xf0, 0xf0, 0xf0));	 /* only prefixes: nothing to decode */
	cr_expect(!insn_is_privileged(NULL, 0)); /* nothing read at all */
}
