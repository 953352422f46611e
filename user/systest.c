// SPDX-License-Identifier: MIT
/*
 * systest: the syscall path from user mode. Prints one PASS/FAIL line per
 * test and exits with the number of failures.
 */
#include "lib/ulib.h"

int main(void);

/* 100 000 null syscalls, each wrapped in a check of every preserved register. */
static void test_null_syscalls(void)
{
	long pid = getpid(), bad = 0, first = 0;

	for (long i = 0; i < 100000; i++) {
		long r = regcheck_syscall(__NR_getpid);

		if (r && !bad++)
			first = r;
	}
	CHECK("user.syscall.getpid_100000_registers_intact", bad == 0,
	      "%ld calls corrupted a register (first: register #%ld in regcheck.S)", bad, first);
	CHECK("user.syscall.getpid_value", pid > 0 && getpid() == pid && gettid() == pid,
	      "getpid %ld, gettid %ld", pid, gettid());
	/* Registers survive the error path too. */
	CHECK("user.syscall.enosys_registers_intact", regcheck_syscall(0xffff) == 0,
	      "register #%ld changed", regcheck_syscall(0xffff));
}

static void test_bad_numbers(void)
{
	static const long numbers[] = { -1,
					0xffff,
					NR_syscalls,
					0x7fffffffffffffffL,
					(long)0x8000000000000000UL,
					999 /* between every Linux table and trapdoor's own */ };
	struct kernel_stats before, after;
	bool ok = true;
	long got = 0, which = 0;

	get_kernel_stats(&before);
	for (unsigned int i = 0; i < ARRAY_SIZE(numbers); i++) {
		long r = __syscall6(numbers[i], 1, 2, 3, 4, 5, 6);

		if (r != -ENOSYS && ok) {
			ok = false;
			got = r;
			which = numbers[i];
		}
	}
	get_kernel_stats(&after);
	CHECK("user.syscall.bad_numbers_enosys", ok, "syscall %ld returned %ld", which, got);
	CHECK("user.syscall.bad_numbers_counted",
	      after.enosys - before.enosys == ARRAY_SIZE(numbers), "counted %lu, want %u",
	      after.enosys - before.enosys, (unsigned int)ARRAY_SIZE(numbers));
}

static void test_bad_pointers(void)
{
	const char *kernel = (const char *)report_stack();
	char ok_buf[4] = "ok\n";
	long r;

	r = write(1, kernel, 8);
	CHECK("user.uaccess.write_kernel_address", r == -EFAULT, "returned %ld", r);
	r = write(1, (const void *)16, 8);
	CHECK("user.uaccess.write_unmapped_address", r == -EFAULT, "returned %ld", r);
	r = write(1, (const void *)(~0UL - 7), 64);
	CHECK("user.uaccess.write_wrapping_range", r == -EFAULT, "returned %ld", r);
	r = write(1, ok_buf, ~(size_t)0);
	CHECK("user.uaccess.write_size_max", r == -EFAULT, "returned %ld", r);
	r = write(1, ok_buf, 1 << 20); /* starts mapped, runs off the end */
	CHECK("user.uaccess.write_runs_off_mapping", r == -EFAULT, "returned %ld", r);
	r = write(7, ok_buf, 3);
	CHECK("user.syscall.write_bad_fd", r == -EBADF, "returned %ld", r);
	r = uname((struct new_utsname *)kernel);
	CHECK("user.uaccess.uname_to_kernel_address", r == -EFAULT, "returned %ld", r);
	r = clock_gettime(CLOCK_MONOTONIC, (struct timespec *)main);
	CHECK("user.uaccess.copy_to_read_only_text", r == -EFAULT, "returned %ld", r);
	r = spawn((const char *)kernel, NULL);
	CHECK("user.uaccess.spawn_kernel_name", r == -EFAULT, "returned %ld", r);
}

static void test_simple_calls(void)
{
	struct new_utsname u;
	struct timespec t0, t1;
	const char *argv[] = { "nosuch", NULL };
	long r;
	int status;

	r = uname(&u);
	CHECK("user.syscall.uname", r == 0 && !strcmp(u.sysname, "trapdoor") && u.machine[0],
	      "returned %ld, sysname \"%s\"", r, u.sysname);
	r = clock_gettime(CLOCK_MONOTONIC, &t0);
	for (volatile int i = 0; i < 10000; i++)
		;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	CHECK("user.syscall.clock_gettime_monotonic",
	      r == 0 && t0.tv_nsec >= 0 && t0.tv_nsec < 1000000000 &&
		  (t1.tv_sec > t0.tv_sec || (t1.tv_sec == t0.tv_sec && t1.tv_nsec > t0.tv_nsec)),
	      "%ld.%09ld then %ld.%09ld", t0.tv_sec, t0.tv_nsec, t1.tv_sec, t1.tv_nsec);
	r = clock_gettime(12345, &t0);
	CHECK("user.syscall.clock_gettime_bad_clock", r == -EINVAL, "returned %ld", r);
	CHECK("user.syscall.sched_yield", sched_yield() == 0, "nonzero");
	CHECK("user.syscall.getppid_is_init", getppid() == 1, "getppid %ld", getppid());
	r = spawn("/bin/nosuch", argv);
	CHECK("user.syscall.spawn_missing_program", r == -ENOENT, "returned %ld", r);
	r = waitpid(-1, &status, 0);
	CHECK("user.syscall.wait_without_children", r == -ECHILD, "returned %ld", r);
	r = syscall4(__NR_reboot, 1, 2, LINUX_REBOOT_CMD_POWER_OFF, 0);
	CHECK("user.syscall.reboot_needs_magic", r == -EINVAL, "returned %ld", r);
}

/* Without a stack offset the dispatcher's SP is the same on every call. */
static void test_kstack_baseline(void)
{
	long old_mode = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, KSTACK_MODE_OFF);
	unsigned long first = report_stack(), differ = 0, other = 0;

	for (int i = 0; i < 1000; i++) {
		unsigned long sp = report_stack();

		if (sp != first && !differ++)
			other = sp;
	}
	CHECK("user.kstack.sp_identical_1000_calls", differ == 0 && first != 0,
	      "%lu of 1000 differ (0x%lx vs 0x%lx)", differ, first, other);
	/* 16 on five ABIs; the s390x ABI promises only 8 (KSTACK_ALIGN). */
	CHECK("user.kstack.sp_8_byte_aligned", (first & 7) == 0, "sp 0x%lx", first);
	if (old_mode >= 0)
		trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, old_mode);
}

/* getrandom: two reads differ, bad buffers and flags are refused. */
static void test_getrandom(void)
{
	u8 a[32], b[32];
	long r1 = getrandom(a, sizeof(a), 0), r2 = getrandom(b, sizeof(b), 0);

	CHECK("user.syscall.getrandom_fills_and_differs",
	      r1 == 32 && r2 == 32 && memcmp(a, b, sizeof(a)) != 0, "returned %ld, %ld", r1, r2);
	CHECK("user.syscall.getrandom_bad_buffer",
	      getrandom((void *)report_stack(), 16, 0) == -EFAULT, "accepted a kernel address");
	CHECK("user.syscall.getrandom_bad_flags", getrandom(a, 1, 0x80) == -EINVAL, "accepted");
	/* GRND_RANDOM | GRND_INSECURE: each alone is fine, both together contradict. */
	CHECK("user.syscall.getrandom_random_and_insecure",
	      getrandom(a, 1, 0x0006) == -EINVAL && getrandom(a, 1, 0x0002) == 1 &&
		  getrandom(a, 1, 0x0004) == 1,
	      "GRND_RANDOM | GRND_INSECURE accepted");
}

/*
 * Every call that fills a buffer writes what it says and nothing past it:
 * the buffer starts as 0xaa, the bytes the call owns end up defined (a
 * string and zeros to the end of its field), the rest stay 0xaa.
 */
static bool all_bytes(const u8 *p, size_t from, size_t to, u8 v)
{
	for (size_t i = from; i < to; i++)
		if (p[i] != v)
			return false;
	return true;
}

/* A string field: a terminated string, then zeros to its end. */
static bool zero_padded(const char *f, size_t size)
{
	size_t n = strnlen(f, size);

	return n < size && all_bytes((const u8 *)f, n, size, 0);
}

static void test_buffers_written_exactly(void)
{
	static u8 buf[1024];
	struct new_utsname *u = (struct new_utsname *)buf;
	struct timespec *ts = (struct timespec *)buf;
	unsigned int *cpu = (unsigned int *)buf;
	long r;
	bool ok;

	memset(buf, 0xaa, sizeof(buf));
	r = uname(u);
	ok = r == 0 && zero_padded(u->sysname, sizeof(u->sysname)) &&
	     zero_padded(u->nodename, sizeof(u->nodename)) &&
	     zero_padded(u->release, sizeof(u->release)) &&
	     zero_padded(u->version, sizeof(u->version)) &&
	     zero_padded(u->machine, sizeof(u->machine)) &&
	     zero_padded(u->domainname, sizeof(u->domainname)) &&
	     all_bytes(buf, sizeof(*u), sizeof(buf), 0xaa);
	CHECK("user.syscall.uname_fields_zero_padded", ok, "returned %ld", r);

	memset(buf, 0xaa, sizeof(buf));
	r = clock_gettime(CLOCK_MONOTONIC, ts);
	CHECK("user.syscall.clock_gettime_writes_one_timespec",
	      r == 0 && ts->tv_nsec >= 0 && ts->tv_nsec < 1000000000L &&
		  all_bytes(buf, sizeof(*ts), sizeof(buf), 0xaa),
	      "returned %ld", r);

	memset(buf, 0xaa, sizeof(buf));
	r = getrandom(buf, 5, 0);
	CHECK("user.syscall.getrandom_writes_count_bytes",
	      r == 5 && all_bytes(buf, 5, sizeof(buf), 0xaa), "returned %ld", r);

	/* 16 bytes offered, one long (the cpumask's size) written. */
	memset(buf, 0xaa, sizeof(buf));
	r = sched_getaffinity(0, 2 * sizeof(unsigned long), (unsigned long *)buf);
	CHECK("user.syscall.sched_getaffinity_writes_what_it_returns",
	      r == (long)sizeof(unsigned long) && (*(unsigned long *)buf & 1) &&
		  all_bytes(buf, (size_t)r, sizeof(buf), 0xaa),
	      "returned %ld", r);

	memset(buf, 0xaa, sizeof(buf));
	r = getcpu(&cpu[0], &cpu[2], NULL);
	CHECK("user.syscall.getcpu_writes_two_ints",
	      r == 0 && cpu[2] == 0 && all_bytes(buf, 4, 8, 0xaa) &&
		  all_bytes(buf, 12, sizeof(buf), 0xaa),
	      "returned %ld, cpu %u node %u", r, cpu[0], cpu[2]);

	memset(buf, 0xaa, sizeof(buf));
	r = get_kernel_stats((struct kernel_stats *)buf);
	CHECK("user.syscall.kernel_stats_writes_one_struct",
	      r == 0 && all_bytes(buf, sizeof(struct kernel_stats), sizeof(buf), 0xaa) &&
		  ((struct kernel_stats *)buf)->calls > 0,
	      "returned %ld", r);
}

int main(void)
{
	test_null_syscalls();
	test_bad_numbers();
	test_bad_pointers();
	test_simple_calls();
	test_kstack_baseline();
	test_getrandom();
	test_buffers_written_exactly();
	return test_failures;
}
