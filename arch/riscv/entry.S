/* SPDX-License-Identifier: MIT */
/*
 * riscv64 trap entry and return: every exception and interrupt taken in S-mode comes here,
 * and every system call. Also the context switch between two tasks' kernel stacks.
 *
 * stvec is in Direct mode (head.S), so one entry point serves all causes. On a trap the hart
 * (Privileged ISA 20211203, 4.1.1 and 4.1.7-4.1.11):
 *   - writes the interrupted pc to sepc, the reason to scause, extra detail to stval
 *     (faulting address, or the bits of an illegal instruction);
 *   - copies the mode it was in to sstatus.SPP (0 = U, 1 = S) and SIE to SPIE, clears SIE;
 *   - jumps here, in S-mode, with every general register still holding the interrupted
 *     code's values -- and with satp unchanged: the user's page table stays live. That is
 *     fine because every address space also maps the kernel (supervisor-only, mm.c), and it
 *     is fast: no page-table switch, no TLB flush on the way in or out (DESIGN.md §5).
 *
 * We build a struct pt_regs (asm/ptrace.h), hand it to do_syscall() (an ecall from U-mode)
 * or do_trap() (anything else, traps.c: the timer tick, or a fault), and if that returns,
 * call exit_to_user_mode() when going back to U-mode, reload everything from the frame and
 * sret back.
 *
 * Where the frame goes:
 *   from U-mode  at the top of the current task's kernel stack, task_pt_regs(current): the
 *                user's sp is no place to save anything. sscratch holds that address while
 *                U-mode runs (ret_from_exception puts it there), and 0 while the kernel runs.
 *   from S-mode  just below the interrupted kernel sp, like a function's frame -- unless that
 *                would land in the guard below a kernel stack (a stack overflow): then at
 *                the top of the overflow stack, and do_trap() reports the overflow.
 */
#include <asm/csr.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

/*
 * kstack_guard_check off: would the word at (parked sp + off) lie in the guard below a
 * kernel stack? If so, jump to .Lkernel_stack_overflow. Uses tp and sp, nothing else.
 * The kernel stacks (kernel/task.c) are NR_TASKS slots of equal, power-of-two size, each a
 * guard of KSC_GUARD bytes with the stack above it; riscv_kstack_check describes them.
 */
	.macro	kstack_guard_check off
	la	tp, riscv_kstack_check
	ld	sp, KSC_BASE(tp)	/* sp = the start of the stacks area */
	ld	tp, KSC_SP(tp)		/* tp = the interrupted sp */
	addi	tp, tp, \off		/* tp = the address to check */
	sub	tp, tp, sp		/* tp = its offset into the area (huge if below it) */
	la	sp, riscv_kstack_check
	ld	sp, KSC_SIZE(sp)
	bgeu	tp, sp, 1f		/* not in the area: the boot or overflow stack */
	la	sp, riscv_kstack_check
	ld	sp, KSC_SLOT_MASK(sp)
	and	tp, tp, sp		/* tp = its offset into its slot */
	la	sp, riscv_kstack_check
	ld	sp, KSC_GUARD(sp)
	bltu	tp, sp, .Lkernel_stack_overflow	/* below the guard's end: in the guard */
1:
	.endm

	.text
	.globl	handle_exception
	.balign	4			/* stvec ignores the 2 low bits of the address: align */
handle_exception:
	/*
	 * The sscratch swap. We need one free register before we can save any, and a CSR swap
	 * gives us one without losing anything: tp goes to sscratch, sscratch comes to tp.
	 * sscratch is 0 while the kernel runs and the address of the current task's pt_regs
	 * while a user program runs. So after the swap, tp == 0 means "we trapped from the
	 * kernel", anything else "from user mode, and here is where to save".
	 */
	csrrw	tp, sscratch, tp	/* tp = old sscratch, sscratch = interrupted tp */
	bnez	tp, .Lfrom_user

	/*
	 * From S-mode: the frame goes below the interrupted sp, on the same kernel stack. But if
	 * that stack has overflowed (the trap may well be the fault of running into the guard
	 * below it), the frame would land in the unmapped guard: the first store would fault
	 * again, and so would that trap's, 288 bytes lower each time, until sp had walked
	 * through the guard into the stack below it, another task's, and the frame smashed
	 * that task's pt_regs. So first check, with nothing saved yet:
	 * tp is free (it holds sscratch's 0; the interrupted tp waits in sscratch), and sp
	 * becomes free once parked in riscv_kstack_check (asm/traps.h; one hart runs the
	 * kernel, and nothing here can trap). `la` needs no second register, so each use of
	 * the structure loads its address afresh.
	 */
	la	tp, riscv_kstack_check
	sd	sp, KSC_SP(tp)		/* park the interrupted sp */
	kstack_guard_check -PT_SIZE	/* the frame's lowest byte, sp - 288 */
	kstack_guard_check -8		/* and its highest word, sp - 8 */
	la	tp, riscv_kstack_check
	ld	sp, KSC_SP(tp)		/* neither in a guard: sp back */

	/* sscratch holds our own tp; take it back. sscratch keeps a copy, which the save
	 * below reads, so both paths store the interrupted tp the same way. */
	csrr	tp, sscratch
	/* Store the interrupted sp into the frame's sp slot first (PT_SP - PT_SIZE = -272
	 * bytes from the current sp), then move sp down: afterwards we would have no free
	 * register left to compute it with. Nothing can interrupt us here (SIE is 0), so
	 * writing below sp is safe. */
	sd	sp, (PT_SP - PT_SIZE)(sp)
	addi	sp, sp, -PT_SIZE	/* sp = the frame */
	j	.Lsave_context

.Lkernel_stack_overflow:
	/*
	 * The frame would land in a guard: build it at the top of the overflow stack instead,
	 * whose address says so to do_trap() (traps.c), which names the overflow and dies.
	 * One frame there at a time: only a trap on a kernel stack comes here, never one
	 * taken on the overflow stack itself.
	 */
	la	tp, riscv_kstack_check
	ld	tp, KSC_SP(tp)		/* tp = the interrupted sp */
	la	sp, overflow_stack_top
	addi	sp, sp, -PT_SIZE	/* sp = the frame, at the top of the overflow stack */
	sd	tp, PT_SP(sp)		/* x2: the interrupted sp, for the dump */
	csrr	tp, sscratch		/* the interrupted tp back, as on the normal path */
	j	.Lsave_context

.Lfrom_user:
	/* From U-mode: tp = task_pt_regs(current), at the top of its kernel stack. The user's
	 * sp goes straight into its slot there, then the kernel stack takes over. */
	sd	sp, PT_SP(tp)		/* x2: the user's stack pointer */
	/*
	 * 16-byte aligned SP: the stack is THREAD_SIZE-aligned and PT_SIZE (288) a multiple
	 * of 16, so sp here -- and in do_syscall() below -- is the same 16-byte-aligned
	 * address on every syscall (KSTACK_ALIGN; systest checks it over 1000 calls). The
	 * stack-offset issue moves it by a random multiple of 16 below 1024: 6 bits of
	 * entropy, seen in SP[9:4].
	 */
	mv	sp, tp			/* sp = the frame */

.Lsave_context:
	/*
	 * sp points at the frame (36 slots, asm/ptrace.h): register xN goes to offset N * 8,
	 * slot 0 is sepc. x2 (sp) is already stored, x4 (tp) comes from sscratch below.
	 */
	sd	ra, PT_RA(sp)		/* x1 */
	sd	gp, PT_GP(sp)		/* x3 */
	sd	t0, PT_T0(sp)		/* x5 */
	sd	t1, PT_T1(sp)		/* x6 */
	sd	t2, PT_T2(sp)		/* x7 */
	sd	s0, PT_S0(sp)		/* x8, the frame pointer */
	sd	s1, PT_S1(sp)		/* x9 */
	sd	a0, PT_A0(sp)		/* x10, argument 0; the result goes here */
	sd	a1, PT_A1(sp)		/* x11 */
	sd	a2, PT_A2(sp)		/* x12 */
	sd	a3, PT_A3(sp)		/* x13 */
	sd	a4, PT_A4(sp)		/* x14 */
	sd	a5, PT_A5(sp)		/* x15, argument 5 */
	sd	a6, PT_A6(sp)		/* x16 */
	sd	a7, PT_A7(sp)		/* x17, the system call number */
	sd	s2, PT_S2(sp)		/* x18 */
	sd	s3, PT_S3(sp)		/* x19 */
	sd	s4, PT_S4(sp)		/* x20 */
	sd	s5, PT_S5(sp)		/* x21 */
	sd	s6, PT_S6(sp)		/* x22 */
	sd	s7, PT_S7(sp)		/* x23 */
	sd	s8, PT_S8(sp)		/* x24 */
	sd	s9, PT_S9(sp)		/* x25 */
	sd	s10, PT_S10(sp)		/* x26 */
	sd	s11, PT_S11(sp)		/* x27 */
	sd	t3, PT_T3(sp)		/* x28 */
	sd	t4, PT_T4(sp)		/* x29 */
	sd	t5, PT_T5(sp)		/* x30 */
	sd	t6, PT_T6(sp)		/* x31 */

	/* Every register is saved: from here on we may use any of them. */
	/* Read the interrupted tp and zero sscratch in one instruction. From now on a nested
	 * trap (a bug in the C handler, say) finds sscratch == 0 and is treated as coming
	 * from the kernel, which it does. */
	csrrw	s0, sscratch, zero
	sd	s0, PT_TP(sp)		/* x4 */

	/* The trap CSRs: a nested trap would overwrite them, so they belong in the frame. */
	csrr	s1, sepc		/* pc of the trapping instruction */
	csrr	s2, sstatus		/* SPP = mode we came from, SPIE = its interrupt enable */
	csrr	s3, stval		/* faulting address or instruction bits, else 0 */
	csrr	s4, scause		/* bit 63 = interrupt, low bits = code (asm/csr.h) */
	sd	s1, PT_EPC(sp)
	sd	s2, PT_STATUS(sp)
	sd	s3, PT_BADADDR(sp)
	sd	s4, PT_CAUSE(sp)
	/* A system call returns its result in a0; keep argument 0 for whoever needs it later. */
	sd	a0, PT_ORIG_A0(sp)
	/* The frame is complete. A fault at a pc between handle_exception and here came from
	 * the entry itself, and the state it was saving is lost: do_trap() says so. */
	.globl	handle_exception_saved
handle_exception_saved:

	/* scause 8, "environment call from U-mode", is a system call; the rest go to C. An
	 * ecall from S-mode goes to the SBI firmware in M-mode, never here (scause 9). */
	li	t0, EXC_ECALL_U
	bne	s4, t0, .Lnot_syscall

	/* The system call. sepc points at the ecall itself; the hart does not step over it,
	 * so we do, or sret would execute the ecall again. An ecall is always 4 bytes (there
	 * is no compressed form). It must happen before do_syscall(): fork copies this frame
	 * into the child, which must resume after the ecall too, with a0 = 0. */
	addi	s1, s1, 4
	sd	s1, PT_EPC(sp)
	/* do_syscall(struct pt_regs *regs), kernel/syscall.c: reads a7 and a0-a5 from the
	 * frame, writes the result to the frame's a0. The first argument goes in a0. */
	mv	a0, sp
	call	do_syscall
	j	ret_from_exception

.Lnot_syscall:
	/* do_trap(struct pt_regs *regs), traps.c: the timer interrupt returns (from U-mode
	 * it falls through to the exit path below, where the task may be preempted; in S-mode
	 * it woke arch_cpu_idle()); a fault from U-mode kills the task and does not return;
	 * any other trap from S-mode is fatal. */
	mv	a0, sp
	call	do_trap

	/*
	 * Return from the trap: undo the save, in reverse. The C code may have changed the
	 * frame (the result in a0, a fresh image after execve), so everything is reloaded from
	 * it, not from what we read above. sp still points at the frame: the C code preserves sp
	 * (callee-saved), and so does exit_to_user_mode() below, even when it switches tasks.
	 *
	 * ret_from_fork is the same place: a new task's first arch_switch_to() "returns" here
	 * with sp = task_pt_regs(task), a frame that arch_init_user_regs() filled (spawn, execve)
	 * or fork copied from the parent (traps.c). So a task's first entry into user mode and
	 * every later return are one and the same code, exit_to_user_mode() included.
	 */
	.globl	ret_from_fork
ret_from_fork:
	.globl	ret_from_exception
ret_from_exception:
	ld	s1, PT_STATUS(sp)	/* the sstatus saved at the trap (or made up for a new task) */
	andi	s1, s1, SR_SPP		/* SPP: 0 = we are going back to U-mode, 1 = to S-mode */
	bnez	s1, .Lrestore_all	/* back into the kernel: no exit work, sscratch stays 0 */

	/*
	 * Back to U-mode: first the common exit work, exit_to_user_mode(regs) in
	 * kernel/syscall.c -- this is where a task that was killed dies, where a task whose
	 * time slice ran out (the timer tick set need_resched) calls schedule() and sleeps in
	 * arch_switch_to() until its turn comes again, and where the used part of the kernel
	 * stack is erased. It runs here, with sp exactly at the frame, because the handler's
	 * own C frame (do_syscall(), do_trap()) is gone by now: nothing of this trap's kernel
	 * stack is still in use, so all of it below the frame can be erased. It returns on our
	 * own stack with sp unchanged (callee-saved), or not at all (do_exit()).
	 * Interrupts stay masked throughout (SIE = 0 in S-mode), so no tick can come in here.
	 */
	mv	a0, sp			/* struct pt_regs *regs = the frame */
	call	exit_to_user_mode

	/*
	 * The next trap from U-mode must find this frame's address in sscratch (the swap at
	 * handle_exception). It is task_pt_regs(current): only the outermost frame of a task's
	 * kernel stack returns to U-mode. Set only now, after exit_to_user_mode() -- while
	 * another task ran in the kernel, sscratch had to be 0 -- so no context switch ever
	 * needs to touch sscratch: the return path sets it for whoever returns.
	 */
	csrw	sscratch, sp

.Lrestore_all:
	ld	s1, PT_STATUS(sp)
	ld	s2, PT_EPC(sp)
	/* sret returns to the mode in SPP, sets SIE from SPIE, and jumps to sepc. SIE is 0 in
	 * the saved sstatus (the hart cleared it before we read it, arch_init_user_regs() clears
	 * it too), so nothing can interrupt the reload below. For U-mode SPIE is 1: after the
	 * sret the timer interrupt can arrive (traps.c). satp stays as it is: no page-table
	 * switch. */
	csrw	sstatus, s1
	csrw	sepc, s2

	ld	ra, PT_RA(sp)		/* x1 */
	ld	gp, PT_GP(sp)		/* x3 */
	ld	tp, PT_TP(sp)		/* x4: the interrupted code's tp */
	ld	t0, PT_T0(sp)		/* x5 */
	ld	t1, PT_T1(sp)		/* x6 */
	ld	t2, PT_T2(sp)		/* x7 */
	ld	s0, PT_S0(sp)		/* x8 */
	ld	s1, PT_S1(sp)		/* x9 */
	ld	a0, PT_A0(sp)		/* x10: for a system call, its result */
	ld	a1, PT_A1(sp)		/* x11 */
	ld	a2, PT_A2(sp)		/* x12 */
	ld	a3, PT_A3(sp)		/* x13 */
	ld	a4, PT_A4(sp)		/* x14 */
	ld	a5, PT_A5(sp)		/* x15 */
	ld	a6, PT_A6(sp)		/* x16 */
	ld	a7, PT_A7(sp)		/* x17 */
	ld	s2, PT_S2(sp)		/* x18 */
	ld	s3, PT_S3(sp)		/* x19 */
	ld	s4, PT_S4(sp)		/* x20 */
	ld	s5, PT_S5(sp)		/* x21 */
	ld	s6, PT_S6(sp)		/* x22 */
	ld	s7, PT_S7(sp)		/* x23 */
	ld	s8, PT_S8(sp)		/* x24 */
	ld	s9, PT_S9(sp)		/* x25 */
	ld	s10, PT_S10(sp)		/* x26 */
	ld	s11, PT_S11(sp)		/* x27 */
	ld	t3, PT_T3(sp)		/* x28 */
	ld	t4, PT_T4(sp)		/* x29 */
	ld	t5, PT_T5(sp)		/* x30 */
	ld	t6, PT_T6(sp)		/* x31 */
	ld	sp, PT_SP(sp)		/* x2 last: it is the base of every load above */
	sret				/* pc = sepc, mode = SPP, SIE = SPIE */

/*
 * void arch_switch_to(struct task_struct *prev, struct task_struct *next)
 *
 * Called by schedule() with prev in a0 and next in a1. It is an ordinary function call, so
 * the psABI has schedule() save every caller-saved register it still needs; we save the rest
 * -- sp, s0-s11 and ra -- into prev->thread and load next's. The final ret then "returns" on
 * next's kernel stack, into next's own earlier call of arch_switch_to() (inside schedule()),
 * or, for a task that never ran, to ret_from_fork (thread.ra from arch_task_init()).
 * thread is the first member of task_struct, so a0/a1 point straight at it.
 * Nothing else changes here, and nothing needs to for next's next trap: satp was already
 * switched by arch_switch_mm(), and sscratch (where a trap from U-mode saves) is set to
 * task_pt_regs(next) by the return path, right before next goes back to user mode.
 */
	.globl	arch_switch_to
arch_switch_to:
	sd	ra, THREAD_RA(a0)		/* where prev resumes: back in schedule() */
	sd	sp, THREAD_SP(a0)		/* prev's kernel stack */
	sd	s0, (THREAD_S0 + 0 * 8)(a0)	/* the callee-saved registers s0-s11 */
	sd	s1, (THREAD_S0 + 1 * 8)(a0)
	sd	s2, (THREAD_S0 + 2 * 8)(a0)
	sd	s3, (THREAD_S0 + 3 * 8)(a0)
	sd	s4, (THREAD_S0 + 4 * 8)(a0)
	sd	s5, (THREAD_S0 + 5 * 8)(a0)
	sd	s6, (THREAD_S0 + 6 * 8)(a0)
	sd	s7, (THREAD_S0 + 7 * 8)(a0)
	sd	s8, (THREAD_S0 + 8 * 8)(a0)
	sd	s9, (THREAD_S0 + 9 * 8)(a0)
	sd	s10, (THREAD_S0 + 10 * 8)(a0)
	sd	s11, (THREAD_S0 + 11 * 8)(a0)

	ld	ra, THREAD_RA(a1)		/* where next resumes */
	ld	sp, THREAD_SP(a1)		/* next's kernel stack: from here on we are next */
	ld	s0, (THREAD_S0 + 0 * 8)(a1)
	ld	s1, (THREAD_S0 + 1 * 8)(a1)
	ld	s2, (THREAD_S0 + 2 * 8)(a1)
	ld	s3, (THREAD_S0 + 3 * 8)(a1)
	ld	s4, (THREAD_S0 + 4 * 8)(a1)
	ld	s5, (THREAD_S0 + 5 * 8)(a1)
	ld	s6, (THREAD_S0 + 6 * 8)(a1)
	ld	s7, (THREAD_S0 + 7 * 8)(a1)
	ld	s8, (THREAD_S0 + 8 * 8)(a1)
	ld	s9, (THREAD_S0 + 9 * 8)(a1)
	ld	s10, (THREAD_S0 + 10 * 8)(a1)
	ld	s11, (THREAD_S0 + 11 * 8)(a1)
	ret					/* jump to next's ra */

/*
 * The overflow stack: where a trap frame goes when the kernel stack it was meant for has run
 * into its guard (.Lkernel_stack_overflow). 16-byte aligned like every stack.
 */
	.bss
	.balign	16
	.globl	overflow_stack
overflow_stack:
	.space	OVERFLOW_STACK_SIZE
overflow_stack_top:
