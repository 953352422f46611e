// SPDX-License-Identifier: MIT
/* In-kernel tests, group task: execve's reseeding, the kstack offset's gap, per-task tracing. */
#include <trapdoor/exec.h>
#include <trapdoor/mm.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/trace.h>
#include "../randomize_kstack.h"

#include "selftest.h"

#ifdef CONFIG_KTEST

/*
 * execve gives the task a fresh kernel-stack offset stream (prng-task): the
 * old image may have leaked enough offsets to predict the old one. A real
 * do_execve() of /bin/init, run by a stand-in task with its own
 * kernel stack, before any task exists.
 */
static __stackleak_frame_exempt void test_execve_reseeds_kstack_state(void)
{
	static struct task_struct t;
	static u8 stack[THREAD_SIZE] __aligned(THREAD_SIZE);
	static const char *const argv[] = { "/bin/init", "ktest" };
	struct task_struct *saved = current;
	struct rnd_state before;
	struct kstack_chacha chacha_before;
	struct chacha_spread spread_before;
	static const u32 spread_zero[CHACHA_STATE_WORDS];
	unsigned long free_before = nr_free_pages();
	long err;

	memset(&t, 0, sizeof(t));
	t.stack = stack;
	strscpy(t.comm, "ktest", sizeof(t.comm));
	t.mm = mm_create();
	KTEST_EXPECT(t.mm != NULL, "mm_create failed");
	if (!t.mm)
		return;
	memset(&t.kstack_rnd_state, 0x5a, sizeof(t.kstack_rnd_state));
	before = t.kstack_rnd_state;
	/* A used-up chacha-task buffer: the new image must get a new key and an empty buffer. */
	memset(&t.kstack_chacha, 0xa5, sizeof(t.kstack_chacha));
	t.kstack_chacha.pos = 3;
	chacha_before = t.kstack_chacha;
	/* And a chacha-spread state mid-block: a new key, block 0 made, nothing old left. */
	memset(&t.kstack_chacha_spread, 0xa5, sizeof(t.kstack_chacha_spread));
	t.kstack_chacha_spread.step = 3;
	t.kstack_chacha_spread.cur = 0;
	spread_before = t.kstack_chacha_spread;
	current = &t;
	err = do_execve("/bin/init", argv, 2);
	current = saved;
	arch_switch_mm(NULL);
	mm_destroy(t.mm);
	KTEST_EXPECT(err == 0, "do_execve(init) = %ld", err);
	KTEST_EXPECT(memcmp(&before, &t.kstack_rnd_state, sizeof(before)) != 0,
		     "the new image kept the old kstack_rnd_state");
	KTEST_EXPECT(
	    memcmp(chacha_before.key, t.kstack_chacha.key, sizeof(chacha_before.key)) != 0 &&
		t.kstack_chacha.counter == 0 && t.kstack_chacha.pos == sizeof(t.kstack_chacha.buf),
	    "the new image kept the old chacha-task key, counter or buffer position");
	KTEST_EXPECT(
	    memcmp(&spread_before.input[4], &t.kstack_chacha_spread.input[4], 8 * sizeof(u32)) !=
		    0 &&
		t.kstack_chacha_spread.input[12] == 1 && t.kstack_chacha_spread.input[13] == 0 &&
		t.kstack_chacha_spread.step == 0 && t.kstack_chacha_spread.cur == 0 &&
		memcmp(t.kstack_chacha_spread.block[1], spread_zero, sizeof(spread_zero)) == 0 &&
		memcmp(t.kstack_chacha_spread.block[0], spread_before.block[0],
		       sizeof(spread_zero)) != 0,
	    "the new image kept the old chacha-spread key, counter, position or keystream");
	KTEST_EXPECT(strcmp(t.comm, "init") == 0, "comm is \"%s\"", t.comm);
	KTEST_EXPECT(nr_free_pages() == free_before, "%lu free pages before, %lu after",
		     free_before, nr_free_pages());
}

/*
 * kstack=off records an empty gap where the dispatcher's stack pointer is,
 * exactly where a mode whose offset comes from memory records it when that
 * offset is 0. A 0 the compiler could see would let it fold the alloca and
 * record the top of the dispatcher's frame instead (GCC on arm64): the
 * stackleak erase would then search that whole frame on every syscall.
 * Both calls below start from the same stack pointer.
 */
static __noinline __stackleak_frame_exempt unsigned long test_kstack_gap_low(int mode)
{
	u32 offset;

	current->kstack_mode = mode;
	add_random_kstack_offset(offset);
	(void)offset;
	return current->stackleak_gap_low;
}

static void test_kstack_off_gap(void)
{
	static struct task_struct t;
	struct task_struct *saved = current;
	unsigned long counter, off;

	current = &t; /* t.kstack_offset is 0; the switches are t's own */
	t.kstack_store = KSTACK_STORE_TASK;
	counter = test_kstack_gap_low(KSTACK_MODE_COUNTER);
	off = test_kstack_gap_low(KSTACK_MODE_OFF);
	current = saved;
	KTEST_EXPECT(off == counter && t.stackleak_gap_high == off,
		     "kstack=off recorded the gap [0x%lx, 0x%lx), a 0 offset in counter mode 0x%lx",
		     off, t.stackleak_gap_high, counter);
}

/*
 * trace on is the caller's own switch: it traces the caller's children. A
 * traced child's trace off or on changes only what is traced below it, and
 * another task's switch takes nothing over; an exit gives the switch back.
 */
static __stackleak_frame_exempt void test_trace_per_task(void)
{
	static struct task_struct parent, child, other;
	struct task_struct *saved = current;
	int tasks = trace_tasks;
	long on, off, child_on;
	bool traced, traced_after;

	child.parent = &parent;
	current = &parent;
	on = trace_set(1);
	current = &child;
	off = trace_set(0);
	child_on = trace_set(1);
	current = &other;
	trace_set(1);
	trace_set(0);
	traced = task_traced(&child) && parent.trace_children;
	trace_exit(&child);
	trace_exit(&parent);
	traced_after = task_traced(&child);
	current = saved;
	KTEST_EXPECT(on == 0 && off == 0 && child_on == 0 && traced && !traced_after &&
			 trace_tasks == tasks,
		     "parent's on %ld, child's off %ld and on %ld, child traced %d, after the "
		     "exits %d, tracing tasks %d (was %d)",
		     on, off, child_on, traced, traced_after, trace_tasks, tasks);
}

const struct ktest ktests_task[] = { { "task.execve_reseeds_kstack_state",
				       test_execve_reseeds_kstack_state },
				     { "task.kstack_off_gap_at_sp", test_kstack_off_gap },
				     { "task.trace_switch_per_task", test_trace_per_task },
				     { NULL, NULL } };

#endif /* CONFIG_KTEST */
