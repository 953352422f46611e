/* SPDX-License-Identifier: MIT */
/*
 * AArch64 system registers: accessors and the bit fields trapdoor programs.
 * Field positions are from the Arm Architecture Reference Manual for A-profile
 * (DDI 0487), chapter "AArch64 System Register Descriptions", where each
 * register has its own page under its name. Usable from C and from assembly.
 */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_SYSREG_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_SYSREG_H

/* A 64-bit constant in C, a plain number in assembly (as Linux's _AC()). */
#ifdef __ASSEMBLY__
#define UL(x) x
#else
#define UL(x) x##UL
#endif
#define BIT(n) (UL(1) << (n))

/* CurrentEL: the exception level sits in bits [3:2]. */
#define CURRENTEL_EL_SHIFT 2
#define CURRENTEL_EL1	   (UL(1) << CURRENTEL_EL_SHIFT)
#define CURRENTEL_EL2	   (UL(2) << CURRENTEL_EL_SHIFT)

/* MPIDR_EL1: Aff3 [39:32], Aff2 [23:16], Aff1 [15:8], Aff0 [7:0]. */
#define MPIDR_HWID_MASK UL(0xff00ffffff)

/* MIDR_EL1: who made this CPU and which one it is. */
#define MIDR_IMPLEMENTER(midr) (((midr) >> 24) & 0xff)
#define MIDR_VARIANT(midr)     (((midr) >> 20) & 0xf)
#define MIDR_PARTNUM(midr)     (((midr) >> 4) & 0xfff)
#define MIDR_REVISION(midr)    ((midr) & 0xf)

/* SPSR_EL1/SPSR_EL2: the PSTATE an exception saved; M[3:0] says where it came from. */
#define PSR_MODE_MASK  UL(0xf)
#define PSR_MODE_EL0t  UL(0x0) /* EL0, using SP_EL0 */
#define PSR_MODE_EL1t  UL(0x4) /* EL1, using SP_EL0 */
#define PSR_MODE_EL1h  UL(0x5) /* EL1, using SP_EL1 ("handler" stack) */
#define PSR_MODE_EL2t  UL(0x8)
#define PSR_MODE_EL2h  UL(0x9)
#define PSR_MODE_EL3t  UL(0xc)
#define PSR_MODE_EL3h  UL(0xd)
#define PSR_MODE32_BIT BIT(4) /* M[4]: the exception came from AArch32 */
#define PSR_F_BIT      BIT(6) /* FIQ masked */
#define PSR_I_BIT      BIT(7) /* IRQ masked */
#define PSR_A_BIT      BIT(8) /* SError masked */
#define PSR_D_BIT      BIT(9) /* debug exceptions masked */
#define PSR_DAIF_MASK  (PSR_D_BIT | PSR_A_BIT | PSR_I_BIT | PSR_F_BIT)
#define PSR_SS_BIT     BIT(21) /* software step pending */
#define PSR_TCO_BIT    BIT(25) /* MTE tag check override */
#define PSR_V_BIT      BIT(28) /* the condition flags N Z C V, bits [31:28] */
#define PSR_C_BIT      BIT(29)
#define PSR_Z_BIT      BIT(30)
#define PSR_N_BIT      BIT(31)

/* MSR DAIFSet/DAIFClr immediate (Arm ARM "MSR (immediate)"): D A I F = bits 3..0. */
#define DAIF_SERROR_IMM 4
#define DAIF_IRQ_IMM	2

/*
 * SCTLR_EL1. In Armv8.0 bits 11, 20, 22, 23, 28, 29 are RES1; later
 * versions give them meanings (EOS, TSCXT, EIS, SPAN, nTLSMD, LSMAOE) whose
 * value 1 keeps the Armv8.0 behaviour, so we set them all.
 */
#define SCTLR_EL1_M	  BIT(0)  /* stage 1 MMU on */
#define SCTLR_EL1_C	  BIT(2)  /* data cacheable */
#define SCTLR_EL1_SA	  BIT(3)  /* SP alignment check at EL1 */
#define SCTLR_EL1_SA0	  BIT(4)  /* SP alignment check at EL0 */
#define SCTLR_EL1_I	  BIT(12) /* instructions cacheable */
#define SCTLR_EL1_SPAN	  BIT(23) /* 0: exceptions into EL1 set PSTATE.PAN */
#define SCTLR_EL1_RES1	  (BIT(11) | BIT(20) | BIT(22) | BIT(23) | BIT(28) | BIT(29))
/* MMU off, little-endian, nothing enabled: the state we set before leaving EL2. */
#define SCTLR_EL1_MMU_OFF SCTLR_EL1_RES1
#define SCTLR_EL1_MMU_ON \
	(SCTLR_EL1_RES1 | SCTLR_EL1_M | SCTLR_EL1_C | SCTLR_EL1_I | SCTLR_EL1_SA | SCTLR_EL1_SA0)

/* TCR_EL1: how TTBR0/TTBR1 translation tables are walked. */
#define TCR_T0SZ(bits) (UL(64) - (bits))	 /* TTBR0 covers 2^bits bytes */
#define TCR_IRGN0_WBWA (UL(1) << 8)		 /* walks: inner write-back, write-allocate */
#define TCR_ORGN0_WBWA (UL(1) << 10)		 /* walks: outer write-back, write-allocate */
#define TCR_SH0_INNER  (UL(3) << 12)		 /* walks: inner shareable */
#define TCR_TG0_4K     (UL(0) << 14)		 /* TTBR0 granule 4 KiB */
#define TCR_T1SZ(bits) ((UL(64) - (bits)) << 16) /* TTBR1 covers the top 2^bits bytes */
#define TCR_IRGN1_WBWA (UL(1) << 24)		 /* the same for TTBR1's walks */
#define TCR_ORGN1_WBWA (UL(1) << 26)
#define TCR_SH1_INNER  (UL(3) << 28)
#define TCR_TG1_4K     (UL(2) << 30) /* TTBR1 granule 4 KiB (note: 2, not 0) */
#define TCR_IPS_SHIFT  32	     /* IPS [34:32]: output address size */
#define TCR_IPS_WIDTH  3
/* IPS uses PARange's encoding; 5 = 48 bits is the largest valid with 4 KiB pages
 * unless FEAT_LPA2 is enabled (-cpu max reports 6 = 52 bits). */
#define TCR_IPS_MAX_4K UL(5)

/* TTBR0_EL1: table base in [47:1], ASID in [63:48] (8 bits used: TCR_EL1.AS = 0). */
#define TTBR_ASID_SHIFT 48
#define ASID_BITS	8

/* CPACR_EL1.FPEN [21:20] = 0b11: FP/SIMD instructions trap at neither EL0 nor EL1. */
#define CPACR_EL1_FPEN (UL(3) << 20)

/* ID_AA64MMFR0_EL1: PARange [3:0], the physical address size. */
#define ID_AA64MMFR0_PARANGE_MASK UL(0xf)

/* ID_AA64MMFR1_EL1.PAN [23:20]: 0 = no FEAT_PAN. */
#define ID_AA64MMFR1_PAN_SHIFT 20
#define ID_AA64MMFR1_PAN_MASK  UL(0xf)

/*
 * PSTATE.PAN as the PAN system register shows it (bit 22). cpufeature.c writes
 * the register by its generic name S3_0_C4_C2_3 (op0 3, op1 0, CRn 4, CRm 2,
 * op2 3), which needs no Armv8.1 option in the assembler.
 */
#define PSTATE_PAN BIT(22)

/* MDSCR_EL1.TDCC [12]: EL0 access to the debug communications channel traps. */
#define MDSCR_EL1_TDCC BIT(12)

/* MAIR_EL1: eight 8-bit memory attributes, picked by a descriptor's AttrIndx. */
#define MAIR_ATTR_DEVICE_nGnRE UL(0x04) /* device: no gathering/reordering, early ack */
#define MAIR_ATTR_NORMAL_WB    UL(0xff) /* normal: write-back, read/write-allocate */
#define MT_DEVICE_nGnRE	       0	/* AttrIndx of each, as used in pgtable-hwdef.h */
#define MT_NORMAL	       1
#define MAIR_EL1_VALUE                                       \
	((MAIR_ATTR_DEVICE_nGnRE << (8 * MT_DEVICE_nGnRE)) | \
	 (MAIR_ATTR_NORMAL_WB << (8 * MT_NORMAL)))

/* CNTKCTL_EL1: what EL0 may do with the generic timer. */
#define CNTKCTL_EL0VCTEN BIT(1) /* EL0 may read the virtual counter */

/*
 * CNTV_CTL_EL0: the EL1 virtual timer. Once ENABLE is set it raises its
 * interrupt (level, held) while CNTVCT_EL0 >= CNTV_CVAL_EL0; writing
 * CNTV_TVAL_EL0 = t sets CVAL = CNTVCT + t, which drops the level again.
 */
#define CNTV_CTL_ENABLE	 BIT(0) /* the timer runs and compares */
#define CNTV_CTL_IMASK	 BIT(1) /* 1: keep the interrupt line low */
#define CNTV_CTL_ISTATUS BIT(2) /* read-only: the condition is met */

/* ID_AA64ISAR0_EL1.RNDR [63:60]: 1 = FEAT_RNG, the RNDR and RNDRRS registers exist. */
#define ID_AA64ISAR0_RNDR_SHIFT 60
#define ID_AA64ISAR0_RNDR_MASK	UL(0xf)

/* CTR_EL0: cache geometry, for making freshly written code executable (mm.c). */
#define CTR_DMINLINE_SHIFT 16	   /* DminLine [19:16]: log2(words) of the */
#define CTR_DMINLINE_MASK  UL(0xf) /*   smallest data cache line */
#define CTR_IDC		   BIT(28) /* no D-cache clean needed for I/D coherence */
#define CTR_DIC		   BIT(29) /* no I-cache invalidation needed either */

/* Leaving EL2 (only if QEMU runs with virtualization=on), see head.S. */
#define HCR_EL2_RW	     BIT(31)	/* EL1 is AArch64 */
#define CNTHCTL_EL2_EL1PCTEN BIT(0)	/* EL1 may read the physical counter */
#define CNTHCTL_EL2_EL1PCEN  BIT(1)	/* ... and use the physical timer */
#define CPTR_EL2_RES1	     UL(0x32ff) /* RES1 bits; TFP=0, TZ=0: no FP trap */
#define SPSR_EL2_TO_EL1h     (PSR_DAIF_MASK | PSR_MODE_EL1h) /* eret lands in EL1h, masked */

#ifndef __ASSEMBLY__

#include <trapdoor/types.h>

/* mrs/msr need the register name in the instruction, so these are macros. */
#define read_sysreg(r)                                             \
	({                                                         \
		u64 __val;                                         \
		__asm__ __volatile__("mrs %0, " #r : "=r"(__val)); \
		__val;                                             \
	})

#define write_sysreg(v, r)                                               \
	do {                                                             \
		u64 __val = (u64)(v);                                    \
		__asm__ __volatile__("msr " #r ", %x0" : : "rZ"(__val)); \
	} while (0)

/* Instruction synchronisation barrier: later instructions see earlier sysreg writes. */
static inline void isb(void)
{
	__asm__ __volatile__("isb" : : : "memory");
}

/*
 * Data synchronisation barrier: earlier memory accesses (or, for "ishst",
 * stores), TLB and cache maintenance are complete before anything after it.
 * opt is the domain and kind, e.g. ish, ishst (Arm ARM, "DSB").
 */
#define dsb(opt) __asm__ __volatile__("dsb " #opt : : : "memory")

#endif /* !__ASSEMBLY__ */

#endif
