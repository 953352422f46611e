// SPDX-License-Identifier: MIT
/*
 * The s390x outcomes of the arch-dependent fault modes (user/fault.c), with
 * the signal Linux gives for each.
 */
#include "lib/ulib.h"

const struct fault_case arch_fault_cases[] = {
	/* dsgr by 0: fixed-point-divide exception (code 0x09), SIGFPE. */
	{ "divide", SIGFPE },
	/* Loads need no alignment on z/Architecture: no trap, exit 0. */
	{ "misaligned", 0 },
	/* No "single-step": PER, s390's tracing, is enabled by privileged state only. */
};

const unsigned int arch_nr_fault_cases = ARRAY_SIZE(arch_fault_cases);
