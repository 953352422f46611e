// SPDX-License-Identifier: MIT
/*
 * Deliberate kernel bugs, one per test, as Linux's LKDTM has them: each must
 * end the way the kernel's hardening says it will (a named Oops or panic), or
 * report that it got away with it. They reach the kernel through the
 * lkdtm(name, arg) syscall (user/lkdtm.c) or the test image's lkdtm=NAME boot
 * option, which has init run that one test (see docs/hardening.md).
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
	if (depth == 0)
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

/* A direct load from a user address: PAN, SMAP, KUAP or separate spaces stop it. */
static long run_access_userspace(unsigned long arg)
{
	unsigned long v = *(volatile unsigned long *)arg;

	printk("lkdtm: ACCESS_USERSPACE: the kernel read 0x%lx from user address 0x%lx\n", v,
	       arg);
	return -EPERM;
}

/* The same load through copy_from_user must work: the hardening opens for uaccess. */
static long run_access_userspace_uaccess(unsigned long arg)
{
	unsigned long v;

	return copy_from_user(&v, arg, sizeof(v)) < 0 ? -EFAULT : (long)v;
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
	char name[32];
	long err = strncpy_from_user(name, a0, sizeof(name));

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
