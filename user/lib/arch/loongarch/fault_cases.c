// SPDX-License-Identifier: MIT
/*
 * The fault modes whose outcome is loongarch64's (user/init.c runs them):
 *   divide      div.d by zero raises nothing; the quotient is undefined (faults.S). Linux's
 *               SIGFPE here comes from a `break 7` the compiler plants, not from the CPU:
 *               the program must live and exit 0.
 *   misaligned  QEMU's la464 does unaligned loads in hardware (CPUCFG1.UAL); Linux emulates
 *               them where a CPU does not, so no SIGBUS either way: exit 0.
 * And loongarch64's own (arch_fault()):
 *   fp-divide   fdiv.d 1 by 0 with FCSR0's division-by-zero enable (Z) set: an FPE
 *               exception, SIGFPE. Without EUEN.FPE it would be FPD, SIGILL.
 *   vector      an LSX instruction (vadd.b): SXD with EUEN.SXE = 0, or INE on a CPU without
 *               LSX (QEMU 7.2): SIGILL either way.
 * There is no "single-step": its controls are PLV0-only CSRs, user mode cannot set it.
 */
#include "lib/ulib.h"

const struct fault_case arch_fault_cases[] = {
	{ "divide", 0 },
	{ "misaligned", 0 },
	{ "fp-divide", SIGFPE },
	{ "vector", SIGILL },
};

const unsigned int arch_nr_fault_cases = ARRAY_SIZE(arch_fault_cases);

#define FCSR0_ENABLE_Z	 (1UL << 3) /* trap on division by zero */
#define INSN_VADD_B_V0	 0x700a0000 /* vadd.b $vr0, $vr0, $vr0 */
#define DOUBLE_ONE_BITS	 0x3ff0000000000000UL
#define DOUBLE_ZERO_BITS 0UL

int arch_fault(const char *mode)
{
	unsigned long result;

	if (!strcmp(mode, "fp-divide")) {
		/* The operands as bit patterns: user code is built without FP (-msoft-float). */
		__asm__ __volatile__("movgr2fcsr $fcsr0, %[fcsr]\n\t"
				     "movgr2fr.d $f0, %[one]\n\t"
				     "movgr2fr.d $f1, %[zero]\n\t"
				     "fdiv.d $f0, $f0, $f1\n\t"
				     "movfr2gr.d %[result], $f0"
				     : [result] "=r"(result)
				     : [fcsr] "r"(FCSR0_ENABLE_Z), [one] "r"(DOUBLE_ONE_BITS),
				       [zero] "r"(DOUBLE_ZERO_BITS)
				     : "memory");
		return 0;
	}
	if (!strcmp(mode, "vector")) {
		__asm__ __volatile__(".word %0" : : "i"(INSN_VADD_B_V0) : "memory");
		return 0;
	}
	return -1;
}
