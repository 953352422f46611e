/* SPDX-License-Identifier: MIT */
/*
 * s390 trap entry and return: every system call, exception and interrupt
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
 * The way in: a system call is `svc 0` in problem state. s390 has six
 * interruption classes and no vector table: for each class the CPU stores the
 * current PSW into that class's "old PSW" slot in the lowcore, stores why (the
 * interruption code and friends) in fixed lowcore words, and loads that
 * class's "new PSW", which head.S pointed at the *_entry labels below. The
 * CPU saves no general register and switches no stack; the new PSW masks
 * every class, so nothing else can arrive while we save them (except a
 * restart, which cannot be masked, or a program check we cause ourselves).
 * Each new-PSW entry, named after its architectural event, saves the
 * registers with SAVE_REGS, copies the lowcore words of its class into
 * pt_regs, and jumps to entry_syscall or entry_exception. Every new PSW has
 * DAT off, so this code and all the kernel run on real addresses whatever
 * address space CR1 designates: entering the kernel from user mode switches
 * no page table, and neither does leaving it (docs/design.md, "Performance
 * principles"). The user's translation comes back with the DAT bit of the
 * PSW lpswe loads.
 *
 * Where pt_regs goes: from user mode, at the top of the current task's kernel
 * stack, where task_pt_regs(current) finds it; from the kernel, just below
 * the interrupted stack pointer.
 *
 * LC_KERNEL_STACK holds the top of the current task's kernel stack
 * (arch_switch_to() keeps it up to date), and the ABI's 160-byte save area for
 * the C handler lies just below pt_regs. A restart in the kernel builds its
 * frame on a stack of its own.
 *
 * Several CPUs: each has a lowcore of its own (asm/lowcore.h), and every
 * lowcore word named here is reached with base register 0, which is always
 * this CPU's lowcore. So the save areas, LC_KERNEL_STACK, LC_RETURN_PSW and
 * the stacks of its own (LC_ERASE_STACK, LC_RESTART_STACK) are per CPU
 * without a single instruction spent on finding them (docs/smp.md).
 *
 * Alignment: every system call from user mode calls do_syscall() with the
 * same 16-byte aligned stack pointer: the top of a kernel stack is THREAD_SIZE
 * aligned, and what lies between it and the call is a multiple of 16 bytes:
 * pt_regs, PT_SIZE, and the 160-byte save area below it: 352 bytes. The s390x
 * ABI itself promises only 8 (KSTACK_ALIGN).
 * do_syscall() moves its own frame down by a random multiple of 16 below 1024
 * (docs/kstack-offset.md): 6 bits of entropy, seen in SP[9:4].
 */
#include <trapdoor/linkage.h>
#include <asm/lowcore.h>
#include <asm/processor.h>
#include <asm/ptrace.h>
#include <asm/smp.h>
#include <asm/stackleak.h>
#include <uapi/unistd.h>

/*
 * The unwind table (the .cfi_* lines at entry_syscall) goes into .debug_frame:
 * gdb reads it from trapdoor.elf, and nothing of it is loaded with the kernel.
 */
	.cfi_sections	.debug_frame

/* PSW byte 1 holds bits 8-15; bit 15, problem state, is its lowest bit. */
#define PSW_BYTE1_PSTATE	0x01

/* The pt_regs fields after orig_gpr2 that SAVE_REGS clears: codes, class. */
#define PT_CLEAR_LEN		(PT_SIZE - PT_INT_CODE)

/*
 * SAVE_REGS: every register of the interrupted code into a new struct pt_regs
 * (asm/ptrace.h), where C reads them and where the return reloads them from.
 *
 * SAVE_REGS save_area, old_psw, class, kernel_stack:
 *   1. stmg all 16 GPRs into a lowcore save area (base register 0: the
 *      displacement is the address, so no register is needed to reach it),
 *   2. pick a stack: the task's kernel stack (LC_KERNEL_STACK) when we came
 *      from user mode; from the kernel, the interrupted %r15, or the stack
 *      top in lowcore word kernel_stack when the entry names one (restart,
 *      which may arrive while %r15 still holds the user's stack pointer),
 *   3. build pt_regs on it, 16-byte aligned, with the ABI's 160-byte save
 *      area for the C handler just below it.
 * Leaves %r11 pointing at pt_regs (%r11 is callee-saved in the ABI, so it
 * survives the C calls) and %r15 at the 160-byte save area just below it.
 *
 * From user mode the frame is task_pt_regs(current): LC_KERNEL_STACK holds
 * the top of the current task's kernel stack (arch_switch_to() keeps it up
 * to date), a THREAD_SIZE-aligned address, so top - 352 is already 16-byte
 * aligned, the nill changes nothing, and pt_regs lands at top - PT_SIZE.
 */
	.macro	SAVE_REGS save_area, old_psw, class, kernel_stack
	stmg	%r0, %r15, \save_area	// 1. all 16 GPRs into the lowcore
	tm	\old_psw + 1, PSW_BYTE1_PSTATE	// 2. interrupted user (problem) state?
	jz	.Lfrom_kernel\@		// no: a kernel stack is in use already
	lg	%r15, LC_KERNEL_STACK	// yes: never trust the user's %r15
	.ifnb	\kernel_stack
	j	.Lstack_chosen\@	// the task's kernel stack it is
.Lfrom_kernel\@:
	lg	%r15, \kernel_stack	// this CPU's stack for this entry, whatever %r15 holds
	.else
.Lfrom_kernel\@:			// keep using the kernel's own %r15
	.endif
.Lstack_chosen\@:
	aghi	%r15, -(STACK_FRAME_OVERHEAD + PT_SIZE)	// 3. room for pt_regs + save area
	nill	%r15, 0xfff0		// round down to 16 (the ABI only keeps 8)
	la	%r11, STACK_FRAME_OVERHEAD(%r15)	// %r11 = struct pt_regs *
	mvc	PT_R0(NUM_GPRS * 8, %r11), \save_area	// r0-r15 as they were
	mvc	PT_PSW(16, %r11), \old_psw	// old PSW: status mask and pc
	mvc	PT_ORIG_GPR2(8, %r11), \save_area + 16	// r2 before C changes it
	xc	PT_INT_CODE(PT_CLEAR_LEN, %r11), PT_INT_CODE(%r11)	// x^x = 0
	mvghi	PT_INT_CLASS(%r11), \class	// which class: do_trap() decodes by it
	xc	0(8, %r15), 0(%r15)	// back chain 0: stack walks end here
	.endm

/*
 * RESTORE_REGS: the reverse: every register back from the struct pt_regs.
 * C may have changed the frame (a system call's result, a new program after
 * execve), so everything is reloaded from it, the return state included.
 *
 * The frame is at %r11; the PSW to resume goes to LC_RETURN_PSW. lpswe takes
 * its PSW from storage, and once lmg has reloaded all 16 registers none is
 * left to address the frame. So the PSW goes to a fixed lowcore slot first,
 * which lpswe reaches with base register 0. Every class is masked while we
 * are here, so nothing can overwrite LC_RETURN_PSW between the mvc and the
 * lpswe (restart aside).
 */
	.macro	RESTORE_REGS
	mvc	LC_RETURN_PSW(16), PT_PSW(%r11)	// the PSW to resume (C may edit it)
	lmg	%r0, %r15, PT_R0(%r11)	// all 16 GPRs, %r11 and %r15 included
	.endm

	.text

/*
 * The hardware entry points, named after the architectural events: the CPU
 * jumps here; a system call goes on to entry_syscall, everything else to
 * entry_exception.
 *
 * One per interruption class. Program check: an instruction failed (undefined
 * opcode, bad address, page fault, divide by zero, ...). Old PSW at 0x150; ILC
 * and code at 0x8c.
 *
 * A program check *inside* this entry (a corrupt %r15 makes the frame stores
 * fault) would re-enter here and overwrite the save area, for ever. So a busy
 * flag guards the few instructions before the frame is complete: if we find
 * it set, we stop the machine at once. cli/mvi change no general register.
 */
SYM_CODE_START(program_check_entry)
	cli	LC_PGM_ENTRY_BUSY, 0	// compare logical immediate: already here?
	jne	.Lpgm_nested		// yes: a fault while saving a fault
	mvi	LC_PGM_ENTRY_BUSY, 1	// busy until the frame is complete
	SAVE_REGS LC_SAVE_AREA_SYNC, LC_PGM_OLD_PSW, INT_CLASS_PROGRAM	// -> pt_regs at %r11
	mvc	PT_INT_CODE(4, %r11), LC_PGM_ILC	// ILC and interruption code
	mvc	PT_INT_PARM(4, %r11), LC_DATA_EXC_CODE	// DXC (code 0x07)
	mvc	PT_INT_PARM_LONG(8, %r11), LC_TRANS_EXC_CODE	// TEID: fault address
	mvc	PT_LAST_BREAK(8, %r11), LC_BREAKING_EVENT_ADDR	// last branch taken
	mvi	LC_PGM_ENTRY_BUSY, 0	// frame complete: nesting is fine now
	j	entry_exception		// do_trap(): a user fault or die()
.Lpgm_nested:
	larl	%r1, .Lnested_pgm_psw	// no stack, no console to trust: stop
	lpswe	0(%r1)			// disabled wait; QEMU exits 1
SYM_CODE_END(program_check_entry)

/*
 * External: CPU timer, clock comparator, SCLP service signal (old PSW 0x130).
 * CR0 enables the clock comparator (the tick, time.c) and the service signal
 * (console input, drivers/sclp.c), and only a user task's PSW and the idle
 * kernel's enabled wait (arch_cpu_idle, below) enable external interruptions
 * at all. From user mode entry_exception returns through ret_from_exception, where
 * the task whose time slice just ended gives the CPU away; from the wait it
 * returns straight into the kernel (SAVE_REGS kept the kernel's %r15: the
 * frame sits below the idle loop's), its PSW masked again by do_trap().
 */
SYM_CODE_START(external_entry)
	SAVE_REGS LC_SAVE_AREA_ASYNC, LC_EXT_OLD_PSW, INT_CLASS_EXTERNAL	// -> pt_regs at %r11
	mvc	PT_INT_CODE(4, %r11), LC_EXT_CPU_ADDR	// CPU address, ext. code
	mvc	PT_INT_PARM(4, %r11), LC_EXT_PARAMS	// e.g. an SCCB address
	j	entry_exception		// do_trap(): the tick or the console
SYM_CODE_END(external_entry)

/* I/O: a channel-subsystem interruption (old PSW 0x170, subchannel at 0xb8). */
SYM_CODE_START(io_entry)
	SAVE_REGS LC_SAVE_AREA_ASYNC, LC_IO_OLD_PSW, INT_CLASS_IO	// -> pt_regs at %r11
	mvc	PT_INT_CODE(8, %r11), LC_SUBCHANNEL_ID	// subsystem id, parameter
	llgf	%r0, LC_IO_INT_WORD	// 32-bit word, zero-extended
	stg	%r0, PT_INT_PARM_LONG(%r11)	// interruption-identification word
	j	entry_exception		// do_trap(): none is expected, die()
SYM_CODE_END(io_entry)

/* Machine check: the hardware (or QEMU) reports damage (old PSW 0x160). */
SYM_CODE_START(mcck_entry)
	SAVE_REGS LC_SAVE_AREA_MCCK, LC_MCCK_OLD_PSW, INT_CLASS_MCCK	// -> pt_regs at %r11
	mvc	PT_INT_PARM_LONG(8, %r11), LC_MCCK_CODE	// machine-check code
	j	entry_exception		// do_trap(): die()
SYM_CODE_END(mcck_entry)

/*
 * Restart: cannot be masked; the QEMU monitor's `nmi` command sends one.
 * do_trap() prints the registers and returns, so it shows where a hung kernel
 * spins (and exercises restore_all). Being unmaskable, it may arrive in the
 * few kernel instructions that run with the user's %r15 (SAVE_REGS before
 * its lg), so from the kernel its frame goes on a stack of its own.
 */
SYM_CODE_START(restart_entry)
	SAVE_REGS LC_SAVE_AREA_RESTART, LC_RESTART_OLD_PSW, INT_CLASS_RESTART, LC_RESTART_STACK
	j	entry_exception		// do_trap(): dump and resume
SYM_CODE_END(restart_entry)

/*
 * SVC: the `svc n` instruction, the system-call door. The CPU stores the
 * user's PSW at 0x140, the ILC and n at 0x88, and loads the SVC new PSW:
 * supervisor state, DAT off, every class masked. Not one general register has
 * changed yet: the user's %r15 is still in %r15 and SAVE_REGS's stmg catches
 * them all. An svc from the kernel is a bug: do_trap() dumps and dies.
 */
SYM_CODE_START(svc_entry)
	SAVE_REGS LC_SAVE_AREA_SYNC, LC_SVC_OLD_PSW, INT_CLASS_SVC	// -> pt_regs at %r11
	mvc	PT_INT_CODE(4, %r11), LC_SVC_ILC	// ILC and svc number (regs_syscall_nr)
	tm	PT_PSW + 1(%r11), PSW_BYTE1_PSTATE	// svc from user (problem) state?
	jz	entry_exception		// no: the kernel never does that; die
	j	entry_syscall		// yes: a system call
SYM_CODE_END(svc_entry)

/*
 * entry_syscall: a system call from user mode. With the user's registers in
 * pt_regs, call do_syscall(regs) (kernel/syscall.c): it looks the number up,
 * runs the handler, writes the result into the frame and does the exit work.
 * Then ret_to_user, where every return to user mode ends.
 *
 * The number is in %r1, the arguments in %r2-%r7 (Linux's ABI,
 * asm/ptrace.h), the frame at %r11 (saved by svc_entry). The CPU stored the
 * PSW (saved as pt_regs.psw) with the address already past the svc, so
 * nothing needs to step the pc, and a child forked here, which starts from a
 * copy of this frame, does not run the svc again.
 */
SYM_CODE_START(entry_syscall)
	.cfi_startproc		// unwind table for debuggers (docs/debugging.md):
	.cfi_undefined	%r14		//   no caller above this frame: gdb's bt ends here
	lgr	%r2, %r11		// argument 1: struct pt_regs *regs
	brasl	%r14, do_syscall	// kernel/syscall.c: the result into pt_regs, the exit work
	j	ret_to_user		// the erase, and back to user mode
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
 * The frame is at %r11; do_trap() reads the class from pt_regs.int_class. A
 * restart also returns, to user mode if the QEMU `nmi` happened to stop user
 * code. The saved PSW's problem-state bit says where it came from.
 */
SYM_CODE_START(entry_exception)
	lgr	%r2, %r11		// argument 1: struct pt_regs *regs
	brasl	%r14, do_trap		// traps.c: decode and handle, or die
	tm	PT_PSW + 1(%r11), PSW_BYTE1_PSTATE	// the interrupted PSW: problem state?
	jz	restore_all		// from the kernel: no exit work
	j	ret_from_exception	// from user mode: the way back to user mode
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
 * The frame is at %r11, task_pt_regs(current), and %r15 = 160 bytes below it
 * (the save area the call needs). %r11 survives schedule(): it is
 * callee-saved and arch_switch_to() keeps it.
 */
SYM_CODE_START(ret_from_exception)
	lgr	%r2, %r11		// argument 1: struct pt_regs *regs
	brasl	%r14, exit_to_user_mode	// kernel/syscall.c: kill, schedule
	j	ret_to_user		// the erase, and back to user mode
SYM_CODE_END(ret_from_exception)

/*
 * ret_to_user: the end of every return to user mode. No C frame is left,
 * so the stackleak erase (kernel/stackleak_erase.c) can rewrite everything
 * this trip into the kernel used, the exit work's frames included: it writes
 * only below the task's stack pointer, %r15 = 160 bytes below pt_regs here on
 * every path in. It runs on a stack of its own, this CPU's erase stack (CPU
 * 0's below, the others' in smp.c; LC_ERASE_STACK holds its top save area), so that a frame the compiler
 * gives it is not in that range (asm/stackleak.h). Then restore_all, which
 * takes %r15 from pt_regs.
 */
SYM_CODE_START(ret_to_user)
	lg	%r15, LC_ERASE_STACK	// this CPU's erase stack, its top save area for the call
	brasl	%r14, stackleak_erase_on_task_stack	// kernel/stackleak_erase.c: poison the used stack
	j	restore_all		// this task's registers (later, if preempted)
SYM_CODE_END(ret_to_user)

/*
 * restore_all: RESTORE_REGS reloads every register from pt_regs, and the
 * return instruction resumes the interrupted code with the mode and pc saved
 * in the frame: user mode, or the kernel (arch_cpu_idle() interrupted).
 *
 * One lpswe serves both. To user mode the PSW has the problem-state and DAT
 * bits set: lpswe enters the user's address space (CR1) and user state in
 * the same instruction, so no kernel instruction ever runs translated.
 */
SYM_CODE_START(restore_all)
	RESTORE_REGS			// GPRs from pt_regs, PSW to LC_RETURN_PSW
	lpswe	LC_RETURN_PSW		// mask and pc in one instruction: back
SYM_CODE_END(restore_all)

/*
 * ret_from_fork: a new task's first run. Its first arch_switch_to() "returns"
 * here (arch_task_init() in process.c set the address) on its own kernel
 * stack, with pt_regs filled in by spawn (arch_init_user_regs(): the
 * program's entry and its initial user stack) or copied by fork from the
 * parent (the result register 0, the pc past the system call). From here on
 * it leaves as an interrupted user program does: ret_from_exception.
 *
 * thread.gprs[r14] is this label, %r11 = task_pt_regs(current), %r15 =
 * 160 bytes below it, back chain 0.
 */
SYM_CODE_START(ret_from_fork)
	j	ret_from_exception	// exit_to_user_mode(), then back to user mode
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
 * never ran, in ret_from_fork (thread.gprs[r14], arch_task_init()).
 *
 * prev in %r2, next in %r3 (the s390x ABI); saved: %r6-%r13, %r14 (where we
 * return to) and %r15 (the stack). The user's access registers, f0-f15 and
 * the FPC live in the CPU while a task runs (asm/processor.h), so they are
 * swapped here too, on every switch. For next's next trap from user mode, the top of its
 * kernel stack goes to LC_KERNEL_STACK: this CPU's lowcore, the one whose
 * entry code next will trap into.
 */
SYM_FUNC_START(arch_switch_to)
	stmg	%r6, %r15, THREAD_GPRS(%r2)	// prev: r6-r13, return address, kernel sp
	stam	%a0, %a15, THREAD_ACRS(%r2)	// prev's user access registers
	stfpc	THREAD_FPC(%r2)			// prev's FPC
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	std	%f\n, THREAD_FPRS + 8 * \n(%r2)	// prev's f<n> (store long: 8 bytes)
	.endr
	lam	%a0, %a15, THREAD_ACRS(%r3)	// next's (the kernel never uses them)
	lfpc	THREAD_FPC(%r3)			// next's FPC (-msoft-float: nor these)
	.irp	n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	ld	%f\n, THREAD_FPRS + 8 * \n(%r3)	// next's f<n>
	.endr
	lg	%r0, THREAD_KSTACK_TOP(%r3)	// top of next's kernel stack: where its
	stg	%r0, LC_KERNEL_STACK		// next trap from user mode builds pt_regs
	lmg	%r6, %r15, THREAD_GPRS(%r3)	// next: from here on we run on next's stack
	br	%r14				// "return" into next
SYM_FUNC_END(arch_switch_to)

/*
 * void arch_cpu_idle(void) (include/trapdoor/arch.h): wait for an interrupt.
 * schedule() calls it, interrupts masked, when no task can run. The CPU stops
 * (and costs the host nothing) until the next tick, an IPI or console input; the
 * interrupt is then taken right here, in kernel mode, on the current kernel
 * stack: entry_exception calls do_trap() and comes straight back through
 * restore_all. Interrupts are masked again before the return, as the kernel
 * always runs.
 *
 * An enabled wait: a PSW with the wait bit stops the CPU from fetching
 * instructions until an interruption its mask enables arrives: here only
 * external ones, of which CR0 lets through the clock comparator, armed for
 * the next tick (time.c), the emergency signal another CPU sends as an IPI
 * (smp.c), and on CPU 0 the SCLP service signal of console input
 * (drivers/sclp.c). The CPU then stores this PSW, wait bit and all, as the
 * external old PSW, its address .Lidle_done. do_trap() (traps.c) handles the
 * interruption and clears the wait and external bits in the saved PSW, so
 * that restore_all resumes at .Lidle_done with every class masked again,
 * and every register as it was here.
 */
SYM_FUNC_START(arch_cpu_idle)
	larl	%r1, .Lidle_psw		// the enabled-wait PSW (PC-relative)
	lpswe	0(%r1)			// until an interrupt is pending: external enabled
.Lidle_done:
	br	%r14			// to the idle loop, which looks at the clock
SYM_FUNC_END(arch_cpu_idle)

/*
 * The signal page's code (include/trapdoor/signal.h): the kernel copies what
 * lies between __sigpage_start and __sigpage_end into one page mapped into
 * every user address space, so it runs there in user mode and must not
 * depend on where it is. A handler returns with `br %r14` to the trampoline
 * of its frame (arch/s390/signal.c), with r15 back at that frame. The svc
 * carries the number in its own operand, as Linux's vDSO does, so that
 * unwinders (libgcc, gdb) that look for `svc 119` or `svc 173` at a return
 * address know a signal frame.
 */
	.section .rodata, "a"
	.balign	8
	.globl	__sigpage_start
__sigpage_start:
	.globl	__kernel_sigreturn
__kernel_sigreturn:			// from a handler without SA_SIGINFO
	svc	__NR_sigreturn		// read struct sigframe at r15; never returns here
	.globl	__kernel_rt_sigreturn
__kernel_rt_sigreturn:			// from an SA_SIGINFO handler
	svc	__NR_rt_sigreturn	// read struct rt_sigframe at r15; never returns here
	.globl	__sigpage_end
__sigpage_end:

/*
 * The PSWs lpswe loads from storage, and CPU 0's stacks for the stackleak
 * erase and a restart in kernel mode (head.S points its lowcore at them;
 * smp.c has the other CPUs').
 */
	.section .rodata, "a"
	.balign	8			// lpswe needs a doubleword-aligned operand
.Lnested_pgm_psw:
	.quad	PSW_DISABLED_WAIT_MASK	// stop with every class masked
	.quad	WAIT_ADDR_FAILURE | WAIT_STATUS_PGM_NESTED
.Lidle_psw:
	.quad	PSW_KERNEL_MASK | PSW_MASK_WAIT | PSW_MASK_EXT	// wait, external enabled
	.quad	.Lidle_done		// where the wait ends

	/*
	 * The restart's needs under 2 KiB (dump and return); both tops are
	 * 16-byte aligned like every trap frame's, and their top save areas
	 * zero (.bss): a back chain of 0 ends a stack walk there. In .bss, so
	 * they take no room in the ELF file.
	 */
	.section .bss, "aw", @nobits
	.balign	16
	.globl	stackleak_erase_stack
stackleak_erase_stack:
	.skip	STACKLEAK_ERASE_STACK_SIZE
	.globl	restart_stack
restart_stack:
	.skip	RESTART_STACK_SIZE
