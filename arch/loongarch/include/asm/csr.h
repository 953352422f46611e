/* SPDX-License-Identifier: MIT */
/*
 * LoongArch control and status registers (CSRs), CPUCFG words and IOCSRs: the numbers and bit
 * fields trapdoor uses, named as in the LoongArch Reference Manual, Volume 1 (v1.10), and, where
 * the manual has no short name, as in Linux's arch/loongarch/include/asm/loongarch.h.
 *
 * CSRs are reached with csrrd (read), csrwr (swap a register with the CSR: the old value comes
 * back in the register) and csrxchg (write under a mask). The CSR number is part of the
 * instruction, so the C accessors below are macros: it must be a compile-time constant.
 *
 * Shared by C and assembly (head.S, entry.S).
 */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_CSR_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_CSR_H

/* CSR numbers (manual §7.1, list of CSRs; each register is described in §7.4-7.6). */
#define LOONGARCH_CSR_CRMD	0x0	  /* current mode: PLV, IE, DA/PG */
#define LOONGARCH_CSR_PRMD	0x1	  /* pre-exception mode: PPLV, PIE (ertn restores them) */
#define LOONGARCH_CSR_EUEN	0x2	  /* extended unit enable: FPE, SXE, ASXE, BTE */
#define EUEN_FPE		(1U << 0) /* the scalar FP unit: f0-f31, FCSR, FCC */
#define LOONGARCH_CSR_ECFG	0x4	  /* exception config: interrupt enables, vector spacing */
#define LOONGARCH_CSR_ESTAT	0x5  /* exception status: Ecode, EsubCode, pending interrupts */
#define LOONGARCH_CSR_ERA	0x6  /* exception return address (the pc of the trapped insn) */
#define LOONGARCH_CSR_BADV	0x7  /* bad virtual address of an address-related exception */
#define LOONGARCH_CSR_BADI	0x8  /* the instruction word of a synchronous exception */
#define LOONGARCH_CSR_EENTRY	0xc  /* exception entry address (4 KiB aligned, virtual) */
#define LOONGARCH_CSR_ASID	0x18 /* address space identifier of the running task */
#define LOONGARCH_CSR_PGDL	0x19 /* page table root for the lower half (VA bit 47 = 0) */
#define LOONGARCH_CSR_PGDH	0x1a /* page table root for the upper half (VA bit 47 = 1) */
#define LOONGARCH_CSR_STLBPS	0x1e /* page size of the set-associative STLB */
#define LOONGARCH_CSR_CPUID	0x20 /* this core's number */
#define LOONGARCH_CSR_SAVE0	0x30 /* SAVE0..SAVE15: scratch registers for the kernel */
#define LOONGARCH_CSR_SAVE1	0x31
#define LOONGARCH_CSR_SAVE2	0x32
#define LOONGARCH_CSR_SAVE3	0x33
#define LOONGARCH_CSR_SAVE4	0x34
#define LOONGARCH_CSR_SAVE5	0x35
#define LOONGARCH_CSR_TCFG	0x41  /* timer config: En, Periodic, InitVal */
#define LOONGARCH_CSR_TVAL	0x42  /* timer value: ticks left until the next interrupt */
#define LOONGARCH_CSR_TICLR	0x44  /* timer interrupt clear */
#define LOONGARCH_CSR_TLBRENTRY 0x88  /* TLB refill entry address (4 KiB aligned, PHYSICAL) */
#define LOONGARCH_CSR_TLBRBADV	0x89  /* TLB refill: the virtual address that missed */
#define LOONGARCH_CSR_TLBRERA	0x8a  /* TLB refill: return address and IsTLBR */
#define LOONGARCH_CSR_TLBRSAVE	0x8b  /* TLB refill: one scratch register of its own */
#define LOONGARCH_CSR_TLBRELO0	0x8c  /* TLB refill: the even page's entry for tlbfill */
#define LOONGARCH_CSR_TLBRELO1	0x8d  /* TLB refill: the odd page's entry for tlbfill */
#define LOONGARCH_CSR_TLBREHI	0x8e  /* TLB refill: VPPN (set by the CPU) and PS (by us) */
#define LOONGARCH_CSR_TLBRPRMD	0x8f  /* TLB refill: pre-exception mode (PPLV, PIE) */
#define LOONGARCH_CSR_DMW0	0x180 /* direct mapping configuration windows 0..3 */
#define LOONGARCH_CSR_DMW1	0x181

/* CRMD (§7.4.1): what the CPU is doing right now. */
#define CRMD_PLV_MASK 0x3      /* privilege level: 0 kernel .. 3 user */
#define CRMD_IE	      (1 << 2) /* global interrupt enable */
#define CRMD_DA	      (1 << 3) /* direct address translation (PA = VA) */
#define CRMD_PG	      (1 << 4) /* mapped translation: DMW windows, then the TLB */
#define CRMD_DATF_CC  (1 << 5) /* in DA mode, fetches are coherent cached */
#define CRMD_DATM_CC  (1 << 7) /* in DA mode, loads/stores are coherent cached */
/*
 * The kernel's mode: PLV0, interrupts off, mapped translation (so the DMW windows apply).
 * §7.4.1 asks for DATF = DATM = coherent cached whenever software sets PG.
 */
#define CRMD_KERNEL   (CRMD_PG | CRMD_DATF_CC | CRMD_DATM_CC)

/* PRMD (§7.4.2): the CRMD bits an exception saved; ertn copies them back. */
#define PRMD_PPLV_MASK 0x3	/* the privilege level the exception came from */
#define PRMD_PPLV_USER 0x3	/* PLV3: user mode, as ertn will enter it */
#define PRMD_PIE       (1 << 2) /* its interrupt enable */

/* ECFG (§7.4.5). Zero means: all local interrupts masked, every exception at EENTRY itself. */
#define ECFG_VS_SHIFT 16	/* vector spacing: 0 = one shared entry */
#define ECFG_LIE_TI   (1 << 11) /* LIE[12:0], one enable per line; 11 = timer */
#define ECFG_LIE_IPI  (1 << 12) /* 12 = inter-processor interrupt */

/* ESTAT (§7.4.6): IS[12:0] pending interrupts, Ecode[21:16], EsubCode[30:22]. */
#define ESTAT_IS_MASK	     0x1fff
#define ESTAT_IS_TI	     (1 << 11) /* IS[11]: the constant timer's interrupt (TI) */
#define ESTAT_IS_IPI	     (1 << 12) /* IS[12]: an inter-processor interrupt (IPI) */
/* IS[9:2] are the hardware lines HWI0-HWI7; the extended I/O interrupt controller drives
 * HWI0 with what arch/loongarch/drivers/extioi.c routes there (its IP0). */
#define ESTAT_IS_HWI_EXTIOI  (1 << 2)
#define ECFG_LIE_HWI_EXTIOI  (1 << 2)
#define ESTAT_ECODE_SHIFT    16
#define ESTAT_ECODE_MASK     0x3f
#define ESTAT_ESUBCODE_SHIFT 22
#define ESTAT_ESUBCODE_MASK  0x1ff

/*
 * Exception codes, ESTAT.Ecode (§7.4.6, table of exception encoding). A TLB refill has no code
 * of its own: it leaves ESTAT alone and reports through the TLBR* CSRs instead (§6.2.4).
 */
#define EXCCODE_INT    0x0 /* interrupt */
#define EXCCODE_PIL    0x1 /* page invalid for load */
#define EXCCODE_PIS    0x2 /* page invalid for store */
#define EXCCODE_PIF    0x3 /* page invalid for fetch */
#define EXCCODE_PME    0x4 /* page modified exception (store to a clean page) */
#define EXCCODE_PNR    0x5 /* page non-readable */
#define EXCCODE_PNX    0x6 /* page non-executable */
#define EXCCODE_PPI    0x7 /* page privilege level illegal */
#define EXCCODE_ADE    0x8 /* address error: ADEF (fetch) or ADEM (memory access) */
#define EXSUBCODE_ADEF 0x0
#define EXSUBCODE_ADEM 0x1
#define EXCCODE_ALE    0x9  /* address alignment error */
#define EXCCODE_BCE    0xa  /* bound check error (asrtle/asrtgt, ldgt/ldle, ...) */
#define EXCCODE_SYS    0xb  /* syscall instruction */
#define EXCCODE_BRK    0xc  /* break instruction */
#define EXCCODE_INE    0xd  /* instruction non-existent */
#define EXCCODE_IPE    0xe  /* instruction privilege error */
#define EXCCODE_FPD    0xf  /* floating-point instruction while EUEN.FPE = 0 */
#define EXCCODE_SXD    0x10 /* 128-bit vector (LSX) instruction while EUEN.SXE = 0 */
#define EXCCODE_ASXD   0x11 /* 256-bit vector (LASX) instruction while EUEN.ASXE = 0 */
#define EXCCODE_FPE    0x12 /* floating-point error: FPE (scalar) or VFPE (vector) */
#define EXSUBCODE_FPE  0x0
#define EXSUBCODE_VFPE 0x1
#define EXCCODE_WPE    0x13 /* watchpoint: WPEF (fetch) or WPEM (memory access) */
#define EXSUBCODE_WPEF 0x0
#define EXSUBCODE_WPEM 0x1
#define EXCCODE_BTD    0x14 /* binary translation (LBT) instruction while disabled */
#define EXCCODE_BTE    0x15 /* binary translation related exception */
#define EXCCODE_GSPR   0x16 /* guest sensitive privileged resource (virtualization) */
#define EXCCODE_HVC    0x17 /* hypervisor call */
#define EXCCODE_GCM    0x18 /* guest CSR change: GCSC (software) or GCHC (hardware) */
#define EXCCODE_NR     0x19 /* 0x19 and up: reserved */

/*
 * The constant timer (§7.6.2-7.6.5): counts down at the constant counter's frequency (the one
 * rdtime.d reads) from InitVal; at 0 it raises TI (ESTAT.IS[11]) and, in periodic mode,
 * reloads InitVal and goes on. TI stays raised until software writes TICLR.CLR.
 */
#define TCFG_EN		  (1UL << 0) /* the timer runs */
#define TCFG_PERIODIC	  (1UL << 1) /* reload InitVal at 0 instead of stopping */
/*
 * InitVal sits in TCFG[n-1:2] with two implied zero bits below it, so the count is simply
 * TCFG & TCFG_INITVAL_MASK: a multiple of 4 OR-ed with the flags. n, the timer's width, is
 * PRCFG1.TimerBits + 1 (48 on QEMU).
 */
#define TCFG_INITVAL_MASK (~0x3UL)
#define TICLR_CLR	  (1UL << 0) /* write 1: clear the timer interrupt */

/* ASID (§7.5, "Address Space Identifier"): ASID[9:0] is ours, ASIDBITS[23:16] its width. */
#define ASID_ASID_MASK	    0x3ff
#define ASID_ASIDBITS_SHIFT 16
#define ASID_ASIDBITS_MASK  0xff

/* TLBREHI (§7.5, "TLB Refill Exception Entry High-order Bits"): PS[5:0], the page size. */
#define TLBREHI_PS_MASK 0x3f

/*
 * invtlb op, rj, rk (manual §4.2.4, "INVTLB"): op says which entries to drop; rj holds an
 * ASID, rk an address.
 */
#define INVTLB_ALL	 0x0 /* every entry */
#define INVTLB_ASID	 0x4 /* G = 0 and ASID = rj */
#define INVTLB_ASID_ADDR 0x5 /* G = 0, ASID = rj and the page pair holding rk */

/* TLBRERA (§7.5.13): bit 0 says "we are in a TLB refill"; the pc sits in bits 63:2. */
#define TLBRERA_ISTLBR	0x1
#define TLBRERA_PC_MASK (~0x3UL)

/*
 * Direct mapping windows (§5.2.1, §7.5.18): a virtual address whose top four bits equal
 * DMW.VSEG is translated to physical address VA[PALEN-1:0], with the window's memory access
 * type, at the privilege levels whose PLVn bit is set. No TLB, no page tables.
 */
#define DMW_PLV0       0x1 /* the window works at PLV0 (kernel) */
/* Memory access types (§5.3) in DMW.MAT, bits 5:4. */
#define DMW_MAT_SUC    (0x0 << 4) /* strongly-ordered uncached: device registers */
#define DMW_MAT_CC     (0x1 << 4) /* coherent cached: RAM */
#define DMW_VSEG_SHIFT 60

/* CPUID (§7.4.12): CoreID in bits 8:0. */
#define CPUID_COREID_MASK 0x1ff

/*
 * CPUCFG words (§2.2.10.5): read-only CPU identification, one 32-bit word per index.
 */
#define LOONGARCH_CPUCFG0 0x0 /* PRID: processor identity */
#define LOONGARCH_CPUCFG1 0x1 /* ARCH, PGMMU, IOCSR, PALEN, VALEN, UAL, RI, XI, ... */
#define LOONGARCH_CPUCFG2 0x2 /* FP, LSX, LASX, LVZ, LLFTP, LAM, ... */
#define LOONGARCH_CPUCFG4 0x4 /* CC_FREQ: the constant counter's base frequency in Hz */
#define LOONGARCH_CPUCFG5 0x5 /* CC_MUL[15:0], CC_DIV[31:16]: freq = CC_FREQ*MUL/DIV */

#define CPUCFG1_ARCH_MASK    0x3 /* 1 = LA32, 2 = LA64 */
#define CPUCFG1_ARCH_LA64    0x2
#define CPUCFG1_IOCSR	     (1U << 3) /* the IOCSR instructions are implemented */
#define CPUCFG1_PALEN_SHIFT  4	       /* physical address bits - 1, 8 bits */
#define CPUCFG1_VALEN_SHIFT  12	       /* virtual address bits - 1, 8 bits */
#define CPUCFG1_LEN_MASK     0xff
#define CPUCFG1_UAL	     (1U << 20) /* unaligned loads and stores in hardware */
#define CPUCFG1_CRC32	     (1U << 25) /* the crc.w.* and crcc.w.* instructions */
#define CPUCFG2_FP	     (1U << 0)	/* the scalar FP unit */
#define CPUCFG2_LSX	     (1U << 6)	/* 128-bit vector extension */
#define CPUCFG2_LASX	     (1U << 7)	/* 256-bit vector extension */
#define CPUCFG2_LVZ	     (1U << 10) /* virtualization extension */
#define CPUCFG2_LLFTP	     (1U << 14) /* constant-frequency counter and timer */
#define CPUCFG2_COMPLEX	     (1U << 8)	/* complex-number vector instructions */
#define CPUCFG2_CRYPTO	     (1U << 9)	/* crypto vector instructions */
#define CPUCFG2_LSPW	     (1U << 21) /* the lddir/ldpte software page walk */
#define CPUCFG2_LAM	     (1U << 22) /* the am* atomic memory instructions */
#define CPUCFG2_PTW	     (1U << 24) /* hardware page-table walk */
#define CPUCFG5_CC_MUL_MASK  0xffff
#define CPUCFG5_CC_DIV_SHIFT 16

/*
 * IOCSRs: a separate address space of per-chip registers (iocsrrd/iocsrwr). On Loongson chips,
 * and on QEMU's virt board, two of them spell the vendor and the chip as 8 ASCII bytes each,
 * little-endian (Loongson 3A5000 user manual, chip configuration registers: "Manufacturer Name
 * Register" and "Chip Name Register").
 */
#define LOONGARCH_IOCSR_VENDOR	   0x10 /* "Loongson" */
#define LOONGARCH_IOCSR_CPUNAME	   0x20 /* e.g. "3A5000" */
/*
 * Inter-processor interrupts and mailboxes (Loongson 3A5000 user manual, "Inter-processor
 * interrupts and communication"). Each core sees its own copy of the first six at the same
 * IOCSR addresses: 32 IPI vectors (STATUS: raised, EN: enabled; a raised and enabled vector
 * drives the core's IPI line, ESTAT.IS[12]; SET raises, CLEAR lowers) and four 64-bit mailboxes.
 * IPI_SEND and MAIL_SEND reach another core: the target's number goes in bits 25:16.
 */
#define LOONGARCH_IOCSR_IPI_STATUS 0x1000
#define LOONGARCH_IOCSR_IPI_EN	   0x1004
#define LOONGARCH_IOCSR_IPI_SET	   0x1008
#define LOONGARCH_IOCSR_IPI_CLEAR  0x100c
#define LOONGARCH_IOCSR_MBUF0	   0x1020      /* mailbox 0; mailbox n at MBUF0 + 8 * n */
#define LOONGARCH_IOCSR_IPI_SEND   0x1040      /* 32-bit: vector in bits 4:0 */
#define LOONGARCH_IOCSR_MAIL_SEND  0x1048      /* 64-bit: one 32-bit half of a mailbox */
#define IOCSR_SEND_CPU_SHIFT	   16	       /* target core, both SENDs */
#define IOCSR_SEND_BLOCKING	   (1UL << 31) /* wait until the write is done */
#define IOCSR_MAIL_SEND_BOX_SHIFT  2	       /* bits 4:2: which 32-bit half, 2 * mailbox + hi */
#define IOCSR_MAIL_SEND_DATA_SHIFT 32	       /* bits 63:32: the data */

/* Miscellaneous function register: bit 48 turns the extended I/O interrupt controller on. */
#define LOONGARCH_IOCSR_MISC_FUNC  0x420
#define IOCSR_MISC_FUNC_EXT_IOI_EN (1UL << 48)

#ifndef __ASSEMBLY__

#define csr_read(csr)                                                        \
	({                                                                   \
		unsigned long __v;                                           \
		__asm__ __volatile__("csrrd %0, %1" : "=r"(__v) : "i"(csr)); \
		__v;                                                         \
	})

/* csrwr swaps; the old value is dropped here. */
#define csr_write(csr, val)                                                             \
	do {                                                                            \
		unsigned long __v = (val);                                              \
		__asm__ __volatile__("csrwr %0, %1" : "+r"(__v) : "i"(csr) : "memory"); \
	} while (0)

static inline unsigned int read_cpucfg(unsigned int word)
{
	unsigned int v;

	__asm__ __volatile__("cpucfg %0, %1" : "=r"(v) : "r"(word));
	return v;
}

static inline unsigned long iocsr_read64(unsigned long addr)
{
	unsigned long v;

	__asm__ __volatile__("iocsrrd.d %0, %1" : "=r"(v) : "r"(addr));
	return v;
}

static inline void iocsr_write64(unsigned long v, unsigned long addr)
{
	__asm__ __volatile__("iocsrwr.d %0, %1" : : "r"(v), "r"(addr) : "memory");
}

static inline unsigned int iocsr_read32(unsigned long addr)
{
	unsigned int v;

	__asm__ __volatile__("iocsrrd.w %0, %1" : "=r"(v) : "r"(addr));
	return v;
}

static inline void iocsr_write32(unsigned int v, unsigned long addr)
{
	__asm__ __volatile__("iocsrwr.w %0, %1" : : "r"(v), "r"(addr) : "memory");
}

#endif /* !__ASSEMBLY__ */

#endif
