// SPDX-License-Identifier: MIT
/* The simple system calls: identity, time, power. */
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <trapdoor/file.h>
#include <trapdoor/mm.h>
#include <trapdoor/printk.h>
#include <trapdoor/random.h>
#include <trapdoor/setup.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/uaccess.h>
#include <uapi/errno.h>
#include <uapi/trapdoor.h>

#include "syscalls.h"

SYSCALL_DEFINE1(exit, int, error_code)
{
	do_exit((error_code & 0xff) << 8);
}

SYSCALL_DEFINE1(exit_group, int, error_code)
{
	do_exit((error_code & 0xff) << 8);
}

SYSCALL_DEFINE0(getpid)
{
	return current->pid;
}

SYSCALL_DEFINE0(gettid)
{
	return current->pid; /* one thread per task */
}

SYSCALL_DEFINE0(getppid)
{
	return current->parent ? current->parent->pid : 0;
}

SYSCALL_DEFINE0(sched_yield)
{
	schedule();
	return 0;
}

SYSCALL_DEFINE1(uname, struct new_utsname __user *, name)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct new_utsname u;

	memset(&u, 0, sizeof(u));
	strscpy(u.sysname, "trapdoor", sizeof(u.sysname));
	strscpy(u.nodename, "trapdoor", sizeof(u.nodename));
	strscpy(u.release, TRAPDOOR_VERSION, sizeof(u.release));
	strscpy(u.version, boot_info.machine, sizeof(u.version));
	strscpy(u.machine, ARCH_NAME, sizeof(u.machine));
	return copy_to_user(name, &u, sizeof(u));
}

SYSCALL_DEFINE2(clock_gettime, clockid_t, which_clock, struct timespec __user *, tp)
{
	u64 cycles = arch_get_cycles(), hz = arch_cycles_per_sec();
	struct timespec ts;

	if (which_clock != CLOCK_MONOTONIC)
		return -EINVAL;
	ts.tv_sec = (long)(cycles / hz);
	/* The remainder is < hz, so the product fits in 64 bits for hz < 2^34. */
	ts.tv_nsec = (long)((cycles % hz) * 1000000000ULL / hz);
	return copy_to_user(tp, &ts, sizeof(ts));
}

#define GRND_NONBLOCK 0x0001
#define GRND_RANDOM   0x0002
#define GRND_INSECURE 0x0004

/*
 * getrandom(buf, count, flags): bytes from the CRNG. The boot makes the CRNG
 * ready before init runs, so nothing ever has to wait for it here; a CRNG
 * that is somehow not ready answers -EAGAIN rather than block for ever.
 */
SYSCALL_DEFINE3(getrandom, u8 __user *, ubuf, size_t, count, unsigned int, flags)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	u8 chunk[64];
	size_t done = 0;

	if (flags & ~(unsigned int)(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE))
		return -EINVAL;
	/* "Never block" and "the blocking pool" contradict each other: Linux refuses both. */
	if ((flags & (GRND_RANDOM | GRND_INSECURE)) == (GRND_RANDOM | GRND_INSECURE))
		return -EINVAL;
	if (count > 33554431) /* Linux's cap: INT_MAX >> 6 */
		count = 33554431;
	if (!access_ok(ubuf, count, PROT_WRITE))
		return -EFAULT;
	if (!crng_ready() && !(flags & GRND_INSECURE))
		return -EAGAIN;
	while (done < count) {
		size_t n = count - done < sizeof(chunk) ? count - done : sizeof(chunk);

		get_random_bytes(chunk, n);
		if (copy_to_user(ubuf + done, chunk, n) < 0)
			return -EFAULT;
		done += n;
	}
	memzero_explicit(chunk, sizeof(chunk));
	return (long)done;
}
