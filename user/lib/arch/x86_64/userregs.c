// SPDX-License-Identifier: MIT
/*
 * The x86_64 registers a user program can write that pt_regs' general set
 * does not carry (user/regstate.c checks that none crosses into another
 * program): the data segment selectors ds, es, fs and gs. A mov to one of
 * them is legal at CPL 3 for a null selector (0-3) or any descriptor of DPL
 * 3, here __USER_DS (0x1b) and the readable __USER_CS (0x23) (SDM Vol. 2A
 * MOV, "Move to/from Segment Registers"). cs, ss and RFLAGS are in pt_regs.
 *
 * Not in the list, because user mode cannot write them; each attempt is an
 * invalid opcode (#UD) and the task dies with SIGILL:
 *	- the FS and GS bases: wrfsbase/wrgsbase need CR4.FSGSBASE, which the
 *	  kernel leaves clear, and a selector load sets the base to its
 *	  descriptor's, 0 for every descriptor in our GDT;
 *	- x87, MMX, SSE and AVX registers, MXCSR: CR0.EM is set and CR4.OSFXSR
 *	  and CR4.OSXSAVE are clear (arch/x86_64/setup.c), so x87 raises #NM,
 *	  the others #UD;
 *	- PKRU: wrpkru needs CR4.PKE, which stays clear.
 */
#include "lib/ulib.h"

#define NR_USER_REGS 4

const unsigned int user_regs_nr = NR_USER_REGS;

const char *const user_regs_names[NR_USER_REGS] = { "ds", "es", "fs", "gs" };

/* A different loadable value in each, so that a swap between two shows too. */
const unsigned long user_regs_marker[NR_USER_REGS] = {
	0x1b, /* ds: __USER_DS, the user data segment */
	0x23, /* es: __USER_CS, readable code: legal in a data segment register */
	0x03, /* fs: a null selector with RPL 3 */
	0x1b, /* gs: __USER_DS again; differs from fs */
};

void user_regs_write(const unsigned long *values)
{
	__asm__ __volatile__("movw %w0, %%ds" : : "r"(values[0]));
	__asm__ __volatile__("movw %w0, %%es" : : "r"(values[1]));
	__asm__ __volatile__("movw %w0, %%fs" : : "r"(values[2]));
	__asm__ __volatile__("movw %w0, %%gs" : : "r"(values[3]));
}

void user_regs_read(unsigned long *values)
{
	u16 v;

	__asm__ __volatile__("movw %%ds, %0" : "=r"(v));
	values[0] = v;
	__asm__ __volatile__("movw %%es, %0" : "=r"(v));
	values[1] = v;
	__asm__ __volatile__("movw %%fs, %0" : "=r"(v));
	values[2] = v;
	__asm__ __volatile__("movw %%gs, %0" : "=r"(v));
	values[3] = v;
}
