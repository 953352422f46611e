// SPDX-License-Identifier: MIT
/*
 * The kernel's test fixtures, as Linux keeps them in drivers/misc/lkdtm/:
 * code that is wrong on purpose, so that a test can show what the hardening
 * does about it.
 *
 * Deliberate kernel bugs, one per test: each must end the way the kernel's
 * hardening says it will (a named Oops or panic), or report that it got away
 * with it. They reach the kernel through the lkdtm(name, arg) syscall
 * (user/lkdtm.c) or the test image's lkdtm=NAME boot option, which has init
 * run that one test (see docs/hardening.md).
 *
 * Two fixtures that are not bugs: PROTECT_USER_RO and PROTECT_USER_NONE take
 * the caller's own page at arg down to read-only or no access, as mprotect()
 * does (mm_mprotect(), through arch_protect_user()), so that the fault matrix (user/fault.c) can show the
 * old entry is gone from the TLB: the next write, or read, kills the caller.
 *
 * And the stack-erase fixtures (below the table): a frame with a hole the
 * erase's search must not stop at, a syscall pair that leaks an
 * uninitialised stack slot, and the erase's self-check, stackleak_check()
 * (docs/stackleak.md).
 */
#include <trapdoor/arch.h>
#include <trapdoor/compiler.h>
#include <trapdoor/lkdtm.h>
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>

#include "syscalls.h"

/* Read-only data and code the tests try to write or copy. */
static const unsigned long lkdtm_rodata = 0xa5a5a5a5UL;
static u8 lkdtm_data_area[64] __aligned(16);

static __noinline void lkdtm_do_nothing(void)
{
	barrier();
}

/* Each frame writes 512 bytes, so the recursion really uses the stack. */
static __noinline long lkdtm_recurse(unsigned long depth)
{
	volatile u8 buf[512];

	stackleak_track_stack();
	for (unsigned int i = 0; i < sizeof(buf); i++)
		buf[i] = (u8)depth;
	/* Never deeper than half the guard below the stack: the neighbour's stack stays whole. */
	if (depth == 0 || current_stack_pointer() < (unsigned long)current->stack - THREAD_SIZE / 2)
		return buf[0];
	return lkdtm_recurse(depth - 1) + buf[depth % sizeof(buf)];
}

/*
 * Recurses 1.5 stacks deep: with a guard page the first store below the
 * stack faults; without one it runs over the canary into the (unused) guard
 * slot, and the canary check names the overflow.
 */
static long lkdtm_exhaust_stack(void)
{
	long r = lkdtm_recurse(THREAD_SIZE * 3 / 2 / 512);

	if (*(unsigned long *)current->stack != STACK_END_MAGIC)
		panic("kernel stack overflow in task %d (%s): the canary below the stack was "
		      "overwritten",
		      current->pid, current->comm);
	return r;
}

static long lkdtm_exec(void *area)
{
	void (*fn)(void) = (void (*)(void))area;

	memcpy(area, (const void *)(unsigned long)lkdtm_do_nothing, 64);
	fn();
	return -EPERM; /* it ran: the memory was executable */
}

struct lkdtm_test {
	const char *name;
	long (*run)(unsigned long arg);
};

static long run_exhaust_stack(unsigned long arg)
{
	lkdtm_exhaust_stack();
	return -EPERM;
}

static long run_write_ro(unsigned long arg)
{
	*(volatile unsigned long *)&lkdtm_rodata = 0;
	return -EPERM;
}

static long run_write_kern(unsigned long arg)
{
	*(volatile u32 *)(unsigned long)lkdtm_do_nothing = 0;
	return -EPERM;
}

static long run_exec_data(unsigned long arg)
{
	return lkdtm_exec(lkdtm_data_area);
}

static long run_exec_stack(unsigned long arg)
{
	/*
	 * 8: enough for every arch's instructions, and no more than any ABI
	 * keeps its stack aligned to (s390x: 8), so no compiler has to realign
	 * the stack, which would make the frame dynamic (tools/check-frames).
	 */
	u8 area[64] __aligned(8);

	return lkdtm_exec(area);
}

/*
 * A direct load from a user address: PAN, SMAP, KUAP or separate spaces stop
 * it. The __force cast is the bug on purpose: sparse rejects the load
 * without it (make sparse).
 */
static long run_access_userspace(unsigned long arg)
{
	const unsigned long __user *uptr = u64_to_user_ptr(arg);
	unsigned long v = *(volatile unsigned long __force *)uptr;

	printk("lkdtm: ACCESS_USERSPACE: the kernel read 0x%lx from user address 0x%lx\n", v, arg);
	return -EPERM;
}

/* The same load through copy_from_user must work: the hardening opens for uaccess. */
static long run_access_userspace_uaccess(unsigned long arg)
{
	unsigned long v;

	return copy_from_user(&v, u64_to_user_ptr(arg), sizeof(v)) < 0 ? -EFAULT : (long)v;
}

/*
 * The caller's page holding arg gets prot, as mprotect() would give it (the
 * area and the page table entry, through arch_protect_user()); the caller's
 * next access checks the TLB.
 */
static long protect_user(unsigned long arg, unsigned int prot)
{
	unsigned long va = arg & ~(PAGE_SIZE - 1);

	if (va < USER_BASE || va >= TASK_SIZE)
		return -EINVAL;
	return mm_mprotect(current->mm, va, PAGE_SIZE, prot);
}

static long run_protect_user_ro(unsigned long arg)
{
	return protect_user(arg, PROT_READ);
}

static long run_protect_user_none(unsigned long arg)
{
	return protect_user(arg, 0);
}

static const struct lkdtm_test lkdtm_tests[] = {
	{ "EXHAUST_STACK", run_exhaust_stack },
	{ "WRITE_RO", run_write_ro },
	{ "WRITE_KERN", run_write_kern },
	{ "EXEC_DATA", run_exec_data },
	{ "EXEC_STACK", run_exec_stack },
	{ "ACCESS_USERSPACE", run_access_userspace },
	{ "ACCESS_USERSPACE_UACCESS", run_access_userspace_uaccess },
	{ "PROTECT_USER_RO", run_protect_user_ro },
	{ "PROTECT_USER_NONE", run_protect_user_none },
};

/* lkdtm=NAME (test images): init runs that one test instead of the suite. */
char lkdtm_boot_test[32];

int lkdtm_setup(const char *value)
{
	for (size_t i = 0; i < ARRAY_SIZE(lkdtm_tests); i++)
		if (!strcmp(value, lkdtm_tests[i].name))
			return strscpy(lkdtm_boot_test, value, sizeof(lkdtm_boot_test)) < 0 ?
				   -EINVAL :
				   0;
	return -EINVAL;
}

/*
 * lkdtm(name, arg): runs the named test. A test that returns got away with
 * its bug (-EPERM) or, for the uaccess one, gives the value read.
 */
SYSCALL_DEFINE2(lkdtm, const char __user *, uname, unsigned long, arg)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	char name[32];
	long err = strncpy_from_user(name, uname, sizeof(name));

	if (err < 0)
		return err;
	for (size_t i = 0; i < ARRAY_SIZE(lkdtm_tests); i++) {
		if (strcmp(name, lkdtm_tests[i].name))
			continue;
		printk("lkdtm: performing %s\n", name);
		return lkdtm_tests[i].run(arg);
	}
	return -EINVAL;
}

/* --- the stack-erase fixtures: syscalls user/leaktest.c and user/leak.c call --- */

/*
 * stackleak_deep(untracked): a frame with a 2 KiB hole -- an array nothing
 * writes -- above a chain of deeper calls that write their frames. The hole is
 * twice the search depth and more than the largest kernel-stack offset (1008
 * bytes), so a search that starts above it stops at it, whatever the offsets.
 * Our tracking call puts the start below it; with mode =
 * STACKLEAK_DEEP_UNTRACKED it is skipped, and the words below the hole stay.
 * The build lets its frame exceed the search depth because it calls
 * stackleak_track_stack() (tools/check-frames sees the call, not whether it
 * runs): it is the negative control.
 */
#define STACKLEAK_DEEP_HOLE_WORDS 256
#define STACKLEAK_DEEP_LEVELS	  4
#define STACKLEAK_DEEP_MARK	  0x57ac1ea4de000000UL /* "stackleak deep" */

static __noinline unsigned long stackleak_deep_fill(unsigned int level)
{
	volatile unsigned long used[8];
	unsigned long sum = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(used); i++)
		used[i] = STACKLEAK_DEEP_MARK | level << 8 | i;
	if (level > 1)
		sum = stackleak_deep_fill(level - 1);
	for (unsigned int i = 0; i < ARRAY_SIZE(used); i++)
		sum += used[i];
	return sum;
}

SYSCALL_DEFINE1(stackleak_deep, unsigned long, mode)
{
	unsigned long hole[STACKLEAK_DEEP_HOLE_WORDS], sum;

	/* The address escapes, so the array must exist in the frame; nothing writes it. */
	__asm__ __volatile__("" : : "r"(hole) : "memory");
	if (mode != STACKLEAK_DEEP_UNTRACKED)
		stackleak_track_stack();
	sum = stackleak_deep_fill(STACKLEAK_DEEP_LEVELS);
	/*
	 * And it stays alive across the call. Without this, GCC frees the frame
	 * and tail-calls stackleak_deep_fill(), which then runs where the hole
	 * was: no hole at all (the negative control in user/leaktest.c checks for that).
	 */
	__asm__ __volatile__("" : : "r"(hole) : "memory");
	return (long)sum;
}

/*
 * The buggy pair of user/leak.c: leak_write_secret(pattern) stores the pattern
 * in a stack buffer; leak_read_uninit() returns the same slot of the same
 * buffer without ever writing it -- the classic uninitialised-variable leak.
 * One function serves both so that the buffer lies at the same place in the
 * same frame; with the same stack offset on both calls, the read finds the
 * secret unless something erased it in between. The buffer is 64 bytes, below
 * the search depth, so this frame needs no tracking call.
 */
#define LEAK_BUF_WORDS	   8
#define LEAK_SLOT	   3
/*
 * And it runs below a 256-byte frame of zeros, as a bug a few calls deep
 * would. Without that cushion the slot can lie in the top 224 bytes of the
 * stack on powerpc (320 on s390x), where the exit path's own frames live
 * while the erase runs: that part is never erased (docs/stackleak.md, "What
 * it cannot erase"), and the exit path's frames may or may not overwrite the
 * slot -- on powerpc with clang they did, so even with everything off nothing
 * leaked. The demo is about the used stack below.
 */
#define LEAK_CUSHION_WORDS 32

static __noinline unsigned long leak_frame(unsigned long secret, bool write)
{
	unsigned long buf[LEAK_BUF_WORDS];
	volatile unsigned long *slot = &buf[LEAK_SLOT];

	/*
	 * Hide from the compiler where slot points: it can neither prove the
	 * read uninitialised (and warn, or fold it to anything it likes) nor
	 * drop the store as dead. Both are real memory accesses to the frame.
	 */
	__asm__ __volatile__("" : "+r"(slot));
	if (write) {
		*slot = secret;
		return 0;
	}
	return *slot;
}

static __noinline unsigned long leak_cushion(unsigned long secret, bool write)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	volatile unsigned long cushion[LEAK_CUSHION_WORDS];
	unsigned long ret;

	for (unsigned int i = 0; i < ARRAY_SIZE(cushion); i++)
		cushion[i] = 0; /* all written: no hole for the search to stop at */
	ret = leak_frame(secret, write);
	return ret + cushion[0]; /* used after the call: no tail call frees it first */
}

SYSCALL_DEFINE1(leak_write_secret, unsigned long, secret)
{
	return (long)leak_cushion(secret, true);
}

SYSCALL_DEFINE0(leak_read_uninit)
{
	return (long)leak_cushion(0, false);
}

/*
 * stackleak_check(): LKDTM's STACKLEAK_ERASING, as a syscall. It checks that
 * the erase before this syscall left nothing behind: below the top of the
 * poison, every word down to the canary must be poison.
 *
 * LKDTM masks interrupts for the test; the kernel here always runs so. Until
 * the verdict it calls nothing out of line: a call's frame would land in the
 * very region being checked (after this syscall, printk's frames do, and the
 * erase on the way out takes them away again). With mode =
 * STACKLEAK_CHECK_QUIET it prints only a failure.
 */
SYSCALL_DEFINE1(stackleak_check, unsigned long, mode)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
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
	unsigned long v_addr = stackleak_verify.addr, v_value = stackleak_verify.value,
		      v_nr = stackleak_verify.nr;

	if (sp < low || sp >= high) {
		printk("stackleak: ERROR: sp 0x%lx outside the task stack [0x%lx..0x%lx]\n", sp,
		       low, high - 1);
		return -ERANGE;
	}
	if (lowest < low || lowest >= high) {
		printk("stackleak: ERROR: lowest_stack 0x%lx outside the task stack "
		       "[0x%lx..0x%lx]\n",
		       lowest, low, high - 1);
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
	if (!bad && !gap_bad && !v_failures && mode == STACKLEAK_CHECK_QUIET)
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
		       "below them\n",
		       v_erases);
	if (bad) {
		printk("stackleak: ERROR: non-poison value 0x%lx at 0x%lx, %lu bytes below the "
		       "poison boundary (%lu such words)\n",
		       first_value, first, poison_high - first, bad);
	}
	if (gap_bad)
		printk("stackleak: ERROR: non-poison value 0x%lx at 0x%lx in the offset's gap "
		       "(%lu such words)\n",
		       gap_first_value, gap_first, gap_bad);
	if (v_failures)
		printk("stackleak: ERROR: %lu of %lu erases left non-poison below themselves, "
		       "the first 0x%lx at 0x%lx (%lu bytes below pt_regs, on the way back from "
		       "syscall %ld)\n",
		       v_failures, v_erases, v_value, v_addr, high - v_addr, (long)v_nr);
	if (bad || gap_bad || v_failures) {
		printk("stackleak: ERROR: the thread stack is NOT properly erased\n");
		return -EFAULT;
	}
	printk("OK: the rest of the thread stack is properly erased\n");
	return 0;
}
