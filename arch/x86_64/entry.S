/* SPDX-License-Identifier: MIT */
/*
 * entry.S — from user mode or an exception into C, and back; and the switch
 * from one task's kernel stack to another's.
 *
 * Two ways in, one frame (struct pt_regs, asm/ptrace.h):
 *
 * 1. The syscall instruction (entry_SYSCALL_64). The CPU (SDM Vol. 2B SYSCALL)
 *	- puts the address of the next user instruction in rcx, RFLAGS in r11,
 *	- clears the RFLAGS bits named in MSR_SYSCALL_MASK (IF among them),
 *	- loads the kernel CS and SS from MSR_STAR and jumps to MSR_LSTAR,
 * and nothing else: RSP is still the user's, nothing is pushed. We switch
 * to the task's kernel stack ourselves and push, by hand, the same frame an
 * exception would have. Back to user mode with sysretq.
 *
 * 2. An exception or an interrupt through one of our interrupt gates
 * (exception_stubs; the only interrupt is the local APIC timer, apic.c).
 * The CPU (SDM Vol. 3A "64-Bit Mode Stack Frame")
 *	- from ring 3 first loads RSP from TSS.RSP0, the top of the task's kernel
 *	  stack; from ring 0 it stays on the current stack,
 *	- aligns RSP down to 16 bytes,
 *	- pushes ss, rsp, rflags, cs, rip (the state to return to),
 *	- for some vectors pushes an error code,
 *	- clears IF (interrupt gate) and jumps to the gate's address.
 * Each vector gets a tiny stub that makes the frame uniform; one common path
 * saves the rest. Back with iretq.
 *
 * Either way, from ring 3 the frame lands exactly at the top of the task's
 * kernel stack, where task_pt_regs() says it is. The page tables do not
 * change on the way in or out: the kernel is mapped, supervisor-only, in
 * every address space (mm.c; DESIGN.md §5).
 *
 * Every way back to ring 3 first calls exit_to_user_mode(regs)
 * (kernel/syscall.c) with RSP at the frame, once the C handler has returned
 * and its stack frame is gone: after a syscall, after an interrupt from user
 * mode, and in ret_from_fork, a new task's first way out. That call is where
 * a killed task dies, where a task whose time slice is over gives the CPU
 * away (schedule(), which comes back here only when the task is picked
 * again) and where the used kernel stack is erased. The kernel itself runs
 * with IF = 0, so nothing interrupts it: a tick that comes while the kernel
 * runs waits in the local APIC until IF = 1 again, in user mode, or in
 * arch_cpu_idle(), the one place the kernel opens interrupts (section 4).
 */
#include <asm/desc.h>
#include <asm/irq_vectors.h>
#include <asm/percpu.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <asm/traps.h>

/*
 * A user RIP is canonical and in the lower half if bits 63:47 are all 0 (SDM
 * Vol. 1 §3.3.7.1, 48-bit linear addresses): shifted right by 47 it is 0.
 */
#define USER_RIP_CANONICAL_BITS	47

/*
 * The four data segment selectors into the frame at RSP, through eax (saved
 * already). A mov from a segment register into a 32-bit register zero-fills
 * the rest (SDM Vol. 2A MOV); push %fs would not promise that. Nothing
 * restores them on the way out: the kernel never loads another value into
 * ds, es, fs or gs while a task is inside it (in 64-bit mode ds and es are
 * not used for addressing at all, and the kernel reaches its per-CPU data
 * through GS_BASE, which swapgs exchanges, never through the selector), so
 * they are still live when the task returns. They change only in
 * arch_switch_to(), from next's frame, and in execve (arch_init_user_regs(),
 * traps.c).
 */
	.macro	SAVE_USER_SEGMENTS
	movl	%ds, %eax		/* the selector, zero-extended */
	movq	%rax, PT_DS(%rsp)
	movl	%es, %eax
	movq	%rax, PT_ES(%rsp)
	movl	%fs, %eax
	movq	%rax, PT_FS(%rsp)
	movl	%gs, %eax		/* the selector only: GS_BASE is not touched */
	movq	%rax, PT_GS(%rsp)
	.endm

	.section .text
	.code64

/* --- 1. the syscall instruction -------------------------------------------- */

/*
 * Arrives from ring 3 only (syscall in ring 0 is not something we do), with
 * every register the user had except rcx and r11, and interrupts off.
 */
	.globl	entry_SYSCALL_64
	.type	entry_SYSCALL_64, @function
entry_SYSCALL_64:
	swapgs				/* GS_BASE = cpu_percpu; the user's: in KERNEL_GS_BASE */
	movq	%rsp, %gs:PERCPU_USER_RSP	/* park the user's RSP: no register is free */
	movq	%gs:PERCPU_KSTACK_TOP, %rsp	/* current's kernel stack, empty (from ring 3) */

	/*
	 * 16-byte aligned SP: the stack top is THREAD_SIZE aligned and pt_regs
	 * is 224 bytes, so do_syscall() is called with RSP % 16 == 0, from the
	 * same address on every call. A random offset in 16-byte steps (the
	 * next issue) thus gives 6 bits of entropy, seen in SP[9:4].
	 *
	 * First the five words the CPU would have pushed for an exception:
	 */
	pushq	$__USER_DS		/* pt_regs.ss: the user's stack segment (sysret's) */
	pushq	%gs:PERCPU_USER_RSP	/* pt_regs.rsp: the parked user stack pointer */
	pushq	%r11			/* pt_regs.rflags: syscall copied RFLAGS into r11 */
	pushq	$__USER_CS		/* pt_regs.cs: the user's 64-bit code segment */
	pushq	%rcx			/* pt_regs.rip: syscall put the return address in rcx */
	/* then what the stub and exception_entry would have added: */
	pushq	$0			/* pt_regs.error_code: none */
	pushq	$PT_VECTOR_SYSCALL	/* pt_regs.vector: not an exception but a syscall */
	subq	$(PT_VECTOR - PT_DS), %rsp	/* pt_regs.gs fs es ds: filled in below */
	pushq	$0			/* pt_regs.cr2: no fault address */
	pushq	%rax			/* pt_regs.orig_rax: the number, for regs_syscall_nr() */
	pushq	%rdi			/* pt_regs.rdi: argument 0 */
	pushq	%rsi			/* pt_regs.rsi: argument 1 */
	pushq	%rdx			/* pt_regs.rdx: argument 2 */
	pushq	%rcx			/* pt_regs.rcx: the user's is lost; like Linux, keep rip */
	pushq	%rax			/* pt_regs.rax: the number again; the result goes here */
	pushq	%r8			/* pt_regs.r8: argument 4 */
	pushq	%r9			/* pt_regs.r9: argument 5 */
	pushq	%r10			/* pt_regs.r10: argument 3 (not rcx: syscall took it) */
	pushq	%r11			/* pt_regs.r11: the user's r11 is lost too; RFLAGS again */
	pushq	%rbx			/* pt_regs.rbx: the callee-saved registers. C would keep */
	pushq	%rbp			/* pt_regs.rbp: them anyway, but the frame must hold */
	pushq	%r12			/* pt_regs.r12: the user's complete state (a fault dump, */
	pushq	%r13			/* pt_regs.r13: a context switch inside the call, later */
	pushq	%r14			/* pt_regs.r14: ptrace-like inspection) */
	pushq	%r15			/* pt_regs.r15: RSP = task_pt_regs(current) now */
	SAVE_USER_SEGMENTS		/* pt_regs.ds es fs gs, through rax (saved above) */

	/*
	 * DF = 0 and IF = 0 (MSR_SYSCALL_MASK): IF stays 0 for as long as we
	 * are in the kernel, so the timer never preempts the kernel. pt_regs.rip
	 * is already the instruction after the syscall (rcx), so a forked
	 * child, whose frame is a copy of this one, starts there too and does
	 * not run the syscall a second time.
	 */
	movq	%rsp, %rdi		/* argument 1: struct pt_regs *regs */
	call	do_syscall		/* kernel/syscall.c: look up, call, result into regs->rax */
	/* do_syscall's frame is gone, RSP is back at pt_regs: on into the common exit. */
	.size	entry_SYSCALL_64, . - entry_SYSCALL_64

/*
 * ret_from_fork: where a new task's first arch_switch_to() lands, with RSP at
 * the pt_regs that fork copied from its parent (rax = 0) or that
 * arch_init_user_regs() (traps.c) filled in: the task "returns" to a user
 * mode it has never been in, through the syscall exit. A syscall falls in
 * here from above: from this line on, both take the same way out.
 */
	.globl	ret_from_fork
	.type	ret_from_fork, @function
ret_from_fork:
	movq	%rsp, %rdi		/* argument 1: struct pt_regs *regs, the task's own */
	call	exit_to_user_mode	/* kernel/syscall.c: die if killed, schedule, erase the stack */
	/* RSP is at pt_regs again (exit_to_user_mode's frame is gone): on into ret_to_user. */
	.size	ret_from_fork, . - ret_from_fork

/*
 * ret_to_user: the syscall exit. RSP points at the task's pt_regs; every
 * register but rcx and r11 comes back from it (rax with do_syscall()'s
 * result). sysretq (SDM Vol. 2B SYSRET) loads RIP from rcx and RFLAGS from
 * r11, the user CS and SS from MSR_STAR, CPL 3; it does not touch RSP.
 */
	.globl	ret_to_user
	.type	ret_to_user, @function
ret_to_user:
	movq	PT_RIP(%rsp), %rcx	/* sysretq jumps to rcx */
	/*
	 * The sysret hazard: with a non-canonical rcx, an Intel CPU raises #GP
	 * in ring 0 but on the user's RSP and GS base, a gift to an attacker
	 * (CVE-2012-0217). Return to anything but a lower-half canonical RIP
	 * through iretq instead, which checks RIP before it leaves the kernel
	 * stack: a non-canonical one faults there, in ring 0, and die()
	 * reports it. Our user range ends far below 1 << 47 (asm/page.h), so
	 * no syscall can return there; the check costs one shift.
	 */
	movq	%rcx, %r11		/* a copy to test; r11 is reloaded below */
	shrq	$USER_RIP_CANONICAL_BITS, %r11	/* bits 63:47 of the return address */
	jnz	restore_regs_and_iret	/* not all 0: the slow, general way out */

	movq	PT_RFLAGS(%rsp), %r11	/* sysretq loads RFLAGS from r11 (IF on in user mode) */
	movq	PT_R15(%rsp), %r15	/* the callee-saved registers, as the user left them */
	movq	PT_R14(%rsp), %r14
	movq	PT_R13(%rsp), %r13
	movq	PT_R12(%rsp), %r12
	movq	PT_RBP(%rsp), %rbp
	movq	PT_RBX(%rsp), %rbx
	movq	PT_R10(%rsp), %r10	/* the arguments, unchanged: the ABI preserves them */
	movq	PT_R9(%rsp), %r9
	movq	PT_R8(%rsp), %r8
	movq	PT_RDX(%rsp), %rdx
	movq	PT_RSI(%rsp), %rsi
	movq	PT_RDI(%rsp), %rdi
	movq	PT_RAX(%rsp), %rax	/* the result, from regs_set_return_value() */
	movq	PT_RSP(%rsp), %rsp	/* last: the user's stack; the frame stays where it is */
	/*
	 * From here to sysretq the kernel runs on the user's stack. Safe only
	 * because nothing can interrupt: IF is off, and we have no NMI source
	 * (Linux gives NMIs their own IST stack for exactly this window).
	 */
	swapgs				/* GS_BASE = the user's; cpu_percpu: KERNEL_GS_BASE */
	sysretq				/* RIP = rcx, RFLAGS = r11, CPL 3: after the syscall */
	.size	ret_to_user, . - ret_to_user

/* --- 2. exceptions ---------------------------------------------------------- */

/*
 * The stubs, one per vector, each padded to EXCEPTION_STUB_SIZE bytes so
 * that head.S can compute stub v's address. A stub pushes a 0 where the CPU
 * pushes no error code, then its vector number, and jumps to the common path.
 */
	.balign	EXCEPTION_STUB_SIZE
	.globl	exception_stubs
	.type	exception_stubs, @function
exception_stubs:
	vector = 0
	.rept	NR_IDT_VECTORS		/* the 32 exceptions, then the interrupts */
1:
	/* An interrupt never has an error code: shifted by 32 or more, the mask gives 0. */
	.if	((X86_TRAP_ERROR_CODE_MASK >> vector) & 1) == 0
	pushq	$0			/* no error code from the CPU: a 0 keeps the layout */
	.endif
	pushq	$vector			/* pt_regs.vector: why we are here */
	jmp	exception_entry
	.org	1b + EXCEPTION_STUB_SIZE, 0xcc	/* pad with int3 to the fixed size */
	vector = vector + 1
	.endr
	.size	exception_stubs, . - exception_stubs

/*
 * On entry the stack holds, from RSP upwards: vector, error_code, rip, cs,
 * rflags, rsp, ss: the top 7 of the 28 words of struct pt_regs. We fill in
 * the other 21, highest address first. Exceptions and interrupts share all of
 * it but the C function called. From ring 0 the frame lands on the current
 * kernel stack instead of the top of it: a tick that wakes arch_cpu_idle()
 * (below), or a kernel bug, which dies; a #DF always lands on its own stack
 * (IST, traps.c).
 */
	.type	exception_entry, @function
exception_entry:
	/*
	 * From ring 3 (the saved CS has RPL 3), GS_BASE is still the user's:
	 * swapgs, as the syscall entry does. From ring 0 it is already the
	 * kernel's, and a second swapgs would hand it back to the user.
	 */
	testb	$SEGMENT_RPL_USER, (PT_CS - PT_VECTOR)(%rsp)	/* the saved CS, 3 words up */
	jz	1f			/* ring 0: no swap */
	swapgs				/* ring 3: GS_BASE = cpu_percpu */
1:	subq	$(PT_VECTOR - PT_ORIG_RAX), %rsp	/* room for orig_rax, cr2, ds es fs gs */
	pushq	%rdi			/* caller-saved registers: the C call below may */
	pushq	%rsi			/* clobber them, and the interrupted code was not */
	pushq	%rdx			/* expecting a call at all */
	pushq	%rcx
	pushq	%rax
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	pushq	%rbx			/* callee-saved registers: C would preserve them, */
	pushq	%rbp			/* but a register dump (and, from user mode, */
	pushq	%r12			/* the task's state) needs every register in */
	pushq	%r13			/* the frame */
	pushq	%r14
	pushq	%r15			/* RSP now points at struct pt_regs */

	movq	%cr2, %rax		/* the faulting address of a #PF: read it before */
	movq	%rax, PT_CR2(%rsp)	/* C code can fault and overwrite CR2 */
	movq	$-1, PT_ORIG_RAX(%rsp)	/* not a syscall (the syscall entry stores rax here) */
	SAVE_USER_SEGMENTS		/* pt_regs.ds es fs gs (from ring 0: the kernel's) */

	/*
	 * A known RFLAGS for C, whatever the interrupted code left (the frame
	 * keeps its value): DF = 0, as the ABI wants at every call, and AC = 0,
	 * which user mode may set and an interrupt gate, unlike syscall's
	 * mask, does not clear; with AC set, SMAP would let ring 0 touch user
	 * pages. IF and TF the gate has cleared already.
	 */
	pushq	$X86_EFLAGS_FIXED	/* every flag 0 but the reserved bit 1 */
	popfq				/* into RFLAGS */
	movq	%rsp, %rdi		/* argument 1: struct pt_regs *regs */
	cmpq	$FIRST_EXTERNAL_VECTOR, PT_VECTOR(%rsp)	/* an exception (0-31) or an interrupt? */
	jae	3f
	call	handle_exception	/* traps.c: decode, report; from user mode: kill the task */
	jmp	4f
3:	call	handle_interrupt	/* apic.c: acknowledge, then the tick's work */

	/*
	 * Back to ring 3 (the saved CS has RPL 3)? Then the common exit work
	 * first, with the handler's frame gone and RSP at pt_regs, as after a
	 * syscall. Only an interrupt gets here from user mode: an exception
	 * from user mode ended the task in handle_exception(). The tick set
	 * need_resched, so exit_to_user_mode() calls schedule(), and this task
	 * goes on below only once it is picked to run again.
	 *
	 * Back to ring 0: only a tick that woke arch_cpu_idle() returns here
	 * (every kernel exception died in handle_exception()). No exit work:
	 * the frame is not the task's pt_regs, and the kernel is never
	 * preempted; schedule(), which idled, looks at the clock itself.
	 */
4:	testb	$SEGMENT_RPL_USER, PT_CS(%rsp)	/* the saved CS */
	jz	restore_regs_and_iret	/* ring 0: straight back into arch_cpu_idle() */
	movq	%rsp, %rdi		/* argument 1: struct pt_regs *regs */
	call	exit_to_user_mode	/* kernel/syscall.c: die if killed, schedule, erase */

	/*
	 * Return to the interrupted code with the registers in the frame,
	 * which the handler may have changed: the reverse of the above. The
	 * syscall exit comes here too when sysretq cannot be used.
	 */
	.globl	restore_regs_and_iret
restore_regs_and_iret:
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbp
	popq	%rbx
	popq	%r11
	popq	%r10
	popq	%r9
	popq	%r8
	popq	%rax
	popq	%rcx
	popq	%rdx
	popq	%rsi
	popq	%rdi
	addq	$(PT_RIP - PT_ORIG_RAX), %rsp	/* drop orig_rax .. error_code: not reloaded */
	testb	$SEGMENT_RPL_USER, (PT_CS - PT_RIP)(%rsp)	/* going back to ring 3? */
	jz	2f			/* no: GS_BASE stays the kernel's */
	swapgs				/* yes: GS_BASE = the user's, as the entry found it */
2:	iretq				/* pop rip, cs, rflags, rsp, ss: back where we were */
	.size	exception_entry, . - exception_entry

/* --- 3. the context switch -------------------------------------------------- */

/*
 * void arch_switch_to(struct task_struct *prev, struct task_struct *next)
 *
 * Called by schedule() with rdi = prev, rsi = next; thread, the saved
 * context (asm/processor.h), is at offset 0 of each. Saves where prev is
 * (return address, RSP, the callee-saved registers) and continues where
 * next was: back in next's own call of arch_switch_to() inside schedule(),
 * or, for a task that never ran, in ret_from_fork. The caller-saved
 * registers need no saving: schedule() made a call, so it expects them lost.
 */
	.globl	arch_switch_to
	.type	arch_switch_to, @function
arch_switch_to:
	popq	%rax			/* our return address: where prev resumes, in schedule() */
	movq	%rax, THREAD_RIP(%rdi)
	movq	%rsp, THREAD_RSP(%rdi)	/* prev's RSP as schedule() would see it after our ret */
	movq	%rbx, THREAD_RBX(%rdi)	/* the registers the psABI says a call preserves */
	movq	%rbp, THREAD_RBP(%rdi)
	movq	%r12, THREAD_R12(%rdi)
	movq	%r13, THREAD_R13(%rdi)
	movq	%r14, THREAD_R14(%rdi)
	movq	%r15, THREAD_R15(%rdi)

	/*
	 * The next trap from ring 3 must find next's kernel stack: TSS.RSP0
	 * for exceptions and interrupts (the CPU reads it), the per-CPU slot
	 * for the syscall entry (we read it).
	 */
	movq	THREAD_SP0(%rsi), %rax	/* the top of next's kernel stack */
	movq	%rax, cpu_tss + TSS_SP0(%rip)	/* for the CPU: exceptions and interrupts */
	movq	%rax, %gs:PERCPU_KSTACK_TOP	/* for entry_SYSCALL_64 */

	/*
	 * next's data segment selectors, from its pt_regs: saved there by its
	 * last entry from ring 3, or set by fork (the parent's) or by spawn
	 * (0). prev's are in prev's frame already. A segment load reads a GDT
	 * descriptor, so only a selector that differs from the live one is
	 * loaded; the usual four zeros cost four reads and compares.
	 */
	subq	$PT_REGS_SIZE, %rax	/* task_pt_regs(next): right below its stack top */
	movl	%ds, %ecx		/* the live selector */
	movq	PT_DS(%rax), %rdx	/* next's */
	cmpl	%ecx, %edx
	je	1f			/* the same: nothing to load */
	movl	%edx, %ds		/* next's ds */
1:	movl	%es, %ecx
	movq	PT_ES(%rax), %rdx
	cmpl	%ecx, %edx
	je	2f
	movl	%edx, %es		/* next's es */
2:	movl	%fs, %ecx
	movq	PT_FS(%rax), %rdx
	cmpl	%ecx, %edx
	je	3f
	movl	%edx, %fs		/* next's fs; its base becomes 0, as the user's always is */
3:	movl	%gs, %ecx
	movq	PT_GS(%rax), %rdx
	cmpl	%ecx, %edx
	je	4f
	/*
	 * Loading gs also loads GS_BASE, from the descriptor: in ring 0 that
	 * is our per-CPU pointer. swapgs first makes the user's base (in
	 * KERNEL_GS_BASE) the live one, so the load replaces that one, with
	 * 0, the user's base anyway; the second swapgs brings ours back. IF
	 * is 0: nothing can use %gs in between.
	 */
	swapgs				/* GS_BASE = the user's */
	movl	%edx, %gs		/* next's gs, and the user's GS base = 0 */
	swapgs				/* GS_BASE = cpu_percpu again */
4:

	movq	THREAD_RBX(%rsi), %rbx	/* next's callee-saved registers */
	movq	THREAD_RBP(%rsi), %rbp
	movq	THREAD_R12(%rsi), %r12
	movq	THREAD_R13(%rsi), %r13
	movq	THREAD_R14(%rsi), %r14
	movq	THREAD_R15(%rsi), %r15
	movq	THREAD_RSP(%rsi), %rsp	/* next's kernel stack: from here on we are next */
	jmp	*THREAD_RIP(%rsi)	/* and where next left off */
	.size	arch_switch_to, . - arch_switch_to

/* --- 4. idle ---------------------------------------------------------------- */

/*
 * void arch_cpu_idle(void)
 *
 * Sleeps until an interrupt (include/trapdoor/arch.h): schedule() calls it
 * with IF = 0 when no task can run, and it returns with IF = 0. The tick
 * that ends hlt is taken right here, in ring 0, on the current kernel stack:
 * exception_entry calls handle_interrupt() and returns straight back, to
 * arch_cpu_idle_wakeup. sti opens interrupts only from the end of the next
 * instruction (SDM Vol. 2B STI), so a tick that is already pending cannot
 * be taken between sti and hlt, leaving hlt to wait for the one after it:
 * it ends hlt at once.
 */
	.globl	arch_cpu_idle
	.type	arch_cpu_idle, @function
arch_cpu_idle:
	sti				/* IF = 1, from the end of the next instruction on */
	hlt				/* sleep until an interrupt; it is taken here ... */
	.globl	arch_cpu_idle_wakeup
arch_cpu_idle_wakeup:			/* ... and returns here, the only ring-0 RIP it may */
	cli				/* IF = 0 again: the kernel runs with interrupts masked */
	ret
	.size	arch_cpu_idle, . - arch_cpu_idle
