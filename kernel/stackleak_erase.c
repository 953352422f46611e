// SPDX-License-Identifier: MIT
/*
 * The stackleak erase, on its own because of how it must be compiled: it runs
 * from entry.S after the last C call and writes poison below its own stack
 * pointer, so it may call nothing and keep nothing on the stack but what the
 * call put there. It is built without a frame pointer (Makefile:
 * CFLAGS_kernel/stackleak_erase.c), and tools/check-frames fails the build if
 * its frame is bigger than the least the dispatcher's own frame holds
 * (STACKLEAK_ERASER_FRAME in Makefile.arch): below that lies the next
 * syscall's gap, which the erase skips. docs/stackleak.md tells the story.
 */
#include <trapdoor/arch.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>

/*
 * Mode 2: everything below the erase's stack pointer must be poison now, the
 * gap and the exit path's frames included. Inline and call-free, like the
 * erase itself: a call's frame would land in the region it checks.
 */
static __always_inline void stackleak_verify_erase(struct task_struct *t, unsigned long sp)
{
	unsigned long first, bad;

	bad = stackleak_count_non_poison(stackleak_low_bound(t), ALIGN_DOWN(sp, sizeof(long)),
					 &first);
	stackleak_verify.erases++;
	if (bad && !stackleak_verify.failures++) {
		stackleak_verify.addr = first;
		stackleak_verify.value = *(const unsigned long *)first;
		stackleak_verify.nr = regs_syscall_nr(task_pt_regs(t));
	}
}

/*
 * Called from entry.S after the last C call of the way out: everything below
 * our stack pointer is dead (the syscall's frames are gone; our return address
 * or frame and pt_regs are above it). It calls nothing: a callee's frame would
 * sit inside the range it writes. powerpc64's ELFv2 ABI lets a leaf function
 * keep data in the 288 bytes below its stack pointer (the protected zone),
 * exactly where we write: its Makefile.arch builds this file so that nothing
 * is kept there (docs/stackleak.md). x86_64's red zone is off in the kernel
 * (-mno-red-zone); the other four ABIs have none.
 */
static __always_inline void __stackleak_erase(bool verify)
{
	struct task_struct *t = current;
	struct stackleak_erase_range r;
	unsigned long high = stackleak_high_bound(t), sp = arch_stackleak_sp(), bytes;

	stackleak_erase_plan(stackleak_low_bound(t), t->lowest_stack, t->stackleak_gap_low,
			     t->stackleak_gap_high, sp, &r);
	bytes = stackleak_erase_apply(&r);
	/* The next syscall starts from the top again, with no gap (see the plan). */
	t->lowest_stack = high;
	t->stackleak_gap_low = high;
	/*
	 * One counter: each one more costs the erase on every syscall. Every
	 * CPU erases, without the kernel lock: an atomic add, so that none is
	 * lost (one instruction where the ISA has one: x86 lock add, riscv
	 * amoadd, s390 laag, loongarch amadd).
	 */
	__atomic_fetch_add(&kernel_stats.stackleak_bytes_total, bytes, __ATOMIC_RELAXED);
	if (verify)
		stackleak_verify_erase(t, sp);
}

__noinline void stackleak_erase_on_task_stack(void)
{
	/* The task's own switch: only the task itself changes it. */
	int mode = current->stackleak_enabled;

	/* Two copies of the erase, so that the usual one tests the mode only once. */
	if (likely(mode == 1))
		__stackleak_erase(false);
	else if (mode == STACKLEAK_VERIFY)
		__stackleak_erase(true);
}
