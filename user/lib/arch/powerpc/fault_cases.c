// SPDX-License-Identifier: MIT
/*
 * The fault modes whose outcome is powerpc's own (user/fault.c, user/init.c), with the
 * signal 64-bit Power Linux gives for each: none for either. divd by zero yields an
 * undefined quotient and raises no interrupt, and POWER9 performs a misaligned ld on
 * ordinary memory in hardware (faults.S). There is no "single-step" case: MSR[SE] is
 * supervisor-only, user mode cannot trace itself.
 */
#include "lib/ulib.h"

const struct fault_case arch_fault_cases[] = {
	{ "divide", 0 },
	{ "misaligned", 0 },
};

const unsigned int arch_nr_fault_cases = ARRAY_SIZE(arch_fault_cases);
