/* SPDX-License-Identifier: MIT */
/*
 * ESR_EL1, the Exception Syndrome Register: why a synchronous exception (or
 * SError) was taken. Arm ARM, "ESR_EL1": EC [31:26] is the exception class,
 * IL [25] the instruction length, ISS [24:0] the class-specific syndrome.
 */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_ESR_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_ESR_H

#include <asm/sysreg.h>

#define ESR_ELx_EC_SHIFT 26
#define ESR_ELx_EC_WIDTH 6
#define ESR_ELx_EC_MASK	 UL(0x3f)
#define ESR_ELx_EC(esr)	 (((esr) >> ESR_ELx_EC_SHIFT) & ESR_ELx_EC_MASK)
#define ESR_ELx_IL	 BIT(25) /* 32-bit instruction (always, in AArch64) */
#define ESR_ELx_ISS_MASK UL(0x1ffffff)
#define ESR_ELx_ISS(esr) ((esr) & ESR_ELx_ISS_MASK)

/* Exception classes (Arm ARM, "ESR_EL1", table of EC values). */
#define ESR_ELx_EC_UNKNOWN     0x00 /* undefined instruction, among others */
#define ESR_ELx_EC_WFx	       0x01 /* trapped WFI/WFE */
#define ESR_ELx_EC_FP_ASIMD    0x07 /* FP/SIMD access while CPACR_EL1.FPEN traps it */
#define ESR_ELx_EC_BTI	       0x0d /* branch target identification */
#define ESR_ELx_EC_ILL	       0x0e /* illegal execution state (bad eret, PSTATE.IL) */
#define ESR_ELx_EC_SVC32       0x11 /* svc from AArch32 */
#define ESR_ELx_EC_SVC64       0x15 /* svc from AArch64: the system call */
#define ESR_ELx_EC_HVC64       0x16
#define ESR_ELx_EC_SMC64       0x17
#define ESR_ELx_EC_SYS64       0x18 /* trapped msr/mrs/system instruction */
#define ESR_ELx_EC_SVE	       0x19 /* SVE access trapped */
#define ESR_ELx_EC_FPAC	       0x1c /* pointer authentication failure */
#define ESR_ELx_EC_SME	       0x1d /* SME access trapped (CPACR_EL1.SMEN) */
#define ESR_ELx_EC_IABT_LOW    0x20 /* instruction abort from EL0 */
#define ESR_ELx_EC_IABT_CUR    0x21 /* instruction abort from EL1 */
#define ESR_ELx_EC_PC_ALIGN    0x22 /* pc not 4-byte aligned */
#define ESR_ELx_EC_DABT_LOW    0x24 /* data abort from EL0 */
#define ESR_ELx_EC_DABT_CUR    0x25 /* data abort from EL1 */
#define ESR_ELx_EC_SP_ALIGN    0x26 /* sp used while not 16-byte aligned */
#define ESR_ELx_EC_FP_EXC64    0x2c /* trapped floating-point exception */
#define ESR_ELx_EC_SERROR      0x2f /* asynchronous system error */
#define ESR_ELx_EC_BREAKPT_LOW 0x30 /* hardware breakpoint from EL0 */
#define ESR_ELx_EC_BREAKPT_CUR 0x31
#define ESR_ELx_EC_SOFTSTP_LOW 0x32 /* software step from EL0 */
#define ESR_ELx_EC_SOFTSTP_CUR 0x33
#define ESR_ELx_EC_WATCHPT_LOW 0x34 /* watchpoint from EL0 */
#define ESR_ELx_EC_WATCHPT_CUR 0x35
#define ESR_ELx_EC_BRK64       0x3c /* brk instruction */

/* ISS of instruction and data aborts (Arm ARM, "ISS encoding for ... a Data Abort"). */
#define ESR_ELx_FSC_MASK UL(0x3f) /* DFSC/IFSC [5:0]: fault status code */
#define ESR_ELx_FSC(esr) ((esr) & ESR_ELx_FSC_MASK)
#define ESR_ELx_WNR	 BIT(6)	 /* the access was a write */
#define ESR_ELx_CM	 BIT(8)	 /* cache maintenance: reported as a write, is none */
#define ESR_ELx_S1PTW	 BIT(7)	 /* fault on the stage 2 walk of a stage 1 table */
#define ESR_ELx_FNV	 BIT(10) /* FAR_EL1 is not valid */

/* Fault status codes: bits [5:2] say the kind, [1:0] the table level. */
#define ESR_ELx_FSC_TYPE_MASK  UL(0x3c)
#define ESR_ELx_FSC_LEVEL(fsc) ((fsc) & 3)
#define ESR_ELx_FSC_ADDRSZ     0x00 /* address size fault, level 0-3 */
#define ESR_ELx_FSC_FAULT      0x04 /* translation fault: nothing mapped there */
#define ESR_ELx_FSC_ACCESS     0x08 /* access flag fault */
#define ESR_ELx_FSC_PERM       0x0c /* permission fault */
#define ESR_ELx_FSC_EXTABT     0x10 /* synchronous external abort */
#define ESR_ELx_FSC_MTE	       0x11 /* synchronous tag check fault */
#define ESR_ELx_FSC_ALIGN      0x21 /* alignment fault */
#define ESR_ELx_FSC_TLBCONF    0x30 /* TLB conflict abort */

/* ISS of brk and svc: the 16-bit immediate of the instruction. */
#define ESR_ELx_IMM16(esr) ((esr) & 0xffff)

#endif
