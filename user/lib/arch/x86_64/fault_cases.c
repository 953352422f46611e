// SPDX-License-Identifier: MIT
/*
 * The fault modes whose outcome is x86_64's (user/fault.c, user/init.c), with
 * the signal Linux gives for each (arch/x86/kernel/traps.c there).
 */
#include "lib/ulib.h"

const struct fault_case arch_fault_cases[] = {
	{ "divide", SIGFPE },	    /* div by 0: #DE */
	{ "misaligned", 0 },	    /* no #AC: CR0.AM is clear, the load works */
	{ "single-step", SIGTRAP }, /* popf with TF: #DB after the next instruction */
};

const unsigned int arch_nr_fault_cases = ARRAY_SIZE(arch_fault_cases);
