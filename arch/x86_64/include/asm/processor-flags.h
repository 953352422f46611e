/* SPDX-License-Identifier: MIT */
/*
 * Control-register, EFER and RFLAGS bits, named as in Linux. Usable from
 * assembly (head.S) and C. Intel SDM Vol. 3A §2.5 (CR0, CR4), §2.2.1 (EFER),
 * Vol. 1 §3.4.3 (EFLAGS).
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PROCESSOR_FLAGS_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PROCESSOR_FLAGS_H

/* CR0 (SDM Vol. 3A §2.5) */
#define X86_CR0_PE (1 << 0)   /* protected mode */
#define X86_CR0_MP (1 << 1)   /* wait/fwait honours TS */
#define X86_CR0_EM (1 << 2)   /* no FPU: x87 instructions raise #NM, MMX #UD */
#define X86_CR0_TS (1 << 3)   /* task switched: the next x87/SSE instruction raises #NM */
#define X86_CR0_NE (1 << 5)   /* x87 errors raise #MF, not the external FERR# line */
#define X86_CR0_WP (1 << 16)  /* ring 0 honours read-only pages too */
#define X86_CR0_PG 0x80000000 /* bit 31: paging */

/* CR4 (SDM Vol. 3A §2.5) */
#define X86_CR4_PAE	   (1 << 5)  /* 64-bit page-table entries; long mode needs it */
#define X86_CR4_PGE	   (1 << 7)  /* global pages survive CR3 writes */
#define X86_CR4_OSFXSR	   (1 << 9)  /* FXSAVE/FXRSTOR and SSE on */
#define X86_CR4_OSXMMEXCPT (1 << 10) /* unmasked SSE exceptions raise #XM, not #UD */
#define X86_CR4_OSXSAVE	   (1 << 18) /* XSAVE, XCR0 and AVX on: left clear */
#define X86_CR4_UMIP	   (1 << 11) /* sgdt, sidt, sldt, smsw, str fault in ring 3 */
#define X86_CR4_SMEP	   (1 << 20) /* ring 0 never executes a user page */
#define X86_CR4_SMAP	   (1 << 21) /* ring 0 never reads or writes a user page */

/* IA32_EFER, the extended feature enable MSR (SDM Vol. 4 Table 2-2, address 0xc0000080) */
#define MSR_EFER 0xc0000080
#define EFER_SCE (1 << 0)  /* syscall/sysret enable */
#define EFER_LME (1 << 8)  /* long mode enable: takes effect with CR0.PG */
#define EFER_LMA (1 << 10) /* long mode active (read-only, set by the CPU) */
#define EFER_NXE (1 << 11) /* no-execute bit in page-table entries */

/* The syscall/sysret MSRs and the segment bases (SDM Vol. 4 Table 2-2; Vol. 3A §5.8.8) */
#define MSR_STAR	   0xc0000081 /* 63:48 sysret selector base, 47:32 syscall CS */
#define MSR_LSTAR	   0xc0000082 /* syscall entry point in 64-bit mode */
#define MSR_CSTAR	   0xc0000083 /* ... from 32-bit compatibility mode (unused) */
#define MSR_SYSCALL_MASK   0xc0000084 /* RFLAGS bits syscall clears (SFMASK) */
#define MSR_FS_BASE	   0xc0000100
#define MSR_GS_BASE	   0xc0000101 /* the base %gs: addresses use now */
#define MSR_KERNEL_GS_BASE 0xc0000102 /* the other one: swapgs exchanges the two */

/* RFLAGS (SDM Vol. 1 §3.4.3, Figure 3-8) */
#define X86_EFLAGS_CF	      (1 << 0)	/* carry */
#define X86_EFLAGS_FIXED      (1 << 1)	/* reserved, always reads as 1 */
#define X86_EFLAGS_PF	      (1 << 2)	/* parity */
#define X86_EFLAGS_AF	      (1 << 4)	/* auxiliary carry */
#define X86_EFLAGS_ZF	      (1 << 6)	/* zero */
#define X86_EFLAGS_SF	      (1 << 7)	/* sign */
#define X86_EFLAGS_TF	      (1 << 8)	/* trap (single step) */
#define X86_EFLAGS_IF	      (1 << 9)	/* interrupts enabled */
#define X86_EFLAGS_DF	      (1 << 10) /* direction: string instructions count down */
#define X86_EFLAGS_OF	      (1 << 11) /* overflow */
#define X86_EFLAGS_IOPL_SHIFT 12	/* I/O privilege level, two bits */
#define X86_EFLAGS_NT	      (1 << 14) /* nested task */
#define X86_EFLAGS_RF	      (1 << 16) /* resume: suppress instruction breakpoints */
#define X86_EFLAGS_VM	      (1 << 17) /* virtual-8086 mode */
#define X86_EFLAGS_AC	      (1 << 18) /* alignment check / SMAP override */
#define X86_EFLAGS_ID	      (1 << 21) /* CPUID is available if this bit can change */

#endif
