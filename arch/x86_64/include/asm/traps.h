/* SPDX-License-Identifier: MIT */
/*
 * Exception vector numbers, named as in Linux (asm/trapnr.h) after the
 * mnemonics of Intel SDM Vol. 3A Table 6-1 and AMD APM Vol. 2 Table 8-1,
 * the error-code bits, and the C entry point entry.S calls. The numbers are
 * usable from assembly (entry.S) too.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_TRAPS_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_TRAPS_H

#define X86_TRAP_DE	  0  /* #DE divide error */
#define X86_TRAP_DB	  1  /* #DB debug */
#define X86_TRAP_NMI	  2  /* non-maskable interrupt */
#define X86_TRAP_BP	  3  /* #BP breakpoint (int3) */
#define X86_TRAP_OF	  4  /* #OF overflow (into) */
#define X86_TRAP_BR	  5  /* #BR bound range exceeded */
#define X86_TRAP_UD	  6  /* #UD invalid opcode */
#define X86_TRAP_NM	  7  /* #NM device not available (no FPU state) */
#define X86_TRAP_DF	  8  /* #DF double fault */
#define X86_TRAP_OLD_MF	  9  /* coprocessor segment overrun (386 only) */
#define X86_TRAP_TS	  10 /* #TS invalid TSS */
#define X86_TRAP_NP	  11 /* #NP segment not present */
#define X86_TRAP_SS	  12 /* #SS stack-segment fault */
#define X86_TRAP_GP	  13 /* #GP general protection */
#define X86_TRAP_PF	  14 /* #PF page fault */
#define X86_TRAP_SPURIOUS 15 /* reserved */
#define X86_TRAP_MF	  16 /* #MF x87 floating-point error */
#define X86_TRAP_AC	  17 /* #AC alignment check */
#define X86_TRAP_MC	  18 /* #MC machine check */
#define X86_TRAP_XF	  19 /* #XM SIMD floating-point exception */
#define X86_TRAP_VE	  20 /* #VE virtualization exception */
#define X86_TRAP_CP	  21 /* #CP control protection (CET) */
#define X86_TRAP_HV	  28 /* #HV hypervisor injection (AMD SEV-SNP) */
#define X86_TRAP_VC	  29 /* #VC VMM communication (AMD SEV-ES) */
#define X86_TRAP_SX	  30 /* #SX security exception (AMD) */

/*
 * The vectors for which the CPU pushes an error code (SDM Vol. 3A "Error Code"
 * and Table 6-1; AMD APM Vol. 2 §8.2 for #VC and #SX): #DF #TS #NP #SS #GP #PF
 * #AC #CP #VC #SX. For every other vector entry.S pushes a 0 in its place, so
 * that all exceptions share one frame layout.
 */
#define X86_TRAP_ERROR_CODE_MASK                                                             \
	((1 << X86_TRAP_DF) | (1 << X86_TRAP_TS) | (1 << X86_TRAP_NP) | (1 << X86_TRAP_SS) | \
	 (1 << X86_TRAP_GP) | (1 << X86_TRAP_PF) | (1 << X86_TRAP_AC) | (1 << X86_TRAP_CP) | \
	 (1 << X86_TRAP_VC) | (1 << X86_TRAP_SX))

/* Page-fault error code bits (SDM Vol. 3A §4.7, Figure 4-12). */
#define X86_PF_PROT  (1 << 0) /* 0: page not present; 1: protection violation */
#define X86_PF_WRITE (1 << 1) /* the access was a write */
#define X86_PF_USER  (1 << 2) /* the access came from ring 3 */
#define X86_PF_RSVD  (1 << 3) /* a reserved bit was set in a paging entry */
#define X86_PF_INSTR (1 << 4) /* the access was an instruction fetch */
#define X86_PF_PK    (1 << 5) /* protection-key violation */
#define X86_PF_SHSTK (1 << 6) /* shadow-stack access */

/* Selector error code bits (SDM Vol. 3A "Error Code"), for #TS #NP #SS #GP. */
#define X86_SEL_ERR_EXT		(1 << 0) /* caused by an event external to the program */
#define X86_SEL_ERR_IDT		(1 << 1) /* the index names an IDT gate */
#define X86_SEL_ERR_TI		(1 << 2) /* LDT rather than GDT (when IDT is clear) */
#define X86_SEL_ERR_INDEX_SHIFT 3

#ifndef __ASSEMBLY__
struct pt_regs;

/* traps.c: entry.S calls it for every vector, with the saved registers; returning resumes them. */
void do_trap(struct pt_regs *regs);
#endif

#endif
