// SPDX-License-Identifier: MIT
/*
 * The s390x registers a user program can write that struct pt_regs does not
 * hold (user/regstate.c checks them):
 *
 *   a0-a15   the access registers, 32 bits each (SAR, LAM: problem state may
 *            load them; a0/a1 hold Linux's thread pointer)
 *   f0-f15   the floating-point registers, 64 bits each (LD, STD)
 *   fpc      the floating-point-control register (LFPC, STFPC): IEEE masks,
 *            flags, data-exception code and rounding mode
 *
 * CR0's AFP-register control is on, so all sixteen FPRs and the FPC are
 * usable; its vector enablement control is off, so a vector instruction, and
 * with it v0-v31 (whose left halves are f0-f15), raises a data exception
 * (DXC 0xfe) that the kernel reports as SIGILL (arch/s390/traps.c). The
 * kernel zeroes the registers below for a new program, copies them on fork
 * and switches them per task on every switch (arch/s390/process.c, entry.S).
 */
#include "lib/ulib.h"

#define NR_ACRS 16
#define NR_FPRS 16
#define FPR0	NR_ACRS
#define FPC	(NR_ACRS + NR_FPRS)
#define NR_REGS (FPC + 1)

const unsigned int user_regs_nr = NR_REGS;

const char *const user_regs_names[] = {
	"a0",  "a1",  "a2",  "a3",  "a4",  "a5",  "a6",	 "a7",	"a8",  "a9",  "a10",
	"a11", "a12", "a13", "a14", "a15", "f0",  "f1",	 "f2",	"f3",  "f4",  "f5",
	"f6",  "f7",  "f8",  "f9",  "f10", "f11", "f12", "f13", "f14", "f15", "fpc",
};

/*
 * Distinct non-zero markers, every byte of an FPR's. The FPC's is one LFPC
 * accepts (reserved bits 0) that traps nothing: no IEEE mask set, every flag
 * set, rounding toward minus infinity.
 */
const unsigned long user_regs_marker[] = {
	0xacc00000,	    0xacc00001,		0xacc00002,	    0xacc00003,
	0xacc00004,	    0xacc00005,		0xacc00006,	    0xacc00007,
	0xacc00008,	    0xacc00009,		0xacc0000a,	    0xacc0000b,
	0xacc0000c,	    0xacc0000d,		0xacc0000e,	    0xacc0000f,
	0xf0f0f0f0f0f0f0f1, 0xf1f1f1f1f1f1f1f2, 0xf2f2f2f2f2f2f2f3, 0xf3f3f3f3f3f3f3f4,
	0xf4f4f4f4f4f4f4f5, 0xf5f5f5f5f5f5f5f6, 0xf6f6f6f6f6f6f6f7, 0xf7f7f7f7f7f7f7f8,
	0xf8f8f8f8f8f8f8f9, 0xf9f9f9f9f9f9f9fa, 0xfafafafafafafafb, 0xfbfbfbfbfbfbfbfc,
	0xfcfcfcfcfcfcfcfd, 0xfdfdfdfdfdfdfdfe, 0xfefefefefefefeff, 0xefefefefefefef10,
	0x00f80003,
};

BUILD_BUG_ON(ARRAY_SIZE(user_regs_names) != NR_REGS);
BUILD_BUG_ON(ARRAY_SIZE(user_regs_marker) != NR_REGS);

void user_regs_write(const unsigned long *values)
{
	unsigned int acrs[NR_ACRS];
	unsigned int fpc = (unsigned int)values[FPC];

	for (unsigned int i = 0; i < NR_ACRS; i++)
		acrs[i] = (unsigned int)values[i];
	/* LOAD ACCESS MULTIPLE; LOAD FPC; LOAD (long) into each FPR. */
	__asm__ __volatile__("lam	%%a0,%%a15,%[acrs]\n\t"
			     "lfpc	%[fpc]\n\t"
			     ".irp	n,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n\t"
			     "ld	%%f\\n,8*\\n(%[f])\n\t"
			     ".endr"
			     :
			     : [acrs] "Q"(acrs), [fpc] "Q"(fpc), [f] "a"(&values[FPR0])
			     : "memory");
}

void user_regs_read(unsigned long *values)
{
	unsigned int acrs[NR_ACRS], fpc;
	unsigned long fprs[NR_FPRS];

	/* STORE ACCESS MULTIPLE; STORE FPC; STORE (long) each FPR. */
	__asm__ __volatile__("stam	%%a0,%%a15,%[acrs]\n\t"
			     "stfpc	%[fpc]\n\t"
			     ".irp	n,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n\t"
			     "std	%%f\\n,8*\\n(%[f])\n\t"
			     ".endr"
			     : [acrs] "=Q"(acrs), [fpc] "=Q"(fpc)
			     : [f] "a"(fprs)
			     : "memory");
	for (unsigned int i = 0; i < NR_ACRS; i++)
		values[i] = acrs[i];
	for (unsigned int i = 0; i < NR_FPRS; i++)
		values[FPR0 + i] = fprs[i];
	values[FPC] = fpc;
}
