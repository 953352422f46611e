/* SPDX-License-Identifier: MIT */
/*
 * arm64 trap entry and return: every system call, exception and interrupt
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
 * The way in: a system call is `svc #0` in EL0. When an exception is taken to
 * EL1 the CPU does only this (Arm ARM, "Exception entry"): PSTATE goes to
 * SPSR_EL1, the return address to ELR_EL1, the cause to ESR_EL1 (and a fault
 * address to FAR_EL1), PSTATE.DAIF is set (everything masked), the stack
 * pointer becomes SP_EL1, and execution continues at VBAR_EL1 + an offset that
 * says where the exception came from and what kind it is. No general-purpose
 * register is saved: x0-x30 still hold the interrupted code's values, and this
 * file must save them before it uses any. The page tables are never touched on
 * the way: the kernel is mapped, EL1-only, in every address space (mm.c).
 *
 * Where pt_regs goes: from user mode, at the top of the current task's kernel
 * stack, where task_pt_regs(current) finds it; from the kernel, just below
 * the interrupted stack pointer.
 *
 * Both on SP_EL1: in EL1 trapdoor always runs on SP_EL1 ("h" mode), and while a
 * task is in user mode its kernel stack is empty: restore_all popped the last
 * frame off it just before eret. So SP_EL1 holds the top of the current task's
 * kernel stack whenever EL0 runs, and an exception from EL0 finds it there with
 * no lookup at all. arch_switch_to (below) keeps that true simply by switching
 * sp. From EL1, a frame that would land in a stack guard goes onto the overflow
 * stack instead (check_stack, below).
 *
 * Alignment: every system call from user mode calls do_syscall() with the
 * same 16-byte aligned stack pointer: the top of a kernel stack is THREAD_SIZE
 * aligned, and what lies between it and the call is a multiple of 16 bytes:
 * pt_regs, PT_REGS_SIZE = 320 bytes. AAPCS64 wants 16 (SCTLR_EL1.SA checks).
 * do_syscall() moves its own frame down by a random multiple of 16 below 1024
 * (docs/kstack-offset.md): 6 bits of entropy, seen in SP[9:4].
 */
#include <trapdoor/linkage.h>
#include <asm/esr.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/smp.h>
#include <asm/sysreg.h>
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
 * SAVE_REGS el, vector: the frame goes just below the current sp (for el = 0:
 * at the top of the task's kernel stack). el is the level we came from (0 or
 * 1), vector the VECTOR_* number of the vector table entry that brought us
 * here. From EL1 the stack may be the problem: a kernel stack that overflowed
 * ran into the unmapped guard page below it, and the fault brought us here
 * with sp still down there. Saving the frame would fault again, and again,
 * for ever. So before the first store, check_stack looks at where the frame
 * would go, and if that is a guard, the frame goes onto the overflow stack
 * instead (kernel_stack_overflow, below), which saves it with the same two
 * halves, save_x0_x29 and save_special.
 */
	.macro	SAVE_REGS, el, vector
	sub	sp, sp, #PT_REGS_SIZE		// room for the frame; sp stays 16-byte aligned
	.if	\el == 1
	check_stack \vector			// no return if sp is in a stack guard
	.endif
	save_x0_x29				// x0-x29 into the frame
	/* From here on x21-x25 are ours to use: their old values are saved. */
	.if	\el == 0
	mrs	x18, tpidr_el1			// x18 = this CPU's struct cpu_info (asm/smp.h),
						//   over the user's (saved); from EL1 it is ours
	mrs	x21, sp_el0			// EL0 ran on SP_EL0: the user's stack pointer
	.else
	add	x21, sp, #PT_REGS_SIZE		// EL1 ran on this stack: sp before our sub
	.endif
	save_special #\vector			// sp, lr, pc, PSTATE, ESR, FAR, orig_x0, vector
	.if	\el == 0
	mrs	x22, tpidr_el0			// the user's thread pointer (TLS) ...
	str	x22, [sp, #S_TP_VALUE]		// ... is the task's: RESTORE_REGS 0 restores it
	.endif
	.endm

/*
 * RESTORE_REGS: the reverse: every register back from the struct pt_regs.
 * C may have changed the frame (a system call's result, a new program after
 * execve), so everything is reloaded from it, the return state included.
 *
 * RESTORE_REGS el: the frame is at sp; ELR_EL1 and SPSR_EL1 come from it,
 * for el = 0 also the user's SP_EL0 and TPIDR_EL0. Ends in eret.
 */
	.macro	RESTORE_REGS, el
	ldp	x22, x23, [sp, #S_PC]		// pc and PSTATE to return to
	msr	elr_el1, x22			// eret jumps to ELR_EL1 ...
	msr	spsr_el1, x23			// ... and restores PSTATE from SPSR_EL1
	.if	\el == 0
	ldr	x21, [sp, #S_SP]		// the user's stack pointer goes back to SP_EL0
	msr	sp_el0, x21			//   (the kernel does not use SP_EL0)
	ldr	x21, [sp, #S_TP_VALUE]		// and its thread pointer to TPIDR_EL0: its
	msr	tpidr_el0, x21			//   own, 0 in a new image (arch_init_user_regs)
	.endif
	ldp	x0, x1, [sp, #S_X0 + 8 * 0]	// x0-x30 back, in the order they were saved
	ldp	x2, x3, [sp, #S_X0 + 8 * 2]	// x2, x3
	ldp	x4, x5, [sp, #S_X0 + 8 * 4]	// x4, x5
	ldp	x6, x7, [sp, #S_X0 + 8 * 6]	// x6, x7
	ldp	x8, x9, [sp, #S_X0 + 8 * 8]	// x8, x9
	ldp	x10, x11, [sp, #S_X0 + 8 * 10]	// x10, x11
	ldp	x12, x13, [sp, #S_X0 + 8 * 12]	// x12, x13
	ldp	x14, x15, [sp, #S_X0 + 8 * 14]	// x14, x15
	ldp	x16, x17, [sp, #S_X0 + 8 * 16]	// x16, x17
	ldp	x18, x19, [sp, #S_X0 + 8 * 18]	// x18, x19
	ldp	x20, x21, [sp, #S_X0 + 8 * 20]	// x20, x21
	ldp	x22, x23, [sp, #S_X0 + 8 * 22]	// x22, x23
	ldp	x24, x25, [sp, #S_X0 + 8 * 24]	// x24, x25
	ldp	x26, x27, [sp, #S_X0 + 8 * 26]	// x26, x27
	ldp	x28, x29, [sp, #S_X0 + 8 * 28]	// x28, x29
	ldr	x30, [sp, #S_LR]		// x30, the link register
	add	sp, sp, #PT_REGS_SIZE		// pop the frame: SP_EL1 as it was before entry
	eret					// PSTATE = SPSR_EL1, pc = ELR_EL1, back to \el
	.endm

/*
 * check_stack vector: sp points at the frame about to be saved. Is it inside
 * a guard page of the task stacks (asm/processor.h)? The array of stacks
 * starts at kstack_area_start (traps.c) and is made of 16 KiB slots: slot
 * 2n is task n's guard, slot 2n + 1 its stack. One register is needed for
 * the arithmetic and none is free yet, so x0 waits in TPIDR_EL0, the user's
 * thread pointer: free while EL1 runs, like SP_EL0 (SAVE_REGS 0 saved the
 * user's value in pt_regs, and RESTORE_REGS 0 reloads it from there).
 * TPIDR_EL1 is not free: it points at this CPU's struct cpu_info (asm/smp.h).
 */
	.macro	check_stack, vector
	msr	tpidr_el0, x0			// x0 aside: no store to the stack yet
	adrp	x0, kstack_area_start		// x0 = the first guard's address
	ldr	x0, [x0, :lo12:kstack_area_start]	// (adrp gave the 4 KiB page, :lo12: adds the rest)
	sub	x0, sp, x0			// x0 = the frame's offset into the stacks
	lsr	x0, x0, #THREAD_SHIFT		// ... as a slot number
	cmp	x0, #KSTACK_SLOTS		// not in the array at all (below it: huge)?
	b.hs	.Lstack_ok\@			//   then not a task stack: boot, overflow
	tbnz	x0, #0, .Lstack_ok\@		// an odd slot: a stack, all is well
	add	x0, sp, #\vector		// an even slot: a guard. sp is 16-byte aligned,
	msr	sp_el0, x0			//   so SP_EL0 = sp with the vector in bits [3:0]
	b	kernel_stack_overflow		// save the frame elsewhere and report
.Lstack_ok\@:
	mrs	x0, tpidr_el0			// x0 back: nothing changed
	.endm

/* save_x0_x29: x0-x29 into the frame at sp, in pairs, each at S_X0 + 8 * n. */
	.macro	save_x0_x29
	stp	x0, x1, [sp, #S_X0 + 8 * 0]	// x0 and x1 at once: stp stores a pair
	stp	x2, x3, [sp, #S_X0 + 8 * 2]	// x2, x3
	stp	x4, x5, [sp, #S_X0 + 8 * 4]	// x4, x5
	stp	x6, x7, [sp, #S_X0 + 8 * 6]	// x6, x7
	stp	x8, x9, [sp, #S_X0 + 8 * 8]	// x8, x9
	stp	x10, x11, [sp, #S_X0 + 8 * 10]	// x10, x11
	stp	x12, x13, [sp, #S_X0 + 8 * 12]	// x12, x13
	stp	x14, x15, [sp, #S_X0 + 8 * 14]	// x14, x15
	stp	x16, x17, [sp, #S_X0 + 8 * 16]	// x16, x17
	stp	x18, x19, [sp, #S_X0 + 8 * 18]	// x18, x19
	stp	x20, x21, [sp, #S_X0 + 8 * 20]	// x20, x21
	stp	x22, x23, [sp, #S_X0 + 8 * 22]	// x22, x23
	stp	x24, x25, [sp, #S_X0 + 8 * 24]	// x24, x25
	stp	x26, x27, [sp, #S_X0 + 8 * 26]	// x26, x27
	stp	x28, x29, [sp, #S_X0 + 8 * 28]	// x28, x29
	.endm

/*
 * clear_gp_regs: x0-x29 = 0 but x18 (Linux arm64's name and job). A system
 * call's user registers are all in pt_regs, where C reads them through the
 * accessors (asm/ptrace.h); zeroed here, no value the user chose reaches C in
 * a register, where a mispredicted branch could still use it (Spectre v1) or
 * a bug read a stale one. x18 already holds the kernel's value (SAVE_REGS 0
 * loaded it), and x30 is not cleared: the call to C sets it.
 */
	.macro	clear_gp_regs
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29
	mov	x\n, xzr			// xn = 0, for each n of the list
	.endr					// (.irp repeats the line once per n)
	.endm

/*
 * save_special vector: the rest of the frame, with x21 = the interrupted sp;
 * vector is #VECTOR_... or a register holding it. Uses x21-x25, which
 * save_x0_x29 has saved.
 */
	.macro	save_special, vector
	stp	x30, x21, [sp, #S_LR]		// lr and sp are neighbours in pt_regs
	mrs	x22, elr_el1			// pc: where the exception happened (or, after
	mrs	x23, spsr_el1			//   svc, the next instruction); PSTATE then
	stp	x22, x23, [sp, #S_PC]		// pc and PSTATE, a pair
	mrs	x24, esr_el1			// why: exception class and syndrome
	mrs	x25, far_el1			// which address, for aborts and alignment faults
	stp	x24, x25, [sp, #S_ESR]		// ESR and FAR, a pair
	mov	x21, \vector			// which vector table entry brought us here
	stp	x0, x21, [sp, #S_ORIG_X0]	// x0 is unchanged so far: orig_x0 = x0
	.endm

	.text

/*
 * The hardware entry points, named after the architectural events: the CPU
 * jumps here; a system call goes on to entry_syscall, everything else to
 * entry_exception.
 *
 * VBAR_EL1 holds the vector table's address and needs it 2 KiB aligned (its low
 * 11 bits are RES0); each of the 16 entries is 0x80 bytes (32 instructions) and
 * branches to the code named after the event, below, which has room for
 * SAVE_REGS.
 */
	.macro	ventry, label
	.balign	VECTOR_SIZE			// entry n starts at vectors + 0x80 * n
	b	\label				// to the code named after the event
	.endm

	.balign	2048
SYM_CODE_START(vectors)
	/*
	 * From EL1 with SP_EL0 ("t"): trapdoor's EL1 always uses SP_EL1, so
	 * never.
	 */
	ventry	el1t_64_sync			// +0x000
	ventry	el1t_64_irq			// +0x080
	ventry	el1t_64_fiq			// +0x100
	ventry	el1t_64_error			// +0x180
	/*
	 * From EL1 with SP_EL1 ("h"): faults in the kernel, interrupts while in
	 * it.
	 */
	ventry	el1h_64_sync			// +0x200
	ventry	el1h_64_irq			// +0x280
	ventry	el1h_64_fiq			// +0x300
	ventry	el1h_64_error			// +0x380
	/*
	 * From EL0 in AArch64: system calls (svc), user faults, interrupts in
	 * user mode.
	 */
	ventry	el0t_64_sync			// +0x400
	ventry	el0t_64_irq			// +0x480
	ventry	el0t_64_fiq			// +0x500
	ventry	el0t_64_error			// +0x580
	/* From EL0 in AArch32: trapdoor runs no 32-bit programs. */
	ventry	el0t_32_sync			// +0x600
	ventry	el0t_32_irq			// +0x680
	ventry	el0t_32_fiq			// +0x700
	ventry	el0t_32_error			// +0x780
SYM_CODE_END(vectors)

/*
 * One piece of code per vector, named after the event: save the frame, and
 * go on to entry_exception, which calls do_trap() (traps.c); do_trap() tells
 * the events apart by pt_regs.vector. Interrupts come from user mode or from
 * the one place the kernel unmasks them, arch_cpu_idle() (below); a
 * synchronous exception from EL1 is a kernel fault; the rest (FIQ, never
 * routed; EL1 on SP_EL0; 32-bit EL0; SError) must not happen.
 */
	.macro	vector_entry, el, vector, label
SYM_CODE_START_LOCAL(\label)
	SAVE_REGS	\el, \vector		// the interrupted state -> a new pt_regs at sp
	b	entry_exception			// do_trap(regs), and back
SYM_CODE_END(\label)
	.endm

	vector_entry	1, VECTOR_EL1T_SYNC, el1t_64_sync	// a synchronous exception from EL1 on SP_EL0
	vector_entry	1, VECTOR_EL1T_IRQ, el1t_64_irq	// an IRQ from EL1 on SP_EL0
	vector_entry	1, VECTOR_EL1T_FIQ, el1t_64_fiq	// an FIQ from EL1 on SP_EL0
	vector_entry	1, VECTOR_EL1T_SERROR, el1t_64_error	// an SError from EL1 on SP_EL0
	vector_entry	1, VECTOR_EL1H_SYNC, el1h_64_sync	// a synchronous exception from EL1 on SP_EL1
	vector_entry	1, VECTOR_EL1H_IRQ, el1h_64_irq	// an IRQ from EL1 on SP_EL1
	vector_entry	1, VECTOR_EL1H_FIQ, el1h_64_fiq	// an FIQ from EL1 on SP_EL1
	vector_entry	1, VECTOR_EL1H_SERROR, el1h_64_error	// an SError from EL1 on SP_EL1
	vector_entry	0, VECTOR_EL0_64_IRQ, el0t_64_irq	// an IRQ from EL0, AArch64
	vector_entry	0, VECTOR_EL0_64_FIQ, el0t_64_fiq	// an FIQ from EL0, AArch64
	vector_entry	0, VECTOR_EL0_64_SERROR, el0t_64_error	// an SError from EL0, AArch64
	vector_entry	0, VECTOR_EL0_32_SYNC, el0t_32_sync	// a synchronous exception from EL0, AArch32
	vector_entry	0, VECTOR_EL0_32_IRQ, el0t_32_irq	// an IRQ from EL0, AArch32
	vector_entry	0, VECTOR_EL0_32_FIQ, el0t_32_fiq	// an FIQ from EL0, AArch32
	vector_entry	0, VECTOR_EL0_32_SERROR, el0t_32_error	// an SError from EL0, AArch32

/*
 * A synchronous exception from user mode: a system call, or a fault. ESR_EL1
 * says which; the system call takes entry_syscall, so that the walk from svc
 * to do_syscall() and back is on one screen.
 */
SYM_CODE_START_LOCAL(el0t_64_sync)
	SAVE_REGS	0, VECTOR_EL0_64_SYNC	// all user registers -> task_pt_regs(current)
	ubfx	x24, x24, #ESR_ELx_EC_SHIFT, #ESR_ELx_EC_WIDTH	// x24 = ESR_EL1 still: its class
	cmp	x24, #ESR_ELx_EC_SVC64		// svc from AArch64 (EC 0x15)?
	b.eq	entry_syscall			// yes: a system call
	b	entry_exception			// no: a fault, decoded in C
SYM_CODE_END(el0t_64_sync)

/*
 * A kernel stack overflow (check_stack found the frame's place in a guard):
 * sp = where the frame would have gone, x0 waits in TPIDR_EL0, and SP_EL0
 * holds that same sp with the vector number in its low 4 bits. SP_EL0 and
 * TPIDR_EL0 are free while the kernel runs: SAVE_REGS 0 saved the user's
 * values in pt_regs, and RESTORE_REGS 0 reloads them from there. The frame
 * goes onto this CPU's overflow stack instead (several CPUs could overflow at
 * once), and handle_bad_stack() (traps.c) names the task and dies. It never
 * returns: the task's stack is gone.
 */
SYM_CODE_START_LOCAL(kernel_stack_overflow)
	mrs	x0, tpidr_el1			// x0 = this CPU's struct cpu_info (asm/smp.h)
	ldr	w0, [x0, #CPU_INFO_CPU]		// x0 = its logical number n
	add	x0, x0, #1			// the top of stack n is (n + 1) stack sizes
	lsl	x0, x0, #OVERFLOW_STACK_SHIFT	//   above the first stack's bottom
	mov	sp, x0				// sp is free: SP_EL0 has its old value
	adrp	x0, overflow_stacks		// x0 = the first overflow stack's bottom (smp.c)
	add	x0, x0, :lo12:overflow_stacks	// (adrp gave the 4 KiB page, :lo12: adds the rest)
	add	sp, sp, x0			// sp = the top of this CPU's overflow stack
	sub	sp, sp, #PT_REGS_SIZE		// a frame on it
	mrs	x0, tpidr_el0			// x0 back
	save_x0_x29				// x0-x29 as SAVE_REGS saves them
	mrs	x21, sp_el0			// the frame's place, with the vector ...
	and	x20, x21, #0xf			// ... x20 = the vector, bits [3:0]
	and	x21, x21, #~0xf			// ... x21 = the frame's place alone
	add	x21, x21, #PT_REGS_SIZE		// the interrupted sp, before SAVE_REGS's sub
	save_special x20			// the vector is save_special's (a register here)
	mov	x0, sp				// argument 1: struct pt_regs *regs
	bl	handle_bad_stack		// traps.c: dies with "kernel stack overflow"
	b	.				// (it does not return)
SYM_CODE_END(kernel_stack_overflow)

/*
 * entry_syscall: a system call from user mode. With the user's registers in
 * pt_regs, call do_syscall(regs) (kernel/syscall.c): it looks the number up,
 * runs the handler, writes the result into the frame and does the exit work.
 * Then ret_to_user, where every return to user mode ends.
 *
 * The number is in x8, the arguments in x0-x5, the frame at sp (saved by
 * el0t_64_sync); once they are saved there, clear_gp_regs zeroes the
 * registers, so C sees the user's values only through pt_regs. The CPU left
 * ELR_EL1 (saved as pt_regs.pc) at the instruction after svc, so nothing needs
 * to step the pc, and a child forked here, which starts from a copy of this
 * frame, does not run the svc again.
 */
SYM_CODE_START(entry_syscall)
	.cfi_startproc				// unwind table for debuggers (docs/debugging.md):
	.cfi_undefined	x30			//   no caller above this frame: gdb's bt ends here
	clear_gp_regs				// x0-x29 = 0: the user's values are in pt_regs
	mov	x0, sp				// argument 1: struct pt_regs *regs
	bl	do_syscall			// kernel/syscall.c: the result into pt_regs, the exit work
	b	ret_to_user			// the erase, and back to user mode
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
 * The frame is at sp; the saved PSTATE's mode bits say where it came from.
 */
SYM_CODE_START(entry_exception)
	mov	x0, sp				// argument 1: struct pt_regs *regs
	bl	do_trap				// traps.c: decode and handle, or die
	ldr	x21, [sp, #S_PSTATE]		// the interrupted PSTATE: its mode bits
	tst	x21, #PSR_MODE_MASK		//   are EL0t (0) for user mode
	b.ne	.Lrestore_kernel		// from the kernel: no exit work
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
 * The frame is at sp, task_pt_regs(current).
 */
SYM_CODE_START(ret_from_exception)
	mov	x0, sp				// argument 1: struct pt_regs *regs
	bl	exit_to_user_mode		// kernel/syscall.c: kill, schedule
	/* ... and on into ret_to_user, right below. */
SYM_CODE_END(ret_from_exception)

/*
 * ret_to_user: the end of every return to user mode. No C frame is left,
 * so the stackleak erase (kernel/stackleak_erase.c) can rewrite everything
 * this trip into the kernel used, the exit work's frames included: it writes
 * only below its own stack pointer. Then restore_all.
 */
SYM_CODE_START(ret_to_user)
	bl	stackleak_erase_on_task_stack	// kernel/stackleak_erase.c: poison the used stack
	/* ... and on into restore_all, right below. */
SYM_CODE_END(ret_to_user)

/*
 * restore_all: RESTORE_REGS reloads every register from pt_regs, and the
 * return instruction resumes the interrupted code with the mode and pc saved
 * in the frame: user mode, or the kernel (arch_cpu_idle() interrupted).
 *
 * eret to EL0 pops the frame, which leaves SP_EL1 at the top of the kernel
 * stack, ready for the next trap from EL0. The return to the kernel,
 * .Lrestore_kernel, leaves SP_EL0 and TPIDR_EL0 alone: the kernel does not
 * use them, and RESTORE_REGS 0 loads the user's on every way back to EL0.
 */
SYM_CODE_START(restore_all)
	RESTORE_REGS	0			// the user's registers back, eret to EL0
.Lrestore_kernel:
	RESTORE_REGS	1			// the kernel's registers back, eret to EL1
SYM_CODE_END(restore_all)

/*
 * ret_from_fork: a new task's first run. Its first arch_switch_to() "returns"
 * here (arch_task_init() in process.c set the address) on its own kernel
 * stack, with pt_regs filled in by spawn (arch_init_user_regs(): the
 * program's entry and its initial user stack) or copied by fork from the
 * parent (the result register 0, the pc past the system call). From here on
 * it leaves as an interrupted user program does: ret_from_exception.
 *
 * thread.pc is this label, sp = thread.sp = task_pt_regs(current).
 */
SYM_CODE_START(ret_from_fork)
	b	ret_from_exception		// exit_to_user_mode(), then back to user mode
SYM_CODE_END(ret_from_fork)

/*
 * The assembler must accept FP/SIMD instructions here, which the kernel's
 * -mgeneral-regs-only keeps out of every other file (clang's assembler
 * refuses them otherwise).
 */
	.arch_extension fp
	.arch_extension simd

/*
 * fpsimd_save state, tmp: the 32 vector registers, FPSR and FPCR into the
 * struct user_fpsimd_state at register state (asm/processor.h); x<tmp> is
 * scratch. Only the kernel's switch and fork code runs these: it is built
 * -mgeneral-regs-only, so no C code of the kernel touches v0-v31, FPSR or
 * FPCR, and the CPU's copy is always the current task's.
 */
	.macro	fpsimd_save, state, tmp
	stp	q0, q1, [\state, #FPSIMD_VREGS + 16 * 0]
	stp	q2, q3, [\state, #FPSIMD_VREGS + 16 * 2]
	stp	q4, q5, [\state, #FPSIMD_VREGS + 16 * 4]
	stp	q6, q7, [\state, #FPSIMD_VREGS + 16 * 6]
	stp	q8, q9, [\state, #FPSIMD_VREGS + 16 * 8]
	stp	q10, q11, [\state, #FPSIMD_VREGS + 16 * 10]
	stp	q12, q13, [\state, #FPSIMD_VREGS + 16 * 12]
	stp	q14, q15, [\state, #FPSIMD_VREGS + 16 * 14]
	stp	q16, q17, [\state, #FPSIMD_VREGS + 16 * 16]
	stp	q18, q19, [\state, #FPSIMD_VREGS + 16 * 18]
	stp	q20, q21, [\state, #FPSIMD_VREGS + 16 * 20]
	stp	q22, q23, [\state, #FPSIMD_VREGS + 16 * 22]
	stp	q24, q25, [\state, #FPSIMD_VREGS + 16 * 24]
	stp	q26, q27, [\state, #FPSIMD_VREGS + 16 * 26]
	stp	q28, q29, [\state, #FPSIMD_VREGS + 16 * 28]
	stp	q30, q31, [\state, #FPSIMD_VREGS + 16 * 30]
	mrs	x\tmp, fpsr
	str	w\tmp, [\state, #FPSIMD_FPSR]
	mrs	x\tmp, fpcr
	str	w\tmp, [\state, #FPSIMD_FPCR]
	.endm

/*
 * fpsimd_restore state, tmp, tmp2: the reverse. FPCR is written only when it
 * changes, as Linux does: a write to it may synchronize the FP pipeline.
 */
	.macro	fpsimd_restore, state, tmp, tmp2
	ldp	q0, q1, [\state, #FPSIMD_VREGS + 16 * 0]
	ldp	q2, q3, [\state, #FPSIMD_VREGS + 16 * 2]
	ldp	q4, q5, [\state, #FPSIMD_VREGS + 16 * 4]
	ldp	q6, q7, [\state, #FPSIMD_VREGS + 16 * 6]
	ldp	q8, q9, [\state, #FPSIMD_VREGS + 16 * 8]
	ldp	q10, q11, [\state, #FPSIMD_VREGS + 16 * 10]
	ldp	q12, q13, [\state, #FPSIMD_VREGS + 16 * 12]
	ldp	q14, q15, [\state, #FPSIMD_VREGS + 16 * 14]
	ldp	q16, q17, [\state, #FPSIMD_VREGS + 16 * 16]
	ldp	q18, q19, [\state, #FPSIMD_VREGS + 16 * 18]
	ldp	q20, q21, [\state, #FPSIMD_VREGS + 16 * 20]
	ldp	q22, q23, [\state, #FPSIMD_VREGS + 16 * 22]
	ldp	q24, q25, [\state, #FPSIMD_VREGS + 16 * 24]
	ldp	q26, q27, [\state, #FPSIMD_VREGS + 16 * 26]
	ldp	q28, q29, [\state, #FPSIMD_VREGS + 16 * 28]
	ldp	q30, q31, [\state, #FPSIMD_VREGS + 16 * 30]
	ldr	w\tmp, [\state, #FPSIMD_FPSR]
	msr	fpsr, x\tmp
	ldr	w\tmp, [\state, #FPSIMD_FPCR]
	mrs	x\tmp2, fpcr
	cmp	x\tmp, x\tmp2
	b.eq	.Lfpcr_same\@
	msr	fpcr, x\tmp
.Lfpcr_same\@:
	.endm

/* void fpsimd_save_state(struct user_fpsimd_state *state): fork reads the parent's live registers. */
SYM_FUNC_START(fpsimd_save_state)
	fpsimd_save x0, 9
	ret
SYM_FUNC_END(fpsimd_save_state)

/* void fpsimd_load_state(const struct user_fpsimd_state *state): execve loads zeros. */
SYM_FUNC_START(fpsimd_load_state)
	fpsimd_restore x0, 9, 10
	ret
SYM_FUNC_END(fpsimd_load_state)

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
 * never ran, in ret_from_fork (thread.pc from arch_task_init()).
 *
 * prev in x0, next in x1 (AAPCS64); saved: sp, x19-x28, the frame pointer
 * x29 and the return address x30, and the user's FP/SIMD registers (v0-v31,
 * FPSR, FPCR) into prev->thread.fpsimd_state, loaded from next's. That is
 * done on every switch, never lazily (docs/hardening.md): a register that
 * still held prev's values while next ran, trapping only on next's first FP
 * use, is what LazyFP (CVE-2018-3665) read speculatively. Nothing else needs
 * to change for next's next trap: TTBR0_EL1 was already switched by
 * arch_switch_mm(), switching sp switched SP_EL1 (we run in EL1h), where a
 * trap from EL0 saves its frame, and next's user thread pointer TPIDR_EL0
 * comes back from its own pt_regs (RESTORE_REGS 0).
 */
SYM_FUNC_START(arch_switch_to)
	stp	x19, x20, [x0, #THREAD_X19 + 8 * 0]	// prev's callee-saved registers ...
	stp	x21, x22, [x0, #THREAD_X19 + 8 * 2]	// x21, x22
	stp	x23, x24, [x0, #THREAD_X19 + 8 * 4]	// x23, x24
	stp	x25, x26, [x0, #THREAD_X19 + 8 * 6]	// x25, x26
	stp	x27, x28, [x0, #THREAD_X19 + 8 * 8]	// x27, x28
	mov	x9, sp					// (stp cannot store sp itself)
	stp	x29, x9, [x0, #THREAD_FP]		// ... its frame pointer and kernel sp ...
	str	x30, [x0, #THREAD_PC]			// ... and where it resumes: our caller
	add	x9, x0, #THREAD_FPSIMD			// prev's user FP/SIMD registers
	fpsimd_save x9, 10
	add	x9, x1, #THREAD_FPSIMD			// next's
	fpsimd_restore x9, 10, 11

	ldp	x19, x20, [x1, #THREAD_X19 + 8 * 0]	// next's callee-saved registers ...
	ldp	x21, x22, [x1, #THREAD_X19 + 8 * 2]	// x21, x22
	ldp	x23, x24, [x1, #THREAD_X19 + 8 * 4]	// x23, x24
	ldp	x25, x26, [x1, #THREAD_X19 + 8 * 6]	// x25, x26
	ldp	x27, x28, [x1, #THREAD_X19 + 8 * 8]	// x27, x28
	ldp	x29, x9, [x1, #THREAD_FP]		// ... frame pointer and kernel sp
	mov	sp, x9					// from here on we run on next's stack
	ldr	x30, [x1, #THREAD_PC]			// next resumes in schedule() or ret_from_fork
	ret						// "return" into next
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
 * wfi waits for an interrupt to be pending even while PSTATE.I masks it (Arm
 * ARM, "Wait For Interrupt"). The pending interrupt must then be taken, or it
 * would stay pending and end every later wfi at once: IRQs are unmasked, it
 * arrives at el1h_64_irq (above), and they are masked again. The isb between
 * makes sure the unmasked state takes effect, and the interrupt is taken,
 * before the mask goes back on.
 */
SYM_FUNC_START(arch_cpu_idle)
	dsb	sy				// earlier stores are done before we sleep
	wfi					// until an interrupt is pending
	msr	daifclr, #DAIF_IRQ_IMM		// unmask IRQs: the interrupt is taken here
	isb					// ... before the next instruction runs
	msr	daifset, #DAIF_IRQ_IMM		// masked again, as the kernel always runs
	ret					// to the idle loop, which looks at the clock
SYM_FUNC_END(arch_cpu_idle)

/*
 * The signal page (kernel/signal.c copies __sigpage_start..__sigpage_end
 * into a page of its own and maps it read + execute into every address
 * space; include/trapdoor/signal.h). A handler set without SA_RESTORER
 * returns here, with sp at its signal frame, as Linux's vDSO has it.
 * Position-independent: it runs at whatever address the page gets. The two
 * instructions are exactly Linux's, because libgcc's unwinder recognises a
 * signal frame by them (mov x8, #139 = 0xd2801168; svc #0 = 0xd4000001).
 * Data here, never run in the kernel: .rodata is not executable.
 */
	.pushsection .rodata, "a"
	.balign	4
	.globl	__sigpage_start
__sigpage_start:
	nop					// an unwinder looks up pc - 1: it must fall in here
	.globl	__kernel_rt_sigreturn
	.type	__kernel_rt_sigreturn, @function
__kernel_rt_sigreturn:
	mov	x8, #__NR_rt_sigreturn		// the handler returned: the syscall number ...
	svc	#0				// ... of rt_sigreturn, which restores the frame at sp
	.size	__kernel_rt_sigreturn, . - __kernel_rt_sigreturn
	.globl	__sigpage_end
__sigpage_end:
	.popsection
