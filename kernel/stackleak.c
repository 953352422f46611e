// SPDX-License-Identifier: MIT
/*
 * stackleak: track how deep each syscall went, so that the erase on every
 * return to user mode (kernel/stackleak_erase.c, the pure search in
 * include/trapdoor/stackleak.h) re-poisons what was used. A new stack's
 * poison and the switches are in kernel/hardening.c, the self-check (LKDTM's
 * STACKLEAK_ERASING) in kernel/lkdtm.c; docs/stackleak.md explains it all.
 *
 * It runs on any CPU, but on the current task's own kernel stack, which no
 * other CPU uses while the task runs: the stack below the stack pointer is
 * dead memory that nobody else writes while we look at it.
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/task.h>

/* What the verifying erases found (stackleak_erase.c); stackleak_check() reports it. */
struct stackleak_verify stackleak_verify;

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
