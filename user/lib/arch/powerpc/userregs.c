// SPDX-License-Identifier: MIT
/*
 * The registers a 64-bit Power user program can write beyond pt_regs' general set (r0-r31,
 * LR, CTR, XER, CR), for user/regstate.c. Each is an SPR that problem state may move to
 * with mtspr (Power ISA v3.0B Book III, the SPR encodings table, "privileged: no"):
 *
 *   VRSAVE (SPR 256)  32 bits software keeps for the vector unit; readable and writable
 *                     whatever MSR[VEC] says
 *   PPR    (SPR 896)  the program priority register: the SMT priority in bits 11:13, also
 *                     changed by the "or 1,1,1" family of no-ops
 *
 * Everything else user mode could write traps instead, which the kernel turns into
 * SIGILL (arch/powerpc/traps.c), so no value can cross from one program to another:
 *   FPRs, FPSCR   MSR[FP] = 0: floating-point unavailable (0x800)
 *   VRs, VSCR     MSR[VEC] = 0: vector unavailable (0xf20)
 *   VSRs          MSR[VSX] = 0: VSX unavailable (0xf40)
 *   TAR, DSCR (SPR 3), EBB (EBBHR, EBBRR, BESCR), TM (TFHAR, TFIAR, TEXASR), BHRB,
 *   performance monitor SPRs, scv: FSCR (or MMCR0[PMCC] for the PMU) keeps them
 *                 disabled: facility unavailable (0xf60) or privileged (0x700)
 *   PPR32 (SPR 898)  privileged in problem state
 * AMR (SPR 13) is user-writable only in the bits UAMOR allows, and the kernel keeps UAMOR
 * at 0 (arch/powerpc/setup.c): an mtspr to it changes nothing.
 */
#include "lib/ulib.h"

#define SPRN_VRSAVE 256
#define SPRN_PPR    896

const unsigned int user_regs_nr = 2;
const char *const user_regs_names[] = { "vrsave", "ppr" };
/* PPR: priority 0b010 ("low") in bits 11:13, a value problem state may set. */
const unsigned long user_regs_marker[] = { 0xa5a5a5a5UL, 2UL << 50 };

#define __stringify_1(x) #x
#define __stringify(x)	 __stringify_1(x)
#define mtspr(n, v)	 __asm__ __volatile__("mtspr " __stringify(n) ", %0" : : "r"(v))
#define mfspr(n)                                                              \
	({                                                                    \
		unsigned long v_;                                             \
		__asm__ __volatile__("mfspr %0, " __stringify(n) : "=r"(v_)); \
		v_;                                                           \
	})

void user_regs_write(const unsigned long *values)
{
	mtspr(SPRN_VRSAVE, values[0]);
	mtspr(SPRN_PPR, values[1]);
}

void user_regs_read(unsigned long *values)
{
	values[0] = mfspr(SPRN_VRSAVE);
	values[1] = mfspr(SPRN_PPR);
}
