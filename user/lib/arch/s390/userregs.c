// SPDX-License-Identifier: MIT
/*
 * The s390x registers a user program can write that struct pt_regs does not
 * hold (user/regstate.c checks them):
 *
 *   a0-a15          the access registers, 32 bits each (SAR, LAM: problem
 *                   state may load them; a0/a1 hold Linux's thread pointer)
 *   f0, f2, f4, f6  the four basic floating-point registers, 64 bits each
 *                   (LD, STD: usable whatever control register 0 says)
 *
 * Not here, because their use traps: CR0's AFP-register control (bit 45) is 0,
 * so f1, f3, f5, f7 and f8-f15, every BFP instruction and the instructions
 * of the floating-point-control register (LFPC, SFPC, STFPC, EFPC) raise a
 * data exception (DXC 1 or 2), and its vector enablement control (bit 46) is
 * 0, so any vector instruction, and with it v0-v31, raises one too (DXC
 * 0xfe): the kernel reports each as SIGILL (arch/s390/traps.c). The kernel
 * zeroes the registers below for a new program and switches them per task
 * (arch/s390/process.c, entry.S).
 */
#include "lib/ulib.h"

#define NR_ACRS 16
#define NR_FPRS 4

const unsigned int user_regs_nr = NR_ACRS + NR_FPRS;

const char *const user_regs_names[] = {
	"a0",  "a1",  "a2",  "a3",  "a4",  "a5",  "a6", "a7", "a8", "a9",
	"a10", "a11", "a12", "a13", "a14", "a15", "f0", "f2", "f4", "f6",
};

/* Distinct non-zero markers, every byte of an FPR's. */
const unsigned long user_regs_marker[] = {
	0xacc00000, 0xacc00001,		0xacc00002,	    0xacc00003,		0xacc00004,
	0xacc00005, 0xacc00006,		0xacc00007,	    0xacc00008,		0xacc00009,
	0xacc0000a, 0xacc0000b,		0xacc0000c,	    0xacc0000d,		0xacc0000e,
	0xacc0000f, 0xf0f0f0f0f0f0f0f1, 0xf2f2f2f2f2f2f2f3, 0xf4f4f4f4f4f4f4f5, 0xf6f6f6f6f6f6f6f7,
};

BUILD_BUG_ON(ARRAY_SIZE(user_regs_names) != NR_ACRS + NR_FPRS);
BUILD_BUG_ON(ARRAY_SIZE(user_regs_marker) != NR_ACRS + NR_FPRS);

void user_regs_write(const unsigned long *values)
{
	unsigned int acrs[NR_ACRS];

	for (unsigned int i = 0; i < NR_ACRS; i++)
		acrs[i] = (unsigned int)values[i];
	/* LOAD ACCESS MULTIPLE; LOAD (long) into each FPR. */
	__asm__ __volatile__("lam	%%a0,%%a15,%[acrs]\n\t"
			     "ld	%%f0,0(%[f])\n\t"
			     "ld	%%f2,8(%[f])\n\t"
			     "ld	%%f4,16(%[f])\n\t"
			     "ld	%%f6,24(%[f])"
			     :
			     : [acrs] "Q"(acrs), [f] "a"(&values[NR_ACRS])
			     : "memory");
}

void user_regs_read(unsigned long *values)
{
	unsigned int acrs[NR_ACRS];
	unsigned long fprs[NR_FPRS];

	/* STORE ACCESS MULTIPLE; STORE (long) each FPR. */
	__asm__ __volatile__("stam	%%a0,%%a15,%[acrs]\n\t"
			     "std	%%f0,0(%[f])\n\t"
			     "std	%%f2,8(%[f])\n\t"
			     "std	%%f4,16(%[f])\n\t"
			     "std	%%f6,24(%[f])"
			     : [acrs] "=Q"(acrs)
			     : [f] "a"(fprs)
			     : "memory");
	for (unsigned int i = 0; i < NR_ACRS; i++)
		values[i] = acrs[i];
	for (unsigned int i = 0; i < NR_FPRS; i++)
		values[NR_ACRS + i] = fprs[i];
}
