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
 * And the stack-erase fixtures (below the table): a frame with a hole the
 * erase's search must not stop at, and a syscall pair that leaks an
 * uninitialised stack slot (docs/stackleak.md).
 */
#include <trapdoor/compiler.h>
#include <trapdoor/lkdtm.h>
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
		      "overwritten", current->pid, current->comm);
	return r;
}

static long lkdtm_exec(void *area)
{
	void (*fn)(void) = (void (*)(void))area;

	memcpy(area, (const void *)(unsigned long)lkdtm_do_nothing, 64);
	fn();
	return -EPERM;	/* it ran: the memory was executable */
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

	printk("lkdtm: ACCESS_USERSPACE: the kernel read 0x%lx from user address 0x%lx\n", v,
	       arg);
	return -EPERM;
}

/* The same load through copy_from_user must work: the hardening opens for uaccess. */
static long run_access_userspace_uaccess(unsigned long arg)
{
	unsigned long v;

	return copy_from_user(&v, u64_to_user_ptr(arg), sizeof(v)) < 0 ? -EFAULT : (long)v;
}

static const struct lkdtm_test lkdtm_tests[] = {
	{ "EXHAUST_STACK", run_exhaust_stack },
	{ "WRITE_RO", run_write_ro },
	{ "WRITE_KERN", run_write_kern },
	{ "EXEC_DATA", run_exec_data },
	{ "EXEC_STACK", run_exec_stack },
	{ "ACCESS_USERSPACE", run_access_userspace },
	{ "ACCESS_USERSPACE_UACCESS", run_access_userspace_uaccess },
};

/* lkdtm=NAME (test images): init runs that one test instead of the suite. */
char lkdtm_boot_test[32];

int lkdtm_setup(const char *value)
{
	for (size_t i = 0; i < ARRAY_SIZE(lkdtm_tests); i++)
		if (!strcmp(value, lkdtm_tests[i].name))
			return strscpy(lkdtm_boot_test, value, sizeof(lkdtm_boot_test)) < 0 ? -EINVAL : 0;
	return -EINVAL;
}

/*
 * lkdtm(name, arg): runs the named test. A test that returns got away with
 * its bug (-EPERM) or, for the uaccess one, gives the value read.
 */
SYSCALL_DEFINE(lkdtm)
{
	stackleak_track_stack();	/* a frame bigger than the stackleak search depth */
	char name[32];
	long err = strncpy_from_user(name, u64_to_user_ptr(a0), sizeof(name));

	if (err < 0)
		return err;
	for (size_t i = 0; i < ARRAY_SIZE(lkdtm_tests); i++) {
		if (strcmp(name, lkdtm_tests[i].name))
			continue;
		printk("lkdtm: performing %s\n", name);
		return lkdtm_tests[i].run(a1);
	}
	return -EINVAL;
}

/* --- the stack-erase fixtures: syscalls user/leaktest.c and user/leak.c call --- */

/*
 * stackleak_deep(untracked): a frame with a 2 KiB hole -- an array nothing
 * writes -- above a chain of deeper calls that write their frames. The hole is
 * twice the search depth and more than the largest kernel-stack offset (1008
 * bytes), so a search that starts above it stops at it, whatever the offsets.
 * Our tracking call puts the start below it; with a0 =
 * STACKLEAK_DEEP_UNTRACKED it is skipped, and the words below the hole stay.
 * The build lets its frame exceed the search depth because it calls
 * stackleak_track_stack() (tools/check-frames sees the call, not whether it
 * runs): it is the negative control.
 */
#define STACKLEAK_DEEP_HOLE_WORDS	256
#define STACKLEAK_DEEP_LEVELS		4
#define STACKLEAK_DEEP_MARK		0x57ac1ea4de000000UL	/* "stackleak deep" */

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

SYSCALL_DEFINE(stackleak_deep)
{
	unsigned long hole[STACKLEAK_DEEP_HOLE_WORDS], sum;

	/* The address escapes, so the array must exist in the frame; nothing writes it. */
	__asm__ __volatile__("" : : "r"(hole) : "memory");
	if (a0 != STACKLEAK_DEEP_UNTRACKED)
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
#define LEAK_BUF_WORDS	8
#define LEAK_SLOT	3
/*
 * And it runs below a 256-byte frame of zeros, as a bug a few calls deep
 * would. Without that cushion the slot can lie in the top 224 bytes of the
 * stack on powerpc (320 on s390x), where the exit path's own frames live
 * while the erase runs: that part is never erased (docs/stackleak.md, "What
 * it cannot erase"), and the exit path's frames may or may not overwrite the
 * slot -- on powerpc with clang they did, so even with everything off nothing
 * leaked. The demo is about the used stack below.
 */
#define LEAK_CUSHION_WORDS	32

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
	stackleak_track_stack();	/* a frame bigger than the stackleak search depth */
	volatile unsigned long cushion[LEAK_CUSHION_WORDS];
	unsigned long ret;

	for (unsigned int i = 0; i < ARRAY_SIZE(cushion); i++)
		cushion[i] = 0;	/* all written: no hole for the search to stop at */
	ret = leak_frame(secret, write);
	return ret + cushion[0];	/* used after the call: no tail call frees it first */
}

SYSCALL_DEFINE(leak_write_secret)
{
	return (long)leak_cushion(a0, true);
}

SYSCALL_DEFINE(leak_read_uninit)
{
	return (long)leak_cushion(0, false);
}
