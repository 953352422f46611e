// SPDX-License-Identifier: MIT
/*
 * The s390x outcomes of the arch-dependent fault modes (user/fault.c), with
 * the signal Linux gives for each, and the modes of s390x's own
 * (arch_fault()):
 *   fp-divide  DIVIDE (long BFP) 1 by 0 with the FPC's IEEE division-by-zero
 *              mask set: a data exception, DXC 0x40, SIGFPE. Without the
 *              AFP-register control in CR0 BFP itself would trap (DXC 2, SIGILL).
 *   vector     VECTOR LOAD (vlr %v0,%v1) with CR0's vector enablement control
 *              off: a data exception, DXC 0xfe, SIGILL (an operation exception,
 *              SIGILL too, on a CPU without the vector facility).
 */
#include "lib/ulib.h"

const struct fault_case arch_fault_cases[] = {
	/* dsgr by 0: fixed-point-divide exception (code 0x09), SIGFPE. */
	{ "divide", SIGFPE },
	/* Loads need no alignment on z/Architecture: no trap, exit 0. */
	{ "misaligned", 0 },
	/* No "single-step": PER, s390's tracing, is enabled by privileged state only. */
	{ "fp-divide", SIGFPE },
	{ "vector", SIGILL },
};

const unsigned int arch_nr_fault_cases = ARRAY_SIZE(arch_fault_cases);

#define FPC_MASK_DIVIDE 0x40000000U /* FPC bit 1: trap on IEEE division by zero */

int arch_fault(const char *mode)
{
	static const double one = 1.0, zero = 0.0;
	static const unsigned int fpc = FPC_MASK_DIVIDE;
	unsigned long result;

	if (!strcmp(mode, "fp-divide")) {
		/* LOAD FPC, LOAD (long) 1 and 0, DIVIDE (long BFP), STORE the quotient. */
		__asm__ __volatile__("lfpc	%[fpc]\n\t"
				     "ld	%%f0,%[one]\n\t"
				     "ld	%%f2,%[zero]\n\t"
				     "ddbr	%%f0,%%f2\n\t"
				     "std	%%f0,%[result]"
				     : [result] "=R"(result)
				     : [fpc] "Q"(fpc), [one] "R"(one), [zero] "R"(zero)
				     : "memory");
		return 0;
	}
	if (!strcmp(mode, "vector")) {
		/* vlr %v0,%v1: E7 01 00 00 00 56, spelled out for a -march without vectors. */
		__asm__ __volatile__(".insn	vrr,0xe70000000056,0,1,0,0,0,0" : : : "memory");
		return 0;
	}
	return -1;
}
