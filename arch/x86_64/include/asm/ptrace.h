/* SPDX-License-Identifier: MIT */
/*
 * struct pt_regs: the register state entry.S saves on every exception and
 * every syscall, so that C can read it, print it and change it before the
 * return. Linux's layout and names.
 *
 * Lowest address first. The top five words are the frame the CPU itself
 * pushes (SDM Vol. 3A "64-Bit Mode Stack Frame"); the syscall entry pushes the
 * same five words by hand, so both paths share one struct. From user mode the
 * frame sits at the very top of the task's kernel stack: task_pt_regs().
 *
 *	  0  r15 r14 r13 r12 rbp rbx	callee-saved in the SysV ABI
 *	 48  r11 r10 r9 r8 rax rcx rdx rsi rdi
 *	120  orig_rax		syscall number at entry (rax gets the result); -1 otherwise
 *	128  cr2		page-fault linear address, read before anything can fault
 *	136  ds es fs gs	the data segment selectors at entry: the kernel never
 *				changes them, so they stay live in the CPU while the task
 *				is in the kernel; arch_switch_to() loads next's from here
 *	168  vector		which IDT vector brought us here (pushed by the stub),
 *				PT_VECTOR_SYSCALL for the syscall instruction
 *	176  error_code		pushed by the CPU for some vectors, else 0 by the stub
 *	184  rip cs rflags rsp ss	pushed by the CPU; iretq pops them
 *	224  (end)
 *
 * 28 words = 224 bytes, a multiple of 16. The CPU aligns RSP down to 16 bytes
 * before it pushes ss (same section), so the frame starts 16-byte
 * aligned and so does the stack when entry.S calls C.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PTRACE_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_PTRACE_H

#include <asm/segment.h>

/* Byte offsets, for entry.S; traps.c checks each against the struct. */
#define PT_R15	      0
#define PT_R14	      8
#define PT_R13	      16
#define PT_R12	      24
#define PT_RBP	      32
#define PT_RBX	      40
#define PT_R11	      48
#define PT_R10	      56
#define PT_R9	      64
#define PT_R8	      72
#define PT_RAX	      80
#define PT_RCX	      88
#define PT_RDX	      96
#define PT_RSI	      104
#define PT_RDI	      112
#define PT_ORIG_RAX   120
#define PT_CR2	      128
#define PT_DS	      136
#define PT_ES	      144
#define PT_FS	      152
#define PT_GS	      160
#define PT_VECTOR     168
#define PT_ERROR_CODE 176
#define PT_RIP	      184
#define PT_CS	      192
#define PT_RFLAGS     200
#define PT_RSP	      208
#define PT_SS	      216
#define PT_REGS_SIZE  224

/* pt_regs.vector of a frame the syscall entry built: IDT vectors end at 255. */
#define PT_VECTOR_SYSCALL 256

#ifndef __ASSEMBLY__
#include <trapdoor/types.h>

struct pt_regs {
	unsigned long r15;
	unsigned long r14;
	unsigned long r13;
	unsigned long r12;
	unsigned long rbp;
	unsigned long rbx;
	unsigned long r11;
	unsigned long r10;
	unsigned long r9;
	unsigned long r8;
	unsigned long rax;
	unsigned long rcx;
	unsigned long rdx;
	unsigned long rsi;
	unsigned long rdi;
	unsigned long orig_rax;
	unsigned long cr2;
	/* The user's data segment selectors, zero-extended: saved on entry, never restored. */
	unsigned long ds;
	unsigned long es;
	unsigned long fs;
	unsigned long gs;
	unsigned long vector;
	unsigned long error_code;
	/* The hardware interrupt frame: */
	unsigned long rip;
	unsigned long cs;
	unsigned long rflags;
	unsigned long rsp;
	unsigned long ss;
};

static inline unsigned long instruction_pointer(const struct pt_regs *regs)
{
	return regs->rip;
}

/* The privilege level the CPU came from is the RPL of the saved CS. */
static inline bool user_mode(const struct pt_regs *regs)
{
	return (regs->cs & 3) == SEGMENT_RPL_USER;
}

/*
 * The system call ABI, Linux's (arch/x86/entry/entry_64.S): the number in
 * rax, up to six arguments in rdi, rsi, rdx, r10, r8, r9 (r10, not the C
 * ABI's rcx, because syscall itself overwrites rcx with the return address
 * and r11 with RFLAGS), the result or a negative errno back in rax. Every
 * other register is preserved. The number is read from orig_rax, rax's value
 * at entry, which stays put while rax takes the result.
 */
static inline unsigned long regs_syscall_nr(const struct pt_regs *regs)
{
	return regs->orig_rax;
}

static inline unsigned long regs_syscall_arg(const struct pt_regs *regs, unsigned int n)
{
	switch (n) {
	case 0:
		return regs->rdi;
	case 1:
		return regs->rsi;
	case 2:
		return regs->rdx;
	case 3:
		return regs->r10;
	case 4:
		return regs->r8;
	case 5:
		return regs->r9;
	default:
		return 0;
	}
}

/* Sets argument n as the syscall instruction leaves it (the in-kernel tests call handlers so). */
static inline void regs_set_syscall_arg(struct pt_regs *regs, unsigned int n, unsigned long v)
{
	unsigned long *const args[] = { &regs->rdi, &regs->rsi, &regs->rdx,
					&regs->r10, &regs->r8,	&regs->r9 };

	if (n < 6)
		*args[n] = v;
}

static inline void regs_set_return_value(struct pt_regs *regs, long ret)
{
	regs->rax = (unsigned long)ret;
}

/*
 * Runs the syscall instruction again on the way out, with its number and
 * arguments as they were: rip back over the 2-byte syscall instruction
 * (0f 05), rax back from orig_rax. A call a signal interrupted, restarted.
 */
static inline void regs_syscall_restart(struct pt_regs *regs)
{
	regs->rax = regs->orig_rax;
	regs->rip -= 2;
}

static inline unsigned long user_stack_pointer(const struct pt_regs *regs)
{
	return regs->rsp;
}

/* clone() with a child stack: the child starts with sp at newsp. */
static inline void user_stack_pointer_set(struct pt_regs *regs, unsigned long sp)
{
	regs->rsp = sp;
}

#endif /* __ASSEMBLY__ */
#endif
