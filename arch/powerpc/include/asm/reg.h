/* SPDX-License-Identifier: MIT */
/*
 * 64-bit Book3S (server) PowerPC registers: the Machine State Register, the special-purpose
 * register (SPR) numbers we use, and the cause bits interrupts leave in SRR1 and DSISR.
 * Source: Power ISA v3.0B, Book III. The ISA numbers bits big-endian style, bit 0 being the
 * most significant of 64, so ISA bit n is (1 << (63 - n)) here; each line names both.
 * Usable from assembly (head.S, entry.S) as well as C.
 */
#ifndef TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_REG_H
#define TRAPDOOR_ARCH_POWERPC_INCLUDE_ASM_REG_H

#ifdef __ASSEMBLY__
#define __UL(x) x
#else
#define __UL(x) x##UL
#endif

/* Machine State Register (Book III, Branch Facility: "Machine State Register"). */
#define MSR_SF	(__UL(1) << 63) /* bit 0: 64-bit mode (0: 32-bit addresses and CR0) */
#define MSR_HV	(__UL(1) << 60) /* bit 3: hypervisor state; always 0 in a PAPR guest */
#define MSR_VEC (__UL(1) << 25) /* bit 38: vector (AltiVec) instructions enabled */
#define MSR_VSX (__UL(1) << 23) /* bit 40: VSX instructions enabled */
#define MSR_EE	(__UL(1) << 15) /* bit 48: external/decrementer interrupts enabled */
#define MSR_PR	(__UL(1) << 14) /* bit 49: problem state, i.e. user mode */
#define MSR_FP	(__UL(1) << 13) /* bit 50: floating-point instructions enabled */
#define MSR_ME	(__UL(1) << 12) /* bit 51: machine checks enabled (0: checkstop) */
#define MSR_FE0 (__UL(1) << 11) /* bit 52: FP exception mode, first bit */
#define MSR_SE	(__UL(1) << 10) /* bit 53: single-step trace */
#define MSR_BE	(__UL(1) << 9)	/* bit 54: branch trace */
#define MSR_FE1 (__UL(1) << 8)	/* bit 55: FP exception mode, second bit */
#define MSR_IR	(__UL(1) << 5)	/* bit 58: instruction relocation (MMU) on */
#define MSR_DR	(__UL(1) << 4)	/* bit 59: data relocation (MMU) on */
#define MSR_PMM (__UL(1) << 2)	/* bit 61: performance monitor mark */
#define MSR_RI	(__UL(1) << 1)	/* bit 62: interrupt is recoverable (SRR0/1 saved) */
#define MSR_LE	(__UL(1) << 0)	/* bit 63: little-endian mode */

/*
 * The MSR the kernel runs with: 64-bit, machine checks on, recoverable; real mode (IR = DR
 * = 0), big-endian, supervisor, no FP/vector, external interrupts off.
 */
#define MSR_KERNEL (MSR_SF | MSR_ME | MSR_RI)

/*
 * The MSR user programs run with (arch_init_user_regs): MSR_KERNEL plus problem state (PR)
 * and translation (IR, DR: the hash MMU maps the user's pages, mm.c). EE is on too, and
 * must be: the ISA sets EE, IR and DR whenever an MSR with PR = 1 is installed (Book III,
 * "Machine State Register"), so the decrementer tick can interrupt user code (time.c).
 * FP is on: every task has its own FPRs and FPSCR, switched eagerly (entry.S,
 * arch_switch_to). FE0 = FE1 = 0, Linux's default (PR_FP_EXC_DISABLED): an FP exception
 * only sets its FPSCR bits. VEC and VSX stay off: a vector or VSX instruction is a
 * facility unavailable interrupt, SIGILL (traps.c), and AT_HWCAP says so (cpufeature.c).
 */
#define MSR_USER (MSR_KERNEL | MSR_PR | MSR_EE | MSR_IR | MSR_DR | MSR_FP)

/* SPR numbers for mfspr/mtspr (Book III, Fixed-Point Facility: the SPR encodings table). */
#define SPRN_XER    1	/* fixed-point exception register: SO, OV, CA */
#define SPRN_AMR    13	/* authority mask: per-key access rights (user-writable via UAMOR) */
#define SPRN_LR	    8	/* link register */
#define SPRN_CTR    9	/* count register */
#define SPRN_DSISR  18	/* data storage interrupt status: why a load/store faulted */
#define SPRN_DAR    19	/* data address register: which address faulted */
#define SPRN_DEC    22	/* decrementer */
#define SPRN_SRR0   26	/* save/restore register 0: where the interrupt happened */
#define SPRN_SRR1   27	/* save/restore register 1: the MSR then, plus cause bits */
#define SPRN_FSCR   153 /* facility status and control; bits 0:7 = why 0xf60 hit */
#define SPRN_UAMOR  157 /* which AMR bits problem state may change */
#define SPRN_VRSAVE 256 /* vector save: 32 bits of software state, user-writable */
#define SPRN_TBRL   268 /* time base, read-only alias (what mftb reads) */
#define SPRN_SPRG0  272 /* software-use SPRs, supervisor only: */
#define SPRN_SPRG1  273 /*   SPRG0 = this cpu's paca, SPRG1 = entry scratch */
#define SPRN_PVR    287 /* processor version register (read-only) */
#define SPRN_HSRR0  314 /* hypervisor SRR0/1: hypervisor interrupts only */
#define SPRN_HSRR1  315
#define SPRN_PPR    896 /* program priority: SMT priority in bits 11:13, user-writable */

/*
 * FSCR's low bits each let problem state use one facility (Book III, "Facility Status and
 * Control Register"): bit 51 SCV ("scv", the vectored system call of ISA 3.0, whose
 * interrupts land at real 0x17000 + ..., where we have no handler), 52 LM (load monitored),
 * 53 MSGP, 55 TAR, 56 EBB, 58 TM, 59 BHRB, 60 PM, 61 DSCR. The kernel keeps all of them 0:
 * each use is a facility unavailable interrupt (0xf60), i.e. SIGILL, and none of those
 * registers needs switching per task (cpufeature.c).
 */
#define FSCR_SCV       (__UL(1) << 12)
#define FSCR_USER_NONE __UL(0)

/*
 * The decrementer counts down at the time-base rate and interrupts (0x900) while its top
 * bit is set and MSR[EE] = 1, i.e. only in user mode here. This is as far from zero as it
 * gets in the classic 32-bit mode: ~4.2 s at 512 MHz (Book III, "Decrementer"). The tick
 * period (time.c) is far shorter.
 */
#define DEC_MAX __UL(0x7fffffff)

/* Program interrupt (0x700) cause in SRR1 (Book III, Interrupt Definitions: "Program"). */
#define SRR1_PROGFPE  (__UL(1) << 20) /* bit 43: floating-point enabled exception */
#define SRR1_PROGILL  (__UL(1) << 19) /* bit 44: illegal instruction */
#define SRR1_PROGPRIV (__UL(1) << 18) /* bit 45: privileged instruction in user mode */
#define SRR1_PROGTRAP (__UL(1) << 17) /* bit 46: trap instruction (tw, td) */
#define SRR1_PROGADDR (__UL(1) << 16) /* bit 47: SRR0 holds the next instruction */

/* Data storage interrupt (0x300) cause in DSISR (Interrupt Definitions: "Data Storage"). */
#define DSISR_NOHPTE	(__UL(1) << 30) /* bit 33: no translation found (page not mapped) */
#define DSISR_PROTFAULT (__UL(1) << 27) /* bit 36: access not permitted by protection */
#define DSISR_ISSTORE	(__UL(1) << 25) /* bit 38: the access was a store */

/* Instruction storage interrupt (0x400) cause in SRR1 (Interrupt Definitions: ditto). */
#define SRR1_ISI_NOPT (__UL(1) << 30) /* bit 33: no translation found */
#define SRR1_ISI_N_G  (__UL(1) << 28) /* bit 35: fetch from no-execute or guarded memory */
#define SRR1_ISI_PROT (__UL(1) << 27) /* bit 36: fetch not permitted by protection */

#ifndef __ASSEMBLY__

#define __stringify_1(x) #x
#define __stringify(x)	 __stringify_1(x)

/* mfspr/mtspr take the SPR number as an immediate, so these are macros. */
#define mfspr(sprn)                                                               \
	({                                                                        \
		unsigned long __v;                                                \
		__asm__ __volatile__("mfspr %0, " __stringify(sprn) : "=r"(__v)); \
		__v;                                                              \
	})
#define mtspr(sprn, v) \
	__asm__ __volatile__("mtspr " __stringify(sprn) ", %0" : : "r"((unsigned long)(v)))

static inline unsigned long mfmsr(void)
{
	unsigned long msr;

	__asm__ __volatile__("mfmsr %0" : "=r"(msr));
	return msr;
}

#endif /* !__ASSEMBLY__ */

#endif
