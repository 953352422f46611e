// SPDX-License-Identifier: MIT
/*
 * x86 instruction bytes, decoded as far as the trap handlers need: past the prefixes to
 * the opcode, and whether that opcode is one user mode may never run. traps.c reads the
 * bytes from the task (a #GP says only "general protection"; the instruction says which).
 */
#include <asm/insn.h>

#define OPCODE_ESCAPE 0x0f /* two-byte opcodes: 0f xx */

/* Instruction prefixes (SDM Vol. 2A §2.1.1, §2.2.1): skipped to find the opcode. */
static bool is_prefix(u8 b)
{
	switch (b) {
	case 0x26:
	case 0x2e:
	case 0x36:
	case 0x3e:
	case 0x64:
	case 0x65: /* segment */
	case 0x66:
	case 0x67: /* operand size, address size */
	case 0xf0:
	case 0xf2:
	case 0xf3: /* lock, repne, rep */
		return true;
	default:
		return b >= 0x40 && b <= 0x4f; /* REX */
	}
}

/*
 * Opcodes that raise #GP at CPL 3 whatever their operands: the privileged
 * instructions (SDM Vol. 3A §5.9), and port I/O, which IOPL 0 and an empty
 * I/O bitmap forbid (SDM Vol. 1 §19.5).
 */
static const u8 privileged_opcodes[] = {
	0xf4,			/* hlt */
	0xfa, 0xfb,		/* cli, sti */
	0xe4, 0xe5, 0xe6, 0xe7, /* in, out with an 8-bit port */
	0xec, 0xed, 0xee, 0xef, /* in, out with the port in dx */
	0x6c, 0x6d, 0x6e, 0x6f, /* ins, outs */
};
static const u8 privileged_opcodes_0f[] = {
	0x00,			/* lldt, ltr; sldt, str: UMIP */
	0x01,			/* lgdt lidt lmsw invlpg swapgs; sgdt sidt smsw: UMIP */
	0x06,			/* clts */
	0x07,			/* sysret */
	0x08, 0x09,		/* invd, wbinvd */
	0x20, 0x21, 0x22, 0x23, /* mov from/to control and debug registers */
	0x30, 0x32, 0x33,	/* wrmsr, rdmsr, rdpmc */
	0x35,			/* sysexit */
};

static bool in_table(const u8 *table, size_t n, u8 opcode)
{
	for (size_t i = 0; i < n; i++)
		if (table[i] == opcode)
			return true;
	return false;
}

bool insn_is_privileged(const u8 *insn, size_t n)
{
	size_t i = 0;

	while (i < n && is_prefix(insn[i]))
		i++;
	if (i >= n)
		return false;
	if (insn[i] != OPCODE_ESCAPE)
		return in_table(privileged_opcodes, sizeof(privileged_opcodes), insn[i]);
	return i + 1 < n &&
	       in_table(privileged_opcodes_0f, sizeof(privileged_opcodes_0f), insn[i + 1]);
}
