// SPDX-License-Identifier: MIT
/*
 * stackleak: poison every new kernel stack, track how deep each syscall went,
 * and on every return to user mode re-poison what was used, so the next
 * syscall's uninitialised variables find poison rather than the last one's
 * data. Plus the self-check (LKDTM's STACKLEAK_ERASING); the deliberately
 * buggy syscalls the tests and user/leak.c use are in kernel/lkdtm.c. The
 * pure search and erase live in include/trapdoor/stackleak.h;
 * docs/stackleak.md explains it all.
 *
 * The kernel always runs with interrupts masked, so nothing here can be
 * interrupted. It runs on any CPU, but on the current task's own kernel
 * stack, which no other CPU uses while the task runs: the stack below the
 * stack pointer is dead memory that nobody else will write while we look at it.
 */
#include <trapdoor/arch.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/syscall.h>
#include <trapdoor/task.h>
#include <uapi/errno.h>

#include "syscalls.h"

/*
 * stackleak=on|off and trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, ...):
 * 0 off, 1 on, 2 on with every erase verified (STACKLEAK_VERIFY). Each
 * task's own switch (current->stackleak_enabled), as the offset's are.
 */
struct stackleak_verify stackleak_verify;

/* No gap: the next erase covers everything the search finds, up to its stack pointer. */
static void stackleak_forget_gap(struct task_struct *t)
{
	t->stackleak_gap_low = t->stackleak_gap_high = stackleak_high_bound(t);
}

long stackleak_set_enabled(long on)
{
	struct task_struct *t = current;
	long old = t->stackleak_enabled;

	if (on == -1)
		return old;
	if (on < 0 || on > STACKLEAK_VERIFY)
		return -EINVAL;
	/*
	 * Tracking never stops, so when the erase comes back on, lowest_stack
	 * still covers all the stack used meanwhile. The gap does not: a
	 * syscall made while the erase was off may have left data where this
	 * syscall's gap now lies, and the erase would skip it. Forgetting it
	 * makes this syscall's erase a full one. The switch is this task's
	 * alone, and it is in the kernel now, in this very syscall: no other
	 * task's erase was ever off, and no other task's gap is touched.
	 */
	if (!old && on)
		stackleak_forget_gap(t);
	t->stackleak_enabled = (int)on;
	return old;
}

/* At boot, for boot_task, whose switch every task inherits: no gap to forget yet. */
int stackleak_setup(const char *val)
{
	if (!strcmp(val, "verify"))
		current->stackleak_enabled = STACKLEAK_VERIFY;
	else if (!strcmp(val, "on") || !strcmp(val, "off"))
		current->stackleak_enabled = !strcmp(val, "on");
	else
		return -EINVAL;
	return 0;
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

/*
 * stackleak_check(): LKDTM's STACKLEAK_ERASING, as a syscall. It checks that
 * the erase before this syscall left nothing behind: below the top of the
 * poison, every word down to the canary must be poison.
 *
 * LKDTM masks interrupts for the test; the kernel here always runs so. Until
 * the verdict it calls nothing out of line: a call's frame would land in the
 * very region being checked (after this syscall, printk's frames do, and the
 * erase on the way out takes them away again). With a0 =
 * STACKLEAK_CHECK_QUIET it prints only a failure.
 */
SYSCALL_DEFINE(stackleak_check)
{
	stackleak_track_stack();	/* a frame bigger than the stackleak search depth */
	struct task_struct *t = current;
	const unsigned long base = (unsigned long)t->stack;
	const unsigned long low = stackleak_low_bound(t);
	const unsigned long high = stackleak_high_bound(t);
	const unsigned long sp = current_stack_pointer();
	const unsigned long lowest = t->lowest_stack;
	const unsigned long gap_low = t->stackleak_gap_low, gap_high = t->stackleak_gap_high;
	unsigned long untracked_high, poison_high, first, first_value = 0, bad;
	unsigned long gap_first, gap_first_value = 0, gap_bad = 0;
	unsigned long v_erases = stackleak_verify.erases, v_failures = stackleak_verify.failures;
	unsigned long v_addr = stackleak_verify.addr, v_value = stackleak_verify.value, v_nr = stackleak_verify.nr;

	if (sp < low || sp >= high) {
		printk("stackleak: ERROR: sp 0x%lx outside the task stack [0x%lx..0x%lx]\n", sp,
		       low, high - 1);
		return -ERANGE;
	}
	if (lowest < low || lowest >= high) {
		printk("stackleak: ERROR: lowest_stack 0x%lx outside the task stack "
		       "[0x%lx..0x%lx]\n", lowest, low, high - 1);
		return -ERANGE;
	}
	/* Above the lower of the two, the stack is in use: it is not ours to check. */
	untracked_high = ALIGN_DOWN(sp < lowest ? sp : lowest, sizeof(unsigned long));
	/* Find the top of the poison exactly as the erase does... */
	poison_high = stackleak_find_top_of_poison(low, untracked_high);
	/* ...and verify what the search only sampled: all of it, down to the canary. */
	bad = stackleak_count_non_poison(low, poison_high, &first);
	/*
	 * This syscall's own gap (the offset's alloca, above us): nothing has
	 * written it, so it must still hold the poison the erase skips.
	 */
	if (t->stackleak_enabled && gap_low >= sp && gap_low < gap_high && gap_high <= high)
		gap_bad = stackleak_count_non_poison(gap_low, gap_high, &gap_first);
	/* Read them now: the printk() calls below reuse that part of the stack. */
	if (bad)
		first_value = *(const unsigned long *)first;
	if (gap_bad)
		gap_first_value = *(const unsigned long *)gap_first;
	stackleak_verify.erases = stackleak_verify.failures = 0;
	if (!bad && !gap_bad && !v_failures && a0 == STACKLEAK_CHECK_QUIET)
		return 0;

	printk("stackleak: stack usage of task %d (%s)%s:\n", t->pid, t->comm,
	       t->stackleak_enabled ? "" : ", with stackleak OFF");
	printk("  high offset: %lu bytes\n", base + THREAD_SIZE - high);
	printk("  current:     %lu bytes\n", high - sp);
	printk("  lowest:      %lu bytes\n", high - lowest);
	printk("  tracked:     %lu bytes\n", high - untracked_high);
	printk("  untracked:   %lu bytes\n", untracked_high - poison_high);
	printk("  poisoned:    %lu bytes\n", poison_high - low);
	printk("  low offset:  %lu bytes\n", low - base);
	printk("  gap:         %lu bytes of this syscall's offset, never written\n",
	       gap_high > gap_low ? gap_high - gap_low : 0);
	if (t->stackleak_enabled == STACKLEAK_VERIFY || v_erases)
		printk("  exit path:   %lu erases since the last check verified the whole stack "
		       "below them\n", v_erases);
	if (bad) {
		printk("stackleak: ERROR: non-poison value 0x%lx at 0x%lx, %lu bytes below the "
		       "poison boundary (%lu such words)\n", first_value, first,
		       poison_high - first, bad);
	}
	if (gap_bad)
		printk("stackleak: ERROR: non-poison value 0x%lx at 0x%lx in the offset's gap "
		       "(%lu such words)\n", gap_first_value, gap_first, gap_bad);
	if (v_failures)
		printk("stackleak: ERROR: %lu of %lu erases left non-poison below themselves, "
		       "the first 0x%lx at 0x%lx (%lu bytes below pt_regs, on the way back from "
		       "syscall %ld)\n", v_failures, v_erases, v_value, v_addr, high - v_addr,
		       (long)v_nr);
	if (bad || gap_bad || v_failures) {
		printk("stackleak: ERROR: the thread stack is NOT properly erased\n");
		return -EFAULT;
	}
	printk("OK: the rest of the thread stack is properly erased\n");
	return 0;
}
