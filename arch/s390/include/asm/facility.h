/* SPDX-License-Identifier: MIT */
/*
 * Which optional parts of z/Architecture this CPU has. STORE FACILITY LIST
 * EXTENDED stores a bit string, facility n at bit n counted from the left
 * (PoP 4, "Facility Indications"); mm.c asks for execute protection, entropy.c
 * for the random-number instruction.
 */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_FACILITY_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_FACILITY_H

#include <trapdoor/types.h>

#define FACILITY_MSA5 57  /* message-security assist 5: PRNO (entropy.c) */
#define FACILITY_IEP  130 /* instruction-execution protection (mm.c) */

#define FACILITY_DWORDS 3 /* bits 0-191: enough for every number above */

/* STORE FACILITY LIST EXTENDED: is facility nr installed? */
static inline bool test_facility(unsigned int nr)
{
	struct {
		u64 dw[FACILITY_DWORDS];
	} list = { { 0 } };
	register unsigned long r0 __asm__("0") = FACILITY_DWORDS - 1; /* doublewords - 1 */

	if (nr / 64 >= FACILITY_DWORDS)
		return false;
	/* CC 3 only says the list is longer than ours: what fits was stored. */
	__asm__ __volatile__("stfle	%[list]" : "+d"(r0), [list] "+Q"(list) : : "cc", "memory");
	return (list.dw[nr / 64] >> (63 - nr % 64)) & 1;
}

#endif
