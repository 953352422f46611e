// SPDX-License-Identifier: MIT
/*
 * The riscv64 registers a user program can write that compiled C of this program never
 * touches:
 *   - tp, the thread pointer, and gp, the global pointer (the psABI reserves both; the
 *     register allocator never uses them), both in pt_regs, which entry.S saves and restores
 *     on every trap and arch_init_user_regs() zeroes for every new image;
 *   - the F/D registers f0-f31 (64 bits each) and fcsr (frm and fflags, the only 8 bits of
 *     it that exist), which no trap saves: arch_switch_to() switches them on every context
 *     switch, fork copies them, execve zeroes them (arch/riscv/process.c). The user's C code
 *     here does no floating-point arithmetic, so nothing between a write and a read changes
 *     them.
 * user/regstate.c checks that every one starts at 0 and stays each task's own.
 *
 * Not listed, because a user program cannot write them: the vector registers with vstart,
 * vxsat, vxrm, vcsr, vl and vtype. sstatus.VS is Off for every user program
 * (arch_init_user_regs(); U-mode cannot write sstatus), so each vector instruction raises an
 * illegal-instruction trap and the task dies with SIGILL. The other user-level CSRs (cycle,
 * time, instret, hpmcounter*) are read-only.
 */
#include "lib/ulib.h"

#define NR_FPR	     32
#define NR_USER_REGS (2 + NR_FPR + 1) /* tp, gp, f0-f31, fcsr */

const unsigned int user_regs_nr = NR_USER_REGS;

const char *const user_regs_names[NR_USER_REGS] = {
	"tp",  "gp",  "f0",  "f1",  "f2",  "f3",  "f4",	 "f5",	"f6",  "f7",  "f8",   "f9",
	"f10", "f11", "f12", "f13", "f14", "f15", "f16", "f17", "f18", "f19", "f20",  "f21",
	"f22", "f23", "f24", "f25", "f26", "f27", "f28", "f29", "f30", "f31", "fcsr",
};

/*
 * A different value in each, so that a swap of two shows too. fcsr: frm = 3 (round up) and
 * fflags = 0x15 (NV, OF, NX); bits 31:8 are reserved and read 0.
 */
#define FPR_MARKER(n) (0x6630663066306600UL + (n))
const unsigned long user_regs_marker[NR_USER_REGS] = {
	0x7470747074707470UL, 0x6770677067706770UL, FPR_MARKER(0),  FPR_MARKER(1),  FPR_MARKER(2),
	FPR_MARKER(3),	      FPR_MARKER(4),	    FPR_MARKER(5),  FPR_MARKER(6),  FPR_MARKER(7),
	FPR_MARKER(8),	      FPR_MARKER(9),	    FPR_MARKER(10), FPR_MARKER(11), FPR_MARKER(12),
	FPR_MARKER(13),	      FPR_MARKER(14),	    FPR_MARKER(15), FPR_MARKER(16), FPR_MARKER(17),
	FPR_MARKER(18),	      FPR_MARKER(19),	    FPR_MARKER(20), FPR_MARKER(21), FPR_MARKER(22),
	FPR_MARKER(23),	      FPR_MARKER(24),	    FPR_MARKER(25), FPR_MARKER(26), FPR_MARKER(27),
	FPR_MARKER(28),	      FPR_MARKER(29),	    FPR_MARKER(30), FPR_MARKER(31), 0x75,
};

void user_regs_write(const unsigned long *values)
{
	__asm__ __volatile__("mv tp, %0\n\tmv gp, %1" : : "r"(values[0]), "r"(values[1]));
	/*
	 * fld moves the 64 bits unchanged (no NaN boxing or canonicalisation on a load). The FP
	 * registers are no clobbers: the compiler would then save the callee-saved ones (fs0-fs11)
	 * around this function and put the caller's values back, and no code of this program
	 * keeps a value in any of them.
	 */
	__asm__ __volatile__(".irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, "
			     "17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n\t"
			     "fld f\\n, (\\n * 8)(%0)\n\t"
			     ".endr\n\t"
			     "fscsr %1"
			     :
			     : "r"(&values[2]), "r"(values[2 + NR_FPR])
			     : "memory");
}

void user_regs_read(unsigned long *values)
{
	unsigned long fcsr;

	__asm__ __volatile__("mv %0, tp\n\tmv %1, gp" : "=r"(values[0]), "=r"(values[1]));
	__asm__ __volatile__(".irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, "
			     "17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31\n\t"
			     "fsd f\\n, (\\n * 8)(%1)\n\t"
			     ".endr\n\t"
			     "frcsr %0"
			     : "=r"(fcsr)
			     : "r"(&values[2])
			     : "memory");
	values[2 + NR_FPR] = fcsr;
}
