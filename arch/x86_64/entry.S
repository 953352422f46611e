/* SPDX-License-Identifier: MIT */
/*
 * x86_64 trap entry and return: every system call, exception and interrupt
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
 * The way in, two of them, one frame:
 *
 * 1. The syscall instruction (entry_syscall, MSR_LSTAR). The CPU (SDM Vol. 2B
 *    SYSCALL)
 *	- puts the address of the next user instruction in rcx, RFLAGS in r11,
 *	- clears the RFLAGS bits named in MSR_SYSCALL_MASK (IF among them),
 *	- loads the kernel CS and SS from MSR_STAR and jumps to MSR_LSTAR,
 *    and nothing else: RSP is still the user's, nothing is pushed. We switch
 *    to the task's kernel stack ourselves and push, by hand, the same frame an
 *    exception would have. Back to user mode with sysretq.
 *
 * 2. An exception or an interrupt through one of the IDT's interrupt gates
 *    (exception_stubs, then entry_exception). The CPU (SDM Vol. 3A "64-Bit
 *    Mode Stack Frame")
 *	- from ring 3 first loads RSP from TSS.RSP0, the top of the task's
 *	  kernel stack; from ring 0 it stays on the current stack,
 *	- aligns RSP down to 16 bytes,
 *	- pushes ss, rsp, rflags, cs, rip (the state to return to),
 *	- for some vectors pushes an error code,
 *	- clears IF (interrupt gate) and jumps to the gate's address.
 *    Each vector gets a tiny stub that makes the frame uniform; one common
 *    path saves the rest. Back with iretq.
 *
 * The page tables do not change on the way in or out: the kernel is mapped,
 * supervisor-only, in every address space (mm.c; docs/design.md). The kernel
 * itself runs with IF = 0, so nothing interrupts it: an interrupt that comes
 * while the kernel runs waits in the local APIC until IF = 1 again, in user
 * mode, or in arch_cpu_idle(), the one place the kernel opens interrupts.
 *
 * Where pt_regs goes: from user mode, at the top of the current task's kernel
 * stack, where task_pt_regs(current) finds it; from the kernel, just below
 * the interrupted stack pointer.
 *
 * From ring 3 the CPU (TSS.RSP0, for an exception or an interrupt) or
 * entry_syscall (the per-CPU slot, for a syscall) switches to that stack; from
 * ring 0 the CPU stays on the current one. A #DF always lands on its own stack
 * (IST, setup.c).
 *
 * Alignment: every system call from user mode calls do_syscall() with the
 * same 16-byte aligned stack pointer: the top of a kernel stack is THREAD_SIZE
 * aligned, and what lies between it and the call is a multiple of 16 bytes:
 * pt_regs, PT_REGS_SIZE = 224 bytes. The psABI wants 16 at every call.
 * do_syscall() moves its own frame down by a random multiple of 16 below 1024
 * (docs/kstack-offset.md): 6 bits of entropy, seen in SP[9:4].
 */
#include <trapdoor/linkage.h>
#include <asm/desc.h>
#include <asm/irq_vectors.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/traps.h>

/*
 * The unwind table (the .cfi_* lines at entry_syscall) goes into .debug_frame:
 * gdb reads it from trapdoor.elf, and nothing of it is loaded with the kernel.
 */
	.cfi_sections	.debug_frame

/*
 * A user RIP is canonical and in the lower half if bits 63:47 are all 0 (SDM
 * Vol. 1 §3.3.7.1, 48-bit linear addresses): shifted right by 47 it is 0.
 */
#define USER_RIP_CANONICAL_BITS	47

/*
 * SAVE_REGS: every register of the interrupted code into a new struct pt_regs
 * (asm/ptrace.h), where C reads them and where the return reloads them from.
 *
 * With RSP at pt_regs.vector (the CPU's five words, the error code and the
 * vector are on the stack already), fill in the rest of struct pt_regs,
 * highest address first, and leave RSP at the frame. orig_rax and cr2 only
 * get their room here: what goes there depends on the way in.
 *
 * The data segment selectors go in through ecx (saved already; rax still
 * holds a syscall's number for entry_syscall). A mov from a segment register
 * into a 32-bit register zero-fills the rest (SDM Vol. 2A MOV); push %fs
 * would not promise that. RESTORE_REGS does not reload them:
 * the kernel never loads another value into ds, es, fs or gs while a task is
 * inside it (in 64-bit mode ds and es are not used for addressing at all, and
 * the kernel reaches its per-CPU data through GS_BASE, which swapgs
 * exchanges, never through the selector), so they are still live when the
 * task returns. They change only in arch_switch_to(), from next's frame, and
 * in execve (arch_init_user_regs(), process.c).
 */
	.macro	SAVE_REGS
	subq	$(PT_VECTOR - PT_ORIG_RAX), %rsp	// room for orig_rax, cr2, ds, es, fs, gs
	pushq	%rdi			// pt_regs.rdi: argument 0 of a syscall
	pushq	%rsi			// pt_regs.rsi: argument 1
	pushq	%rdx			// pt_regs.rdx: argument 2
	pushq	%rcx			// pt_regs.rcx: after syscall, the user's RIP
	pushq	%rax			// pt_regs.rax: the syscall number; the result goes here
	pushq	%r8			// pt_regs.r8: argument 4
	pushq	%r9			// pt_regs.r9: argument 5
	pushq	%r10			// pt_regs.r10: argument 3 (not rcx: syscall took it)
	pushq	%r11			// pt_regs.r11: after syscall, the user's RFLAGS
	pushq	%rbx			// pt_regs.rbx: the callee-saved registers. C would keep
	pushq	%rbp			// pt_regs.rbp: them anyway, but the frame must hold the
	pushq	%r12			// pt_regs.r12: complete user state (a register dump,
	pushq	%r13			// pt_regs.r13: a context switch inside the kernel,
	pushq	%r14			// pt_regs.r14: a fork's copy)
	pushq	%r15			// pt_regs.r15: RSP now points at struct pt_regs
	movl	%ds, %ecx		// the selector, zero-extended
	movq	%rcx, PT_DS(%rsp)	// pt_regs.ds
	movl	%es, %ecx		// the selector, zero-extended
	movq	%rcx, PT_ES(%rsp)	// pt_regs.es
	movl	%fs, %ecx		// the selector, zero-extended
	movq	%rcx, PT_FS(%rsp)	// pt_regs.fs
	movl	%gs, %ecx		// the selector only: GS_BASE is not touched
	movq	%rcx, PT_GS(%rsp)	// pt_regs.gs
	.endm

/*
 * RESTORE_REGS: the reverse: every register back from the struct pt_regs.
 * C may have changed the frame (a system call's result, a new program after
 * execve), so everything is reloaded from it, the return state included.
 *
 * With RSP at the frame: reload every general register and leave RSP at
 * pt_regs.rip, the five words iretq pops (sysretq takes what it needs from
 * there too). orig_rax .. error_code are not reloaded.
 */
	.macro	RESTORE_REGS
	popq	%r15			// pt_regs.r15: the callee-saved registers first
	popq	%r14			// pt_regs.r14
	popq	%r13			// pt_regs.r13
	popq	%r12			// pt_regs.r12
	popq	%rbp			// pt_regs.rbp
	popq	%rbx			// pt_regs.rbx
	popq	%r11			// pt_regs.r11: then the caller-saved ones
	popq	%r10			// pt_regs.r10
	popq	%r9			// pt_regs.r9
	popq	%r8			// pt_regs.r8
	popq	%rax			// pt_regs.rax: a syscall's result
	popq	%rcx			// pt_regs.rcx
	popq	%rdx			// pt_regs.rdx
	popq	%rsi			// pt_regs.rsi
	popq	%rdi			// pt_regs.rdi
	addq	$(PT_RIP - PT_ORIG_RAX), %rsp	// drop orig_rax .. error_code
	.endm

	.text
	.code64

/*
 * The hardware entry points, named after the architectural events: the CPU
 * jumps here; a system call goes on to entry_syscall, everything else to
 * entry_exception.
 *
 * The IDT's stubs, one per vector, each padded to EXCEPTION_STUB_SIZE bytes so
 * that head.S can compute stub v's address. A stub pushes a 0 where the CPU
 * pushes no error code, then its vector number, and jumps to the common path,
 * entry_exception. (The syscall instruction comes straight to entry_syscall,
 * through MSR_LSTAR.)
 */
	.balign	EXCEPTION_STUB_SIZE
SYM_CODE_START(exception_stubs)
	vector = 0			// the stub's vector number, counted by the assembler
	.rept	NR_IDT_VECTORS		// the 32 exceptions, then the interrupts
1:
	/* Only some exceptions have an error code; an interrupt (vector 32 and up) never. */
	.if	vector < 32		// an exception: the mask says
	.if	((X86_TRAP_ERROR_CODE_MASK >> vector) & 1) == 0
	pushq	$0			// no error code from the CPU: a 0 keeps the layout
	.endif
	.else				// an interrupt
	pushq	$0			// no error code either
	.endif
	pushq	$vector			// pt_regs.vector: why we are here
	jmp	entry_exception		// the common path
	.org	1b + EXCEPTION_STUB_SIZE, 0xcc	// pad with int3 to the fixed size
	vector = vector + 1	// the next stub's
	.endr
SYM_CODE_END(exception_stubs)

/*
 * entry_syscall: a system call from user mode. With the user's registers in
 * pt_regs, call do_syscall(regs) (kernel/syscall.c): it looks the number up,
 * runs the handler, writes the result into the frame and does the exit work.
 * Then ret_to_user, where every return to user mode ends.
 *
 * The number is in rax, the arguments in rdi, rsi, rdx, r10, r8, r9; the
 * frame is built here, with SAVE_REGS. It arrives from ring 3 only (syscall
 * in ring 0 is not something we do), with every register the user had
 * except rcx and r11, and IF = 0. pt_regs.rip is already the instruction
 * after the syscall (rcx), so nothing needs to step the pc, and a child
 * forked here, which starts from a copy of this frame, does not run the
 * syscall again.
 */
SYM_CODE_START(entry_syscall)
	.cfi_startproc			// unwind table for debuggers (docs/debugging.md):
	.cfi_undefined	rip		//   no caller above this frame: gdb's bt ends here
	swapgs				// GS_BASE = this CPU's cpu_percpu; the user's: in KERNEL_GS_BASE
	movq	%rsp, %gs:PERCPU_USER_RSP	// park the user's RSP: no register is free
	movq	%gs:PERCPU_KSTACK_TOP, %rsp	// current's kernel stack, empty (from ring 3)
	/* First the five words the CPU would have pushed for an exception: */
	pushq	$__USER_DS		// pt_regs.ss: the user's stack segment (sysret's)
	pushq	%gs:PERCPU_USER_RSP	// pt_regs.rsp: the parked user stack pointer
	pushq	%r11			// pt_regs.rflags: syscall copied RFLAGS into r11
	pushq	$__USER_CS		// pt_regs.cs: the user's 64-bit code segment
	pushq	%rcx			// pt_regs.rip: syscall put the return address in rcx
	/* then what a stub would have added: */
	pushq	$0			// pt_regs.error_code: none
	pushq	$PT_VECTOR_SYSCALL	// pt_regs.vector: not an exception but a syscall
	SAVE_REGS			// the rest of pt_regs; RSP = task_pt_regs(current)
	movq	%rax, PT_ORIG_RAX(%rsp)	// pt_regs.orig_rax: the syscall number, for regs_syscall_nr()
	movq	$0, PT_CR2(%rsp)	// pt_regs.cr2: no fault address

	/*
	 * DF = 0 and IF = 0 (MSR_SYSCALL_MASK): IF stays 0 for as long as we
	 * are in the kernel, so the timer never preempts the kernel.
	 */
	movq	%rsp, %rdi		// argument 1: struct pt_regs *regs
	call	do_syscall		// kernel/syscall.c: the result into pt_regs, the exit work
	jmp	ret_to_user		// the erase, and back to user mode
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
 * From a stub. On entry the stack holds, from RSP upwards: vector,
 * error_code, rip, cs, rflags, rsp, ss: the top 7 of the 28 words of struct
 * pt_regs; SAVE_REGS adds the rest. The saved CS's RPL says where it came from.
 */
SYM_CODE_START(entry_exception)
	/*
	 * From ring 3 (the saved CS has RPL 3), GS_BASE is still the user's:
	 * swapgs, as the syscall entry does. From ring 0 it is already the
	 * kernel's, and a second swapgs would hand it back to the user.
	 */
	testb	$SEGMENT_RPL_USER, (PT_CS - PT_VECTOR)(%rsp)	// the saved CS, 3 words up
	jz	1f			// ring 0: no swap
	swapgs				// ring 3: GS_BASE = this CPU's cpu_percpu
1:	SAVE_REGS			// the rest of pt_regs; RSP at the frame
	movq	%cr2, %rax		// the faulting address of a #PF: read it before
	movq	%rax, PT_CR2(%rsp)	// C code can fault and overwrite CR2
	movq	$-1, PT_ORIG_RAX(%rsp)	// not a syscall (the syscall entry stores rax here)

	/*
	 * A known RFLAGS for C, whatever the interrupted code left (the frame
	 * keeps its value): DF = 0, as the ABI wants at every call, and AC = 0,
	 * which user mode may set and an interrupt gate, unlike syscall's
	 * mask, does not clear; with AC set, SMAP would let ring 0 touch user
	 * pages. IF and TF the gate has cleared already.
	 */
	pushq	$X86_EFLAGS_FIXED	// every flag 0 but the reserved bit 1
	popfq				// into RFLAGS
	movq	%rsp, %rdi		// argument 1: struct pt_regs *regs
	call	do_trap			// traps.c: decode and handle, or die

	/*
	 * Only an interrupt or a resolved page fault gets back here from user
	 * mode: any other exception from user mode ended the task in
	 * do_trap(). A tick sets need_resched(), so
	 * exit_to_user_mode() calls schedule(). From ring 0 only an interrupt
	 * that woke arch_cpu_idle() returns here (every kernel exception died
	 * in do_trap()): no exit work, the frame is not the task's pt_regs,
	 * and the kernel is never preempted.
	 */
	testb	$SEGMENT_RPL_USER, PT_CS(%rsp)	// the saved CS: RPL 3 for user mode
	jnz	ret_from_exception	// from user mode: the way back to user mode
	jmp	restore_all		// from the kernel: no exit work
SYM_CODE_END(entry_exception)

/*
 * ret_from_exception: the returns to user mode that are not a syscall's: after an
 * interrupt from user mode, and as a new task's first step (ret_from_fork).
 * The C handler's frame is gone: only pt_regs is left on the kernel stack.
 * exit_to_user_mode() runs here, on the shallowest stack: it ends a task that
 * kill() marked (do_exit(), no return) and gives the CPU away when the time
 * slice is over (schedule(): the task continues here when it is picked
 * again, on this same stack). A syscall did that work inside do_syscall().
 * Then ret_to_user.
 *
 * The frame is at RSP, task_pt_regs(current).
 */
SYM_CODE_START(ret_from_exception)
	movq	%rsp, %rdi		// argument 1: struct pt_regs *regs
	call	exit_to_user_mode	// kernel/syscall.c: kill, schedule
	jmp	ret_to_user		// the erase, and back to user mode
SYM_CODE_END(ret_from_exception)

/*
 * ret_to_user: the end of every return to user mode. No C frame is left
 * (RSP is at pt_regs), so the stackleak erase (kernel/stackleak_erase.c) can
 * rewrite everything this trip into the kernel used, the exit work's frames
 * included: it writes only below its own return address. Then restore_all,
 * past its ring test: every way here goes back to user mode.
 */
SYM_CODE_START(ret_to_user)
	call	stackleak_erase_on_task_stack	// kernel/stackleak_erase.c: poison the used stack
	jmp	.Lrestore_user		// restore_all for user mode: no need to test the ring
SYM_CODE_END(ret_to_user)

/*
 * restore_all: RESTORE_REGS reloads every register from pt_regs, and the
 * return instruction resumes the interrupted code with the mode and pc saved
 * in the frame: user mode, or the kernel (arch_cpu_idle() interrupted).
 *
 * A frame the syscall entry built (or arch_init_user_regs() filled in as
 * one) leaves through sysretq (SDM Vol. 2B SYSRET): it loads RIP from rcx and
 * RFLAGS from r11, the user CS and SS from MSR_STAR, CPL 3, and does not
 * touch RSP; the user's rcx and r11 are lost anyway. Every other frame
 * (an interrupt from user mode, whose rcx and r11 must come back) leaves
 * through iretq, which pops rip, cs, rflags, rsp and ss.
 *
 * The sysret hazard: with a non-canonical rcx, an Intel CPU raises #GP in
 * ring 0 but on the user's RSP and GS base, a gift to an attacker
 * (CVE-2012-0217). A return to anything but a lower-half canonical RIP goes
 * through iretq instead, which checks RIP before it leaves the kernel stack:
 * a non-canonical one faults there, in ring 0, and die() reports it. The user
 * range ends far below 1 << 47 (asm/page.h), so no syscall can return there;
 * the check costs one shift.
 */
SYM_CODE_START(restore_all)
	testb	$SEGMENT_RPL_USER, PT_CS(%rsp)	// going back to ring 3?
	jz	.Lrestore_kernel	// no: the interrupt that woke arch_cpu_idle()
.Lrestore_user:				// ret_to_user: always back to ring 3
	cmpq	$PT_VECTOR_SYSCALL, PT_VECTOR(%rsp)	// a syscall's frame?
	jne	.Liret_to_user		// no: the interrupted rcx and r11 must come back
	movq	PT_RIP(%rsp), %r11	// the return address, to test; r11 is reloaded below
	shrq	$USER_RIP_CANONICAL_BITS, %r11	// bits 63:47 of the return address
	jnz	.Liret_to_user		// not all 0: the slow, general way out
	RESTORE_REGS			// every register from the frame; RSP at pt_regs.rip
	movq	(PT_RIP - PT_RIP)(%rsp), %rcx	// sysretq jumps to rcx
	movq	(PT_RFLAGS - PT_RIP)(%rsp), %r11	// and loads RFLAGS from r11 (IF on in user mode)
	movq	(PT_RSP - PT_RIP)(%rsp), %rsp	// last: the user's stack; the frame stays where it is
	/*
	 * From here to sysretq the kernel runs on the user's stack. Safe only
	 * because nothing can interrupt: IF is off, and there is no NMI source
	 * (Linux gives NMIs their own IST stack for exactly this window).
	 */
	swapgs				// GS_BASE = the user's; this CPU's cpu_percpu: KERNEL_GS_BASE
	sysretq				// RIP = rcx, RFLAGS = r11, CPL 3: after the syscall

.Liret_to_user:
	RESTORE_REGS			// every register from the frame; RSP at pt_regs.rip
	swapgs				// GS_BASE = the user's, as the entry found it
	iretq				// pop rip, cs, rflags, rsp, ss: back to ring 3

.Lrestore_kernel:
	RESTORE_REGS			// every register from the frame; RSP at pt_regs.rip
	iretq				// GS_BASE stays the kernel's: back into arch_cpu_idle()
SYM_CODE_END(restore_all)

/*
 * ret_from_fork: a new task's first run. Its first arch_switch_to() "returns"
 * here (arch_task_init() in process.c set the address) on its own kernel
 * stack, with pt_regs filled in by spawn (arch_init_user_regs(): the
 * program's entry and its initial user stack) or copied by fork from the
 * parent (the result register 0, the pc past the system call). From here on
 * it leaves as an interrupted user program does: ret_from_exception.
 *
 * thread.rip is this label, RSP = thread.rsp = task_pt_regs(current).
 */
SYM_CODE_START(ret_from_fork)
	jmp	ret_from_exception	// exit_to_user_mode(), then back to user mode
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
 * never ran, in ret_from_fork (thread.rip from arch_task_init()).
 *
 * prev in rdi, next in rsi (the psABI); saved: RSP, rbx, rbp, r12-r15,
 * the return address, and the user's FS and GS bases and x87/SSE registers. For next's next trap from ring 3, the top of its kernel
 * stack goes to TSS.RSP0 and the per-CPU slot entry_syscall reads, and its
 * data segment selectors come from its pt_regs.
 */
SYM_FUNC_START(arch_switch_to)
	popq	%rax			// our return address: where prev resumes, in schedule()
	movq	%rax, THREAD_RIP(%rdi)	// prev->thread.rip
	movq	%rsp, THREAD_RSP(%rdi)	// prev's RSP as schedule() would see it after our ret
	movq	%rbx, THREAD_RBX(%rdi)	// prev's callee-saved registers ...
	movq	%rbp, THREAD_RBP(%rdi)	// prev->thread.rbp
	movq	%r12, THREAD_R12(%rdi)	// prev->thread.r12
	movq	%r13, THREAD_R13(%rdi)	// prev->thread.r13
	movq	%r14, THREAD_R14(%rdi)	// prev->thread.r14
	movq	%r15, THREAD_R15(%rdi)	// prev->thread.r15

	/*
	 * prev's user state outside pt_regs, saved on every switch (never
	 * lazily: docs/hardening.md): its x87/SSE registers, and its FS and GS
	 * bases as the CPU holds them (a selector load in user mode may have
	 * changed them since arch_prctl()). The user's GS base is in
	 * KERNEL_GS_BASE while we run: swapgs exchanged it with ours.
	 */
	fxsaveq	THREAD_FPU(%rdi)	// prev->thread.fpu
	movl	$MSR_FS_BASE, %ecx
	rdmsr				// edx:eax = prev's FS base
	movl	%eax, THREAD_FSBASE(%rdi)
	movl	%edx, THREAD_FSBASE+4(%rdi)
	movl	$MSR_KERNEL_GS_BASE, %ecx
	rdmsr				// edx:eax = prev's GS base
	movl	%eax, THREAD_GSBASE(%rdi)
	movl	%edx, THREAD_GSBASE+4(%rdi)

	/*
	 * The next trap from ring 3 must find next's kernel stack: TSS.RSP0
	 * for exceptions and interrupts (the CPU reads it), the per-CPU slot
	 * for the syscall entry (we read it). Both are this CPU's, in its
	 * per-CPU area (asm/percpu.h), through %gs: next may have run on
	 * another CPU last time.
	 */
	movq	THREAD_SP0(%rsi), %rax	// the top of next's kernel stack
	movq	%rax, %gs:(PERCPU_TSS + TSS_SP0)	// for the CPU: exceptions and interrupts
	movq	%rax, %gs:PERCPU_KSTACK_TOP	// for entry_syscall

	/*
	 * next's data segment selectors, from its pt_regs: saved there by its
	 * last entry from ring 3, or set by fork (the parent's) or by spawn
	 * (0). prev's are in prev's frame already. A segment load reads a GDT
	 * descriptor, so only a selector that differs from the live one is
	 * loaded; the usual four zeros cost four reads and compares.
	 */
	subq	$PT_REGS_SIZE, %rax	// task_pt_regs(next): right below its stack top
	movl	%ds, %ecx		// the live selector
	movq	PT_DS(%rax), %rdx	// next's
	cmpl	%ecx, %edx		// the same?
	je	1f			// the same: nothing to load
	movl	%edx, %ds		// next's ds
1:	movl	%es, %ecx		// the same for es
	movq	PT_ES(%rax), %rdx	// next's
	cmpl	%ecx, %edx		// the same?
	je	2f			// the same: nothing to load
	movl	%edx, %es		// next's es
2:	movl	%fs, %ecx		// and fs
	movq	PT_FS(%rax), %rdx	// next's
	cmpl	%ecx, %edx		// the same?
	je	3f			// the same: nothing to load
	movl	%edx, %fs		// next's fs; its base becomes 0, as the user's always is
3:	movl	%gs, %ecx		// and gs
	movq	PT_GS(%rax), %rdx	// next's
	cmpl	%ecx, %edx		// the same?
	je	4f			// the same: nothing to load
	/*
	 * Loading gs also loads GS_BASE, from the descriptor: in ring 0 that
	 * is our per-CPU pointer. swapgs first makes the user's base (in
	 * KERNEL_GS_BASE) the live one, so the load replaces that one, with
	 * 0, the user's base anyway; the second swapgs brings ours back. IF
	 * is 0: nothing can use %gs in between.
	 */
	swapgs				// GS_BASE = the user's
	movl	%edx, %gs		// next's gs, and the user's GS base = 0
	swapgs				// GS_BASE = this CPU's cpu_percpu again
4:
	/*
	 * next's FS and GS bases, after the selector loads above, which set
	 * the bases from the descriptors; and its x87/SSE registers.
	 */
	movl	$MSR_FS_BASE, %ecx
	movl	THREAD_FSBASE(%rsi), %eax
	movl	THREAD_FSBASE+4(%rsi), %edx
	wrmsr				// next's FS base
	movl	$MSR_KERNEL_GS_BASE, %ecx
	movl	THREAD_GSBASE(%rsi), %eax
	movl	THREAD_GSBASE+4(%rsi), %edx
	wrmsr				// next's GS base, live after the swapgs to user mode
	fxrstorq THREAD_FPU(%rsi)	// next->thread.fpu
	movq	THREAD_RBX(%rsi), %rbx	// next's callee-saved registers ...
	movq	THREAD_RBP(%rsi), %rbp	// next->thread.rbp
	movq	THREAD_R12(%rsi), %r12	// next->thread.r12
	movq	THREAD_R13(%rsi), %r13	// next->thread.r13
	movq	THREAD_R14(%rsi), %r14	// next->thread.r14
	movq	THREAD_R15(%rsi), %r15	// next->thread.r15
	movq	THREAD_RSP(%rsi), %rsp	// from here on we run on next's stack
	jmp	*THREAD_RIP(%rsi)	// "return" into next
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
 * The interrupt that ends hlt returns to arch_cpu_idle_wakeup, the only ring-0
 * RIP it may return to (traps.c checks). sti opens interrupts only from the
 * end of the next instruction (SDM Vol. 2B STI), so an interrupt that is
 * already pending cannot be taken between sti and hlt, leaving hlt to wait
 * for the one after it: it ends hlt at once.
 */
SYM_FUNC_START(arch_cpu_idle)
	sti				// IF = 1, from the end of the next instruction on
	hlt				// until an interrupt is pending; it is taken here ...
	.globl	arch_cpu_idle_wakeup
arch_cpu_idle_wakeup:			// ... and returns here, the only ring-0 RIP it may
	cli				// masked again, as the kernel always runs
	ret				// to the idle loop, which looks at the clock
SYM_FUNC_END(arch_cpu_idle)

/*
 * The signal page (kernel/signal.c maps what lies between these labels into
 * every address space): empty here. An x86_64 handler returns through its
 * action's sa_restorer, libc's call of rt_sigreturn (signal.c), so there is
 * no trampoline to map, and no page.
 */
	.pushsection .rodata, "a"	// data, never run: nothing here to run
	.globl	__sigpage_start, __kernel_rt_sigreturn, __sigpage_end
__sigpage_start:			// the page's first byte ...
__kernel_rt_sigreturn:			// ... no trampoline (SA_RESTORER is required) ...
__sigpage_end:				// ... and its end: nothing between
	.popsection			// back to the code section
