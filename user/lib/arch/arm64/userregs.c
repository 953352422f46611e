// SPDX-License-Identifier: MIT
/*
 * The registers an arm64 user program can write beyond those the entry path
 * saves in pt_regs (x0-x30, sp, pc, and PSTATE through SPSR_EL1: NZCV and the
 * EL0-writable DIT, SSBS, TCO and BTYPE bits), for user/regstate.c:
 *
 *	TPIDR_EL0	the thread pointer (TLS), read/write at EL0
 *
 * That is all, because everything else a program could write traps, and the
 * program dies of SIGILL (arch/arm64/setup.c sets the traps, traps.c sends
 * the signal):
 *	V0-V31, FPCR, FPSR	FP/SIMD: CPACR_EL1.FPEN = 0
 *	Z0-Z31, P0-P15, FFR	SVE: CPACR_EL1.ZEN = 0
 *	ZA, SVCR (SMSTART)	SME: CPACR_EL1.SMEN = 0
 *	TPIDR2_EL0		SME's thread pointer: SCTLR_EL1.EnTP2 = 0
 *	PMCR_EL0, PMCCNTR_EL0 ...	PMU: PMUSERENR_EL0 = 0
 *	DBGDTR_EL0 ...		debug comms channel: MDSCR_EL1.TDCC = 1
 *	CNTV_CTL_EL0 ...	EL0 timers: CNTKCTL_EL1.EL0VTEN/EL0PTEN = 0
 *	DAIF			SCTLR_EL1.UMA = 0
 * TPIDRRO_EL0 is read-only at EL0 (the kernel keeps it 0).
 */
#include "lib/ulib.h"

const unsigned int user_regs_nr = 1;
const char *const user_regs_names[] = { "tpidr_el0" };
const unsigned long user_regs_marker[] = { 0x7e57b0b0cafe0001UL };

void user_regs_write(const unsigned long *values)
{
	__asm__ __volatile__("msr tpidr_el0, %0" : : "r"(values[0]) : "memory");
}

void user_regs_read(unsigned long *values)
{
	__asm__ __volatile__("mrs %0, tpidr_el0" : "=r"(values[0]) : : "memory");
}
