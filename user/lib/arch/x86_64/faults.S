/* SPDX-License-Identifier: MIT */
/*
 * Instructions user mode must not get away with (user/fault.c). Each traps
 * into the kernel, which ends the task; the ret after it never runs. And the
 * cases whose outcome is the architecture's (user/lib/arch/x86_64/fault_cases.c).
 */
#include <uapi/unistd.h>

	.section .text

/* hlt: privileged (SDM Vol. 3A §5.9): at CPL 3 it raises #GP(0). */
	.globl	do_privileged_instruction
	.type	do_privileged_instruction, @function
do_privileged_instruction:
	hlt
	ret
	.size	do_privileged_instruction, . - do_privileged_instruction

/* ud2 (0f 0b): the opcode reserved to raise #UD, on every x86 CPU (SDM Vol. 2B UD). */
	.globl	do_undefined_instruction
	.type	do_undefined_instruction, @function
do_undefined_instruction:
	ud2
	ret
	.size	do_undefined_instruction, . - do_undefined_instruction

/* int3 (0xcc): the breakpoint, #BP (SDM Vol. 2A INT n/INTO/INT3). */
	.globl	do_breakpoint
	.type	do_breakpoint, @function
do_breakpoint:
	int3
	ret
	.size	do_breakpoint, . - do_breakpoint

/*
 * long do_divide_by_zero(void): div with a zero divisor raises #DE (SDM Vol.
 * 2A DIV), a fault: the kernel must kill us with SIGFPE, as Linux does. The
 * quotient would be returned if it did not.
 */
	.globl	do_divide_by_zero
	.type	do_divide_by_zero, @function
do_divide_by_zero:
	movl	$1, %eax		// the dividend rdx:rax = 1
	xorl	%edx, %edx
	xorl	%ecx, %ecx		// the divisor: 0
	divq	%rcx			// rax = rdx:rax / rcx: #DE
	ret
	.size	do_divide_by_zero, . - do_divide_by_zero

/*
 * unsigned long do_misaligned_access(const void *p): an 8-byte load from p.
 * x86 checks alignment only with CR0.AM and RFLAGS.AC both set (SDM Vol. 3A
 * §6.15, #AC); the kernel leaves CR0.AM clear, so this just works and the
 * value comes back.
 */
	.globl	do_misaligned_access
	.type	do_misaligned_access, @function
do_misaligned_access:
	movq	(%rdi), %rax		// the load, from wherever p points
	ret
	.size	do_misaligned_access, . - do_misaligned_access

/* RFLAGS.TF, the trap flag (SDM Vol. 1 §3.4.3.3): a #DB after each instruction. */
#define X86_EFLAGS_TF	0x100

/*
 * void do_single_step(void): popf may set TF at CPL 3. The instruction after
 * the popf runs, then the CPU raises a single-step #DB, a trap (SDM Vol. 3B
 * §17.3.1.4): the kernel must kill us with SIGTRAP, as Linux does.
 */
	.globl	do_single_step
	.type	do_single_step, @function
do_single_step:
	pushfq				// RFLAGS onto the stack ...
	orq	$X86_EFLAGS_TF, (%rsp)	// ... with TF set ...
	popfq				// ... and back: single-stepping after the next one
	nop				// executes, then #DB
	ret
	.size	do_single_step, . - do_single_step

/*
 * long do_syscall_hostile_sp(unsigned long sp): getpid with RSP = sp. The
 * syscall instruction never touches RSP and the kernel must not either: it
 * loads its own stack (entry.S) whatever ours is. rbx keeps our own RSP.
 */
	.globl	do_syscall_hostile_sp
	.type	do_syscall_hostile_sp, @function
do_syscall_hostile_sp:
	pushq	%rbx			// callee-saved: ours to use once saved
	movq	%rsp, %rbx		// our real stack pointer
	movq	%rdi, %rsp		// the hostile one
	movl	$__NR_getpid, %eax	// the syscall number
	syscall				// rax = pid; rcx, r11 lost
	movq	%rbx, %rsp		// our stack back
	popq	%rbx
	ret
	.size	do_syscall_hostile_sp, . - do_syscall_hostile_sp
