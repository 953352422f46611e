// SPDX-License-Identifier: MIT
/*
 * The loongarch64 registers user/regstate.c checks. Every register a PLV3 program can write
 * without a trap is a general-purpose one, and entry.S saves and restores all 32 of them in
 * pt_regs; two of those have a job outside the C calling convention and are checked here:
 *   tp   r2, the thread pointer (TLS base), never touched by compiled code
 *   r21  the register the psABI reserves (Linux's kernel keeps its per-CPU base there)
 * A new image must start with 0 in both (arch_init_user_regs), and each task keeps its own.
 *
 * Not in the list, because user mode cannot reach them without a trap (CSR.EUEN, which the
 * kernel keeps at 0): the FP registers f0-f31, FCSR0-3 and the condition flags fcc0-7
 * (EUEN.FPE = 0: FPD), the LSX and LASX vector registers (EUEN.SXE/ASXE = 0: SXD, ASXD), and
 * the LBT binary-translation scratch registers scr0-3, EFLAGS and FTOP (EUEN.BTE = 0: BTD);
 * on a CPU without the unit (QEMU 7.2 has no LSX, LASX or LBT) the instruction is INE. Each
 * such use ends the program with SIGILL (arch/loongarch/traps.c). The LL bit of ll/sc is cleared by every ertn, so no task sees
 * another's. Everything else (timers, counters, watchpoints, CSRs) is PLV0 only.
 */
#include "lib/ulib.h"

const unsigned int user_regs_nr = 2;
const char *const user_regs_names[] = { "tp", "r21" };
const unsigned long user_regs_marker[] = { 0x7470000000007470UL, 0x7232310000723231UL };

/* Neither register is ever allocated by the compiler, so writing them here is safe. */
void user_regs_write(const unsigned long *values)
{
	__asm__ __volatile__("move $tp, %0" : : "r"(values[0]));
	__asm__ __volatile__("move $r21, %0" : : "r"(values[1]));
}

void user_regs_read(unsigned long *values)
{
	__asm__ __volatile__("move %0, $tp" : "=r"(values[0]));
	__asm__ __volatile__("move %0, $r21" : "=r"(values[1]));
}
