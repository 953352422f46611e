/* SPDX-License-Identifier: MIT */
/*
 * Calls into the Supervisor Binary Interface: OpenSBI, running in M-mode below us.
 * "RISC-V Supervisor Binary Interface Specification" v1.0.0; chapter numbers below refer to it.
 * Calling convention (chapter 3): a7 = extension id (EID), a6 = function id (FID),
 * a0-a5 = arguments, `ecall`; returns error code in a0 and value in a1.
 */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_SBI_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_SBI_H

/* Base extension (chapter 4) */
#define SBI_EXT_BASE		  0x10
#define SBI_BASE_GET_SPEC_VERSION 0
#define SBI_BASE_GET_IMP_ID	  1
#define SBI_BASE_GET_IMP_VERSION  2
#define SBI_BASE_PROBE_EXT	  3
#define SBI_BASE_GET_MVENDORID	  4
#define SBI_BASE_GET_MARCHID	  5
#define SBI_BASE_GET_MIMPID	  6

/* Timer extension (chapter 6), EID "TIME" in ASCII */
#define SBI_EXT_TIME	   0x54494d45
#define SBI_TIME_SET_TIMER 0

/* IPI extension (chapter 7), EID "sPI": a supervisor software interrupt (sip.SSIP) to harts */
#define SBI_EXT_IPI	 0x735049
#define SBI_IPI_SEND_IPI 0

/* Hart State Management extension (chapter 9), EID "HSM" */
#define SBI_EXT_HSM	   0x48534d
#define SBI_HSM_HART_START 0

/* System Reset extension (chapter 10), EID "SRST" in ASCII */
#define SBI_EXT_SRST		0x53525354
#define SBI_SRST_RESET		0
#define SBI_SRST_TYPE_SHUTDOWN	0
#define SBI_SRST_REASON_NONE	0
#define SBI_SRST_REASON_FAILURE 1

/* Error codes (chapter 3, table 1) */
#define SBI_SUCCESS 0

#ifndef __ASSEMBLY__

struct sbiret {
	long error;
	long value;
};

static inline struct sbiret sbi_ecall3(unsigned long ext, unsigned long fid, unsigned long arg0,
				       unsigned long arg1, unsigned long arg2)
{
	register unsigned long a0 __asm__("a0") = arg0;
	register unsigned long a1 __asm__("a1") = arg1;
	register unsigned long a2 __asm__("a2") = arg2;
	register unsigned long a6 __asm__("a6") = fid;
	register unsigned long a7 __asm__("a7") = ext;

	/* The firmware preserves every register except a0 and a1. */
	__asm__ __volatile__("ecall" : "+r"(a0), "+r"(a1) : "r"(a2), "r"(a6), "r"(a7) : "memory");
	return (struct sbiret){ .error = (long)a0, .value = (long)a1 };
}

static inline struct sbiret sbi_ecall(unsigned long ext, unsigned long fid, unsigned long arg0,
				      unsigned long arg1)
{
	return sbi_ecall3(ext, fid, arg0, arg1, 0);
}

#endif /* !__ASSEMBLY__ */

#endif
