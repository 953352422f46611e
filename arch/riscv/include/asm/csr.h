/* SPDX-License-Identifier: MIT */
/*
 * Supervisor-mode CSR bits and trap causes. Numbers from "The RISC-V Instruction Set Manual,
 * Volume II: Privileged Architecture" (version 20211203), chapter 4 "Supervisor-Level ISA";
 * section numbers below refer to it. Usable from C and from head.S / entry.S.
 */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_CSR_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_CSR_H

/* sstatus (4.1.1) */
#define SR_SIE	      (1 << 1) /* S-mode interrupts enabled */
#define SR_SPIE	      (1 << 5) /* SIE before the trap; sret copies it back into SIE */
#define SR_SPP	      (1 << 8) /* mode before the trap: 0 = U, 1 = S; sret returns there */
#define SR_VS	      (3 << 9) /* vector unit state; 0 = off, vector instructions trap */
#define SR_FS_SHIFT   13
#define SR_FS	      (3 << SR_FS_SHIFT) /* FPU state; 0 = off, FP instructions trap */
/*
 * The other three FS values (4.1.1.6, table 4.2) let FP instructions run and say whether the
 * registers may differ from the last saved copy: Initial (all 0) and Clean (same as the copy)
 * no, Dirty yes. The hart sets Dirty itself when an instruction writes an FP register or fcsr.
 */
#define SR_FS_INITIAL (1 << SR_FS_SHIFT)
#define SR_FS_CLEAN   (2 << SR_FS_SHIFT)
#define SR_FS_DIRTY   (3 << SR_FS_SHIFT)
#define SR_SUM	      (1 << 18) /* S-mode may access pages marked U (Sv39 only) */
#define SR_MXR	      (1 << 19) /* loads from execute-only pages allowed */

/* scause (4.1.9, table 4.2): bit XLEN-1 says interrupt, the rest is the code below. */
#define CAUSE_IRQ_SHIFT 63

/* Exception codes (interrupt bit clear) */
#define EXC_INST_MISALIGNED  0
#define EXC_INST_ACCESS	     1
#define EXC_INST_ILLEGAL     2
#define EXC_BREAKPOINT	     3
#define EXC_LOAD_MISALIGNED  4
#define EXC_LOAD_ACCESS	     5
#define EXC_STORE_MISALIGNED 6 /* store or AMO */
#define EXC_STORE_ACCESS     7 /* store or AMO */
#define EXC_ECALL_U	     8 /* ecall from U-mode: a system call */
#define EXC_ECALL_S	     9 /* ecall from S-mode: goes to M-mode (SBI), never to us */
#define EXC_INST_PAGE_FAULT  12
#define EXC_LOAD_PAGE_FAULT  13
#define EXC_STORE_PAGE_FAULT 15 /* store or AMO */

/* Interrupt codes (interrupt bit set), also the bit numbers in sie/sip (4.1.3) */
#define IRQ_S_SOFT  1
#define IRQ_S_TIMER 5
#define IRQ_S_EXT   9

/*
 * sie (4.1.3): SSIE enables the supervisor software interrupt (the IPI, smp.c), STIE the
 * supervisor timer interrupt, SEIE the external one (PLIC). sip has the same layout; S-mode
 * may clear SSIP itself, the other two only go away at their source.
 */
#define SIE_SSIE (1 << IRQ_S_SOFT)
#define SIP_SSIP (1 << IRQ_S_SOFT)
#define SIE_STIE (1 << IRQ_S_TIMER)
#define SIE_SEIE (1 << IRQ_S_EXT)

/*
 * stimecmp, the Sstc extension's timer compare register ("RISC-V Sstc Extension" 1.0,
 * chapter 1). STIP reads 1 while time >= stimecmp. A number, not a name: binutils and clang
 * only know the name when -march lists sstc, and we decide at run time (time.c).
 */
#define CSR_STIMECMP 0x14d

/* stvec (4.1.2): the low two bits select the mode; 0 = every trap goes to BASE. */
#define STVEC_MODE_DIRECT 0

/* satp (4.1.11, figure 4.14 for SXLEN=64): MODE[63:60] | ASID[59:44] | PPN[43:0]. */
#define SATP_MODE_SHIFT 60
#define SATP_MODE_SV39	8 /* table 4.4: page-based 39-bit virtual addressing */
#define SATP_ASID_SHIFT 44
#define SATP_ASID_MASK	0xffff	      /* 16 bits at most; how many exist is probed (mm.c) */
#define SATP_PPN_MASK	0xfffffffffff /* 44 bits: the root table's physical page */

#ifndef __ASSEMBLY__

#include <trapdoor/types.h>

#define CAUSE_IRQ_FLAG (1UL << CAUSE_IRQ_SHIFT)

/* CSR access. The CSR name is part of the instruction, hence macros, not functions. */
#define csr_read(csr)                                                            \
	({                                                                       \
		unsigned long __v;                                               \
		__asm__ __volatile__("csrr %0, " #csr : "=r"(__v) : : "memory"); \
		__v;                                                             \
	})

#define csr_write(csr, val)                                                         \
	do {                                                                        \
		unsigned long __v = (unsigned long)(val);                           \
		__asm__ __volatile__("csrw " #csr ", %0" : : "rK"(__v) : "memory"); \
	} while (0)

#define csr_set(csr, bits)                                                          \
	do {                                                                        \
		unsigned long __v = (unsigned long)(bits);                          \
		__asm__ __volatile__("csrs " #csr ", %0" : : "rK"(__v) : "memory"); \
	} while (0)

#define csr_clear(csr, bits)                                                        \
	do {                                                                        \
		unsigned long __v = (unsigned long)(bits);                          \
		__asm__ __volatile__("csrc " #csr ", %0" : : "rK"(__v) : "memory"); \
	} while (0)

#endif /* !__ASSEMBLY__ */

#endif
