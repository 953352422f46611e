/* SPDX-License-Identifier: MIT */
/* The two halves of a trap: entry.S saves the registers, traps.c decides what happened. */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_TRAPS_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_TRAPS_H

/*
 * Byte offsets into struct riscv_kstack_check, read by entry.S: the trap entry's test whether
 * a trap frame in the kernel would land in the guard below a kernel stack.
 */
#define KSC_BASE       0  /* start of the kernel stacks area: the guard of stack slot 0 */
#define KSC_SIZE       8  /* its size in bytes: NR_TASKS slots */
#define KSC_STACK_MASK 16 /* offset & mask = 0: the offset lies in a slot's guard */

/* The stack entry.S moves to when the kernel stack has none left; room for die() to print. */
#define OVERFLOW_STACK_SIZE 8192

#ifndef __ASSEMBLY__

struct pt_regs;

/*
 * The slots and their guards are powers of two, the guard at the bottom of its slot: an offset
 * into the area lies in a guard when its bits from log2(guard size) up to log2(slot size) are
 * all 0, so one AND tells. Nothing in it changes once set: every CPU reads it at once.
 */
struct riscv_kstack_check {
	unsigned long base;
	unsigned long size;
	unsigned long stack_mask; /* (slot size - 1) & ~(guard size - 1) */
};

/* traps.c fills it in before the first task runs; while size = 0 nothing is checked. */
extern struct riscv_kstack_check riscv_kstack_check;

/* entry.S: the overflow stack; the frame of an overflow trap lies at its top. */
extern char overflow_stack[OVERFLOW_STACK_SIZE];

/* entry.S: the one trap entry point stvec points at (assembly: C only takes its address). */
void handle_exception(void);
/* entry.S: the first instruction after handle_exception has saved the whole frame. */
extern char handle_exception_saved[];

/* entry.S: where a new task's first arch_switch_to() returns, then ret_from_exception. */
void ret_from_fork(void);

struct task_struct;
/* process.c: called by arch_switch_to() (entry.S): prev's user F/D registers out, next's in. */
void riscv_fpu_switch(struct task_struct *prev, struct task_struct *next);

/* traps.c: called by entry.S for every trap but a system call, with the frame it saved. */
void do_trap(struct pt_regs *regs);

/* time.c: the supervisor timer interrupt: re-arm, then timer_interrupt(). */
void riscv_timer_interrupt(struct pt_regs *regs);
/* time.c: this CPU's first tick armed, its timer interrupt enabled. */
void riscv_timer_start_cpu(void);

/* smp.c: the supervisor software interrupt, an IPI: acknowledge, then ipi_interrupt(). */
void riscv_ipi_interrupt(void);

#endif /* !__ASSEMBLY__ */

#endif
