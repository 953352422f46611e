/* SPDX-License-Identifier: MIT */
/*
 * riscv trap entry and return: every system call, exception and interrupt
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
 * The way in: a system call is `ecall` in U-mode. stvec is in Direct mode
 * (head.S, traps.c), so one entry point, handle_exception, serves all causes.
 * On a trap the hart (Privileged ISA 20211203, 4.1.1 and 4.1.7-4.1.11):
 *   - writes the interrupted pc to sepc, the reason to scause, extra detail
 *     to stval (faulting address, or the bits of an illegal instruction);
 *   - copies the mode it was in to sstatus.SPP (0 = U, 1 = S) and SIE to
 *     SPIE, clears SIE;
 *   - jumps to stvec, in S-mode, with every general register still holding
 *     the interrupted code's values -- and with satp unchanged: the user's
 *     page table stays live. That is fine because every address space also
 *     maps the kernel (supervisor-only, mm.c), and it is fast: no page-table
 *     switch, no TLB flush on the way in or out (docs/design.md).
 * No general-purpose register is saved, and this file must save them before
 * it uses any.
 *
 * Where pt_regs goes: from user mode, at the top of the current task's kernel
 * stack, where task_pt_regs(current) finds it; from the kernel, just below
 * the interrupted stack pointer.
 *
 * From U-mode the user's sp is no place to save anything: sscratch holds the
 * frame's address while U-mode runs (ret_to_user puts it there), and 0 while
 * the kernel runs. From S-mode, a frame that would land in the guard below a
 * kernel stack (a stack overflow) goes to the top of the overflow stack
 * instead, and do_trap() reports the overflow.
 *
 * Alignment: every system call from user mode calls do_syscall() with the
 * same 16-byte aligned stack pointer: the top of a kernel stack is THREAD_SIZE
 * aligned, and what lies between it and the call is a multiple of 16 bytes:
 * pt_regs, PT_SIZE = 288 bytes. The RISC-V psABI wants 16.
 * do_syscall() moves its own frame down by a random multiple of 16 below 1024
 * (docs/kstack-offset.md): 6 bits of entropy, seen in SP[9:4].
 */
#include <trapdoor/linkage.h>
#include <asm/csr.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/traps.h>
#include <uapi/unistd.h>

/*
 * The unwind table (the .cfi_* lines at entry_syscall) goes into .debug_frame:
 * gdb reads it from trapdoor.elf, and nothing of it is loaded with the kernel.
 */
	.cfi_sections	.debug_frame

/*
 * SAVE_REGS: every register of the interrupted code into a new struct pt_regs
 * (asm/ptrace.h), where C reads them and where the return reloads them from.
 *
 * sp points at the frame and the interrupted sp (x2) is already in its slot
 * (each path into the save stores it before sp moves); the interrupted tp
 * (x4) waits in sscratch. Saves every other general register, takes tp out of
 * sscratch and leaves 0 there, and records the trap CSRs. Register xN goes to
 * offset N * 8, slot 0 is sepc (asm/ptrace.h).
 */
	.macro	SAVE_REGS
	sd	ra, PT_RA(sp)			// x1
	sd	gp, PT_GP(sp)			// x3
	sd	t0, PT_T0(sp)			// x5
	sd	t1, PT_T1(sp)			// x6
	sd	t2, PT_T2(sp)			// x7
	sd	s0, PT_S0(sp)			// x8, the frame pointer
	sd	s1, PT_S1(sp)			// x9
	sd	a0, PT_A0(sp)			// x10, argument 0; the result goes here
	sd	a1, PT_A1(sp)			// x11
	sd	a2, PT_A2(sp)			// x12
	sd	a3, PT_A3(sp)			// x13
	sd	a4, PT_A4(sp)			// x14
	sd	a5, PT_A5(sp)			// x15, argument 5
	sd	a6, PT_A6(sp)			// x16
	sd	a7, PT_A7(sp)			// x17, the system call number
	sd	s2, PT_S2(sp)			// x18
	sd	s3, PT_S3(sp)			// x19
	sd	s4, PT_S4(sp)			// x20
	sd	s5, PT_S5(sp)			// x21
	sd	s6, PT_S6(sp)			// x22
	sd	s7, PT_S7(sp)			// x23
	sd	s8, PT_S8(sp)			// x24
	sd	s9, PT_S9(sp)			// x25
	sd	s10, PT_S10(sp)			// x26
	sd	s11, PT_S11(sp)			// x27
	sd	t3, PT_T3(sp)			// x28
	sd	t4, PT_T4(sp)			// x29
	sd	t5, PT_T5(sp)			// x30
	sd	t6, PT_T6(sp)			// x31
	/* Every register is saved: from here on any of them is free. */
	csrrw	s0, sscratch, zero		// s0 = the interrupted tp; sscratch = 0: a nested
	sd	s0, PT_TP(sp)			//   trap now counts as from the kernel, as it is
	/*
	 * The trap CSRs: a nested trap would overwrite them, so they belong in
	 * the frame.
	 */
	csrr	s1, sepc			// pc of the trapping instruction
	li	s2, SR_FS			// sstatus as it was (SPP = the mode we came from, SPIE
	csrrc	s2, sstatus, s2			//   its interrupt enable, FS the user's FP state); FS Off
	csrr	s3, stval			// faulting address or instruction bits, else 0
	csrr	s4, scause			// bit 63 = interrupt, low bits = code (asm/csr.h)
	sd	s1, PT_EPC(sp)			// slot 0: sepc
	sd	s2, PT_STATUS(sp)		// sstatus
	sd	s3, PT_BADADDR(sp)		// stval
	sd	s4, PT_CAUSE(sp)		// scause
	sd	a0, PT_ORIG_A0(sp)		// argument 0 as it came in: a0 becomes the result
	.endm

/*
 * RESTORE_REGS: the reverse: every register back from the struct pt_regs.
 * C may have changed the frame (a system call's result, a new program after
 * execve), so everything is reloaded from it, the return state included.
 *
 * The frame is at sp; sstatus and sepc come from it. SIE is 0 in the saved
 * sstatus (the hart cleared it before SAVE_REGS read it, arch_init_user_regs()
 * clears it too), so nothing can interrupt the reload. satp stays as it is:
 * no page-table switch.
 */
	.macro	RESTORE_REGS
	ld	s1, PT_STATUS(sp)		// the mode and interrupt enable to return to ...
	ld	s2, PT_EPC(sp)			// ... and the pc
	csrw	sstatus, s1			// sret returns to SPP and sets SIE from SPIE
	csrw	sepc, s2			// sret jumps to sepc
	ld	ra, PT_RA(sp)			// x1
	ld	gp, PT_GP(sp)			// x3
	ld	tp, PT_TP(sp)			// x4: the interrupted code's tp
	ld	t0, PT_T0(sp)			// x5
	ld	t1, PT_T1(sp)			// x6
	ld	t2, PT_T2(sp)			// x7
	ld	s0, PT_S0(sp)			// x8
	ld	s1, PT_S1(sp)			// x9
	ld	a0, PT_A0(sp)			// x10: for a system call, its result
	ld	a1, PT_A1(sp)			// x11
	ld	a2, PT_A2(sp)			// x12
	ld	a3, PT_A3(sp)			// x13
	ld	a4, PT_A4(sp)			// x14
	ld	a5, PT_A5(sp)			// x15
	ld	a6, PT_A6(sp)			// x16
	ld	a7, PT_A7(sp)			// x17
	ld	s2, PT_S2(sp)			// x18
	ld	s3, PT_S3(sp)			// x19
	ld	s4, PT_S4(sp)			// x20
	ld	s5, PT_S5(sp)			// x21
	ld	s6, PT_S6(sp)			// x22
	ld	s7, PT_S7(sp)			// x23
	ld	s8, PT_S8(sp)			// x24
	ld	s9, PT_S9(sp)			// x25
	ld	s10, PT_S10(sp)			// x26
	ld	s11, PT_S11(sp)			// x27
	ld	t3, PT_T3(sp)			// x28
	ld	t4, PT_T4(sp)			// x29
	ld	t5, PT_T5(sp)			// x30
	ld	t6, PT_T6(sp)			// x31
	ld	sp, PT_SP(sp)			// x2 last: it is the base of every load above
	.endm

/*
 * kstack_guard_check overflow: sp holds the offset of one word of the frame to
 * be (the interrupted sp - 288 or - 8) from the start of the kernel stacks
 * area (KSC_BASE); does that word lie in the guard below a kernel stack? If
 * so, jump to overflow.
 * Uses tp, leaves sp as it is. The kernel stacks (kernel/task.c) are NR_TASKS
 * slots of equal, power-of-two size, each a guard of a power-of-two size with
 * the stack above it; riscv_kstack_check describes them (asm/traps.h).
 */
	.macro	kstack_guard_check overflow
	la	tp, riscv_kstack_check		// tp = &riscv_kstack_check (asm/traps.h)
	ld	tp, KSC_SIZE(tp)		// tp = the area's size: NR_TASKS slots (0 = no check)
	bgeu	sp, tp, 1f			// not in the area: the boot or overflow stack
	la	tp, riscv_kstack_check		// tp = &riscv_kstack_check again
	ld	tp, KSC_STACK_MASK(tp)		// tp = the offset bits that are 0 in every guard
	and	tp, sp, tp			// tp = 0 if the offset in its slot is below the guard's end
	beqz	tp, \overflow			// in the guard
1:
	.endm

	.text

/*
 * The hardware entry points, named after the architectural events: the CPU
 * jumps here; a system call goes on to entry_syscall, everything else to
 * entry_exception.
 *
 * handle_exception is the stvec target (4-byte aligned: stvec ignores the 2 low
 * bits of the address). One free register is needed before any can be saved,
 * and a CSR swap gives one without losing anything: tp goes to sscratch,
 * sscratch comes to tp. sscratch is 0 while the kernel runs and the address of
 * the current task's pt_regs while a user program runs. So after the swap,
 * tp == 0 means "trapped from the kernel", anything else "from user mode, and
 * here is where to save".
 */
SYM_CODE_START(handle_exception)
	csrrw	tp, sscratch, tp		// tp = old sscratch, sscratch = interrupted tp
	bnez	tp, .Lfrom_user			// not 0: from U-mode

	/*
	 * From S-mode: the frame goes below the interrupted sp, on the same
	 * kernel stack. But if that stack has overflowed (the trap may well be
	 * the fault of running into the guard below it), the frame would land
	 * in the unmapped guard: the first store would fault again, and so
	 * would that trap's, 288 bytes lower each time, until sp had walked
	 * through the guard into the stack below it, another task's, and the
	 * frame smashed that task's pt_regs. So first check, with nothing saved
	 * yet: tp is free (it holds sscratch's 0; the interrupted tp, this CPU's
	 * cpu_info, waits in sscratch), and sp is turned into the offset to
	 * check and back by adding and subtracting: no memory is needed, so the
	 * check works the same on every CPU at once. `la` needs no second
	 * register, so each use of riscv_kstack_check loads its address afresh.
	 */
	la	tp, riscv_kstack_check		// tp = &riscv_kstack_check
	ld	tp, KSC_BASE(tp)		// tp = the start of the stacks area
	sub	sp, sp, tp			// sp = the interrupted sp's offset into it
	addi	sp, sp, -PT_SIZE		// the frame's lowest byte, sp - 288
	kstack_guard_check .Lkernel_stack_overflow_low
	addi	sp, sp, PT_SIZE - 8		// and its highest word, sp - 8
	kstack_guard_check .Lkernel_stack_overflow_high
	addi	sp, sp, 8			// the interrupted sp's offset again
	la	tp, riscv_kstack_check		// tp = &riscv_kstack_check
	ld	tp, KSC_BASE(tp)		// tp = the start of the stacks area
	add	sp, sp, tp			// neither in a guard: sp back
	/*
	 * The interrupted sp goes into the frame's sp slot first (PT_SP -
	 * PT_SIZE = -272 bytes from the current sp), then sp moves down:
	 * afterwards no free register would be left to compute it with. Nothing
	 * can interrupt here (SIE is 0), so writing below sp is safe.
	 */
	csrr	tp, sscratch			// tp back; sscratch keeps the copy SAVE_REGS reads
	sd	sp, (PT_SP - PT_SIZE)(sp)	// x2: the interrupted kernel sp
	addi	sp, sp, -PT_SIZE		// sp = the frame
	j	.Lsave				// the common save

.Lkernel_stack_overflow_low:
	addi	sp, sp, PT_SIZE - 8		// as if the check of sp - 8 had failed
.Lkernel_stack_overflow_high:
	addi	sp, sp, 8			// the interrupted sp's offset into the area
	la	tp, riscv_kstack_check		// tp = &riscv_kstack_check
	ld	tp, KSC_BASE(tp)		// tp = the start of the stacks area
	add	sp, sp, tp			// sp = the interrupted sp again
	/*
	 * The frame would land in a guard: build it at the top of the overflow
	 * stack instead, whose address says so to do_trap() (traps.c), which
	 * names the overflow and dies. There is one overflow stack, and
	 * riscv_overflow_owner says whether a CPU has taken it: amoswap writes
	 * the word's own (non-zero) address there and returns what it held, so
	 * exactly one CPU sees 0 and goes on. Any other CPU whose stack
	 * overflows meanwhile waits forever, interrupts masked, while the first
	 * one brings the kernel down. Only a trap on a kernel stack comes here,
	 * never one taken on the overflow stack itself.
	 */
	la	tp, riscv_overflow_owner	// tp = &riscv_overflow_owner
	amoswap.w tp, tp, (tp)			// take it: tp = who had it (0: nobody)
	bnez	tp, .Loverflow_taken		// another CPU is dying on it already
	mv	tp, sp				// tp = the interrupted sp
	la	sp, overflow_stack_top		// a stack that is surely free
	addi	sp, sp, -PT_SIZE		// sp = the frame, at the top of the overflow stack
	sd	tp, PT_SP(sp)			// x2: the interrupted sp, for the dump
	csrr	tp, sscratch			// the interrupted tp back, as on the normal path
	j	.Lsave				// the common save

.Loverflow_taken:
	wfi					// nothing to do but wait: the kernel is dying
	j	.Loverflow_taken		// (wfi may return early)

.Lfrom_user:
	/*
	 * From U-mode: tp = task_pt_regs(current), at the top of its kernel
	 * stack. The kernel's tp, this CPU's struct cpu_info (asm/smp.h), waits
	 * in the frame's orig_a0 slot, where ret_to_user left it: the task
	 * cannot change CPU while it runs in U-mode, and the slot is rewritten
	 * below (SAVE_REGS) only after this load.
	 */
	sd	sp, PT_SP(tp)			// x2: the user's stack pointer
	mv	sp, tp				// sp = the frame
	ld	tp, PT_ORIG_A0(sp)		// tp = this CPU's cpu_info, for C

.Lsave:
	SAVE_REGS				// every register and the trap CSRs into the frame
	/*
	 * The frame is complete. A fault at a pc between handle_exception and
	 * here came from the entry itself, and the state it was saving is lost:
	 * do_trap() says so.
	 */
	.globl	handle_exception_saved
handle_exception_saved:
	ld	t0, PT_CAUSE(sp)		// scause, as saved
	li	t1, EXC_ECALL_U			// ecall from U-mode (scause 8)? (from S-mode it
	beq	t0, t1, entry_syscall		//   goes to the SBI firmware): a system call
	j	entry_exception			// no: an interrupt or a fault, decoded in C
SYM_CODE_END(handle_exception)

/*
 * entry_syscall: a system call from user mode. With the user's registers in
 * pt_regs, call do_syscall(regs) (kernel/syscall.c): it looks the number up,
 * runs the handler, writes the result into the frame and does the exit work.
 * Then ret_to_user, where every return to user mode ends.
 *
 * The number is in a7, the arguments in a0-a5, the frame at sp (saved by
 * handle_exception). The hart left sepc (saved as pt_regs.epc) at the ecall
 * itself, so the entry steps it, or sret would run the ecall again; an ecall
 * is always 4 bytes (there is no compressed form). It happens before
 * do_syscall(), so a child forked here, which starts from a copy of this
 * frame, does not run the ecall again.
 */
SYM_CODE_START(entry_syscall)
	.cfi_startproc				// unwind table for debuggers (docs/debugging.md):
	.cfi_undefined	ra			//   no caller above this frame: gdb's bt ends here
	ld	t0, PT_EPC(sp)			// the pc of the ecall ...
	addi	t0, t0, 4			// ... plus one instruction ...
	sd	t0, PT_EPC(sp)			// ... is where sret goes back to
	mv	a0, sp				// argument 1: struct pt_regs *regs
	call	do_syscall			// kernel/syscall.c: the result into pt_regs, the exit work
	j	ret_to_user			// the erase, and back to user mode
	.cfi_endproc				// end of the unwind table's entry
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
 * The frame is at sp; the saved sstatus.SPP says where it came from.
 */
SYM_CODE_START(entry_exception)
	mv	a0, sp				// argument 1: struct pt_regs *regs
	call	do_trap				// traps.c: decode and handle, or die
	ld	t0, PT_STATUS(sp)		// the interrupted sstatus: its SPP bit
	andi	t0, t0, SR_SPP			//   is 0 for user mode
	bnez	t0, restore_all			// from the kernel: no exit work, sscratch stays 0
	j	ret_from_exception		// from user mode: the way back to user mode
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
 * The frame is at sp, task_pt_regs(current).
 */
SYM_CODE_START(ret_from_exception)
	mv	a0, sp				// argument 1: struct pt_regs *regs
	call	exit_to_user_mode		// kernel/syscall.c: kill, schedule
	/* ... and on into ret_to_user, right below. */
SYM_CODE_END(ret_from_exception)

/*
 * ret_to_user: the end of every return to user mode. No C frame is left,
 * so the stackleak erase (kernel/stackleak_erase.c) can rewrite everything
 * this trip into the kernel used, the exit work's frames included: it writes
 * only below its own stack pointer. Then restore_all.
 *
 * The next trap from U-mode must find this frame's address in sscratch (the
 * swap in handle_exception). Set only now, after the last C call: while
 * another task ran in the kernel, sscratch had to be 0. So no context switch
 * touches sscratch: the return path sets it for whoever returns, on the CPU
 * it returns on (sscratch is each hart's own). The kernel's tp, this CPU's
 * struct cpu_info, goes into the frame's orig_a0 slot, dead from here on,
 * where the next trap from U-mode takes it back; RESTORE_REGS then loads the
 * user's tp.
 */
SYM_CODE_START(ret_to_user)
	call	stackleak_erase_on_task_stack	// kernel/stackleak_erase.c: poison the used stack
	csrw	sscratch, sp			// sscratch = task_pt_regs(current)
	sd	tp, PT_ORIG_A0(sp)		// this CPU's cpu_info, for the next trap's entry
	/* ... and on into restore_all, right below. */
SYM_CODE_END(ret_to_user)

/*
 * restore_all: RESTORE_REGS reloads every register from pt_regs, and the
 * return instruction resumes the interrupted code with the mode and pc saved
 * in the frame: user mode, or the kernel (arch_cpu_idle() interrupted).
 *
 * One sret serves both: the saved sstatus.SPP says which, and sscratch is 0
 * unless ret_to_user set it.
 */
SYM_CODE_START(restore_all)
	RESTORE_REGS				// sstatus, sepc and every register from the frame
	sret					// pc = sepc, mode = SPP, SIE = SPIE
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
	j	ret_from_exception		// exit_to_user_mode(), then back to user mode
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
 * never ran, in ret_from_fork (thread.ra from arch_task_init()).
 *
 * prev in a0, next in a1 (RISC-V psABI); saved: sp, s0-s11 (s0 is the frame
 * pointer) and the return address ra. In between, riscv_fpu_switch() (process.c)
 * saves prev's user F/D registers and loads next's, on every switch (eagerly:
 * docs/hardening-riscv.md says why). Nothing else needs to change for
 * next's next trap: satp was already switched by arch_switch_mm(), and
 * sscratch, where a trap from U-mode finds its frame, is set to
 * task_pt_regs(next) by ret_to_user, right before next goes back to user mode,
 * on this CPU. tp is not switched either: it belongs to the CPU (this CPU's
 * struct cpu_info, asm/smp.h), not to the task, and next, wherever it ran
 * before, now finds this CPU's through it.
 */
SYM_FUNC_START(arch_switch_to)
	sd	ra, THREAD_RA(a0)		// where prev resumes: our caller
	sd	sp, THREAD_SP(a0)		// prev's kernel sp ...
	sd	s0, (THREAD_S0 + 0 * 8)(a0)	// ... and its callee-saved registers s0-s11
	sd	s1, (THREAD_S0 + 1 * 8)(a0)	// s1
	sd	s2, (THREAD_S0 + 2 * 8)(a0)	// s2
	sd	s3, (THREAD_S0 + 3 * 8)(a0)	// s3
	sd	s4, (THREAD_S0 + 4 * 8)(a0)	// s4
	sd	s5, (THREAD_S0 + 5 * 8)(a0)	// s5
	sd	s6, (THREAD_S0 + 6 * 8)(a0)	// s6
	sd	s7, (THREAD_S0 + 7 * 8)(a0)	// s7
	sd	s8, (THREAD_S0 + 8 * 8)(a0)	// s8
	sd	s9, (THREAD_S0 + 9 * 8)(a0)	// s9
	sd	s10, (THREAD_S0 + 10 * 8)(a0)	// s10
	sd	s11, (THREAD_S0 + 11 * 8)(a0)	// s11

	mv	s0, a0				// s0-s11 are saved: free to keep prev and next
	mv	s1, a1				//   over a C call
	call	riscv_fpu_switch		// process.c: prev's F/D registers out, next's in
	mv	a1, s1				// next

	ld	ra, THREAD_RA(a1)		// next resumes in schedule() or ret_from_fork
	ld	sp, THREAD_SP(a1)		// from here on we run on next's stack
	ld	s0, (THREAD_S0 + 0 * 8)(a1)	// next's callee-saved registers s0-s11
	ld	s1, (THREAD_S0 + 1 * 8)(a1)	// s1
	ld	s2, (THREAD_S0 + 2 * 8)(a1)	// s2
	ld	s3, (THREAD_S0 + 3 * 8)(a1)	// s3
	ld	s4, (THREAD_S0 + 4 * 8)(a1)	// s4
	ld	s5, (THREAD_S0 + 5 * 8)(a1)	// s5
	ld	s6, (THREAD_S0 + 6 * 8)(a1)	// s6
	ld	s7, (THREAD_S0 + 7 * 8)(a1)	// s7
	ld	s8, (THREAD_S0 + 8 * 8)(a1)	// s8
	ld	s9, (THREAD_S0 + 9 * 8)(a1)	// s9
	ld	s10, (THREAD_S0 + 10 * 8)(a1)	// s10
	ld	s11, (THREAD_S0 + 11 * 8)(a1)	// s11
	ret					// "return" into next
SYM_FUNC_END(arch_switch_to)

/*
 * void __fstate_save(struct __riscv_d_ext_state *state)
 * void __fstate_restore(const struct __riscv_d_ext_state *state)
 *
 * The live F/D registers (f0-f31, 64 bits each, and fcsr) to *state, and back (asm/processor.h).
 * The kernel runs with sstatus.FS Off, so every FP instruction would trap: FS is turned on
 * around the copy and off again; interrupts are masked meanwhile, as the kernel always runs.
 * The kernel is built without F and D (Makefile.arch), hence `.option arch, +d` here only.
 */
	.option	push
	.option	arch, +d
SYM_FUNC_START(__fstate_save)
	li	t0, SR_FS
	csrs	sstatus, t0			// FS Dirty: FP instructions run
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	fsd	f\n, (FSTATE_F0 + \n * 8)(a0)	// f<n>, for each n of the list
	.endr
	frcsr	t1				// fcsr: frm and fflags
	sw	t1, FSTATE_FCSR(a0)
	csrc	sstatus, t0			// FS Off again
	ret
SYM_FUNC_END(__fstate_save)

SYM_FUNC_START(__fstate_restore)
	li	t0, SR_FS
	csrs	sstatus, t0			// FS Dirty: FP instructions run
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	fld	f\n, (FSTATE_F0 + \n * 8)(a0)	// f<n>, for each n of the list
	.endr
	lw	t1, FSTATE_FCSR(a0)
	fscsr	t1				// fcsr: frm and fflags
	csrc	sstatus, t0			// FS Off again
	ret
SYM_FUNC_END(__fstate_restore)
	.option	pop

/*
 * void arch_cpu_idle(void) (include/trapdoor/arch.h): wait for an interrupt.
 * schedule() calls it, interrupts masked, when no task can run. The CPU stops
 * (and costs the host nothing) until the next tick or console input; the
 * interrupt is then taken right here, in kernel mode, on the current kernel
 * stack: entry_exception calls do_trap() and comes straight back through
 * restore_all. Interrupts are masked again before the return, as the kernel
 * always runs.
 *
 * wfi waits for an interrupt to be pending and enabled in sie even while
 * sstatus.SIE masks it (Privileged ISA 20211203, 3.3.3). The pending
 * interrupt must then be taken, or it would stay pending and end every later
 * wfi at once: SIE is set, it arrives at handle_exception (above) with sepc =
 * the csrci, do_trap() re-arms the timer or drains the UART, and the sret
 * comes back with SIE = SPIE = 1 to the csrci, which masks it again.
 */
SYM_FUNC_START(arch_cpu_idle)
	wfi					// until an interrupt is pending
	csrsi	sstatus, SR_SIE			// unmask: the interrupt is taken here
	csrci	sstatus, SR_SIE			// masked again, as the kernel always runs
	ret					// to the idle loop, which looks at the clock
SYM_FUNC_END(arch_cpu_idle)

/*
 * The signal page (include/trapdoor/signal.h): the code between
 * __sigpage_start and __sigpage_end is copied to a page of its own and
 * mapped into every program, read and execute. A handler is entered with ra
 * = __kernel_rt_sigreturn there (signal.c), so its return runs these two
 * instructions, Linux's vDSO rt_sigreturn: with sp back at the frame, the
 * rt_sigreturn call restores everything the frame holds and never returns
 * here. Never compressed: libgcc's unwinder and gdb know a signal frame by
 * these exact two 32-bit words. Position-independent, as any copy must be.
 */
	.section .rodata.sigpage, "a"
	.balign	4
	.option	push
	.option	norvc				// full-size encodings, as unwinders expect them
	.globl	__sigpage_start, __kernel_rt_sigreturn, __sigpage_end
__sigpage_start:
__kernel_rt_sigreturn:
	li	a7, __NR_rt_sigreturn		// a7: the call's number, 139
	ecall					// rt_sigreturn(): back where the signal came
__sigpage_end:
	.option	pop

/*
 * The overflow stack: where a trap frame goes when the kernel stack it was
 * meant for has run into its guard (.Lkernel_stack_overflow_low/high).
 * 16-byte aligned like every stack; the CPU that takes it (riscv_overflow_owner)
 * never returns from its report: one frame at most. traps.c knows a frame here
 * by its address.
 */
	.data
	.balign	4
riscv_overflow_owner:			// 0 until a CPU takes the overflow stack
	.word	0

	.bss
	.balign	16
	.globl	overflow_stack
overflow_stack:
	.space	OVERFLOW_STACK_SIZE
overflow_stack_top:
