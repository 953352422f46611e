/* SPDX-License-Identifier: MIT */
/*
 * entry.S — how an exception gets from the CPU to C, and back.
 *
 * What the hardware does on a general exception (manual §6.2.3): CRMD.PLV and CRMD.IE go to
 * PRMD.PPLV and PRMD.PIE, then PLV = 0 and IE = 0; the pc of the trapping instruction goes to
 * ERA; ESTAT gets the cause (Ecode, EsubCode); BADV the bad address, BADI the instruction word;
 * and the CPU jumps to EENTRY. It saves NO general register: every one of r1-r31 still holds the
 * interrupted code's value, and we must free one before we can do anything. The SAVE0..15 CSRs
 * exist for exactly that: csrwr swaps a GPR with a CSR in one instruction.
 *
 * Stack and alignment: the frame (struct pt_regs, asm/ptrace.h) is PT_SIZE = 336 bytes, a
 * multiple of 16, pushed on the current kernel stack, or, for a trap from user mode, at the top
 * of the kernel stack kept in SAVE2. Either way sp stays 16-byte aligned, as the psABI requires
 * at every call into C.
 *
 * Returning: ertn restores CRMD.PLV/IE from PRMD and jumps to ERA — both reloaded from the
 * frame, so C code may change where we return to (ERA + 4 after a syscall, next issue).
 */
#include <asm/csr.h>
#include <asm/ptrace.h>

/* Our names for the SAVE CSRs (manual §7.4.16, data save registers: scratch for the kernel). */
#define KSAVE_T0	LOONGARCH_CSR_SAVE0	/* t0 parked during entry */
#define KSAVE_T1	LOONGARCH_CSR_SAVE1	/* t1 parked during entry */
#define KSAVE_KSP	LOONGARCH_CSR_SAVE2	/* kernel sp for traps from user mode (head.S) */

/* An emergency stack for TLB refills: the kernel sp may be the very thing that faulted. */
#define REFILL_STACK_SIZE	(8 * 1024)

/*
 * Store r1, r2 and r4-r31 except t0/t1 (r12/r13: the entry code saves those itself, they are
 * its scratch registers) into the frame at sp. r0 is always zero; we store it anyway so that
 * the frame is complete. r3 is sp itself: saved separately, before sp moved.
 * ABI names: r1 ra, r2 tp, r4-r11 a0-a7, r12-r20 t0-t8, r21 reserved, r22 fp/s9, r23-r31 s0-s8.
 */
	.macro	SAVE_GPRS
	st.d	$zero, $sp, PT_R0		/* regs[0] = 0, for a complete frame */
	.irp	n, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11		/* ra, tp, a0-a7 */
	st.d	$r\n, $sp, PT_R0 + \n * SZREG	/* regs[n] = rn */
	.endr
	.irp	n, 14, 15, 16, 17, 18, 19, 20, 21, 22	/* t2-t8, r21, fp */
	st.d	$r\n, $sp, PT_R0 + \n * SZREG
	.endr
	.irp	n, 23, 24, 25, 26, 27, 28, 29, 30, 31	/* s0-s8 */
	st.d	$r\n, $sp, PT_R0 + \n * SZREG
	.endr
	.endm

/* The reverse, t0/t1 included; sp (r3) comes last, by the caller, because we load through it. */
	.macro	RESTORE_GPRS
	.irp	n, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11		/* ra, tp, a0-a7 */
	ld.d	$r\n, $sp, PT_R0 + \n * SZREG	/* rn = regs[n] */
	.endr
	.irp	n, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22	/* t0-t8, r21, fp */
	ld.d	$r\n, $sp, PT_R0 + \n * SZREG
	.endr
	.irp	n, 23, 24, 25, 26, 27, 28, 29, 30, 31	/* s0-s8 */
	ld.d	$r\n, $sp, PT_R0 + \n * SZREG
	.endr
	.endm

/* The CSRs every frame records, whatever the entry; t0 is free to use by now. */
	.macro	SAVE_COMMON_CSRS
	csrrd	$t0, LOONGARCH_CSR_BADI		/* the instruction word that trapped */
	st.d	$t0, $sp, PT_BADI
	csrrd	$t0, LOONGARCH_CSR_CRMD		/* our own mode now: PLV0, IE = 0 */
	st.d	$t0, $sp, PT_CRMD
	csrrd	$t0, LOONGARCH_CSR_EUEN		/* which FP/vector units the code had enabled */
	st.d	$t0, $sp, PT_EUEN
	csrrd	$t0, LOONGARCH_CSR_ECFG		/* which interrupt lines were enabled */
	st.d	$t0, $sp, PT_ECFG
	csrrd	$t0, LOONGARCH_CSR_ESTAT	/* why: Ecode/EsubCode, and pending interrupts */
	st.d	$t0, $sp, PT_ESTAT
	st.d	$a0, $sp, PT_ORIG_A0		/* a0 as it came in (a syscall overwrites a0) */
	.endm

	.section .text.entry, "ax"

/*
 * The general exception entry. EENTRY = this address; the low 12 bits of EENTRY do not exist
 * (§7.4.10), hence the 4 KiB alignment. With ECFG.VS = 0 every exception and interrupt, from
 * any privilege level, arrives here.
 */
	.balign	4096
	.globl	handle_exception
handle_exception:
	csrwr	$t0, KSAVE_T0			/* park t0 in SAVE0 (t0 now holds junk) */
	csrwr	$t1, KSAVE_T1			/* park t1 in SAVE1 */
	move	$t1, $sp			/* t1 = the interrupted sp */
	csrrd	$t0, LOONGARCH_CSR_PRMD		/* where did we come from? */
	andi	$t0, $t0, PRMD_PPLV_MASK	/* PPLV: 0 kernel, 3 user */
	beqz	$t0, 1f				/* kernel: on a kernel stack, push below sp */
	csrrd	$sp, KSAVE_KSP			/* user: never trust the user sp; use ours */
1:	addi.d	$sp, $sp, -PT_SIZE		/* room for struct pt_regs, sp still 16-aligned */
	st.d	$t1, $sp, PT_R3			/* regs[3] = the interrupted sp */
	csrrd	$t0, KSAVE_T0			/* the interrupted t0, back from SAVE0 */
	st.d	$t0, $sp, PT_R0 + 12 * SZREG	/* regs[12] = t0 */
	csrrd	$t1, KSAVE_T1			/* the interrupted t1, back from SAVE1 */
	st.d	$t1, $sp, PT_R0 + 13 * SZREG	/* regs[13] = t1 */
	SAVE_GPRS				/* every other GPR */
	csrrd	$t0, LOONGARCH_CSR_ERA		/* the pc of the instruction that trapped */
	st.d	$t0, $sp, PT_ERA
	csrrd	$t0, LOONGARCH_CSR_BADV		/* the address an address-related fault was about */
	st.d	$t0, $sp, PT_BADV
	csrrd	$t0, LOONGARCH_CSR_PRMD		/* PLV and IE to return to */
	st.d	$t0, $sp, PT_PRMD
	SAVE_COMMON_CSRS			/* BADI, CRMD, EUEN, ECFG, ESTAT, orig_a0 */

	move	$a0, $sp			/* do_exception(struct pt_regs *regs) */
	bl	do_exception			/* traps.c: decode ESTAT; die() if fatal */

	/* Return to the interrupted context, whatever C left in the frame. */
	.globl	ret_from_exception
ret_from_exception:
	ld.d	$t0, $sp, PT_PRMD		/* the mode to go back to... */
	csrwr	$t0, LOONGARCH_CSR_PRMD		/* ...ertn copies PPLV/PIE into CRMD */
	ld.d	$t0, $sp, PT_ERA		/* the pc to go back to... */
	csrwr	$t0, LOONGARCH_CSR_ERA		/* ...ertn jumps to ERA */
	RESTORE_GPRS				/* r1, r2, r4-r31, t0/t1 included */
	ld.d	$sp, $sp, PT_R3			/* sp last: it is the base of every load above */
	ertn					/* PLV, IE <- PRMD; pc <- ERA */

/*
 * The TLB refill entry. TLBRENTRY holds this address minus 0x9000000000000000: a refill puts
 * the CPU in direct address mode (DA = 1, PG = 0, §6.2.4), saves the pc in TLBRERA, the address
 * in TLBRBADV, the old PLV/IE in TLBRPRMD, and leaves ERA, BADV, PRMD and ESTAT alone — so a
 * refill taken inside handle_exception does not destroy the state that one is saving.
 *
 * trapdoor has no TLB entries yet, so a refill always means a stray pointer: we build a frame
 * from the TLBR* CSRs on an emergency stack and let do_tlb_refill() print the Oops.
 */
	.balign	4096				/* TLBRENTRY's low 12 bits do not exist (§7.5.11) */
	.globl	handle_tlb_refill
handle_tlb_refill:
	csrwr	$t0, LOONGARCH_CSR_TLBRSAVE	/* park t0 in the refill's own scratch CSR */
	la.abs	$t0, 1f				/* link address of 1: in the cached window */
	jr	$t0				/* DA mode: same physical address, new pc */
1:	li.w	$t0, CRMD_KERNEL		/* back to mapped mode, so the DMWs work again */
	csrwr	$t0, LOONGARCH_CSR_CRMD		/* (the console is behind the uncached window) */
	la.pcrel $t0, refill_stack_top		/* the emergency stack, not the suspect sp */
	addi.d	$t0, $t0, -PT_SIZE		/* the frame at its top */
	st.d	$sp, $t0, PT_R3			/* regs[3] = the sp at the fault */
	move	$sp, $t0			/* now on the emergency stack */
	csrrd	$t0, LOONGARCH_CSR_TLBRSAVE	/* the interrupted t0 */
	st.d	$t0, $sp, PT_R0 + 12 * SZREG	/* regs[12] = t0 */
	st.d	$t1, $sp, PT_R0 + 13 * SZREG	/* regs[13] = t1, never touched */
	SAVE_GPRS				/* every other GPR */
	csrrd	$t0, LOONGARCH_CSR_TLBRERA	/* pc in bits 63:2, IsTLBR in bit 0 */
	bstrins.d $t0, $zero, 1, 0		/* keep just the pc */
	st.d	$t0, $sp, PT_ERA
	csrrd	$t0, LOONGARCH_CSR_TLBRBADV	/* the address that has no TLB entry */
	st.d	$t0, $sp, PT_BADV
	csrrd	$t0, LOONGARCH_CSR_TLBRPRMD	/* PLV/IE at the fault */
	st.d	$t0, $sp, PT_PRMD
	SAVE_COMMON_CSRS			/* BADI, CRMD, EUEN, ECFG, ESTAT, orig_a0 */

	move	$a0, $sp			/* do_tlb_refill(struct pt_regs *regs) */
	bl	do_tlb_refill			/* traps.c: never returns */
2:	idle	0				/* unreachable; but never run off into the void */
	b	2b

	.section .bss..refill_stack, "aw", @nobits
	.balign	16				/* psABI: sp 16-byte aligned */
	.space	REFILL_STACK_SIZE
refill_stack_top:
