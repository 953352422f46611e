/* SPDX-License-Identifier: MIT */
/*
 * u64 user_counter(void): the time base, the clock the kernel's
 * arch_get_cycles() reads (arch/powerpc/time.c). SPR 268 (TBRL) is readable
 * in problem state and gives all 64 bits on a 64-bit CPU.
 */
#include "../../../../arch/powerpc/include/asm/ppc_asm.h"	/* register names */

_GLOBAL(user_counter)
	mfspr	r3, 268			/* r3 = the time base, the C return value */
	blr
_GLOBAL_END(user_counter)
