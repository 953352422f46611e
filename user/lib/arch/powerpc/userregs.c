// SPDX-License-Identifier: MIT
/*
 * The registers a 64-bit Power user program can write beyond pt_regs' general set (r0-r31,
 * LR, CTR, XER, CR), for user/regstate.c, plus r13, the thread pointer (in pt_regs, but
 * the one GPR a test of private TLS must watch across switches, spawn and exec):
 *
 *   VRSAVE (SPR 256)  32 bits software keeps for the vector unit; readable and writable
 *                     whatever MSR[VEC] says
 *   PPR    (SPR 896)  the program priority register: the SMT priority in bits 11:13, also
 *                     changed by the "or 1,1,1" family of no-ops
 *   r13               the thread pointer (64-bit ELF ABI)
 *   f0-f31, FPSCR     the floating-point registers (MSR[FP] = 1 in user mode): each task's
 *                     own, saved and loaded on every switch, zero in a new image
 *
 * Everything else user mode could write traps instead, which the kernel turns into
 * SIGILL (arch/powerpc/traps.c), so no value can cross from one program to another:
 *   VRs, VSCR     MSR[VEC] = 0: vector unavailable (0xf20)
 *   VSRs          MSR[VSX] = 0: VSX unavailable (0xf40)
 *   TAR, DSCR (SPR 3), EBB (EBBHR, EBBRR, BESCR), TM (TFHAR, TFIAR, TEXASR), BHRB,
 *   performance monitor SPRs, scv: FSCR (or MMCR0[PMCC] for the PMU) keeps them
 *                 disabled: facility unavailable (0xf60) or privileged (0x700)
 *   PPR32 (SPR 898)  privileged in problem state
 * AMR (SPR 13) is user-writable only in the bits UAMOR allows, and the kernel keeps UAMOR
 * at 0 (arch/powerpc/setup.c): an mtspr to it changes nothing.
 *
 * The user library is built with -msoft-float: the compiler never keeps anything in an FPR,
 * so these functions may load and read all of them.
 */
#include "lib/ulib.h"

#define SPRN_VRSAVE 256
#define SPRN_PPR    896

#define NR_FPRS	  32
#define REG_R13	  2
#define REG_FPR0  3
#define REG_FPSCR (REG_FPR0 + NR_FPRS)
#define NR_REGS	  (REG_FPSCR + 1)

/* The register list: "f0".."f31" spelled out, as regstate's test names use them. */
#define FPR_NAMES(p)                                                                          \
	p "0", p "1", p "2", p "3", p "4", p "5", p "6", p "7", p "8", p "9", p "10", p "11", \
	    p "12", p "13", p "14", p "15", p "16", p "17", p "18", p "19", p "20", p "21",   \
	    p "22", p "23", p "24", p "25", p "26", p "27", p "28", p "29", p "30", p "31"
/* FPR n's marker: different in every register and in both halves. */
#define FPR_MARKER(n) (0xa5f00000005a0000UL | (n) << 40 | (n))
#define FPR_MARKERS                                                                              \
	FPR_MARKER(0UL), FPR_MARKER(1UL), FPR_MARKER(2UL), FPR_MARKER(3UL), FPR_MARKER(4UL),     \
	    FPR_MARKER(5UL), FPR_MARKER(6UL), FPR_MARKER(7UL), FPR_MARKER(8UL), FPR_MARKER(9UL), \
	    FPR_MARKER(10UL), FPR_MARKER(11UL), FPR_MARKER(12UL), FPR_MARKER(13UL),              \
	    FPR_MARKER(14UL), FPR_MARKER(15UL), FPR_MARKER(16UL), FPR_MARKER(17UL),              \
	    FPR_MARKER(18UL), FPR_MARKER(19UL), FPR_MARKER(20UL), FPR_MARKER(21UL),              \
	    FPR_MARKER(22UL), FPR_MARKER(23UL), FPR_MARKER(24UL), FPR_MARKER(25UL),              \
	    FPR_MARKER(26UL), FPR_MARKER(27UL), FPR_MARKER(28UL), FPR_MARKER(29UL),              \
	    FPR_MARKER(30UL), FPR_MARKER(31UL)

/*
 * FPSCR: the five exception enables (VE, OE, UE, ZE, XE: bits 56:60) and rounding toward
 * zero (RN = 0b01, bits 62:63). Writable and read back as written: no exception bit is set,
 * so the summaries FX, FEX and VX stay 0, and with MSR[FE0,FE1] = 0 (Linux's default) the
 * enables raise nothing.
 */
#define FPSCR_MARKER 0xf9UL

const unsigned int user_regs_nr = NR_REGS;
const char *const user_regs_names[] = { "vrsave", "ppr", "r13", FPR_NAMES("f"), "fpscr" };
/* PPR: priority 0b010 ("low") in bits 11:13, a value problem state may set. */
const unsigned long user_regs_marker[] = { 0xa5a5a5a5UL, 2UL << 50, 0x7000a5a55a5a1300UL,
					   FPR_MARKERS, FPSCR_MARKER };

_Static_assert(sizeof(user_regs_names) / sizeof(user_regs_names[0]) == NR_REGS, "names");
_Static_assert(sizeof(user_regs_marker) / sizeof(user_regs_marker[0]) == NR_REGS, "markers");

#define __stringify_1(x) #x
#define __stringify(x)	 __stringify_1(x)
#define mtspr(n, v)	 __asm__ __volatile__("mtspr " __stringify(n) ", %0" : : "r"(v))
#define mfspr(n)                                                              \
	({                                                                    \
		unsigned long v_;                                             \
		__asm__ __volatile__("mfspr %0, " __stringify(n) : "=r"(v_)); \
		v_;                                                           \
	})

#define FPR_LIST \
	"0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31"

void user_regs_write(const unsigned long *values)
{
	mtspr(SPRN_VRSAVE, values[0]);
	mtspr(SPRN_PPR, values[1]);
	__asm__ __volatile__("mr 13, %0" : : "r"(values[REG_R13]));
	/* The FPSCR through f0 (all 64 bits: mtfsf with L = 1), then f0-f31 themselves. */
	__asm__ __volatile__("lfd 0, 0(%1)\n\t"
			     "mtfsf 0xff, 0, 1, 0\n\t"
			     ".irp n, " FPR_LIST "\n\t"
			     "lfd \\n, \\n * 8(%0)\n\t"
			     ".endr"
			     :
			     : "b"(&values[REG_FPR0]), "b"(&values[REG_FPSCR])
			     : "memory");
}

void user_regs_read(unsigned long *values)
{
	values[0] = mfspr(SPRN_VRSAVE);
	values[1] = mfspr(SPRN_PPR);
	__asm__ __volatile__("mr %0, 13" : "=r"(values[REG_R13]));
	/* f0-f31, then the FPSCR through f0, and f0 back as it was. */
	__asm__ __volatile__(".irp n, " FPR_LIST "\n\t"
			     "stfd \\n, \\n * 8(%0)\n\t"
			     ".endr\n\t"
			     "mffs 0\n\t"
			     "stfd 0, 0(%1)\n\t"
			     "lfd 0, 0(%0)"
			     :
			     : "b"(&values[REG_FPR0]), "b"(&values[REG_FPSCR])
			     : "memory");
}
