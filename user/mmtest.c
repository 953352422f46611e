// SPDX-License-Identifier: MIT
/*
 * mmtest: the memory calls (brk, mmap, munmap, mprotect) and what is behind
 * them (docs/memory.md): demand-zero pages, the 8 MiB stack and its guard
 * gap, copy-on-write after fork, out-of-memory, and every page back at the
 * end. The errors expected are the ones Linux gives for the same calls (the
 * same calls run on Linux). Prints one PASS/FAIL line per test and exits
 * with the number of failures.
 */
#include "lib/ulib.h"
#include <uapi/fcntl.h>

/* The page size: 4 KiB, or 16 KiB on loongarch (main() finds it). */
static long PAGE = 4096;
#define MIB	 (1024L * 1024)
#define ANON	 (MAP_PRIVATE | MAP_ANONYMOUS)
#define RW	 (PROT_READ | PROT_WRITE)
#define NR_COW	 50
#define COW_SIZE (16 * PAGE)

/* The smallest power of two from 4 KiB that mprotect takes as page aligned. */
static long find_page_size(void)
{
	long a = mmap(NULL, 1L << 20, PROT_READ, ANON, -1, 0), page = 4096;

	while (page < (1L << 19) && mprotect((void *)(a + page), page, PROT_READ) == -EINVAL)
		page *= 2;
	munmap((void *)a, 1L << 20);
	return page;
}

static unsigned long free_pages(void)
{
	struct kernel_stats st;

	get_kernel_stats(&st);
	return st.free_pages;
}

/* fn(arg) in a child that exits 0 if fn returns; its wait4 status. */
static int in_child(void (*fn)(long), long arg)
{
	int status = -1;
	long pid = fork();

	if (pid == 0) {
		fn(arg);
		exit(0);
	}
	if (pid < 0 || waitpid((int)pid, &status, 0) != pid)
		return -1;
	return status;
}

static bool killed_by(int status, int sig)
{
	return status != -1 && WIFSIGNALED(status) && WTERMSIG(status) == sig;
}

static void write_byte(long addr)
{
	*(volatile char *)addr = 1;
}

static void read_byte(long addr)
{
	(void)*(volatile char *)addr;
}

/* Each call's errors, as Linux (x86_64, 6.x) returns them for the same arguments. */
static void test_errors(void)
{
	long a = mmap(NULL, 3 * PAGE, RW, ANON, -1, 0), r;
	int fds[2];

	CHECK("user.mm.mmap_anon", a > 0 && !(a & (PAGE - 1)), "mmap gave %ld", a);
	CHECK("user.mm.mmap_len0_einval", (r = mmap(NULL, 0, PROT_READ, ANON, -1, 0)) == -EINVAL,
	      "%ld", r);
	CHECK("user.mm.mmap_offset_einval",
	      (r = mmap(NULL, PAGE, PROT_READ, ANON, -1, 1)) == -EINVAL, "%ld", r);
	CHECK("user.mm.mmap_no_type_einval",
	      (r = mmap(NULL, PAGE, PROT_READ, MAP_ANONYMOUS, -1, 0)) == -EINVAL, "%ld", r);
	CHECK("user.mm.mmap_bad_fd_ebadf",
	      (r = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, -1, 0)) == -EBADF, "%ld", r);
	CHECK("user.mm.mmap_bad_fd99_ebadf",
	      (r = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, 99, 0)) == -EBADF, "%ld", r);
	pipe2(fds, 0);
	CHECK("user.mm.mmap_pipe_enodev",
	      (r = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE, fds[0], 0)) == -ENODEV, "%ld", r);
	CHECK("user.mm.mmap_pipe_len0_einval",
	      (r = mmap(NULL, 0, PROT_READ, MAP_PRIVATE, fds[0], 0)) == -EINVAL, "%ld", r);
	close(fds[0]);
	close(fds[1]);
	CHECK("user.mm.mmap_huge_enomem",
	      (r = mmap(NULL, -PAGE, PROT_READ, ANON, -1, 0)) == -ENOMEM, "%ld", r);
	CHECK("user.mm.mmap_fixed_unaligned_einval",
	      (r = mmap((void *)(a + 1), PAGE, PROT_READ, ANON | MAP_FIXED, -1, 0)) == -EINVAL,
	      "%ld", r);
	CHECK("user.mm.mmap_noreplace_eexist",
	      (r = mmap((void *)(a + PAGE), PAGE, PROT_READ, ANON | MAP_FIXED_NOREPLACE, -1, 0)) ==
		  -EEXIST,
	      "%ld", r);
	CHECK("user.mm.mmap_noreplace_unaligned_einval",
	      (r = mmap((void *)(a + 1), PAGE, PROT_READ, ANON | MAP_FIXED_NOREPLACE, -1, 0)) ==
		  -EINVAL,
	      "%ld", r);
	CHECK("user.mm.mmap_fixed_replaces",
	      (r = mmap((void *)(a + PAGE), PAGE, PROT_READ, ANON | MAP_FIXED, -1, 0)) == a + PAGE,
	      "%ld, want %ld", r, a + PAGE);
	r = mmap(NULL, PAGE, 0x80, ANON, -1, 0);
	CHECK("user.mm.mmap_unknown_prot_bits_ignored", r > 0, "%ld", r);
	munmap((void *)r, PAGE);
	r = mmap(NULL, PAGE, RW, ANON | MAP_STACK, -1, 0);
	CHECK("user.mm.mmap_stack_accepted", r > 0, "%ld", r);
	munmap((void *)r, PAGE);
	CHECK("user.mm.munmap_unaligned_einval", (r = munmap((void *)(a + 1), PAGE)) == -EINVAL,
	      "%ld", r);
	CHECK("user.mm.munmap_len0_einval", (r = munmap((void *)a, 0)) == -EINVAL, "%ld", r);
	CHECK("user.mm.munmap_huge_einval", (r = munmap((void *)a, -PAGE)) == -EINVAL, "%ld", r);
	CHECK("user.mm.munmap_nothing_ok", (r = munmap((void *)(a + 100 * PAGE), PAGE)) == 0, "%ld",
	      r);
	CHECK("user.mm.mprotect_unaligned_einval",
	      (r = mprotect((void *)(a + 1), PAGE, PROT_READ)) == -EINVAL, "%ld", r);
	CHECK("user.mm.mprotect_bad_prot_einval", (r = mprotect((void *)a, PAGE, 0x80)) == -EINVAL,
	      "%ld", r);
	CHECK("user.mm.mprotect_len0_ok", (r = mprotect((void *)a, 0, PROT_READ)) == 0, "%ld", r);
	munmap((void *)(a + 2 * PAGE), PAGE);
	CHECK("user.mm.mprotect_hole_enomem",
	      (r = mprotect((void *)a, 3 * PAGE, PROT_READ)) == -ENOMEM, "%ld", r);
	CHECK("user.mm.mprotect_wrap_enomem",
	      (r = mprotect((void *)a, -PAGE, PROT_READ)) == -ENOMEM, "%ld", r);
	munmap((void *)a, 2 * PAGE);
}

/* Pages appear zeroed on first touch, keep what is written, and go with munmap. */
static void test_mmap_munmap(void)
{
	long a = mmap(NULL, 8 * PAGE, RW, ANON, -1, 0), c, d, r;
	volatile long *p = (volatile long *)a;
	bool zero = true;
	int st;

	for (long i = 0; i < 8 * PAGE / (long)sizeof(long); i++)
		zero &= p[i] == 0;
	CHECK("user.mm.demand_zero", a > 0 && zero, "mmap %ld, a nonzero word", a);
	for (long i = 0; i < 8; i++)
		p[i * PAGE / 8] = i + 100;
	CHECK("user.mm.keeps_writes", p[0] == 100 && p[7 * PAGE / 8] == 107, "%ld %ld", p[0],
	      p[7 * PAGE / 8]);
	/* A hole in the middle: the pages around it stay. */
	CHECK("user.mm.munmap_middle", munmap((void *)(a + 2 * PAGE), 2 * PAGE) == 0, "failed");
	st = in_child(read_byte, a + 2 * PAGE);
	CHECK("user.mm.munmapped_read_sigsegv", killed_by(st, SIGSEGV), "child status 0x%x", st);
	CHECK("user.mm.munmap_keeps_rest", p[PAGE / 8] == 101 && p[4 * PAGE / 8] == 104, "%ld %ld",
	      p[PAGE / 8], p[4 * PAGE / 8]);
	r = mmap((void *)(a + 2 * PAGE), 2 * PAGE, RW, ANON | MAP_FIXED_NOREPLACE, -1, 0);
	CHECK("user.mm.noreplace_in_hole", r == a + 2 * PAGE && p[2 * PAGE / 8] == 0, "%ld", r);
	r = mmap((void *)(a + 7 * PAGE), 2 * PAGE, RW, ANON | MAP_FIXED_NOREPLACE, -1, 0);
	CHECK("user.mm.noreplace_straddle_eexist", r == -EEXIST, "%ld", r);
	/* MAP_FIXED over written pages: fresh zero pages. */
	r = mmap((void *)(a + PAGE), PAGE, RW, ANON | MAP_FIXED, -1, 0);
	CHECK("user.mm.fixed_zeroes", r == a + PAGE && p[PAGE / 8] == 0 && p[0] == 100, "%ld", r);
	munmap((void *)a, 8 * PAGE);
	/* Hints: taken where free, not where something is. */
	c = mmap(NULL, 4 * PAGE, RW, ANON, -1, 0);
	munmap((void *)c, 4 * PAGE);
	r = mmap((void *)(c + PAGE), PAGE, RW, ANON, -1, 0);
	CHECK("user.mm.hint_free_taken", r == c + PAGE, "%ld, want %ld", r, c + PAGE);
	d = mmap((void *)(c + PAGE), PAGE, RW, ANON, -1, 0);
	CHECK("user.mm.hint_busy_elsewhere", d > 0 && d != c + PAGE, "%ld", d);
	munmap((void *)r, PAGE);
	munmap((void *)d, PAGE);
}

/* A write to a PROT_READ page kills the writer with SIGSEGV; RELRO's split keeps the rest. */
static void test_mprotect(void)
{
	long a = mmap(NULL, 3 * PAGE, RW, ANON, -1, 0), r;
	volatile char *p = (volatile char *)a;
	int st;

	p[0] = 1;
	p[PAGE] = 2;
	p[2 * PAGE] = 3;
	r = mprotect((void *)(a + PAGE), PAGE, PROT_READ);
	CHECK("user.mm.mprotect_part", r == 0, "%ld", r);
	st = in_child(write_byte, a + PAGE);
	CHECK("user.mm.write_readonly_sigsegv", killed_by(st, SIGSEGV), "child status 0x%x", st);
	st = in_child(write_byte, a + 2 * PAGE);
	CHECK("user.mm.write_beside_ok", st == 0, "child status 0x%x", st);
	p[0] = 4;
	p[2 * PAGE] = 5;
	CHECK("user.mm.mprotect_keeps_contents", p[PAGE] == 2 && p[0] == 4 && p[2 * PAGE] == 5,
	      "%d %d %d", p[0], p[PAGE], p[2 * PAGE]);
	/* Never touched, then made read-only: reading gives zeros, writing dies. */
	r = mmap(NULL, PAGE, PROT_READ, ANON, -1, 0);
	st = in_child(write_byte, r);
	CHECK("user.mm.write_readonly_untouched_sigsegv", killed_by(st, SIGSEGV) && p[0] == 4,
	      "child status 0x%x", st);
	CHECK("user.mm.read_readonly_zero", *(volatile char *)r == 0, "nonzero");
	munmap((void *)r, PAGE);
	r = mprotect((void *)a, 3 * PAGE, PROT_NONE);
	st = in_child(read_byte, a + 2 * PAGE);
	CHECK("user.mm.read_prot_none_sigsegv", r == 0 && killed_by(st, SIGSEGV),
	      "mprotect %ld, child status 0x%x", r, st);
	r = mprotect((void *)a, 3 * PAGE, RW);
	CHECK("user.mm.prot_none_keeps_contents", r == 0 && p[0] == 4 && p[PAGE] == 2, "%ld", r);
	/* uaccess: the kernel writes into a read-only page no more than the task can. */
	mprotect((void *)a, PAGE, PROT_READ);
	r = getrandom((void *)a, 8, 0);
	CHECK("user.mm.kernel_write_readonly_efault", r == -EFAULT && p[0] == 4, "%ld", r);
	munmap((void *)a, 3 * PAGE);
}

/* 64 MiB in one task, every page touched, and all of it back after munmap. */
static void test_64mib(void)
{
	unsigned long before = free_pages(), during;
	long a = mmap(NULL, 64 * MIB, RW, ANON, -1, 0), bad = 0;

	CHECK("user.mm.mmap_64mib", a > 0, "%ld", a);
	if (a <= 0)
		return;
	for (long off = 0; off < 64 * MIB; off += PAGE)
		*(volatile long *)(a + off) = off;
	for (long off = 0; off < 64 * MIB; off += PAGE)
		bad += *(volatile long *)(a + off) != off;
	during = free_pages();
	CHECK("user.mm.touch_64mib",
	      bad == 0 && before - during >= (unsigned long)(64 * MIB / PAGE),
	      "%ld pages wrong, %lu pages taken", bad, before - during);
	/* Every page back but the page tables, which stay until exit (init checks those). */
	munmap((void *)a, 64 * MIB);
	CHECK("user.mm.munmap_64mib_frees", before - free_pages() <= 64 * MIB / (512 * 1024),
	      "%lu free before, %lu after", before, free_pages());
}

static void test_brk(void)
{
	long b0 = brk(0), r;

	CHECK("user.mm.brk_query", b0 > 0 && !(b0 & (PAGE - 1)), "%ld", b0);
	r = brk(b0 + MIB + 5);
	CHECK("user.mm.brk_grow", r == b0 + MIB + 5, "%ld, want %ld", r, b0 + MIB + 5);
	*(volatile char *)(b0 + MIB) = 7;
	CHECK("user.mm.brk_memory", *(volatile char *)(b0 + MIB) == 7 && *(volatile char *)b0 == 0,
	      "%d %d", *(volatile char *)(b0 + MIB), *(volatile char *)b0);
	r = brk(b0 + 5);
	CHECK("user.mm.brk_shrink", r == b0 + 5, "%ld", r);
	r = brk(PAGE);
	CHECK("user.mm.brk_below_start_fails", r == b0 + 5, "%ld", r);
	r = brk(-PAGE);
	CHECK("user.mm.brk_huge_fails", r == b0 + 5, "%ld", r);
	r = brk(b0 + MIB + 5);
	CHECK("user.mm.brk_regrow_zero", r == b0 + MIB + 5 && *(volatile char *)(b0 + MIB) == 0,
	      "%ld", r);
	brk(b0);
}

#define FRAME 4096

/* Each frame holds FRAME bytes: depth frames need more than depth * FRAME of stack. */
static __noinline long recurse(long depth)
{
	volatile char frame[FRAME];

	/* An index the compiler cannot know keeps the whole array on the stack. */
	frame[0] = (char)depth;
	frame[(unsigned long)depth % FRAME] = (char)depth;
	if (depth == 0)
		return 0;
	return recurse(depth - 1) + frame[0] + frame[(unsigned long)depth % FRAME];
}

static void recurse_child(long bytes)
{
	recurse(bytes / FRAME);
}

static void test_stack(void)
{
	int st = in_child(recurse_child, 6 * MIB);

	CHECK("user.mm.stack_6mib", st == 0, "child status 0x%x", st);
	st = in_child(recurse_child, 10 * MIB);
	CHECK("user.mm.stack_guard_sigsegv", killed_by(st, SIGSEGV), "child status 0x%x", st);
}

/* fork: NR_COW children each write every page of a shared buffer, and see only their own. */
static void cow_child(long n)
{
	const long nr = COW_SIZE / (long)sizeof(long);
	volatile long *p = (volatile long *)n; /* n: the buffer; the child index is in p[0] */
	long me = p[nr - 1] + 1000, bad = 0;

	for (long i = 0; i < nr; i += PAGE / (long)sizeof(long))
		bad += p[i] != i;
	for (long i = 0; i < nr; i++)
		p[i] = me;
	for (long i = 0; i < nr; i++)
		bad += p[i] != me;
	exit(bad ? 1 : 0);
}

static void test_cow(void)
{
	const long nr = COW_SIZE / (long)sizeof(long);
	long a = mmap(NULL, COW_SIZE, RW, ANON, -1, 0), bad = 0, failed = 0;
	volatile long *p = (volatile long *)a;
	unsigned long before;

	for (long i = 0; i < nr; i++)
		p[i] = i;
	before = free_pages();
	for (int c = 0; c < NR_COW; c++) {
		int st = -1;
		long pid;

		p[nr - 1] = c; /* the child's index, in the page it copies last */
		pid = fork();
		if (pid == 0)
			cow_child(a);
		p[nr - 1] = nr - 1;
		if (pid < 0 || waitpid((int)pid, &st, 0) != pid || st != 0)
			failed++;
	}
	for (long i = 0; i < nr; i++)
		bad += p[i] != i;
	CHECK("user.mm.cow_children_own_values", failed == 0, "%ld of %d children failed", failed,
	      NR_COW);
	CHECK("user.mm.cow_parent_keeps_values", bad == 0, "%ld words changed", bad);
	CHECK("user.mm.cow_pages_back", free_pages() == before, "%lu free before, %lu after",
	      before, free_pages());
	munmap((void *)a, COW_SIZE);
}

/* The kernel writes into a shared page (getrandom): the child's copy, never the parent's page. */
static void getrandom_child(long addr)
{
	exit(getrandom((void *)addr, 64, 0) == 64 ? 0 : 1);
}

static void test_cow_uaccess(void)
{
	long a = mmap(NULL, PAGE, RW, ANON, -1, 0), bad = 0;
	volatile u8 *p = (volatile u8 *)a;
	int st;

	for (int i = 0; i < 64; i++)
		p[i] = 0x5a;
	st = in_child(getrandom_child, a);
	for (int i = 0; i < 64; i++)
		bad += p[i] != 0x5a;
	CHECK("user.mm.cow_kernel_write_private", st == 0 && bad == 0,
	      "child status 0x%x, %ld of the parent's bytes changed", st, bad);
	munmap((void *)a, PAGE);
}

static void sleep_child(long unused)
{
	struct timespec ts = { 0, 50 * 1000 * 1000 };

	(void)unused;
	nanosleep(&ts, NULL);
}

/* fork costs page tables, not pages: with COW_SIZE of data touched, far less than a copy. */
static void test_fork_shares(void)
{
	long a = mmap(NULL, COW_SIZE, RW, ANON, -1, 0), pid;
	unsigned long before, after;
	int st = -1;

	for (long off = 0; off < COW_SIZE; off += PAGE)
		*(volatile char *)(a + off) = 1;
	before = free_pages();
	pid = fork();
	if (pid == 0) {
		sleep_child(0);
		exit(0);
	}
	after = free_pages();
	waitpid((int)pid, &st, 0);
	CHECK("user.mm.fork_shares_pages",
	      pid > 0 && before - after < (unsigned long)(COW_SIZE / PAGE), "fork took %lu pages",
	      before - after);
	munmap((void *)a, COW_SIZE);
}

static void oom_child(long unused)
{
	(void)unused;
	for (;;) {
		long a = mmap(NULL, 64 * MIB, RW, ANON, -1, 0);

		if (a < 0)
			exit(3); /* the address space ran out before RAM did */
		for (long off = 0; off < 64 * MIB; off += PAGE)
			*(volatile char *)(a + off) = 1;
	}
}

/* Out of memory: the task that asked dies (SIGKILL), the kernel and this task go on. */
static void test_oom(void)
{
	unsigned long before = free_pages();
	int st = in_child(oom_child, 0);

	CHECK("user.mm.oom_kills_only_the_task", killed_by(st, SIGKILL) && getpid() > 0,
	      "child status 0x%x", st);
	CHECK("user.mm.oom_pages_back", free_pages() == before, "%lu free before, %lu after",
	      before, free_pages());
}

static long openat(int dfd, const char *path, int flags, int mode)
{
	return syscall4(__NR_openat, dfd, path, flags, mode);
}

static long ftruncate(int fd, long len)
{
	return syscall2(__NR_ftruncate, fd, len);
}

static long unlinkat(int dfd, const char *path, int flags)
{
	return syscall3(__NR_unlinkat, dfd, path, flags);
}

static long mkdirat(int dfd, const char *path, int mode)
{
	return syscall3(__NR_mkdirat, dfd, path, mode);
}

#define OOM_FILL  "/tmp/.mmtest-oom-fill"
#define OOM_STEPS 48

static u8 oom_buf[16 * 4096];

/* A child of the sweep: writes its share of the shared buffer (copy-on-write), maps and touches more. */
static void oom_grandchild(void)
{
	long a;

	for (unsigned long i = 0; i < sizeof(oom_buf); i += PAGE)
		oom_buf[i] = 2;
	a = mmap(NULL, 8 * PAGE, RW, ANON, -1, 0);
	for (long off = 0; a > 0 && off < 8 * (long)PAGE; off += (long)PAGE)
		*(volatile char *)(a + off) = 1;
	exit(0);
}

/* Every call that needs memory, made with almost none left: each may fail, none may break. */
static void oom_calls(void)
{
	static const char *const argv[] = { "/bin/mmtest", "--exit", NULL };
	int fds[2], status;
	long pid, fd;

	pid = fork();
	if (pid == 0)
		oom_grandchild();
	if (pid > 0)
		waitpid((int)pid, &status, 0);
	pid = fork();
	if (pid == 0) {
		execve(argv[0], argv, NULL);
		exit(1);
	}
	if (pid > 0)
		waitpid((int)pid, &status, 0);
	if (pipe2(fds, 0) == 0) {
		write(fds[1], oom_buf, 64);
		close(fds[0]);
		close(fds[1]);
	}
	fd = openat(AT_FDCWD, "/tmp/.mmtest-oom-file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd >= 0) {
		write((int)fd, oom_buf, 3 * PAGE + 5);
		dup3((int)fd, 700, 0);
		close(700);
		ftruncate((int)fd, (long)PAGE + 1);
		close((int)fd);
	}
	unlinkat(AT_FDCWD, "/tmp/.mmtest-oom-file", 0);
	if (mkdirat(AT_FDCWD, "/tmp/.mmtest-oom-directory-with-a-long-name-beyond-the-inline",
		    0700) == 0)
		unlinkat(AT_FDCWD, "/tmp/.mmtest-oom-directory-with-a-long-name-beyond-the-inline",
			 AT_REMOVEDIR);
}

/*
 * RAM filled with a ramfs file, then given back a page at a time: at each
 * step, the calls of oom_calls() run out at a different allocation.
 */
static void oom_sweep_child(long unused)
{
	long fd = openat(AT_FDCWD, OOM_FILL, O_RDWR | O_CREAT | O_TRUNC, 0600), size = 0, n;

	(void)unused;
	if (fd < 0)
		exit(2);
	unlinkat(AT_FDCWD, OOM_FILL, 0);
	for (unsigned long i = 0; i < sizeof(oom_buf); i += PAGE)
		oom_buf[i] = 1;
	while ((n = write((int)fd, oom_buf, sizeof(oom_buf))) > 0)
		size += n;
	for (int step = 0; step < OOM_STEPS && size > 0; step++) {
		oom_calls();
		size = size > (long)PAGE ? size - (long)PAGE : 0;
		ftruncate((int)fd, size);
	}
	close((int)fd);
	exit(0);
}

/* Memory running out in the middle of fork, exec, pipes, files: the kernel survives, every page comes back. */
static void test_oom_sweep(void)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	unsigned long before = free_pages(), after;
	int st = in_child(oom_sweep_child, 0);

	CHECK("user.mm.oom_sweep", st == 0 || killed_by(st, SIGKILL), "child status 0x%x", st);
	/*
	 * A grandchild forked mid-sweep shares the fill file's descriptor and
	 * may still be on its way out (killed for lack of memory, it dies on
	 * its way back to user mode): the file's pages come back with its
	 * exit. Up to two seconds, as init waits for orphans.
	 */
	for (int i = 0; (after = free_pages()) != before && i < 200; i++)
		nanosleep(&ts, NULL);
	CHECK("user.mm.oom_sweep_pages_back", after == before, "%lu free before, %lu after", before,
	      after);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--exit"))
		return 0;
	PAGE = find_page_size();
	test_errors();
	test_mmap_munmap();
	test_mprotect();
	test_brk();
	test_64mib();
	test_stack();
	test_fork_shares();
	test_cow();
	test_cow_uaccess();
	test_oom();
	test_oom_sweep();
	return test_failures;
}
