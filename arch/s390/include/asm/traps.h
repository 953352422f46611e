/* SPDX-License-Identifier: MIT */
/*
 * The C side of the six s390 interruption classes. entry.S calls do_trap()
 * with the struct pt_regs it built, which hands it to one handler per class
 * (traps.c), each named after the architectural event (PoP 6, "Interruptions").
 */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_TRAPS_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_TRAPS_H

#include <asm/ptrace.h>

/* Program-interruption codes (PoP 6, "Program-Interruption Conditions"). */
#define PGM_OPERATION		0x01
#define PGM_PRIVILEGED_OP	0x02
#define PGM_EXECUTE		0x03
#define PGM_PROTECTION		0x04
#define PGM_ADDRESSING		0x05
#define PGM_SPECIFICATION	0x06
#define PGM_DATA		0x07
#define PGM_FIXPT_OVERFLOW	0x08
#define PGM_FIXPT_DIVIDE	0x09
#define PGM_DEC_OVERFLOW	0x0a
#define PGM_DEC_DIVIDE		0x0b
#define PGM_HFP_EXP_OVERFLOW	0x0c
#define PGM_HFP_EXP_UNDERFLOW	0x0d
#define PGM_HFP_SIGNIFICANCE	0x0e
#define PGM_HFP_DIVIDE		0x0f
#define PGM_SEGMENT_TRANS	0x10
#define PGM_PAGE_TRANS		0x11
#define PGM_TRANS_SPEC		0x12
#define PGM_SPECIAL_OP		0x13
#define PGM_OPERAND		0x15
#define PGM_TRACE_TABLE		0x16
#define PGM_TRANSACTION		0x18
#define PGM_VECTOR_PROCESSING	0x1b
#define PGM_SPACE_SWITCH	0x1c
#define PGM_HFP_SQRT		0x1d
#define PGM_ASCE_TYPE		0x38
#define PGM_REGION_FIRST_TRANS	0x39
#define PGM_REGION_SECOND_TRANS 0x3a
#define PGM_REGION_THIRD_TRANS	0x3b
#define PGM_MONITOR		0x40
#define PGM_CODE_MASK		0x7f /* the exception; the bits above flag extras: */
#define PGM_PER_EVENT		0x80 /* a PER event was reported with it */

/*
 * pt_regs.int_code of a program check or svc is the lowcore word at 0x8c or
 * 0x88: the ILC halfword, then the interruption code. The ILC halfword holds
 * the instruction length in bytes in its bits 13-14 (PoP 6, "Instruction-
 * Length Code"); an svc's code is the svc number, the instruction's I field.
 */
#define INT_CODE_ILC_SHIFT 16
#define ILC_LENGTH_MASK	   0x6
#define INT_CODE_MASK	   0xffff
/* SVC_NUMBER_MASK: asm/ptrace.h, which the syscall accessors need. */

/* traps.c, called from entry.S only: every interruption but a user svc. */
void do_trap(struct pt_regs *regs);

/* time.c: one tick of the clock comparator (user mode or idle); from do_trap(). */
void clock_comparator_interrupt(struct pt_regs *regs);

/* Not called but returned to: a new task's first arch_switch_to() lands here. */
void ret_from_fork(void);

#endif
