/* SPDX-License-Identifier: MIT */
/*
 * loongarch trap entry and return: every system call, exception and interrupt
 * comes here from the CPU, goes on into C, and returns through here. Also
 * the context switch between two tasks' kernel stacks, and the idle wait.
 *
 * The path is the same on every arch: SAVE_REGS saves the interrupted
 * registers into a struct pt_regs (asm/ptrace.h); entry_syscall calls
 * do_syscall(regs) (kernel/syscall.c) for a system call from user mode, and
 * entry_exception calls do_trap(regs) (traps.c) for everything else. do_syscall() does
 * the exit work itself; every other return to user mode goes through
 * ret_from_exception, which calls exit_to_user_mode(regs). All of them end in
 * ret_to_user, which calls the stackleak erase; restore_all reloads the
 * registers with RESTORE_REGS and returns to the interrupted code.
 *
 * The way in: a system call is `syscall 0` at PLV3. What the hardware does on
 * a general exception (manual §6.2.3): CRMD.PLV and CRMD.IE go to PRMD.PPLV
 * and PRMD.PIE, then PLV = 0 and IE = 0; the pc of the trapping instruction
 * goes to ERA; ESTAT gets the cause (Ecode, EsubCode); BADV the bad address,
 * BADI the instruction word; and the CPU jumps to EENTRY. It saves NO general
 * register and switches NO stack: every one of r1-r31 still holds the
 * interrupted code's value, sp included, and we must free one before we can
 * do anything. The SAVE0..7 CSRs exist for exactly that: csrwr swaps a GPR
 * with a CSR in one instruction. Nor does it change the address space. The
 * kernel runs in the direct mapping windows, which translate at PLV0 whatever
 * PGDL and ASID say, so a syscall switches no page table: the user's TLB
 * entries simply stay where they are (docs/design.md, "Performance
 * principles"). A TLB miss has an entry of its own, handle_tlb_refill.
 *
 * Where pt_regs goes: from user mode, at the top of the current task's kernel
 * stack, where task_pt_regs(current) finds it; from the kernel, just below
 * the interrupted stack pointer.
 *
 * SAVE2 holds the top of the current task's kernel stack (arch_switch_to()
 * keeps it there), so the entry finds it without a free register to spare.
 * Each core has its own SAVE2, so each finds the stack of the task it runs.
 *
 * Alignment: every system call from user mode calls do_syscall() with the
 * same 16-byte aligned stack pointer: the top of a kernel stack is THREAD_SIZE
 * aligned, and what lies between it and the call is a multiple of 16 bytes:
 * pt_regs, PT_SIZE = 336 bytes. The psABI wants 16.
 * do_syscall() moves its own frame down by a random multiple of 16 below 1024
 * (docs/kstack-offset.md): 6 bits of entropy, seen in SP[9:4].
 */
#include <trapdoor/linkage.h>
#include <asm/csr.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/smp.h>
#include <uapi/unistd.h>

/*
 * The unwind table (the .cfi_* lines at entry_syscall) goes into .debug_frame:
 * gdb reads it from trapdoor.elf, and nothing of it is loaded with the kernel.
 */
	.cfi_sections	.debug_frame

/*
 * Our names for the SAVE CSRs (manual §7.4.16, data save registers: scratch for
 * the kernel). Every core has its own, so each of these is per CPU; SAVE4 and
 * SAVE5 are smp.c's (asm/smp.h).
 */
#define KSAVE_T0	LOONGARCH_CSR_SAVE0	/* t0 parked during entry */
#define KSAVE_T1	LOONGARCH_CSR_SAVE1	/* t1 parked during entry */
#define KSAVE_KSP	LOONGARCH_CSR_SAVE2	/* top of the current task's kernel stack */
#define KSAVE_REFILL_T1	LOONGARCH_CSR_SAVE3	/* t1 parked by the TLB refill handler */

/*
 * SAVE_REGS: every register of the interrupted code into a new struct pt_regs
 * (asm/ptrace.h), where C reads them and where the return reloads them from.
 *
 * The frame is at sp. Before SAVE_REGS, the entry has parked t0 and t1
 * (r12/r13, its scratch registers) in the CSRs \t0_csr and \t1_csr, moved sp
 * to the frame and stored the interrupted sp (r3) in regs[3]. The pc, the bad
 * address and the mode to return to come from \era_csr, \badv_csr and
 * \prmd_csr: a general exception and a TLB refill keep them in different
 * CSRs. r0 is always zero; it is stored anyway, so that the frame is
 * complete. t0 is scratch once its value is stored. ABI names: r1 ra, r2 tp,
 * r4-r11 a0-a7, r12-r20 t0-t8, r21 reserved, r22 fp/s9, r23-r31 s0-s8.
 */
	.macro	SAVE_REGS t0_csr, t1_csr, era_csr, badv_csr, prmd_csr
	csrrd	$t0, \t0_csr			// the interrupted t0, back from its CSR
	st.d	$t0, $sp, PT_R0 + 12 * SZREG	// regs[12] = t0
	csrrd	$t0, \t1_csr			// the interrupted t1
	st.d	$t0, $sp, PT_R0 + 13 * SZREG	// regs[13] = t1
	st.d	$zero, $sp, PT_R0		// regs[0] = 0, for a complete frame
	.irp	n, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11		// ra, tp, a0-a7
	st.d	$r\n, $sp, PT_R0 + \n * SZREG	// regs[n] = rn
	.endr
	.irp	n, 14, 15, 16, 17, 18, 19, 20, 21, 22	// t2-t8, r21, fp
	st.d	$r\n, $sp, PT_R0 + \n * SZREG	// regs[n] = rn
	.endr
	.irp	n, 23, 24, 25, 26, 27, 28, 29, 30, 31	// s0-s8
	st.d	$r\n, $sp, PT_R0 + \n * SZREG	// regs[n] = rn
	.endr
	csrrd	$t0, \era_csr			// the pc of the instruction that trapped
	st.d	$t0, $sp, PT_ERA		// regs->csr_era
	csrrd	$t0, \badv_csr			// the address an address-related fault was about
	st.d	$t0, $sp, PT_BADV		// regs->csr_badvaddr
	csrrd	$t0, \prmd_csr			// PLV and IE to return to
	st.d	$t0, $sp, PT_PRMD		// regs->csr_prmd
	csrrd	$t0, LOONGARCH_CSR_BADI		// the instruction word that trapped
	st.d	$t0, $sp, PT_BADI		// regs->csr_badi
	csrrd	$t0, LOONGARCH_CSR_CRMD		// our own mode now: PLV0, IE = 0
	st.d	$t0, $sp, PT_CRMD		// regs->csr_crmd
	csrrd	$t0, LOONGARCH_CSR_EUEN		// which FP/vector units the code had enabled
	st.d	$t0, $sp, PT_EUEN		// regs->csr_euen
	csrrd	$t0, LOONGARCH_CSR_ECFG		// which interrupt lines were enabled
	st.d	$t0, $sp, PT_ECFG		// regs->csr_ecfg
	csrrd	$t0, LOONGARCH_CSR_ESTAT	// why: Ecode/EsubCode, and pending interrupts
	st.d	$t0, $sp, PT_ESTAT		// regs->csr_estat
	st.d	$a0, $sp, PT_ORIG_A0		// argument 0 as it came in: a0 becomes the result
	.endm

/*
 * RESTORE_REGS: the reverse: every register back from the struct pt_regs.
 * C may have changed the frame (a system call's result, a new program after
 * execve), so everything is reloaded from it, the return state included.
 *
 * The frame is at sp; PRMD and ERA first (ertn takes the mode and the pc from
 * them), then every GPR, t0/t1 included, and sp last, because every load goes
 * through it.
 */
	.macro	RESTORE_REGS
	ld.d	$t0, $sp, PT_PRMD		// the mode to go back to (PPLV 3 for user)...
	csrwr	$t0, LOONGARCH_CSR_PRMD		// ...ertn copies PPLV/PIE into CRMD
	ld.d	$t0, $sp, PT_ERA		// the pc to go back to...
	csrwr	$t0, LOONGARCH_CSR_ERA		// ...ertn jumps to ERA
	.irp	n, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11		// ra, tp, a0-a7
	ld.d	$r\n, $sp, PT_R0 + \n * SZREG	// rn = regs[n]
	.endr
	.irp	n, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22	// t0-t8, r21, fp
	ld.d	$r\n, $sp, PT_R0 + \n * SZREG	// rn = regs[n]
	.endr
	.irp	n, 23, 24, 25, 26, 27, 28, 29, 30, 31	// s0-s8
	ld.d	$r\n, $sp, PT_R0 + \n * SZREG	// rn = regs[n]
	.endr
	ld.d	$sp, $sp, PT_R3			// sp last: it is the base of every load above
	.endm

	.section .text.entry, "ax"

/*
 * The hardware entry points, named after the architectural events: the CPU
 * jumps here; a system call goes on to entry_syscall, everything else to
 * entry_exception.
 *
 * handle_exception takes syscalls, faults and interrupts, from user mode and
 * from the kernel. EENTRY = this address; the low 12 bits of EENTRY do not
 * exist (§7.4.10), hence the 4 KiB alignment. With ECFG.VS = 0 every exception
 * and interrupt arrives here. It saves the registers and sends a syscall from
 * user mode to entry_syscall, everything else to entry_exception.
 */
	.balign	4096
SYM_CODE_START(handle_exception)
	csrwr	$t0, KSAVE_T0			// park t0 in SAVE0 (t0 now holds junk)
	csrwr	$t1, KSAVE_T1			// park t1 in SAVE1
	move	$t1, $sp			// t1 = the interrupted sp
	csrrd	$t0, LOONGARCH_CSR_PRMD		// where did we come from?
	andi	$t0, $t0, PRMD_PPLV_MASK	// PPLV: 0 kernel, 3 user
	beqz	$t0, 1f				// kernel: on a kernel stack, push below sp
	/*
	 * From user mode: never trust the user's sp. SAVE2 holds the top of
	 * this task's kernel stack (THREAD_SIZE-aligned); the frame goes right
	 * below it, where task_pt_regs(current) expects it.
	 */
	csrrd	$sp, KSAVE_KSP			// sp = top of current's kernel stack
1:	addi.d	$sp, $sp, -PT_SIZE		// room for struct pt_regs, sp still 16-aligned
	st.d	$t1, $sp, PT_R3			// regs[3] = the interrupted sp
	/*
	 * every register, then ERA, BADV, PRMD and the CSRs every frame records
	 */
	SAVE_REGS KSAVE_T0, KSAVE_T1, LOONGARCH_CSR_ERA, LOONGARCH_CSR_BADV, LOONGARCH_CSR_PRMD
	csrrd	$r21, KSAVE_CPU			// this CPU's struct cpu_info (asm/smp.h): user mode
						// may have changed r21, never SAVE4
	ld.d	$t0, $sp, PT_ESTAT		// the cause, as saved
	bstrpick.d $t0, $t0, ESTAT_ECODE_SHIFT + 5, ESTAT_ECODE_SHIFT	// Ecode, bits 21:16
	addi.d	$t0, $t0, -EXCCODE_SYS		// zero if it was the syscall instruction
	bnez	$t0, entry_exception		// not a syscall: do_trap()
	ld.d	$t1, $sp, PT_PRMD		// ...and it came from user mode?
	andi	$t1, $t1, PRMD_PPLV_MASK	// (`syscall` in the kernel is a bug:
	beqz	$t1, entry_exception		//  do_trap() dies on it)
	b	entry_syscall			// yes: a system call
SYM_CODE_END(handle_exception)

/*
 * The TLB refill entry. TLBRENTRY holds this address minus 0x9000000000000000:
 * a refill puts the CPU in direct address mode (DA = 1, PG = 0, §6.2.4), so
 * everything here runs untranslated and every address is physical. It saves
 * the pc in TLBRERA, the address in TLBRBADV and VA[47:13] in TLBREHI.VPPN,
 * the old PLV/IE in TLBRPRMD, and leaves ERA, BADV, PRMD and ESTAT alone --
 * so a refill taken inside handle_exception does not destroy the state that
 * one is saving. It has its own scratch CSR, TLBRSAVE; we borrow SAVE3 for a
 * second register.
 *
 * We walk the running task's three-level table (asm/pgtable.h), root in PGDL,
 * and hand the TLB the even/odd pair of leaf entries around the address with
 * tlbfill. (The hardware walk helpers lddir/ldpte would shorten this, but
 * QEMU 7.2's ldpte masks each entry to the physical address bits, dropping
 * NX, NR and RPLV: our own loads keep them.)
 *
 * A miss with nothing mapped: from user mode we fill the TLB with an invalid
 * pair (V = 0), so the access, retried, takes a page-invalid exception
 * (PIL/PIS/PIF) through handle_exception like any other fault. From the
 * kernel it is a stray pointer: a register dump, on an emergency stack.
 */
	.balign	4096				// TLBRENTRY's low 12 bits do not exist (§7.5.11)
SYM_CODE_START(handle_tlb_refill)
	csrwr	$t0, LOONGARCH_CSR_TLBRSAVE	// park t0 in the refill's own scratch CSR
	csrwr	$t1, KSAVE_REFILL_T1		// park t1 in SAVE3
	csrrd	$t0, LOONGARCH_CSR_TLBRBADV	// the address that missed
	srli.d	$t1, $t0, USER_VA_BITS		// any bit at 47 or above...
	bnez	$t1, .Lrefill_none		// ...is beyond what the tables cover
	csrrd	$t1, LOONGARCH_CSR_PGDL		// the root table, physical (mm.c)
	bstrpick.d $t0, $t0, PGDIR_SHIFT + TABLE_INDEX_BITS - 1, PGDIR_SHIFT	// VA[46:36]
	alsl.d	$t1, $t0, $t1, PTE_SIZE_SHIFT	// t1 = &pgd[index]: root + index * 8
	ld.d	$t1, $t1, 0			// the PMD table's physical address, or 0
	beqz	$t1, .Lrefill_none		// no PMD table: nothing in these 64 GiB
	csrrd	$t0, LOONGARCH_CSR_TLBRBADV	// the address again
	bstrpick.d $t0, $t0, PMD_SHIFT + TABLE_INDEX_BITS - 1, PMD_SHIFT	// VA[35:25]
	alsl.d	$t1, $t0, $t1, PTE_SIZE_SHIFT	// t1 = &pmd[index]
	ld.d	$t1, $t1, 0			// the page table's physical address, or 0
	beqz	$t1, .Lrefill_none		// no page table: nothing in these 32 MiB
	csrrd	$t0, LOONGARCH_CSR_TLBRBADV	// and again
	bstrpick.d $t0, $t0, PMD_SHIFT - 1, PTE_PAIR_SHIFT	// VA[24:15]: which pair
	alsl.d	$t1, $t0, $t1, PTE_SIZE_SHIFT + 1	// t1 = &pte[2 * pair]: 16 bytes a pair
	ld.d	$t0, $t1, 0			// the even page's entry (V = 0 if unmapped)...
	csrwr	$t0, LOONGARCH_CSR_TLBRELO0	// ...is the TLB entry's low half
	ld.d	$t0, $t1, 8			// the odd page's entry...
	csrwr	$t0, LOONGARCH_CSR_TLBRELO1	// ...the high half
.Lrefill_fill:
	tlbfill					// VPPN from TLBREHI, ASID from CSR.ASID, PS = 14
	csrrd	$t1, KSAVE_REFILL_T1		// the interrupted t1
	csrrd	$t0, LOONGARCH_CSR_TLBRSAVE	// the interrupted t0
	ertn					// to TLBRERA, mapped mode: the access retries

.Lrefill_none:
	csrrd	$t0, LOONGARCH_CSR_TLBRPRMD	// who missed?
	andi	$t0, $t0, PRMD_PPLV_MASK	// PPLV: 0 kernel, 3 user
	beqz	$t0, .Lrefill_oops		// the kernel never misses on purpose
	csrwr	$zero, LOONGARCH_CSR_TLBRELO0	// an invalid pair: V = 0 in both halves
	csrwr	$zero, LOONGARCH_CSR_TLBRELO1	// (the user access retries and faults)
	b	.Lrefill_fill			// fill it and retry

	/*
	 * A kernel TLB miss: build a frame from the TLBR* CSRs and let C print
	 * the Oops.
	 */
.Lrefill_oops:
	la.abs	$t0, 1f				// link address of 1: in the cached window
	jr	$t0				// DA mode: same physical address, new pc
1:	li.w	$t0, CRMD_KERNEL		// back to mapped mode, so the DMWs work again
	csrwr	$t0, LOONGARCH_CSR_CRMD		// (the console is behind the uncached window)
	csrrd	$t0, KSAVE_REFILL_SP		// this CPU's emergency stack, not the suspect sp
	addi.d	$t0, $t0, -PT_SIZE		// the frame at its top
	st.d	$sp, $t0, PT_R3			// regs[3] = the sp at the fault
	move	$sp, $t0			// now on the emergency stack
	/*
	 * the same frame, with the pc, address and mode from the refill's own
	 * CSRs
	 */
	SAVE_REGS LOONGARCH_CSR_TLBRSAVE, KSAVE_REFILL_T1, LOONGARCH_CSR_TLBRERA, \
		  LOONGARCH_CSR_TLBRBADV, LOONGARCH_CSR_TLBRPRMD
	csrrd	$r21, KSAVE_CPU			// this CPU's struct cpu_info, for C (asm/smp.h)
	ld.d	$t0, $sp, PT_ERA		// TLBRERA: pc in bits 63:2, IsTLBR in bit 0
	bstrins.d $t0, $zero, 1, 0		// keep just the pc
	st.d	$t0, $sp, PT_ERA		// regs->csr_era = the pc
	move	$a0, $sp			// argument 1: struct pt_regs *regs
	bl	do_tlb_refill			// traps.c: never returns
2:	idle	0				// unreachable; but never run off into the void
	b	2b				// and never wake into it either
SYM_CODE_END(handle_tlb_refill)

/*
 * entry_syscall: a system call from user mode. With the user's registers in
 * pt_regs, call do_syscall(regs) (kernel/syscall.c): it looks the number up,
 * runs the handler, writes the result into the frame and does the exit work.
 * Then ret_to_user, where every return to user mode ends.
 *
 * The number is in a7, the arguments in a0-a5, the frame at sp (saved by
 * handle_exception). ERA (saved as pt_regs.csr_era) points AT the syscall
 * instruction, so the entry steps it, or ertn would run the syscall again.
 * It happens before do_syscall(), so a child forked here, which starts from
 * a copy of this frame, does not run the syscall again. Interrupts stay off:
 * CRMD.IE was cleared on entry.
 */
SYM_CODE_START(entry_syscall)
	.cfi_startproc			// unwind table for debuggers (docs/debugging.md):
	.cfi_undefined	1			//   no caller (r1 = ra: clang takes only the number)
	ld.d	$t0, $sp, PT_ERA		// the pc of the syscall instruction...
	addi.d	$t0, $t0, INSN_SIZE		// ...plus one instruction...
	st.d	$t0, $sp, PT_ERA		// ...is where ertn will go back to
	move	$a0, $sp			// argument 1: struct pt_regs *regs
	bl	do_syscall			// kernel/syscall.c: the result into pt_regs, the exit work
	b	ret_to_user			// the erase, and back to user mode
	.cfi_endproc			// end of the unwind table's entry
SYM_CODE_END(entry_syscall)

/*
 * entry_exception: every other trap and interrupt, its registers in pt_regs.
 * do_trap(regs) (traps.c) decodes it: an interrupt returns; a user page fault
 * returns if resolved; any other fault in user mode ends the task
 * (do_user_fault) and does not return; any other
 * exception in the kernel is fatal. Then back to where it came from: to user
 * mode through ret_from_exception, or to the interrupted kernel code (the idle
 * wait) straight through restore_all, with no exit work.
 *
 * The frame is at sp; do_trap() reads the cause from the saved ESTAT. The
 * saved PRMD.PPLV says where it came from.
 */
SYM_CODE_START(entry_exception)
	move	$a0, $sp			// argument 1: struct pt_regs *regs
	bl	do_trap				// traps.c: decode and handle, or die
	ld.d	$t0, $sp, PT_PRMD		// the mode we go back to...
	andi	$t0, $t0, PRMD_PPLV_MASK	// ...PPLV: 0 kernel, 3 user
	beqz	$t0, restore_all		// from the kernel: no exit work
	b	ret_from_exception		// from user mode: the way back to user mode
SYM_CODE_END(entry_exception)

/*
 * ret_from_exception: the returns to user mode that are not a syscall's: after an
 * interrupt or exception from user mode, and as a new task's first step
 * (ret_from_fork). The C handler's frame is gone: only pt_regs is left on the
 * kernel stack. exit_to_user_mode() runs here, on the shallowest stack: it
 * ends a task that kill() marked (do_exit(), no return) and gives the CPU
 * away when the time slice is over (schedule(): the task continues here when
 * it is picked again, on this same stack). A syscall did that work inside
 * do_syscall(). Then ret_to_user.
 *
 * The frame is at sp, task_pt_regs(current). After a schedule() SAVE2 points
 * at this task's stack once more.
 */
SYM_CODE_START(ret_from_exception)
	move	$a0, $sp			// argument 1: struct pt_regs *regs
	bl	exit_to_user_mode		// kernel/syscall.c: kill, schedule
	b	ret_to_user			// the erase, and back to user mode
SYM_CODE_END(ret_from_exception)

/*
 * ret_to_user: the end of every return to user mode. No C frame is left,
 * so the stackleak erase (kernel/stackleak_erase.c) can rewrite everything
 * this trip into the kernel used, the exit work's frames included: it writes
 * only below its own stack pointer. Then restore_all.
 */
SYM_CODE_START(ret_to_user)
	bl	stackleak_erase_on_task_stack	// kernel/stackleak_erase.c: poison the used stack
	b	restore_all			// the registers, and back
SYM_CODE_END(ret_to_user)

/*
 * restore_all: RESTORE_REGS reloads every register from pt_regs, and the
 * return instruction resumes the interrupted code with the mode and pc saved
 * in the frame: user mode, or the kernel (arch_cpu_idle() interrupted).
 *
 * One ertn serves both: it restores CRMD.PLV/IE from PRMD and jumps to ERA,
 * both reloaded from the frame.
 */
SYM_CODE_START(restore_all)
	RESTORE_REGS				// PRMD, ERA, r1-r31
	ertn					// PLV, IE <- PRMD; pc <- ERA
SYM_CODE_END(restore_all)

/*
 * ret_from_fork: a new task's first run. Its first arch_switch_to() "returns"
 * here (arch_task_init() in process.c set the address) on its own kernel
 * stack, with pt_regs filled in by spawn (arch_init_user_regs(): the
 * program's entry and its initial user stack) or copied by fork from the
 * parent (the result register 0, the pc past the system call). From here on
 * it leaves as an interrupted user program does: ret_from_exception.
 *
 * thread.ra is this label, sp = thread.sp = task_pt_regs(current).
 */
SYM_CODE_START(ret_from_fork)
	b	ret_from_exception		// exit_to_user_mode(), then back to user mode
SYM_CODE_END(ret_from_fork)

	.text

/*
 * The user's scalar FP state (asm/processor.h) between the CPU and the thread_struct at
 * \base: f0-f31, FCSR0, fcc0-fcc7. Clobbers t0.
 */
	.macro	fpu_save_regs base
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	fst.d	$f\n, \base, THREAD_FPR + \n * 8	// thread.fpr[n] = fn
	.endr
	movfcsr2gr $t0, $fcsr0			// enables, flags, cause, rounding mode
	st.w	$t0, \base, THREAD_FCSR
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7
	movcf2gr $t0, $fcc\n			// 0 or 1
	st.b	$t0, \base, THREAD_FCC + \n
	.endr
	.endm

	.macro	fpu_restore_regs base
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	fld.d	$f\n, \base, THREAD_FPR + \n * 8	// fn = thread.fpr[n]
	.endr
	ld.w	$t0, \base, THREAD_FCSR
	movgr2fcsr $fcsr0, $t0
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7
	ld.bu	$t0, \base, THREAD_FCC + \n
	movgr2cf $fcc\n, $t0
	.endr
	.endm

/* void fpu_save(struct thread_struct *t), void fpu_restore(const struct thread_struct *t) */
SYM_FUNC_START(fpu_save)
	fpu_save_regs $a0
	jr	$ra
SYM_FUNC_END(fpu_save)

SYM_FUNC_START(fpu_restore)
	fpu_restore_regs $a0
	jr	$ra
SYM_FUNC_END(fpu_restore)

/*
 * void arch_switch_to(struct task_struct *prev, struct task_struct *next)
 *
 * Called by schedule(): an ordinary function call, so the ABI has the caller
 * save every caller-saved register it still needs. Save the rest (the
 * callee-saved registers, the kernel sp and where to resume) into
 * prev->thread and load next's; thread is the first member of task_struct
 * (THREAD_* are offsets into the task itself), so the two arguments point
 * straight at it. It then continues on next's kernel stack, in next's own
 * earlier call of arch_switch_to() (in schedule()), or, for a task that
 * never ran, in ret_from_fork (thread.ra from arch_task_init()).
 *
 * prev in a0, next in a1 (the psABI); saved: sp, fp, s0-s8 and the return
 * address ra (asm/processor.h). The user's FP state lives in the CPU while a
 * task runs, so it is swapped here too, on every switch. For next's next trap
 * from user mode, the top of its kernel stack goes to SAVE2.
 */
SYM_FUNC_START(arch_switch_to)
	st.d	$ra, $a0, THREAD_RA		// where prev resumes: our caller
	st.d	$sp, $a0, THREAD_SP		// prev's kernel sp ...
	st.d	$fp, $a0, THREAD_FP		// ... and its callee-saved registers: fp (r22)
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8	// s0-s8
	st.d	$s\n, $a0, THREAD_S0 + \n * SZREG	// prev->thread.s[n] = sn
	.endr
	fpu_save_regs $a0			// prev's user FP state
	fpu_restore_regs $a1			// next's
	ld.d	$ra, $a1, THREAD_RA		// next resumes in schedule() or ret_from_fork
	ld.d	$sp, $a1, THREAD_SP		// from here on we run on next's stack
	ld.d	$fp, $a1, THREAD_FP		// next's callee-saved registers: fp (r22)
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8	// s0-s8
	ld.d	$s\n, $a1, THREAD_S0 + \n * SZREG	// sn = next->thread.s[n]
	.endr
	ld.d	$t0, $a1, THREAD_KSTACK_TOP	// the next trap from user mode must land on
	csrwr	$t0, KSAVE_KSP			// next's kernel stack (t0's new value: unused)
	jr	$ra				// "return" into next
SYM_FUNC_END(arch_switch_to)

/*
 * void arch_cpu_idle(void) (include/trapdoor/arch.h): wait for an interrupt.
 * schedule() calls it, interrupts masked, when no task can run. The CPU stops
 * (and costs the host nothing) until the next tick or console input; the
 * interrupt is then taken right here, in kernel mode, on the current kernel
 * stack: entry_exception calls do_trap() and comes straight back through
 * restore_all. Interrupts are masked again before the return, as the kernel
 * always runs.
 *
 * The kernel runs with CRMD.IE = 0; it is open for the idle only, so the
 * interrupt is TAKEN here: handle_exception pushes a frame below our sp, and
 * ertn comes back with PRMD.PIE = 1, i.e. IE still 1. (With IE = 0 QEMU would
 * wake us too, but the interrupt would stay pending in ESTAT.IS and the next
 * idle would not sleep at all: the CPU would spin.) An interrupt that comes
 * between the csrxchg that opens IE and the idle is taken at once, with ERA =
 * cpu_idle_insn; do_trap() then steps ERA past the idle, or we would sleep
 * through a whole tick with work to do. One during the idle comes back at
 * cpu_idle_insn + 4. Those two are the only places an interrupt may hit the
 * kernel (traps.c checks).
 */
SYM_FUNC_START(arch_cpu_idle)
	li.w	$t1, CRMD_IE			// the mask: CRMD.IE only (an interrupt keeps t1)
	move	$t0, $t1			// the value: IE = 1
	csrxchg	$t0, $t1, LOONGARCH_CSR_CRMD	// unmask: IE = 1 (t0 gets the old CRMD: unused)
	.globl	cpu_idle_insn
cpu_idle_insn:
	idle	0				// until an interrupt is pending
	csrxchg	$zero, $t1, LOONGARCH_CSR_CRMD	// masked again, as the kernel always runs
	jr	$ra				// to the idle loop, which looks at the clock
SYM_FUNC_END(arch_cpu_idle)

/*
 * The signal page (include/trapdoor/signal.h): the code between
 * __sigpage_start and __sigpage_end is copied to a page of its own and
 * mapped into every program, read and execute. A handler is entered with ra
 * = __kernel_rt_sigreturn there (signal.c), so its return runs these two
 * instructions, Linux's vDSO __vdso_rt_sigreturn: with sp back at the frame,
 * the rt_sigreturn call restores everything the frame holds and never
 * returns here. Position-independent, as any copy must be.
 */
	.section .rodata.sigpage, "a"
	.balign	4
	.globl	__sigpage_start, __kernel_rt_sigreturn, __sigpage_end
__sigpage_start:
__kernel_rt_sigreturn:
	li.w	$a7, __NR_rt_sigreturn		// a7: the call's number, 139
	syscall	0				// rt_sigreturn(): back where the signal came
__sigpage_end:
