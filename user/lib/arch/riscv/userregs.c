// SPDX-License-Identifier: MIT
/*
 * The riscv64 registers a user program can write that compiled C never touches: tp, the
 * thread pointer, and gp, the global pointer (the psABI reserves both; the register
 * allocator never uses them). Both are in pt_regs, which entry.S saves and restores on
 * every trap, and arch_init_user_regs() zeroes for every new image; user/regstate.c checks
 * that both start at 0 and stay each task's own.
 *
 * Not listed, because a user program cannot write them at all: the FP registers f0-f31 and
 * fcsr (frm, fflags), and the vector registers with vstart, vxsat, vxrm, vcsr, vl and vtype.
 * sstatus.FS and sstatus.VS are Off for every user program (arch/riscv/traps.c,
 * arch_init_user_regs(); U-mode cannot write sstatus), so each FP or vector instruction, CSR
 * accesses to them included, raises an illegal-instruction trap and the task dies with
 * SIGILL. The other user-level CSRs (cycle, time, instret, hpmcounter*) are read-only.
 */
#include "lib/ulib.h"

const unsigned int user_regs_nr = 2;
const char *const user_regs_names[] = { "tp", "gp" };
const unsigned long user_regs_marker[] = { 0x7470747074707470UL, 0x6770677067706770UL };

void user_regs_write(const unsigned long *values)
{
	__asm__ __volatile__("mv tp, %0\n\tmv gp, %1" : : "r"(values[0]), "r"(values[1]));
}

void user_regs_read(unsigned long *values)
{
	__asm__ __volatile__("mv %0, tp\n\tmv %1, gp" : "=r"(values[0]), "=r"(values[1]));
}
