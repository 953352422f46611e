/* SPDX-License-Identifier: MIT */
/*
 * powerpc trap entry and return: every system call, exception and interrupt
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
 * The way in: a system call is `sc` in user mode. On an interrupt the CPU
 * saves almost nothing (Power ISA v3.0B Book III, "Interrupts"):
 *   SRR0 = the address to return to (the faulting instruction, or the next
 *          one for sc)
 *   SRR1 = the MSR at that moment (MSR[PR] = 1: it came from user mode) plus
 *          cause bits
 *   MSR  = 64-bit, real mode (IR = DR = 0), supervisor, EE = 0, RI = 0
 * and jumps to the real address of the interrupt's vector: 0x300 for a bad
 * load or store, 0x700 for an illegal instruction, 0xc00 for sc, ...
 * (asm/interrupt.h). No register is free and there is no stack switch: all
 * 32 GPRs still hold the interrupted program's values. The MMU is off from
 * the first instruction (every interrupt clears MSR[IR,DR]), so the kernel
 * needs no mapping and no page-table switch here: the user's address space
 * stays in the SLB, untouched, until arch_switch_mm() on a task switch (mm.c).
 *
 * This file is linked at address 0 (the .vectors section, kernel.lds) and
 * copied there by head.S. Each vector gets a five-instruction stub that frees
 * two registers and branches: 0xc00 (sc) to entry_syscall, every other vector
 * to entry_exception. Both save the registers with SAVE_REGS.
 *
 * Where pt_regs goes: from user mode, at the top of the current task's kernel
 * stack, where task_pt_regs(current) finds it; from the kernel, just below
 * the interrupted stack pointer.
 *
 * Who was interrupted, SRR1[PR] says. From user mode r11 = paca->trap_sp, which
 * arch_switch_to() keeps pointing at the current task: the ABI frame for the C
 * handler, right below pt_regs. From the kernel the frame goes below the
 * 288-byte red zone, on the stack it was using.
 *
 * Alignment: every system call from user mode calls do_syscall() with the
 * same 16-byte aligned stack pointer: the top of a kernel stack is THREAD_SIZE
 * aligned, and what lies between it and the call is a multiple of 16 bytes:
 * pt_regs, PT_REGS_SIZE = 352 bytes, and the 32-byte ABI frame below it. ELFv2
 * wants 16.
 * do_syscall() moves its own frame down by a random multiple of 16 below 1024
 * (docs/kstack-offset.md): 6 bits of entropy, seen in SP[9:4].
 */
#include <trapdoor/linkage.h>
#include <asm/hcall.h>
#include <asm/interrupt.h>
#include <asm/paca.h>
#include <asm/ppc_asm.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/reg.h>
#include <asm/stackleak.h>
#include <asm/unistd.h>

/*
 * The unwind table (the .cfi_* lines at entry_syscall) goes into .debug_frame:
 * gdb reads it from trapdoor.elf, and nothing of it is loaded with the kernel.
 */
	.cfi_sections	.debug_frame

	.abiversion 2

/*
 * pt_regs sits just above the minimal ABI frame the C handler may store its LR
 * into.
 */
#define REGS	STACK_FRAME_MIN_SIZE

/*
 * Past the architected vectors, CPUs have implementation-specific ones
 * (0x1500 on some POWER chips, for instance). Keep the common code clear of
 * that range.
 */
#define ENTRY_CODE_ADDR		0x2000

/*
 * SAVE_REGS: every register of the interrupted code into a new struct pt_regs
 * (asm/ptrace.h), where C reads them and where the return reloads them from.
 *
 * On entry (from a vector stub): r13 = paca, r12 = the vector, paca->exc_r12 =
 * the old r12, SPRG1 = the old r13; every other register is the interrupted
 * code's. On exit: r1 = the frame, pt_regs at r1 + REGS, r2 = the kernel's
 * TOC, r3 = the struct pt_regs * for C, r12 = the vector, cr0.eq = 1 if the
 * interrupted code was the kernel, MSR[RI] = 1.
 */
	.macro	SAVE_REGS
	/*
	 * Free r11 and CR as well (the test below changes cr0), then find the
	 * frame.
	 */
	std	r11, PACA_EXC_R11(r13)	// park r11
	mfcr	r11			// the interrupted CR ...
	std	r11, PACA_EXC_CR(r13)	// ... parked too: cr0 is ours now
	mfspr	r11, SPRN_SRR1		// the MSR when the interrupt hit
	andi.	r11, r11, MSR_PR	// problem state? cr0.eq = 1 if it was the kernel
	beq	1f			// kernel: frame below its own stack

	/*
	 * From user mode. The user's r1 means nothing to us (it might not
	 * even be mapped), so switch to the current task's kernel stack:
	 * r11 = paca->trap_sp, a 32-byte ABI frame right below
	 * task_pt_regs(current), which is where the registers go. It is the
	 * same point on every entry.
	 */
	ld	r11, PACA_TRAP_SP(r13)	// the kernel stack: top - pt_regs - 32
	std	r0, REGS+PT_GPR(0)(r11)	// free r0 ...
	li	r0, 0			// ... for a back chain of 0:
	std	r0, 0(r11)		// stack walks stop here
	b	2f			// to the common save

	/*
	 * From the kernel: the frame goes below the interrupted r1, past the
	 * 288-byte red zone: the interrupted function may keep live data there
	 * without having moved r1 (ELFv2). INT_STACK_SKIP = red zone + minimal
	 * frame + pt_regs, a multiple of 16, so r1 stays 16-byte aligned, the
	 * ABI's rule at every instruction.
	 */
1:	subi	r11, r1, INT_STACK_SKIP	// the frame, below the red zone
	std	r0, REGS+PT_GPR(0)(r11)	// free r0
	std	r1, 0(r11)		// back chain, so a debugger can walk past us

2:	std	r1, REGS+PT_GPR(1)(r11)	// the interrupted r1, for the return and the dump
	mr	r1, r11			// on the new frame from here on

	/* The GPRs still live: r2-r10, r14-r31. */
	.irp	n, 2,3,4,5,6,7,8,9,10
	std	\n, REGS+PT_GPR(\n)(r1)	// r2-r10
	.endr
	.irp	n, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	std	\n, REGS+PT_GPR(\n)(r1)	// r14-r31
	.endr
	/* The ones we parked, through r10 (already saved, so free now). */
	ld	r10, PACA_EXC_R11(r13)	// r11
	std	r10, REGS+PT_GPR(11)(r1)	// ... saved
	ld	r10, PACA_EXC_R12(r13)	// r12
	std	r10, REGS+PT_GPR(12)(r1)	// ... saved
	mfspr	r10, SPRN_SPRG1		// r13
	std	r10, REGS+PT_GPR(13)(r1)	// ... saved
	ld	r10, PACA_EXC_CR(r13)	// CR
	std	r10, REGS+PT_CCR(r1)	// ... saved

	/*
	 * Which interrupt, and r3 as it was (a system call's result will
	 * overwrite r3).
	 */
	std	r12, REGS+PT_TRAP(r1)	// the vector, for traps.c
	std	r3, REGS+PT_ORIG_GPR3(r1)	// the first argument, kept

	/*
	 * The special registers: where, in what state, and the rest of the user
	 * context.
	 */
	mfspr	r10, SPRN_SRR0		// SRR0: where it happened
	std	r10, REGS+PT_NIP(r1)	// sc: already the instruction after it
	mfspr	r10, SPRN_SRR1		// SRR1: the MSR then
	std	r10, REGS+PT_MSR(r1)	// the interrupted MSR
	mflr	r10			// the link register
	std	r10, REGS+PT_LINK(r1)	// LR
	mfctr	r10			// the count register
	std	r10, REGS+PT_CTR(r1)	// CTR
	mfspr	r10, SPRN_XER		// the fixed-point exception register
	std	r10, REGS+PT_XER(r1)	// XER: carry, overflow, string length
	/*
	 * The fault address and cause: meaningful for 0x300/0x380/0x600,
	 * harmless otherwise.
	 */
	mfspr	r10, SPRN_DAR		// DAR: the faulting data address
	std	r10, REGS+PT_DAR(r1)	// the data address
	mfspr	r10, SPRN_DSISR		// DSISR: the fault cause
	std	r10, REGS+PT_DSISR(r1)	// why the access failed
	/*
	 * The two SPRs user mode can write (asm/ptrace.h): each task keeps its
	 * own.
	 */
	mfspr	r10, SPRN_PPR		// program priority (also set by "or 1,1,1" ...)
	std	r10, REGS+PT_PPR(r1)	// ... saved
	mfspr	r10, SPRN_VRSAVE	// 32 bits of software state
	std	r10, REGS+PT_VRSAVE(r1)	// ... saved

	/*
	 * SRR0/SRR1 are in memory now: another interrupt (a machine check, say)
	 * would no longer destroy anything we need, so declare the state
	 * recoverable. mtmsrd with L = 1 writes only MSR[EE] and MSR[RI]: EE
	 * stays 0, RI becomes 1.
	 */
	li	r10, MSR_RI		// the new EE and RI: 0 and 1 ...
	mtmsrd	r10, 1			// ... written alone (L = 1): recoverable

	/*
	 * C needs r2 = the kernel's TOC pointer (user code has its own r2); r13
	 * = paca.
	 */
	LOAD_ADDR(r2, .TOC.)		// the kernel's TOC pointer
	addi	r3, r1, REGS		// argument 1: struct pt_regs *regs
	ld	r10, REGS+PT_MSR(r1)	// from whom?
	andi.	r10, r10, MSR_PR	// cr0.eq = 1: from the kernel
	.endm

/*
 * RESTORE_REGS: the reverse: every register back from the struct pt_regs.
 * C may have changed the frame (a system call's result, a new program after
 * execve), so everything is reloaded from it, the return state included.
 *
 * The frame is at r1 + REGS; r1 comes last; SRR0/SRR1 = the pc and MSR rfid
 * will install. From the moment SRR0/1 hold the return state until rfid, an
 * interrupt would overwrite them: mark the state unrecoverable (RI = 0), EE
 * stays 0.
 */
	.macro	RESTORE_REGS
	li	r10, 0			// the new EE and RI: 0 and 0 ...
	mtmsrd	r10, 1			// ... written alone (L = 1): unrecoverable
	ld	r10, REGS+PT_NIP(r1)	// the return pc ...
	mtspr	SPRN_SRR0, r10		// where rfid will go
	ld	r10, REGS+PT_MSR(r1)	// the return MSR ...
	mtspr	SPRN_SRR1, r10		// the MSR it will install (PR, EE, ...)
	ld	r10, REGS+PT_LINK(r1)	// LR ...
	mtlr	r10			// LR
	ld	r10, REGS+PT_CTR(r1)	// CTR ...
	mtctr	r10			// CTR
	ld	r10, REGS+PT_XER(r1)	// XER ...
	mtspr	SPRN_XER, r10		// XER
	ld	r10, REGS+PT_PPR(r1)	// PPR ...
	mtspr	SPRN_PPR, r10		// this task's priority, 0 for a new program
	ld	r10, REGS+PT_VRSAVE(r1)	// VRSAVE ...
	mtspr	SPRN_VRSAVE, r10	// this task's VRSAVE, 0 for a new program
	ld	r10, REGS+PT_CCR(r1)	// CR ...
	mtcr	r10			// CR
	/*
	 * Now the GPRs, r1 last: it is the pointer we load everything through.
	 */
	ld	r0, REGS+PT_GPR(0)(r1)	// r0
	.irp	n, 2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	ld	\n, REGS+PT_GPR(\n)(r1)	// r2-r31
	.endr
	ld	r1, REGS+PT_GPR(1)(r1)	// r1 last: it is the base of every load above
	.endm

/*
 * The user FP state (struct thread_fp_state, asm/processor.h) between the CPU and memory.
 * The kernel runs with MSR[FP] = 0 (every interrupt clears it), so FP_ON turns it on for
 * the few instructions that move the registers (mtmsrd with L = 0 writes the whole MSR,
 * the same one plus FP; isync: the FP instructions after it see it set), and FP_OFF puts
 * the saved MSR back. The FPSCR travels through f0: mffs/mtfsf, the latter with L = 1,
 * all 64 bits of it.
 */
	.macro	FP_ON saved, tmp
	mfmsr	\saved			// the kernel's MSR, FP off
	ori	\tmp, \saved, MSR_FP	// the same with FP on ...
	mtmsrd	\tmp			// ... installed
	isync				// FP instructions from here on
	.endm

	.macro	FP_OFF saved
	mtmsrd	\saved			// FP off again
	isync
	.endm

	.macro	SAVE_FPRS base, off
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	stfd	\n, \off+FP_STATE_FPR(\n)(\base)	// f0-f31
	.endr
	mffs	0			// the FPSCR, through f0 ...
	stfd	0, \off+FP_STATE_FPSCR(\base)	// ... saved
	.endm

	.macro	LOAD_FPRS base, off
	lfd	0, \off+FP_STATE_FPSCR(\base)	// the FPSCR, through f0 ...
	mtfsf	0xff, 0, 1, 0		// ... all of it (L = 1)
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	lfd	\n, \off+FP_STATE_FPR(\n)(\base)	// f0-f31
	.endr
	.endm

	.section .vectors, "ax"

/*
 * The hardware entry points, named after the architectural events: the CPU
 * jumps here; a system call goes on to entry_syscall, everything else to
 * entry_exception.
 *
 * The stub at each vector is named after its interrupt as in Linux. It may
 * not use any register it has not saved first:
 *   r13 -> SPRG1 (a scratch SPR, so no memory is needed yet)
 *   r13 <- SPRG0 = this CPU's paca, whose scratch slot takes r12
 *   r12 <- the vector number, for traps.c to decode
 * 5 instructions; vectors from 0xe00 on are only 0x20 bytes (8 instructions)
 * apart, and .org makes the assembler refuse a stub that would run into the
 * next vector.
 */
	.macro	INTERRUPT_STUB vec, name, target=entry_exception
	.org	\vec			/* offset in .vectors == real address (linked at 0) */
SYM_CODE_START_LOCAL(\name)
	mtspr	SPRN_SPRG1, r13		// park r13
	mfspr	r13, SPRN_SPRG0		// r13 = paca
	std	r12, PACA_EXC_R12(r13)	// park r12
	li	r12, \vec		// which interrupt this is
	b	\target			// pc-relative: fine, we run where we are linked
SYM_CODE_END(\name)
	.endm

	/*
	 * 0x0-0xff stays zero: a call through a NULL function pointer executes
	 * the all-zero word, an illegal instruction, and is reported as such at
	 * pc 0.
	 */
	INTERRUPT_STUB INTERRUPT_SYSTEM_RESET,		system_reset
	INTERRUPT_STUB INTERRUPT_MACHINE_CHECK,		machine_check
	INTERRUPT_STUB INTERRUPT_DATA_STORAGE,		data_access
	INTERRUPT_STUB INTERRUPT_DATA_SEGMENT,		data_access_slb
	INTERRUPT_STUB INTERRUPT_INST_STORAGE,		instruction_access
	INTERRUPT_STUB INTERRUPT_INST_SEGMENT,		instruction_access_slb
	INTERRUPT_STUB INTERRUPT_EXTERNAL,		hardware_interrupt
	INTERRUPT_STUB INTERRUPT_ALIGNMENT,		alignment
	INTERRUPT_STUB INTERRUPT_PROGRAM,		program_check
	INTERRUPT_STUB INTERRUPT_FP_UNAVAIL,		fp_unavailable
	INTERRUPT_STUB INTERRUPT_DECREMENTER,		decrementer
	INTERRUPT_STUB INTERRUPT_H_DECREMENTER,		hdecrementer
	INTERRUPT_STUB INTERRUPT_DOORBELL,		doorbell_super
	INTERRUPT_STUB INTERRUPT_SYSCALL,		system_call, entry_syscall
	INTERRUPT_STUB INTERRUPT_TRACE,			single_step
	/*
	 * Hypervisor interrupts save their state in HSRR0/1, not SRR0/1, and a
	 * guest may not even read those. Under PAPR the hypervisor (QEMU) takes
	 * them itself; a stub is here anyway so that one arriving by mistake is
	 * reported, with a stale NIP and MSR.
	 */
	INTERRUPT_STUB INTERRUPT_H_DATA_STORAGE,	h_data_storage
	INTERRUPT_STUB INTERRUPT_H_INST_STORAGE,	h_instr_storage
	INTERRUPT_STUB INTERRUPT_H_EMUL_ASSIST,		emulation_assist
	INTERRUPT_STUB INTERRUPT_HMI,			hmi_exception
	INTERRUPT_STUB INTERRUPT_H_DOORBELL,		h_doorbell
	INTERRUPT_STUB INTERRUPT_H_VIRT,		h_virt_irq
	/* Back to SRR0/1 (except 0xf80, hypervisor facility unavailable). */
	INTERRUPT_STUB INTERRUPT_PERFMON,		performance_monitor
	INTERRUPT_STUB INTERRUPT_ALTIVEC_UNAVAIL,	altivec_unavailable
	INTERRUPT_STUB INTERRUPT_VSX_UNAVAIL,		vsx_unavailable
	INTERRUPT_STUB INTERRUPT_FAC_UNAVAIL,		facility_unavailable
	INTERRUPT_STUB INTERRUPT_H_FAC_UNAVAIL,		h_facility_unavailable

	.org	ENTRY_CODE_ADDR

/*
 * entry_syscall: a system call from user mode. With the user's registers in
 * pt_regs, call do_syscall(regs) (kernel/syscall.c): it looks the number up,
 * runs the handler, writes the result into the frame and does the exit work.
 * Then ret_to_user, where every return to user mode ends.
 *
 * The number is in r0, the arguments in r3-r8; the frame is saved here, with
 * SAVE_REGS, from the 0xc00 stub. SRR0 (saved as pt_regs.nip) is already the
 * instruction after sc, so nothing needs to step the pc, and a child forked
 * here, which starts from a copy of this frame, does not run the sc again.
 * An sc in the kernel is a bug, which do_trap() reports. (Hypervisor calls
 * are "sc 1": they go to the hypervisor and never come here.)
 */
SYM_CODE_START(entry_syscall)
	.cfi_startproc		// unwind table for debuggers (docs/debugging.md):
	.cfi_undefined	lr		//   no caller above this frame: gdb's bt ends here
	SAVE_REGS			// pt_regs, r1, r2, r3 = regs; cr0.eq = from the kernel
	beq	.Ltrap			// sc in the kernel: do_trap() says so
	bl	do_syscall		// kernel/syscall.c: the result into pt_regs, the exit work
	b	ret_to_user		// the erase, and back to user mode
	.cfi_endproc		// end of the unwind table's entry
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
 * The frame is saved here, with SAVE_REGS, from every stub but 0xc00's; the
 * saved MSR[PR] says where it came from.
 */
SYM_CODE_START(entry_exception)
	SAVE_REGS			// pt_regs, r1, r2, r3 = regs
.Ltrap:
	bl	do_trap			// traps.c: decode and handle, or die
	ld	r10, REGS+PT_MSR(r1)	// the interrupted MSR: its PR bit
	andi.	r10, r10, MSR_PR	//   is 1 for user mode
	beq	restore_all		// from the kernel: no exit work
	b	ret_from_exception	// from user mode: the way back to user mode
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
 * The frame is at r1 + REGS, task_pt_regs(current), with the trap frame at
 * r1 just below it. r2 and r13 are the kernel's in every task.
 */
SYM_CODE_START(ret_from_exception)
	addi	r3, r1, REGS		// argument 1: struct pt_regs *regs
	bl	exit_to_user_mode	// kernel/syscall.c: kill, schedule
	/* ... and on into ret_to_user, right below. */
SYM_CODE_END(ret_from_exception)

/*
 * ret_to_user: the end of every return to user mode. No C frame is left,
 * so the stackleak erase (kernel/stackleak_erase.c) can rewrite everything
 * this trip into the kernel used, the exit work's frames included: it writes
 * only below the task's stack pointer, r1 here. It runs on a stack of its
 * own, this CPU's part of stackleak_erase_stack below (its top frame in the
 * paca): as a leaf it may keep registers in the
 * 288 bytes below its r1 (the ELFv2 protected zone), which on the task's
 * stack would be the very bytes it poisons (asm/stackleak.h). Then
 * restore_all.
 *
 * r1 is the trap frame below task_pt_regs(current) here, on every path in.
 * r31 is free: the user's r31 is in pt_regs, and restore_all reloads it.
 */
SYM_CODE_START(ret_to_user)
	mr	r31, r1			// the task's r1: nonvolatile, so the erase keeps it
	ld	r1, PACA_ERASE_SP(r13)	// r1 = this CPU's erase stack's top frame
	bl	stackleak_erase_on_task_stack	// kernel/stackleak_erase.c: poison the used stack
	mr	r1, r31			// back on the task's stack, at the trap frame
	/* ... and on into restore_all, right below. */
SYM_CODE_END(ret_to_user)

/*
 * restore_all: RESTORE_REGS reloads every register from pt_regs, and the
 * return instruction resumes the interrupted code with the mode and pc saved
 * in the frame: user mode, or the kernel (arch_cpu_idle() interrupted).
 *
 * rfid loads the pc from SRR0 and the MSR from SRR1 in one step: to user
 * mode (PR = 1 in the saved MSR) the MMU comes back on with the same
 * instruction.
 */
SYM_CODE_START(restore_all)
	RESTORE_REGS			// every register, r1 last
	rfid				// pc = SRR0, MSR = SRR1: back to the interrupted code
SYM_CODE_END(restore_all)

	.text

/*
 * ret_from_fork: a new task's first run. Its first arch_switch_to() "returns"
 * here (arch_task_init() in process.c set the address) on its own kernel
 * stack, with pt_regs filled in by spawn (arch_init_user_regs(): the
 * program's entry and its initial user stack) or copied by fork from the
 * parent (the result register 0, the pc past the system call). From here on
 * it leaves as an interrupted user program does: ret_from_exception.
 *
 * thread.lr is this label, r1 = thread.sp, the frame below pt_regs, so
 * r1 + REGS = task_pt_regs(current). ret_from_exception is in .vectors, at real
 * address 0x2000 and up.
 */
SYM_CODE_START(ret_from_fork)
	li	r0, 0			// a back chain of 0 ...
	std	r0, 0(r1)		// back chain 0, as SAVE_REGS writes it
	b	ret_from_exception	// exit_to_user_mode(), then back to user mode
SYM_CODE_END(ret_from_fork)

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
 * never ran, in ret_from_fork (thread.lr from arch_task_init()).
 *
 * prev in r3, next in r4 (ELFv2); saved: r1, r14-r31, CR (fields 2-4 are
 * non-volatile) and the return address LR, and the user's FP registers (f0-f31,
 * FPSCR), which the kernel never touches: prev's out, next's in. r2 (the kernel TOC) is the same
 * for every task, and r13 (the paca) belongs to the CPU, not to the task:
 * next goes on with this CPU's.
 */
SYM_FUNC_START(arch_switch_to)
	mflr	r0			// our return address ...
	std	r0, THREAD_LR(r3)	// ... is where prev resumes: our caller
	mfcr	r0			// CR ...
	std	r0, THREAD_CR(r3)	// CR fields 2-4 are non-volatile
	std	r1, THREAD_SP(r3)	// prev's kernel sp
	.irp	n, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	std	\n, THREAD_GPR(\n)(r3)	// prev's callee-saved registers
	.endr

	.irp	n, 14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	ld	\n, THREAD_GPR(\n)(r4)	// next's callee-saved registers
	.endr
	ld	r0, THREAD_CR(r4)	// next's CR ...
	mtcr	r0			// next's CR
	ld	r1, THREAD_SP(r4)	// from here on we run on next's stack
	ld	r0, THREAD_LR(r4)	// where next resumes ...
	mtlr	r0			// next resumes in schedule() or ret_from_fork
	/*
	 * The next trap from user mode on this CPU must land on next's kernel
	 * stack: tell the entry code, which finds it in this CPU's paca
	 * (SAVE_REGS). No MMU work here: that is arch_switch_mm()'s (mm.c),
	 * which schedule() called just before.
	 */
	ld	r0, THREAD_TRAP_SP(r4)	// next's trap frame ...
	std	r0, PACA_TRAP_SP(r13)	// paca->trap_sp = next's
	/*
	 * The user FP registers, eagerly: prev's out, next's in, on every switch, so no
	 * task ever runs with another's values in the FPRs (docs/hardening-powerpc.md).
	 */
	FP_ON	r5, r6
	SAVE_FPRS r3, THREAD_FP		// prev's f0-f31, FPSCR
	LOAD_FPRS r4, THREAD_FP		// next's
	FP_OFF	r5
	blr				// "return" into next
SYM_FUNC_END(arch_switch_to)

/*
 * void save_fp_state(struct thread_fp_state *fp): the current task's FP registers into
 * *fp, which they stay in (fork: the child's copy, arch_dup_task_struct()).
 */
SYM_FUNC_START(save_fp_state)
	FP_ON	r5, r6
	SAVE_FPRS r3, 0
	lfd	0, FP_STATE_FPR(0)(r3)	// f0 back: mffs used it
	FP_OFF	r5
	blr
SYM_FUNC_END(save_fp_state)

/*
 * void load_fp_state(const struct thread_fp_state *fp): *fp into the FP registers
 * (execve: zeroes, arch_flush_thread()).
 */
SYM_FUNC_START(load_fp_state)
	FP_ON	r5, r6
	LOAD_FPRS r3, 0
	FP_OFF	r5
	blr
SYM_FUNC_END(load_fp_state)

/*
 * void arch_cpu_idle(void) (include/trapdoor/arch.h): wait for an interrupt.
 * schedule() calls it, interrupts masked, when no task can run. The CPU stops
 * (and costs the host nothing) until the next tick or console input; the
 * interrupt is then taken right here, in kernel mode, on the current kernel
 * stack: entry_exception calls do_trap() and comes straight back through
 * restore_all. Interrupts are masked again before the return, as the kernel
 * always runs.
 *
 * H_CEDE gives the vCPU to the hypervisor until an interrupt is pending. The
 * tick is always armed (arch_timer_init runs before the first schedule()), so
 * the wait ends within one period, or at once if an interrupt is already
 * pending: the hypervisor checks before it stops the CPU, so no wake-up is
 * lost between our caller's last look at the clock and the hcall. H_CEDE sets
 * MSR[EE] = 1, the interrupt is taken right after the hcall returns and rfid
 * comes back here with EE still 1. The hcall may change every volatile
 * register, which a call allows.
 */
SYM_FUNC_START(arch_cpu_idle)
	li	r3, H_CEDE		// r3 = the hcall number
	sc	1			// to the hypervisor: until an interrupt is pending
	li	r3, MSR_RI		// EE = 0, RI = 1 ...
	mtmsrd	r3, 1			// masked again, as the kernel always runs
	blr				// to the idle loop, which looks at the clock
SYM_FUNC_END(arch_cpu_idle)

/*
 * ret_from_rt_sigreturn: how rt_sigreturn (signal.c) leaves once pt_regs holds
 * the registers of its frame. Not back through do_syscall(), which would write
 * a result over r3 and CR0.SO: like an interrupt, through ret_from_exception
 * (the exit work, which may deliver the next signal) to ret_to_user. The C
 * frames below the trap frame are dropped; the trap frame's back chain is
 * still the 0 that SAVE_REGS wrote.
 */
SYM_CODE_START(ret_from_rt_sigreturn)
	ld	r1, PACA_TRAP_SP(r13)	// r1 = the trap frame, task_pt_regs(current) - 32
	b	ret_from_exception	// exit_to_user_mode(), then back to user mode
SYM_CODE_END(ret_from_rt_sigreturn)

/*
 * The signal page (kernel/signal.c maps a copy of __sigpage_start ..
 * __sigpage_end into every address space, read and execute): where a signal
 * handler is entered and where it returns. arch_setup_rt_frame() (signal.c)
 * starts user mode at __kernel_start_sigtramp_rt64 with ctr = the handler
 * and r1 = 128 bytes below the rt_sigframe; the handler returns to
 * __kernel_rt_sigreturn. The same instructions as Linux's vDSO: unwinders
 * (libgcc's) recognise the last three as a signal frame's return.
 * Position-independent: it runs wherever the page is mapped.
 */
	.section .rodata
	.balign	8
	.globl	__sigpage_start
__sigpage_start:
	.globl	__kernel_start_sigtramp_rt64
__kernel_start_sigtramp_rt64:
	bctrl				// call the handler: lr = the next instruction
	.globl	__kernel_rt_sigreturn
__kernel_rt_sigreturn:
	addi	r1, r1, 128		// pop the handler's caller frame: r1 = the frame's ucontext
	li	r0, __NR_rt_sigreturn	// the system call number, 172
	sc				// rt_sigreturn(): does not come back here
	.globl	__sigpage_end
__sigpage_end:

/*
 * The stacks ret_to_user runs the stackleak erase on (asm/stackleak.h):
 * never a task's, so nothing the erase keeps below its r1 is in the range it
 * poisons. One per CPU, back to back: CPUs leave the kernel at the same time.
 * arch_set_this_cpu() (smp.c) puts the top frame of its CPU's in the paca.
 * In .bss, so they take no room in the ELF file.
 */
	.section .bss, "aw", @nobits
	.balign	16			// ELFv2: r1 is 16-byte aligned
	.globl	stackleak_erase_stack
stackleak_erase_stack:
	.skip	STACKLEAK_ERASE_STACK_SIZE * NR_PACAS
	.globl	stackleak_erase_stack_end
stackleak_erase_stack_end:
