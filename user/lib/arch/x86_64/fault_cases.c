// SPDX-License-Identifier: MIT
/*
 * The fault modes whose outcome is x86_64's (user/fault.c, user/init.c), with
 * the signal Linux gives for each (arch/x86/kernel/traps.c there), and the
 * modes only x86_64 has.
 */
#include "lib/ulib.h"

const struct fault_case arch_fault_cases[] = {
	{ "divide", SIGFPE },	     /* div by 0: #DE */
	{ "misaligned", 0 },	     /* no #AC: CR0.AM is clear, the load works */
	{ "single-step", SIGTRAP },  /* popf with TF: #DB after the next instruction */
	{ "sse-exception", SIGFPE }, /* an unmasked SSE divide by zero: #XM */
	{ "x87-exception", SIGFPE }, /* an unmasked x87 divide by zero: #MF */
};

const unsigned int arch_nr_fault_cases = ARRAY_SIZE(arch_fault_cases);

/* MXCSR and the x87 control word with the divide-by-zero exception unmasked. */
#define MXCSR_UNMASK_ZE 0x1d80 /* 0x1f80 without ZM, bit 9 */
#define FCW_UNMASK_ZE	0x037b /* 0x037f without ZM, bit 2 */

/*
 * 1.0f / 0.0f in SSE with ZM clear raises #XM at the divss (SDM Vol. 1
 * §11.5.1): SIGFPE. 1.0 / 0.0 in x87 with ZM clear only marks the exception
 * pending; the next waiting x87 instruction, fwait, raises #MF (SDM Vol. 1
 * §8.6): SIGFPE.
 */
int arch_fault(const char *mode)
{
	if (!strcmp(mode, "sse-exception")) {
		u32 mxcsr = MXCSR_UNMASK_ZE;

		__asm__ __volatile__("ldmxcsr %0\n\t"
				     "movl $0x3f800000, %%eax\n\t" /* 1.0f */
				     "movd %%eax, %%xmm0\n\t"
				     "xorps %%xmm1, %%xmm1\n\t" /* 0.0f */
				     "divss %%xmm1, %%xmm0"
				     :
				     : "m"(mxcsr)
				     : "eax", "memory");
		return 0;
	}
	if (!strcmp(mode, "x87-exception")) {
		u16 fcw = FCW_UNMASK_ZE;

		__asm__ __volatile__("fldcw %0\n\t"
				     "fld1\n\t"
				     "fldz\n\t"
				     "fdivrp\n\t" /* st(1) = st(0) / st(1): 1.0 / 0.0 */
				     "fwait"
				     :
				     : "m"(fcw)
				     : "memory");
		return 0;
	}
	return -1;
}
