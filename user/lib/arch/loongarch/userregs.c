// SPDX-License-Identifier: MIT
/*
 * The loongarch64 registers user/regstate.c checks. Of the general-purpose registers, all 32 in
 * pt_regs (entry.S saves and restores them), two have a job outside the C calling convention:
 *   tp         r2, the thread pointer (TLS base), never touched by compiled code
 *   r21        the register the psABI reserves (Linux's kernel keeps its per-CPU base there)
 * And the scalar FP unit, which the kernel keeps on (EUEN.FPE) and switches per task outside
 * pt_regs (arch/loongarch/entry.S, arch_switch_to()):
 *   f0-f31     64 bits each
 *   fcsr0      enables, flags, cause, rounding mode
 *   fcc0-fcc7  the condition flags, 0 or 1 each
 * A new image must start with 0 in each (arch_init_user_regs), a fork child with its parent's,
 * and each task keeps its own.
 *
 * Not in the list, because user mode cannot reach them without a trap (CSR.EUEN, whose SXE,
 * ASXE and BTE the kernel keeps at 0): the LSX and LASX vector registers (SXD, ASXD), and the
 * LBT binary-translation scratch registers scr0-3, EFLAGS and FTOP (BTD); on a CPU without the
 * unit (QEMU 7.2 has no LSX, LASX or LBT) the instruction is INE. Each such use ends the
 * program with SIGILL (arch/loongarch/traps.c). The LL bit of ll/sc is cleared by every ertn,
 * so no task sees another's. Everything else (timers, counters, watchpoints, CSRs) is PLV0
 * only.
 */
#include "lib/ulib.h"

#define NR_FPRS 32
#define FPR0	2
#define FCSR	(FPR0 + NR_FPRS)
#define FCC0	(FCSR + 1)
#define NR_REGS (FCC0 + 8)

const unsigned int user_regs_nr = NR_REGS;
const char *const user_regs_names[] = {
	"tp",  "r21",	"f0",	"f1",	"f2",	"f3",	"f4",	"f5",	"f6",	"f7",	"f8",
	"f9",  "f10",	"f11",	"f12",	"f13",	"f14",	"f15",	"f16",	"f17",	"f18",	"f19",
	"f20", "f21",	"f22",	"f23",	"f24",	"f25",	"f26",	"f27",	"f28",	"f29",	"f30",
	"f31", "fcsr0", "fcc0", "fcc1", "fcc2", "fcc3", "fcc4", "fcc5", "fcc6", "fcc7",
};

/*
 * Distinct non-zero markers. FCSR0's enables no exception (bits 0-4 stay 0, so nothing
 * traps), sets every flag and rounds toward zero; each fcc is 1.
 */
const unsigned long user_regs_marker[] = {
	0x7470000000007470UL,
	0x7232310000723231UL,
#define FPR_MARKER(n) (0xf0f0f0f000000000UL | (n) << 8 | (n))
	FPR_MARKER(0),
	FPR_MARKER(1),
	FPR_MARKER(2),
	FPR_MARKER(3),
	FPR_MARKER(4),
	FPR_MARKER(5),
	FPR_MARKER(6),
	FPR_MARKER(7),
	FPR_MARKER(8),
	FPR_MARKER(9),
	FPR_MARKER(10),
	FPR_MARKER(11),
	FPR_MARKER(12),
	FPR_MARKER(13),
	FPR_MARKER(14),
	FPR_MARKER(15),
	FPR_MARKER(16),
	FPR_MARKER(17),
	FPR_MARKER(18),
	FPR_MARKER(19),
	FPR_MARKER(20),
	FPR_MARKER(21),
	FPR_MARKER(22),
	FPR_MARKER(23),
	FPR_MARKER(24),
	FPR_MARKER(25),
	FPR_MARKER(26),
	FPR_MARKER(27),
	FPR_MARKER(28),
	FPR_MARKER(29),
	FPR_MARKER(30),
	FPR_MARKER(31),
	0x001f0100UL,
	1,
	1,
	1,
	1,
	1,
	1,
	1,
	1,
};

BUILD_BUG_ON(ARRAY_SIZE(user_regs_names) != NR_REGS);
BUILD_BUG_ON(ARRAY_SIZE(user_regs_marker) != NR_REGS);

/* Neither tp nor r21 is ever allocated by the compiler, nor any FP register (-msoft-float). */
void user_regs_write(const unsigned long *values)
{
	__asm__ __volatile__("move $tp, %0" : : "r"(values[0]));
	__asm__ __volatile__("move $r21, %0" : : "r"(values[1]));
	__asm__ __volatile__(".irp n,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,"
			     "24,25,26,27,28,29,30,31\n\t"
			     "fld.d $f\\n, %0, 8 * \\n\n\t"
			     ".endr"
			     :
			     : "r"(&values[FPR0])
			     : "memory");
	__asm__ __volatile__("movgr2fcsr $fcsr0, %0" : : "r"(values[FCSR]));
	__asm__ __volatile__(".irp n,0,1,2,3,4,5,6,7\n\t"
			     "ld.d $t0, %0, 8 * \\n\n\t"
			     "movgr2cf $fcc\\n, $t0\n\t"
			     ".endr"
			     :
			     : "r"(&values[FCC0])
			     : "$t0", "memory");
}

void user_regs_read(unsigned long *values)
{
	unsigned long fcsr;

	__asm__ __volatile__("move %0, $tp" : "=r"(values[0]));
	__asm__ __volatile__("move %0, $r21" : "=r"(values[1]));
	__asm__ __volatile__(".irp n,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,"
			     "24,25,26,27,28,29,30,31\n\t"
			     "fst.d $f\\n, %0, 8 * \\n\n\t"
			     ".endr"
			     :
			     : "r"(&values[FPR0])
			     : "memory");
	__asm__ __volatile__("movfcsr2gr %0, $fcsr0" : "=r"(fcsr));
	values[FCSR] = fcsr;
	__asm__ __volatile__(".irp n,0,1,2,3,4,5,6,7\n\t"
			     "movcf2gr $t0, $fcc\\n\n\t"
			     "st.d $t0, %0, 8 * \\n\n\t"
			     ".endr"
			     :
			     : "r"(&values[FCC0])
			     : "$t0", "memory");
}
