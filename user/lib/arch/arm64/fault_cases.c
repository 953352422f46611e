// SPDX-License-Identifier: MIT
/*
 * The fault modes whose outcome is arm64's (user/fault.c runs them, init
 * checks the signal). Neither traps: integer division by zero gives 0 (SDIV
 * and UDIV never raise an exception) and a misaligned load from Normal memory
 * just works with SCTLR_EL1.A = 0, so Linux sends no signal either and the
 * program must exit 0. There is no "single-step": user mode cannot set the
 * step bits (MDSCR_EL1.SS is EL1's).
 */
#include "lib/ulib.h"

const struct fault_case arch_fault_cases[] = {
	{ "divide", 0 },
	{ "misaligned", 0 },
};

const unsigned int arch_nr_fault_cases = ARRAY_SIZE(arch_fault_cases);
