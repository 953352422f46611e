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
 * The kernel always runs with interrupts masked and on one CPU, so nothing
 * here can be interrupted: the stack below the stack pointer is dead memory
 * that nobody else will write while we look at it.
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

/* stackleak=on|off and trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, ...). */
static bool stackleak_enabled = true;

/*
 * How far below pt_regs the latest erase ran: the exit path's own frames
 * (entry.S, exit_to_user_mode, the erase) are live while it writes, so that
 * much of the top of the stack is never erased. The self-check prints it.
 */
static unsigned long stackleak_exit_depth;

/* The lowest word we may poison: the one above the STACK_END_MAGIC canary. */
static unsigned long stackleak_task_low_bound(const struct task_struct *t)
{
	return (unsigned long)t->stack + sizeof(unsigned long);
}

/* The highest: everything from the saved user registers up is never erased. */
static unsigned long stackleak_task_high_bound(struct task_struct *t)
{
	return (unsigned long)task_pt_regs(t);
}

long stackleak_set_enabled(long on)
{
	long old = stackleak_enabled;

	if (on == -1)
		return old;
	if (on != 0 && on != 1)
		return -EINVAL;
	/*
	 * Nothing else to do either way: tracking never stops, so when the erase
	 * comes back on, lowest_stack still covers all the stack used meanwhile.
	 */
	stackleak_enabled = on;
	return old;
}

int stackleak_setup(const char *val)
{
	if (strcmp(val, "on") && strcmp(val, "off"))
		return -EINVAL;
	stackleak_set_enabled(!strcmp(val, "on"));
	return 0;
}

void stackleak_task_init(struct task_struct *t)
{
	unsigned long high = stackleak_task_high_bound(t);

	/*
	 * Poisoned whether or not the erase is on: the search needs a poisoned
	 * stack to stop in, and switching the erase on later must find one.
	 * pt_regs is already filled in (spawn and fork prepare it first).
	 */
	stackleak_poison_range(stackleak_task_low_bound(t), high);
	t->lowest_stack = high;
}

/*
 * Not inline, on purpose: its own stack pointer lies below the caller's whole
 * frame, so one call anywhere in a function covers all of that function's
 * locals, wherever the compiler put them.
 */
__noinline void stackleak_track_stack(void)
{
	static bool overflow_reported;
	unsigned long sp = current_stack_pointer(), low = stackleak_task_low_bound(current);

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
 * Not inline either: see the call in stackleak_erase_on_task_stack(). The
 * metrics: erases that wrote something, their bytes in total, the largest.
 */
static __noinline void stackleak_account(unsigned long bytes)
{
	if (!bytes)
		return;
	kernel_stats.stackleak_erases++;
	kernel_stats.stackleak_bytes_total += bytes;
	if (bytes > kernel_stats.stackleak_bytes_max)
		kernel_stats.stackleak_bytes_max = bytes;
}

__noinline void stackleak_erase_on_task_stack(void)
{
	struct task_struct *t = current;
	unsigned long high = stackleak_task_high_bound(t), sp, from, bytes;

	if (!READ_ONCE(stackleak_enabled))
		return;
	/*
	 * Everything below our stack pointer is dead: the syscall's frames are
	 * gone, and our own frame, our callers' and pt_regs are all above it.
	 * Our frame has a fixed size, so the stack pointer read here is the one
	 * in force while the loop below writes.
	 */
	sp = current_stack_pointer();
	bytes = stackleak_erase_bounds(stackleak_task_low_bound(t), high, t->lowest_stack, sp,
				       &from);
	stackleak_exit_depth = high - sp;
	/*
	 * A real call (not a tail call: there is work after it), made before
	 * the writes, for two reasons. Its frame lands below our stack pointer,
	 * so the poison then covers what it left. And a function that makes a
	 * call must have a frame of its own, so the compiler keeps nothing below
	 * its stack pointer: powerpc64's ELFv2 ABI lets a LEAF function use the
	 * 288 bytes below SP without moving SP (the "protected zone") -- exactly
	 * where we write. (x86_64 has a 128-byte red zone too, but the kernel is
	 * built with -mno-red-zone; the other four ABIs have none.)
	 */
	stackleak_account(bytes);
	stackleak_poison_range(from, from + bytes);
	/* The next syscall starts from the top again. */
	t->lowest_stack = high;
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
	struct task_struct *t = current;
	const unsigned long base = (unsigned long)t->stack;
	const unsigned long low = stackleak_task_low_bound(t);
	const unsigned long high = stackleak_task_high_bound(t);
	const unsigned long sp = current_stack_pointer();
	const unsigned long lowest = t->lowest_stack;
	unsigned long untracked_high, poison_high, first, first_value = 0, bad;

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
	/* Read it now: the printk() calls below reuse that part of the stack. */
	if (bad)
		first_value = *(const unsigned long *)first;
	if (!bad && a0 == STACKLEAK_CHECK_QUIET)
		return 0;

	printk("stackleak: stack usage of task %d (%s)%s:\n", t->pid, t->comm,
	       stackleak_enabled ? "" : ", with stackleak OFF");
	printk("  high offset: %lu bytes\n", base + THREAD_SIZE - high);
	printk("  current:     %lu bytes\n", high - sp);
	printk("  lowest:      %lu bytes\n", high - lowest);
	printk("  tracked:     %lu bytes\n", high - untracked_high);
	printk("  untracked:   %lu bytes\n", untracked_high - poison_high);
	printk("  poisoned:    %lu bytes\n", poison_high - low);
	printk("  low offset:  %lu bytes\n", low - base);
	printk("  exit path:   %lu bytes below pt_regs, live during the last erase\n",
	       stackleak_exit_depth);
	if (bad) {
		printk("stackleak: ERROR: non-poison value 0x%lx at 0x%lx, %lu bytes below the "
		       "poison boundary (%lu such words)\n", first_value, first,
		       poison_high - first, bad);
		printk("stackleak: ERROR: the thread stack is NOT properly erased\n");
		return -EFAULT;
	}
	printk("OK: the rest of the thread stack is properly erased\n");
	return 0;
}
