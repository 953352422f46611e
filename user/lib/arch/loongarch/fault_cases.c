// SPDX-License-Identifier: MIT
/*
 * The fault modes whose outcome is loongarch64's (user/init.c runs them): neither traps, so
 * the program must live and exit 0.
 *   divide      div.d by zero raises nothing; the quotient is undefined (faults.S). Linux's
 *               SIGFPE here comes from a `break 7` the compiler plants, not from the CPU.
 *   misaligned  QEMU's la464 does unaligned loads in hardware (CPUCFG1.UAL); Linux emulates
 *               them where a CPU does not, so no SIGBUS either way.
 * There is no "single-step": its controls are PLV0-only CSRs, user mode cannot set it.
 */
#include "lib/ulib.h"

const struct fault_case arch_fault_cases[] = {
	{ "divide", 0 },
	{ "misaligned", 0 },
};

const unsigned int arch_nr_fault_cases = ARRAY_SIZE(arch_fault_cases);
