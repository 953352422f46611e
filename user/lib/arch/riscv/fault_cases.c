// SPDX-License-Identifier: MIT
/*
 * riscv64's own rows of the fault matrix (user/init.c, user/fault.c), each with what Linux
 * gives on riscv64:
 *   divide      integer division by zero never traps (the quotient is -1): exit 0
 *   misaligned  a misaligned ld: QEMU 7.2's hart performs it, so the kernel never sees a
 *               trap; on a hart that raises "load address misaligned", OpenSBI emulates it
 *               in M-mode (it does not delegate the trap). Linux's riscv uABI promises that
 *               misaligned user accesses work: exit 0. (One that did reach the kernel would
 *               be SIGBUS: arch/riscv/traps.c does not emulate.)
 * No single-step row: U-mode has no trace flag on RISC-V.
 */
#include "lib/ulib.h"

const struct fault_case arch_fault_cases[] = {
	{ "divide", 0 },
	{ "misaligned", 0 },
};

const unsigned int arch_nr_fault_cases = ARRAY_SIZE(arch_fault_cases);
