// SPDX-License-Identifier: MIT
/*
 * The registers an arm64 user program can write beyond those the entry path
 * saves in pt_regs (x0-x30, sp, pc, and PSTATE through SPSR_EL1: NZCV and the
 * EL0-writable DIT, SSBS, TCO and BTYPE bits), for user/regstate.c:
 *
 *	TPIDR_EL0	the thread pointer (TLS), read/write at EL0
 *	V0-V31		FP/SIMD, 128 bits each: both 64-bit halves
 *	FPCR, FPSR	FP control (rounding, flush-to-zero, ...) and status
 *			(the cumulative exception flags)
 *
 * The kernel keeps the FP/SIMD registers per task (thread_struct), saved and
 * loaded on every context switch, copied by fork and zeroed by execve. The
 * rest of what a program could write traps, and the program dies of SIGILL
 * (arch/arm64/cpufeature.c sets the traps, traps.c sends the signal):
 *	Z0-Z31, P0-P15, FFR	SVE: CPACR_EL1.ZEN = 0
 *	ZA, SVCR (SMSTART)	SME: CPACR_EL1.SMEN = 0
 *	TPIDR2_EL0		SME's thread pointer: SCTLR_EL1.EnTP2 = 0
 *	PMCR_EL0, PMCCNTR_EL0 ...	PMU: PMUSERENR_EL0 = 0
 *	DBGDTR_EL0 ...		debug comms channel: MDSCR_EL1.TDCC = 1
 *	CNTV_CTL_EL0 ...	EL0 timers: CNTKCTL_EL1.EL0VTEN/EL0PTEN = 0
 *	DAIF			SCTLR_EL1.UMA = 0
 * TPIDRRO_EL0 is read-only at EL0 (the kernel keeps it 0).
 *
 * user/ is built -mgeneral-regs-only like the kernel, so no compiled code
 * uses v0-v31 (callee-saved d8-d15 included) or FPCR/FPSR: the asm below
 * may set them all without telling the compiler.
 */
#include "lib/ulib.h"

#define NR_VREGS 32
#define REG_TP	 0			 /* values[0]: TPIDR_EL0 */
#define REG_V0	 1			 /* values[1 + 2n], [2 + 2n]: vn's low and high halves */
#define REG_FPCR (REG_V0 + 2 * NR_VREGS) /* then FPCR, FPSR */
#define REG_FPSR (REG_FPCR + 1)
#define NR_REGS	 (REG_FPSR + 1)

const unsigned int user_regs_nr = NR_REGS;

#define VREG_NAMES(n) "v" #n ".lo", "v" #n ".hi"
const char *const user_regs_names[NR_REGS] = {
	"tpidr_el0",	VREG_NAMES(0),	VREG_NAMES(1),	VREG_NAMES(2),	VREG_NAMES(3),
	VREG_NAMES(4),	VREG_NAMES(5),	VREG_NAMES(6),	VREG_NAMES(7),	VREG_NAMES(8),
	VREG_NAMES(9),	VREG_NAMES(10), VREG_NAMES(11), VREG_NAMES(12), VREG_NAMES(13),
	VREG_NAMES(14), VREG_NAMES(15), VREG_NAMES(16), VREG_NAMES(17), VREG_NAMES(18),
	VREG_NAMES(19), VREG_NAMES(20), VREG_NAMES(21), VREG_NAMES(22), VREG_NAMES(23),
	VREG_NAMES(24), VREG_NAMES(25), VREG_NAMES(26), VREG_NAMES(27), VREG_NAMES(28),
	VREG_NAMES(29), VREG_NAMES(30), VREG_NAMES(31), "fpcr",		"fpsr",
};

/*
 * vn's halves: 0x7e57f0f0_<n>_0000_<half>, so that a register or half
 * restored into the wrong place shows which. FPCR: AHP, DN, FZ and RMode =
 * round towards zero, bits every FP unit has (the trap enables are RAZ/WI
 * where FP exceptions do not trap). FPSR: QC and every cumulative flag.
 */
#define VREG_MARKERS(n) 0x7e57f0f000000000UL + ((n) << 16), 0x7e57f0f000000001UL + ((n) << 16)
const unsigned long user_regs_marker[NR_REGS] = {
	0x7e57b0b0cafe0001UL, VREG_MARKERS(0UL),  VREG_MARKERS(1UL),  VREG_MARKERS(2UL),
	VREG_MARKERS(3UL),    VREG_MARKERS(4UL),  VREG_MARKERS(5UL),  VREG_MARKERS(6UL),
	VREG_MARKERS(7UL),    VREG_MARKERS(8UL),  VREG_MARKERS(9UL),  VREG_MARKERS(10UL),
	VREG_MARKERS(11UL),   VREG_MARKERS(12UL), VREG_MARKERS(13UL), VREG_MARKERS(14UL),
	VREG_MARKERS(15UL),   VREG_MARKERS(16UL), VREG_MARKERS(17UL), VREG_MARKERS(18UL),
	VREG_MARKERS(19UL),   VREG_MARKERS(20UL), VREG_MARKERS(21UL), VREG_MARKERS(22UL),
	VREG_MARKERS(23UL),   VREG_MARKERS(24UL), VREG_MARKERS(25UL), VREG_MARKERS(26UL),
	VREG_MARKERS(27UL),   VREG_MARKERS(28UL), VREG_MARKERS(29UL), VREG_MARKERS(30UL),
	VREG_MARKERS(31UL),   0x07c00000UL,	  0x0800009fUL,
};

/*
 * ldp/stp of q registers: 16 bytes each from two neighbouring values[]
 * (8-byte alignment is enough). .arch_extension: clang's assembler refuses
 * FP/SIMD instructions under -mgeneral-regs-only otherwise.
 */
#define VREGS_ASM(op)                                                                       \
	".arch_extension fp\n\t.arch_extension simd\n\t" op " q0, q1, [%0, #16 * 0]\n\t" op \
	" q2, q3, [%0, #16 * 2]\n\t" op " q4, q5, [%0, #16 * 4]\n\t" op                     \
	" q6, q7, [%0, #16 * 6]\n\t" op " q8, q9, [%0, #16 * 8]\n\t" op                     \
	" q10, q11, [%0, #16 * 10]\n\t" op " q12, q13, [%0, #16 * 12]\n\t" op               \
	" q14, q15, [%0, #16 * 14]\n\t" op " q16, q17, [%0, #16 * 16]\n\t" op               \
	" q18, q19, [%0, #16 * 18]\n\t" op " q20, q21, [%0, #16 * 20]\n\t" op               \
	" q22, q23, [%0, #16 * 22]\n\t" op " q24, q25, [%0, #16 * 24]\n\t" op               \
	" q26, q27, [%0, #16 * 26]\n\t" op " q28, q29, [%0, #16 * 28]\n\t" op               \
	" q30, q31, [%0, #16 * 30]\n\t"

void user_regs_write(const unsigned long *values)
{
	__asm__ __volatile__("msr tpidr_el0, %0" : : "r"(values[REG_TP]) : "memory");
	__asm__ __volatile__(VREGS_ASM("ldp") : : "r"(&values[REG_V0]) : "memory");
	__asm__ __volatile__(".arch_extension fp\n\tmsr fpcr, %0"
			     :
			     : "r"(values[REG_FPCR])
			     : "memory");
	__asm__ __volatile__(".arch_extension fp\n\tmsr fpsr, %0"
			     :
			     : "r"(values[REG_FPSR])
			     : "memory");
}

void user_regs_read(unsigned long *values)
{
	__asm__ __volatile__("mrs %0, tpidr_el0" : "=r"(values[REG_TP]) : : "memory");
	__asm__ __volatile__(VREGS_ASM("stp") : : "r"(&values[REG_V0]) : "memory");
	__asm__ __volatile__(".arch_extension fp\n\tmrs %0, fpcr"
			     : "=r"(values[REG_FPCR])
			     :
			     : "memory");
	__asm__ __volatile__(".arch_extension fp\n\tmrs %0, fpsr"
			     : "=r"(values[REG_FPSR])
			     :
			     : "memory");
}
