// SPDX-License-Identifier: MIT
/*
 * sysinfotest: the syscall lab's test of sync() and sysinfo() (docs/labs/syscall.md).
 * Copy it to user/ unchanged; it prints one PASS/FAIL line per test and
 * exits with the number of failures. The lab's grader reads the lines.
 */
#include "lib/ulib.h"

int main(void);

/* sync(): files live in RAM, nothing is written back; and the number is Linux's. */
static void test_sync(void)
{
	long r = sync(), raw = syscall0(81);

	CHECK("lab.syscall.sync", r == 0 && raw == 0 && __NR_sync == 81,
	      "sync() = %ld, syscall 81 = %ld, __NR_sync = %d", r, raw, __NR_sync);
}

/* sysinfo() says what kernel_stats says, taken right after it with no allocation between. */
static void test_counters(void)
{
	struct sysinfo si;
	struct kernel_stats ks;
	long r;

	memset(&si, 0xa5, sizeof(si));
	r = sysinfo(&si);
	get_kernel_stats(&ks);
	CHECK("lab.syscall.sysinfo_number", __NR_sysinfo == 179 && syscall1(179, &si) == 0,
	      "__NR_sysinfo = %d", __NR_sysinfo);
	CHECK("lab.syscall.sysinfo_freeram",
	      r == 0 && si.freeram == ks.free_pages && si.mem_unit >= 4096 &&
		  si.mem_unit <= 65536 && !(si.mem_unit & (si.mem_unit - 1)),
	      "sysinfo() = %ld, freeram %lu (kernel_stats: %lu free pages), mem_unit %lu", r,
	      si.freeram, ks.free_pages, si.mem_unit);
	CHECK("lab.syscall.sysinfo_procs", r == 0 && si.procs == ks.nr_tasks,
	      "procs %lu, kernel_stats: %lu tasks", si.procs, ks.nr_tasks);
}

/* procs counts a child while it lives, and not after it was reaped. */
static void test_procs_child(void)
{
	struct sysinfo before, during, after;
	int fds[2], status = 0;
	long pid;
	char c;

	sysinfo(&before);
	if (pipe2(fds, 0) < 0) {
		CHECK("lab.syscall.sysinfo_procs_child", false, "pipe2 failed");
		return;
	}
	pid = fork();
	if (pid == 0) {
		close(fds[1]);
		read(fds[0], &c, 1); /* until the parent closes its end */
		exit(0);
	}
	close(fds[0]);
	sysinfo(&during);
	close(fds[1]);
	waitpid((int)pid, &status, 0);
	sysinfo(&after);
	CHECK("lab.syscall.sysinfo_procs_child",
	      pid > 0 && during.procs == before.procs + 1 && after.procs == before.procs,
	      "procs %lu before fork, %lu with the child, %lu after it was reaped", before.procs,
	      during.procs, after.procs);
}

/* uptime is whole seconds of the monotonic clock. */
static void test_uptime(void)
{
	struct timespec nap = { 1, 200000000 }, t0, t1;
	struct sysinfo si;
	long r;

	nanosleep(&nap, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	r = sysinfo(&si);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	CHECK("lab.syscall.sysinfo_uptime",
	      r == 0 && si.uptime >= 1 && si.uptime >= t0.tv_sec && si.uptime <= t1.tv_sec,
	      "uptime %ld, clock_gettime %ld.%09ld s .. %ld.%09ld s", si.uptime, t0.tv_sec,
	      t0.tv_nsec, t1.tv_sec, t1.tv_nsec);
}

/* A bad pointer is -EFAULT and nothing else: the kernel keeps running. */
static void test_bad_pointers(void)
{
	struct kernel_stats ks;
	unsigned long bad[4];
	long r[4];
	bool ok = true;

	get_kernel_stats(&ks);
	bad[0] = 0;			/* nothing is mapped at 0 */
	bad[1] = report_stack() & ~7UL; /* the kernel's own stack */
	bad[2] = ks.kernel_text & ~7UL; /* the kernel's text */
	bad[3] = ~0UL - 8;		/* wraps around the address space */
	for (int i = 0; i < 4; i++) {
		r[i] = sysinfo((struct sysinfo *)bad[i]);
		ok = ok && r[i] == -EFAULT;
	}
	CHECK("lab.syscall.sysinfo_efault", ok && getpid() > 0,
	      "sysinfo(0x%lx) = %ld, (0x%lx) = %ld, (0x%lx) = %ld, (0x%lx) = %ld; want -%d", bad[0],
	      r[0], bad[1], r[1], bad[2], r[2], bad[3], r[3], EFAULT);
}

int main(void)
{
	test_sync();
	test_counters();
	test_procs_child();
	test_uptime();
	test_bad_pointers();
	printf("sysinfotest: %d failed\n", test_failures);
	return test_failures;
}
