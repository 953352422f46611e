// SPDX-License-Identifier: MIT
/*
 * stackleak: poison every new kernel stack, track how deep each syscall went,
 * and on every return to user mode re-poison what was used, so the next
 * syscall's uninitialised variables find poison rather than the last one's
 * data. The erase is in kernel/stackleak_erase.c, the pure search in
 * include/trapdoor/stackleak.h, the switches in kernel/hardening.c, the
 * self-check (LKDTM's STACKLEAK_ERASING) in kernel/lkdtm.c;
 * docs/stackleak.md explains it all.
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>

/* What the verifying erases found (stackleak_erase.c); stackleak_check() reports it. */
struct stackleak_verify stackleak_verify;

/* No gap: the next erase covers everything the search finds, up to its stack pointer. */
static void stackleak_forget_gap(struct task_struct *t)
{
	t->stackleak_gap_low = t->stackleak_gap_high = stackleak_high_bound(t);
}

void stackleak_task_init(struct task_struct *t)
{
	unsigned long high = stackleak_high_bound(t);

	/*
	 * Poisoned whether or not the erase is on: the search needs a poisoned
	 * stack to stop in, and switching the erase on later must find one.
	 * pt_regs is already filled in (spawn and fork prepare it first).
	 */
	stackleak_poison_words(stackleak_low_bound(t), high);
	t->lowest_stack = high;
	stackleak_forget_gap(t);
}

/*
 * Not inline, on purpose: its own stack pointer lies below the caller's whole
 * frame, so one call anywhere in a function covers all of that function's
 * locals, wherever the compiler put them.
 */
__noinline void stackleak_track_stack(void)
{
	static bool overflow_reported;
	unsigned long sp = current_stack_pointer(), low = stackleak_low_bound(current);

	if (sp >= current->lowest_stack)
		return;
	if (sp >= low) {
		current->lowest_stack = sp;
		return;
	}
	/*
	 * Below the canary, in the guard region under this task's stack: the
	 * stack has overflowed. Where the arch unmaps the guard the frame's
	 * first store faults before this runs; elsewhere a tracked frame names
	 * it here, whether or not its stores happened to hit the canary word.
	 * Reported once: panic() itself prints, and printing tracks too.
	 */
	if (current->stack && sp >= (unsigned long)current->stack - THREAD_SIZE &&
	    !overflow_reported) {
		overflow_reported = true;
		panic("kernel stack overflow in task %d (%s): a frame at 0x%lx is below its stack",
		      current->pid, current->comm, sp);
	}
}
