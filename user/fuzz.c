// SPDX-License-Identifier: MIT
/*
 * fuzz: random system calls, to show that bad input gets an error and the
 * kernel keeps running.
 *
 *	fuzz [SEED [COUNT [TRACE_FROM]]]
 *
 * SEED (decimal or 0x hex; without it, one from getrandom()) fixes every
 * choice, so a run replays the same calls; COUNT calls (default 100000);
 * from call TRACE_FROM on, each call is printed and followed by the checks,
 * to find the call that broke an invariant.
 *
 * Each call takes a number (a valid one from include/uapi/unistd.h, an
 * invalid one, a huge or a negative one) and six arguments, each one of:
 * a small integer, -1, a boundary value, a random 64-bit value, NULL, a
 * pointer into our own buffer at any alignment, a length, an unmapped
 * address, a kernel address (the kernel's text from kernel_stats(), its stack
 * from report_stack()), our own read-only text, or a range that wraps the
 * address space.
 *
 * Calls that would end the fuzzer or the machine are changed or skipped:
 * exit and exit_group, reboot with its magic numbers, kill() of a group or
 * of a task that is not one of our children (ours get SIGKILL), execve and
 * spawn of a real program (the name, if it is in our buffer, starts with
 * '#'), read on fd 0 (it would wait for console input), the console's
 * TIOCSTI and TIOCSCTTY (its test controls only read), its settings and
 * size (set only from addresses the kernel must refuse), poll and ppoll with a
 * timeout (zero, or one the kernel refuses), nanosleep and clock_nanosleep for
 * more than a moment, tkill and tgkill with a signal, prctl's PR_SET_NAME,
 * write to the console from a readable buffer (the log would
 * fill with noise), stackleak switched off or its deliberately untracked test
 * call (both would make the self-check below fail by design). The memory
 * calls (brk, mmap, munmap, mprotect) stay inside an arena of our own and a
 * window above the start of the heap, with now and then a length that wraps
 * (an error before anything changes): our own text, data and stack are never
 * theirs. Now and then it forks a child that makes a few hundred calls of its own and exits.
 *
 * Every 1000 calls it checks: getpid() still answers our pid; the stackleak
 * self-check passes; and once the children are reaped and the arena and the
 * heap emptied, the number of tasks and of free pages are what they were at
 * the start. One PASS/FAIL line per
 * invariant at the end; every FAIL names the seed and the call to replay.
 */
#include "lib/ulib.h"
#include <uapi/fcntl.h>
#include <uapi/prctl.h>

#include <uapi/stackleak.h>

#define BUF_SIZE     (64 * 1024) /* we only point into the first PTR_SPAN */
#define PTR_SPAN     8192
#define MAX_LEN	     32768 /* a pointer + a length stays inside buf */
#define CHECK_EVERY  1000
#define CHILD_CALLS  300
#define MAX_CHILDREN 4
#define PAGE	     4096UL
#define ARENA_SIZE   (64 * PAGE) /* where mmap, munmap and mprotect may act */
#define HEAP_SPAN    (64 * PAGE) /* how far brk may move the heap */

static u8 buf[BUF_SIZE] __aligned(4096);

static u64 rng_state;
static u64 seed;
static unsigned long calls_done;
static bool is_child;
static long my_pid, max_pid;
static long children[MAX_CHILDREN];
static unsigned long kernel_text, kernel_stack;
static unsigned long trace_from = ~0UL;
static unsigned long arena, heap_start;

/* SplitMix64: small, and every seed gives a full-period stream. */
static u64 rnd(void)
{
	u64 z = (rng_state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static unsigned long below(unsigned long n)
{
	return (unsigned long)(rnd() % n);
}

/* Every number the table in kernel/syscall_table.c knows. */
#define NR_OPEN 1024 /* descriptors per task, Linux's default limit */

static const long valid_nrs[] = {
	__NR_read,
	__NR_write,
	__NR_exit,
	__NR_exit_group,
	__NR_nanosleep,
	__NR_clock_gettime,
	__NR_sched_yield,
	__NR_kill,
	__NR_reboot,
	__NR_uname,
	__NR_getpid,
	__NR_getppid,
	__NR_gettid,
	__NR_clone,
	__NR_execve,
	__NR_wait4,
	__NR_getrandom,
	__NR_spawn,
	__NR_kernel_stats,
	__NR_report_stack,
	__NR_task_list,
	__NR_trapdoor_config,
	__NR_stackleak_check,
	__NR_leak_write_secret,
	__NR_leak_read_uninit,
	__NR_stackleak_deep,
	__NR_lkdtm,
	__NR_pipe2,
	__NR_close,
	__NR_dup3,
	__NR_ioctl,
	__NR_setpgid,
	__NR_getpgid,
	__NR_getsid,
	__NR_setsid,
	__NR_writev,
	__NR_set_tid_address,
	__NR_ppoll,
#ifdef __NR_poll
	__NR_poll,
#endif
	__NR_openat,
	__NR_readv,
	__NR_pread64,
	__NR_pwrite64,
	__NR_lseek,
	__NR_getdents64,
	__NR_statx,
	__NR_dup,
	__NR_fcntl,
	__NR_sendfile,
#ifdef __NR_newfstatat
	__NR_newfstatat,
	__NR_fstat,
#endif
#ifdef __NR_open
	__NR_open,
#endif
#ifdef __NR_pipe
	__NR_pipe,
#endif
#ifdef __NR_dup2
	__NR_dup2,
#endif
#ifdef __NR_fork
	__NR_fork,
#endif
#ifdef __NR_getpgrp
	__NR_getpgrp,
#endif
	__NR_brk,
	__NR_mmap,
	__NR_munmap,
	__NR_mprotect,
};

static long pick_nr(void)
{
	switch (below(10)) {
	case 0:
		return (long)below(NR_syscalls + 64); /* mostly unassigned */
	case 1:
		switch (below(4)) {
		case 0:
			return -1 - (long)below(64); /* negative */
		case 1:
			return (long)rnd(); /* anything */
		case 2:
			return (long)(0x100000000UL + valid_nrs[below(ARRAY_SIZE(valid_nrs))]);
		default:
			return NR_syscalls + (long)below(4); /* just past the table */
		}
	default:
		return valid_nrs[below(ARRAY_SIZE(valid_nrs))];
	}
}

static unsigned long buf_ptr(void)
{
	return (unsigned long)buf + below(PTR_SPAN);
}

/* Our own text: readable, never writable, so a kernel write there must fail. */
static unsigned long text_ptr(void)
{
	return (unsigned long)&rnd + below(1024);
}

/* The program's image, from crt0's _start to the linker script's _end (user/user.lds.S). */
extern char _start[], _end[];

static bool in_image(unsigned long p)
{
	return p >= (unsigned long)_start && p < (unsigned long)_end;
}

static bool in_buf(unsigned long p, unsigned long len)
{
	return p >= (unsigned long)buf && p - (unsigned long)buf + len <= BUF_SIZE;
}

static unsigned long pick_arg(void)
{
	static const unsigned long boundary[] = {
		0x7fffffffUL,
		0x80000000UL,
		0xffffffffUL,
		0x100000000UL,
		0x8000000000000000UL,
		0x7fffffffffffffffUL,
		~0UL,
		~0UL - 1,
		4096,
		4095,
		4097,
		17,
		9,
	};
	unsigned long page_of_buf = (unsigned long)buf & ~0xfffUL;

	switch (below(12)) {
	case 0:
		return below(17);
	case 1:
		return ~0UL; /* -1 */
	case 2:
		return boundary[below(ARRAY_SIZE(boundary))];
	case 3:
		return rnd();
	case 4:
		return 0; /* NULL */
	case 5:
		return buf_ptr(); /* any alignment */
	case 6:
		return (unsigned long)buf + below(PTR_SPAN / 8) * 8;
	case 7:
		return below(MAX_LEN); /* a length */
	case 8:
		switch (below(5)) { /* unmapped */
		case 0:
			return 8 + below(4096);
		case 1:
			return page_of_buf + (16UL << 20) + below(1 << 20);
		case 2:
			return (unsigned long)buf + BUF_SIZE + (1UL << 24);
		case 3:
			return 1UL << (40 + below(23));
		default:
			return 0xdead000UL + below(4096);
		}
	case 9:
		switch (below(3)) { /* the kernel's */
		case 0:
			return kernel_text + below(256);
		case 1:
			return kernel_stack - below(2048);
		default:
			return kernel_stack + below(2048);
		}
	case 10:
		if (below(2))
			return text_ptr(); /* ours, but read-only */
		return ~0UL - below(8192); /* wraps with any length */
	default:
		return 1UL << below(64); /* a huge length or address */
	}
}

/* An address no user call may read or write: NULL, unmapped, the kernel's, or wrapping. */
static unsigned long bad_ptr(void)
{
	switch (below(5)) {
	case 0:
		return below(4096);
	case 1:
		return (unsigned long)buf + BUF_SIZE + (1UL << 24) + below(4096);
	case 2:
		return kernel_text + below(256);
	case 3:
		return kernel_stack - below(2048);
	default:
		return ~0UL - below(8192);
	}
}

static bool is_my_child(long pid)
{
	for (int i = 0; i < MAX_CHILDREN; i++)
		if (children[i] == pid)
			return true;
	return false;
}

/* A name in our buffer must not name a real program: make it one that cannot exist. */
static void spoil_name(unsigned long p)
{
	if (in_buf(p, 1))
		*(char *)p = '#';
}

/*
 * A memory call's range: start inside the arena (any alignment, now and then),
 * and a length that either stays inside it or wraps the address space.
 */
static void arena_range(unsigned long *addr, unsigned long *len)
{
	unsigned long off = below(ARENA_SIZE / PAGE) * PAGE + (below(8) ? 0 : below(PAGE));

	*addr = arena + off;
	if (below(8) == 0)
		*len = -below(4 * PAGE); /* wraps: an error, nothing changes */
	else if (*len > ARENA_SIZE - off)
		*len = below(ARENA_SIZE - off + 1);
}

/*
 * Changes a call that would end us, the machine or the run into a harmless
 * one; false if it must be skipped altogether.
 */
/*
 * A number that lands in our own image, outside buf and the text window of text_ptr(), points
 * at our own variables: the image sits low, where small numbers land (0x10000 on riscv and
 * loongarch), and a call that writes there would scribble on the fuzzer itself, as the kernel
 * rightly lets it. Such numbers become bad pointers.
 */
static void keep_off_own_image(unsigned long *a)
{
	for (int i = 0; i < 6; i++)
		if (in_image(a[i]) && !in_buf(a[i], 1) &&
		    !(a[i] >= (unsigned long)&rnd && a[i] < (unsigned long)&rnd + 1024))
			a[i] = bad_ptr();
}

/* poll's fds in buf: revents is written into each, so the array must not pass buf's end. */
static void fit_pollfds(unsigned long *a)
{
	if (in_buf(a[0], 1) && !in_buf(a[0], (a[1] & 0xffffffffUL) * 8))
		a[1] = ((unsigned long)buf + BUF_SIZE - a[0]) / 8;
}

static bool make_safe(long nr, unsigned long *a)
{
	keep_off_own_image(a);
	switch (nr) {
	case __NR_exit:
	case __NR_exit_group:
		return false;
	case __NR_reboot:
		return (unsigned int)a[0] != LINUX_REBOOT_MAGIC1;
	case __NR_kill: {
		/*
		 * The kernel takes pid and sig as ints, as Linux does: the
		 * upper halves do not count. Only our children may die: no
		 * signal to a group (0, -1, -pgid; ours is init's and the
		 * other tests') or to another task.
		 */
		int pid = (int)a[0], sig = (int)a[1];

		if (sig >= 1 && sig <= _NSIG && pid != INT_MIN &&
		    (pid <= 0 || (pid <= max_pid + 256 && !is_my_child(pid))))
			return false;
		/* A child dies by SIGKILL only: the reaper counts any other signal as a crash. */
		if (sig >= 1 && sig <= _NSIG && pid > 0 && is_my_child(pid))
			a[1] = SIGKILL;
		return true;
	}
	case __NR_ioctl:
		/*
		 * Typed bytes would reach a later shell; the console is no session's, leave it so.
		 * The test image's terminal controls only read.
		 */
		if ((unsigned int)a[1] == TDIOC_LEGACY_TIOCSTI ||
		    (unsigned int)a[1] == TDIOC_INJECT_IDLE)
			return (long)a[2] == -1;
		/* The console's settings and size: only from addresses the kernel must refuse. */
		if ((unsigned int)a[1] == TCSETS || (unsigned int)a[1] == TCSETSW ||
		    (unsigned int)a[1] == TCSETSF || (unsigned int)a[1] == TIOCSWINSZ)
			a[2] = bad_ptr();
		return (unsigned int)a[1] != TIOCSTI && (unsigned int)a[1] != TIOCSCTTY;
	case __NR_execve:
	case __NR_spawn:
	case __NR_lkdtm: /* a name in buf never names a real test: they end the machine */
		spoil_name(a[0]);
		return true;
	/* A descriptor is an unsigned int to the kernel, as to Linux: the upper half does not count. */
	case __NR_close:
		return (unsigned int)a[0] > 2; /* the console stays open: the results go there */
	case __NR_dup3:
		return (unsigned int)a[1] > 2;
	case __NR_read:
	case __NR_readv:
	case __NR_pread64:
		/* Any open descriptor may be the console (a key) or an empty pipe: never wait. */
		if ((unsigned int)a[0] < NR_OPEN)
			a[2] = 0;
		return true;
	case __NR_pwrite64:
		/* As write: nothing to a file or a pipe of our own. */
		if ((unsigned int)a[0] < NR_OPEN)
			a[2] = 0;
		return true;
	case __NR_openat:
		/* No new file (pages that would stay), no file emptied. */
		a[2] &= ~(unsigned long)(O_CREAT | O_TRUNC);
		return true;
#ifdef __NR_open
	case __NR_open:
		a[1] &= ~(unsigned long)(O_CREAT | O_TRUNC);
		return true;
#endif
	case __NR_fcntl:
		/* The console's file is every task's: its O_NONBLOCK would reach the shell. */
		return (unsigned int)a[1] != F_SETFL;
	/*
	 * The calls that make, remove, rename or cut files, or move the working
	 * directory: the tree is every later test's (and a new name's pages stay).
	 */
	case __NR_mkdirat:
	case __NR_symlinkat:
	case __NR_unlinkat:
	case __NR_renameat2:
	case __NR_ftruncate:
	case __NR_chdir:
	case __NR_fchdir:
#ifdef __NR_renameat
	case __NR_renameat:
#endif
#ifdef __NR_rename
	case __NR_rename:
	case __NR_mkdir:
	case __NR_rmdir:
	case __NR_unlink:
	case __NR_symlink:
	case __NR_creat:
#endif
		return false;
	case __NR_write:
		/*
		 * Anything readable would end up on the log as junk: to the
		 * console, only from addresses the kernel must refuse. A pipe
		 * we hold both ends of would fill and wait for ever: nothing
		 * to a descriptor of our own beyond the console's.
		 */
		if ((unsigned int)a[0] <= 2 &&
		    a[2] != 0) /* 0 is the console too, open for writing */
			a[1] = bad_ptr();
		else if ((unsigned int)a[0] > 2 && (unsigned int)a[0] < NR_OPEN)
			a[2] = 0;
		return true;
	case __NR_ppoll:
		/*
		 * Never wait: a zero timeout, or one the kernel must refuse.
		 * NULL waits for ever, and our code or data read as a time may.
		 */
		if (in_buf(a[2], sizeof(struct timespec))) {
			struct timespec ts = { 0, 0 };

			memcpy((void *)a[2], &ts, sizeof(ts));
		} else if (!a[2] || in_buf(a[2], 1) || in_image(a[2])) {
			return false;
		}
		fit_pollfds(a);
		return true;
#ifdef __NR_poll
	case __NR_poll:
		a[2] = 0; /* timeout 0: one look */
		fit_pollfds(a);
		return true;
#endif
	case __NR_getrandom:
		/* Into buf, but not past it: what lies beyond is ours too. */
		if (in_buf(a[0], 1) && !in_buf(a[0], a[1]) && a[1] < (1UL << 32))
			a[1] = (unsigned long)buf + BUF_SIZE - a[0];
		return true;
	case __NR_tkill:
	case __NR_tgkill: {
		/* A signal to one task: only the error paths (no signal, or not one), as kill's rule is for others. */
		int sig = (int)a[nr == __NR_tkill ? 1 : 2];

		return !(sig >= 1 && sig <= _NSIG);
	}
	case __NR_prctl:
		/* A name of noise would reach the console's lines about us: only PR_SET_NAME's -EFAULT. */
		if ((int)a[0] == PR_SET_NAME)
			a[1] = bad_ptr();
		return true;
	case __NR_clock_nanosleep:
		/* As nanosleep's, the time at the third argument: a moment, or an error. */
		if (in_buf(a[2], sizeof(struct timespec))) {
			struct timespec ts = { 0, (long)below(200000) };

			memcpy((void *)a[2], &ts, sizeof(ts));
			return true;
		}
		return !(in_buf(a[2], 1) || in_image(a[2]));
	case __NR_nanosleep:
		if (in_buf(a[0], sizeof(struct timespec))) {
			struct timespec ts = { 0, (long)below(200000) };

			if (below(8) == 0)
				ts.tv_nsec = below(2) ? -1 : 1000000000L; /* -EINVAL */
			memcpy((void *)a[0], &ts, sizeof(ts));
		} else if (in_buf(a[0], 1) || in_image(a[0])) {
			/*
			 * Straddles buf's end; or code or data read as a time: for ever, maybe. A
			 * small number is such a pointer where programs are linked low (0x10000).
			 */
			return false;
		}
		return true;
	case __NR_report_stack:
		/* A sleep of at most 200 us, or none; now and then more than a second: -EINVAL. */
		if (a[0] <= 1000000000UL || below(8))
			a[0] = below(2) ? 0 : below(200000);
		return true;
	case __NR_wait4:
		/* Our own status word may land anywhere in buf; nothing else there matters. */
		return true;
	case __NR_clone:
		/*
		 * Forks are fuzz_fork()'s: CLONE_VM (0x100) in both of the first two
		 * arguments makes any clone -EINVAL, whichever of them this arch
		 * takes as the flags and which as the new stack.
		 */
		a[0] |= 0x100;
		a[1] |= 0x100;
		return true;
#ifdef __NR_fork
	case __NR_fork:
		return false; /* fuzz_fork()'s */
#endif
#ifdef __NR_dup2
	case __NR_dup2:
		return (unsigned int)a[1] > 2; /* the console stays open */
#endif
	case __NR_writev:
		/* As write: nothing readable to the console, nothing to a pipe that may fill. */
		if ((unsigned int)a[0] <= 2)
			a[1] = bad_ptr();
		else if ((unsigned int)a[0] < NR_OPEN)
			a[2] = 0;
		return true;
	case __NR_trapdoor_config:
		/* Tracing would print a line per call; typed bytes would reach a later shell. */
		if ((unsigned int)a[0] == TRAPDOOR_CONFIG_TRACE)
			return (long)a[1] == -1 || a[1] > 0xffffffffUL;
		return (unsigned int)a[0] != TRAPDOOR_CONFIG_STACKLEAK || a[1] == 1 ||
		       (long)a[1] == -1 || a[1] > 1;
	case __NR_stackleak_deep:
		return a[0] != STACKLEAK_DEEP_UNTRACKED;
	case __NR_stackleak_check:
		return false; /* prints a report: run at the checks only */
	case __NR_brk:
		/* 0 asks; below the start or huge fails; else a point in the window. */
		if (a[0] && a[0] < (1UL << 63) && below(4))
			a[0] = heap_start + below(HEAP_SPAN);
		else if (a[0] >= heap_start && a[0] < (1UL << 63))
			a[0] = 0;
		return true;
	case __NR_mmap: {
#ifdef __ARCH_WANT_SYS_OLD_MMAP
		/* s390: the six arguments go in memory (old_mmap); the same rules apply to them. */
		static unsigned long args[6];
		unsigned long *m = args;

		memcpy(args, a, sizeof(args));
		a[0] = (unsigned long)args;
#else
		unsigned long *m = a;
#endif
		/* Only at a fixed place in the arena: elsewhere it would take fresh page tables. */
		arena_range(&m[0], &m[1]);
		/* Half of them valid in all but the range, so that memory does get mapped. */
		if (below(2)) {
			m[2] &= PROT_READ | PROT_WRITE | PROT_EXEC;
			m[3] = MAP_PRIVATE | MAP_ANONYMOUS | (m[3] & MAP_FIXED_NOREPLACE);
		}
		if (!(m[3] & MAP_FIXED_NOREPLACE))
			m[3] |= MAP_FIXED;
		return true;
	}
	case __NR_mprotect:
		if (below(2))
			a[2] &= PROT_READ | PROT_WRITE | PROT_EXEC; /* a valid protection */
		arena_range(&a[0], &a[1]);
		return true;
	case __NR_munmap:
		arena_range(&a[0], &a[1]);
		return true;
	default:
		return true;
	}
}

/* The calls since the last check, to print when a check fails. */
static struct fuzz_call {
	unsigned long n;
	long nr, ret;
	unsigned long a[6];
} recent[CHECK_EVERY];

static void print_recent(void)
{
	for (unsigned long i = 0; i < CHECK_EVERY; i++) {
		unsigned long n = calls_done - CHECK_EVERY + 1 + i;
		const struct fuzz_call *c = &recent[n % CHECK_EVERY];

		if (c->n != n || n == 0)
			continue;
		printf("fuzz: call %lu: %ld (0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx) = %ld\n", n,
		       c->nr, c->a[0], c->a[1], c->a[2], c->a[3], c->a[4], c->a[5], c->ret);
	}
}

static void fail(const char *name, const char *fmt, ...) __printf(2, 3);

static int failures[4];
enum {
	INV_GETPID,
	INV_STACKLEAK,
	INV_NO_LEAK,
	INV_CHILDREN
};

static void fail(const char *name, const char *fmt, ...)
{
	char why[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	/* The FAIL line itself comes at the end, one per invariant. */
	print_recent();
	printf("fuzz: %s: %s after call %lu (replay: fuzz 0x%llx)\n", name, why, calls_done,
	       (unsigned long long)seed);
}

/*
 * The arena and the heap's window, each touched once and emptied: the page
 * tables under them exist from now on, so the start's free pages count them.
 */
static void setup_memory(void)
{
	arena = (unsigned long)mmap(NULL, ARENA_SIZE, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	heap_start = (unsigned long)brk(0);
	brk(heap_start + HEAP_SPAN);
	for (unsigned long off = 0; off < ARENA_SIZE; off += PAGE) {
		*(volatile char *)(arena + off) = 1;
		*(volatile char *)(heap_start + off) = 1;
	}
	munmap((void *)arena, ARENA_SIZE);
	brk(heap_start);
}

static void fuzz_loop(unsigned long count);

/* A child with its own stream: a few hundred calls, then exit(0). */
static void fuzz_fork(void)
{
	int slot = -1;
	long pid;

	for (int i = 0; i < MAX_CHILDREN; i++)
		if (!children[i])
			slot = i;
	if (slot < 0)
		return;
	pid = fork();
	if (pid == 0) {
		is_child = true;
		rng_state ^= 0x5bd1e995ULL * (calls_done + 1);
		memset(children, 0, sizeof(children));
		my_pid = getpid();
		fuzz_loop(CHILD_CALLS);
		exit(0);
	}
	if (pid > 0) {
		children[slot] = pid;
		if (pid > max_pid)
			max_pid = pid;
	}
}

/* Reaps every child; a child that ended other than exit(0) or our own kill is a failure. */
static void reap_children(void)
{
	long pid;
	int st;

	while ((pid = wait4(-1, &st, 0, NULL)) > 0) {
		if (!(WIFEXITED(st) && WEXITSTATUS(st) == 0) &&
		    !(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL)) {
			if (!failures[INV_CHILDREN]++)
				fail("user.fuzz.children_end_cleanly", "child %ld ended with 0x%x",
				     pid, st);
		}
	}
	memset(children, 0, sizeof(children));
}

static unsigned long base_tasks, base_pages;

static void check_invariants(void)
{
	struct kernel_stats st;
	long pid = getpid(), r;

	if (pid != my_pid && !failures[INV_GETPID]++)
		fail("user.fuzz.getpid", "getpid() = %ld, want %ld", pid, my_pid);
	/* Back to the settings the self-check is about, whatever the calls chose. */
	trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, 1);
	getpid();
	r = syscall0(__NR_stackleak_check);
	if (r != 0 && !failures[INV_STACKLEAK]++)
		fail("user.fuzz.stackleak_check", "stackleak_check() = %ld", r);
	reap_children();
	/* The descriptors the calls opened or duplicated closed again (the console's stay). */
	for (int fd = 3; fd < NR_OPEN; fd++)
		close(fd);
	/* The memory calls' traces: the arena and the heap emptied again. */
	munmap((void *)arena, ARENA_SIZE);
	brk(heap_start);
	/* A killed child is gone once reaped; poll a little for anything still on its way out. */
	for (int t = 0; t < 100; t++) {
		get_kernel_stats(&st);
		if (st.nr_tasks == base_tasks && st.free_pages == base_pages)
			break;
		sched_yield();
	}
	if ((st.nr_tasks != base_tasks || st.free_pages != base_pages) && !failures[INV_NO_LEAK]++)
		fail("user.fuzz.no_leak", "tasks %lu (start %lu), free pages %lu (start %lu)",
		     st.nr_tasks, base_tasks, st.free_pages, base_pages);
}

static void fuzz_loop(unsigned long count)
{
	for (unsigned long i = 0; i < count; i++) {
		unsigned long a[6];
		long nr, r;

		calls_done++;
		if (!is_child && below(500) == 0) {
			fuzz_fork();
			continue;
		}
		nr = pick_nr();
		for (int k = 0; k < 6; k++)
			a[k] = pick_arg();
		if (!make_safe(nr, a))
			continue;
		if (!is_child && calls_done >= trace_from)
			printf("fuzz: call %lu: %ld (0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx)\n",
			       calls_done, nr, a[0], a[1], a[2], a[3], a[4], a[5]);
		r = __syscall6(nr, (long)a[0], (long)a[1], (long)a[2], (long)a[3], (long)a[4],
			       (long)a[5]);
		if (!is_child && calls_done >= trace_from)
			printf("fuzz: = %ld\n", r);
		if (!is_child) {
			recent[calls_done % CHECK_EVERY].n = calls_done;
			recent[calls_done % CHECK_EVERY].nr = nr;
			recent[calls_done % CHECK_EVERY].ret = r;
			memcpy(recent[calls_done % CHECK_EVERY].a, a, sizeof(a));
		}
		if (!is_child && (calls_done % CHECK_EVERY == 0 || calls_done >= trace_from))
			check_invariants();
		if (!is_child && calls_done % 20000 == 0)
			printf("fuzz: %lu calls\n", calls_done);
	}
}

static u64 parse_u64(const char *s)
{
	u64 v = 0;
	unsigned int base = 10;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	for (; *s; s++) {
		unsigned int d = *s >= '0' && *s <= '9' ? (unsigned int)(*s - '0') :
				 *s >= 'a' && *s <= 'f' ? (unsigned int)(*s - 'a' + 10) :
				 *s >= 'A' && *s <= 'F' ? (unsigned int)(*s - 'A' + 10) :
							  99;

		if (d >= base)
			break;
		v = v * base + d;
	}
	return v;
}

int main(int argc, char **argv)
{
	unsigned long count = 100000;
	long old_kstack = trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, -1);
	long old_stackleak = trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, -1);
	struct kernel_stats st;
	struct timespec t0, t1;

	if (argc > 1)
		seed = parse_u64(argv[1]);
	else
		getrandom(&seed, sizeof(seed), 0);
	if (argc > 2)
		count = (unsigned long)parse_u64(argv[2]);
	if (argc > 3)
		trace_from = (unsigned long)parse_u64(argv[3]);
	rng_state = seed;
	my_pid = max_pid = getpid();
	memset(buf, 0, sizeof(buf));
	setup_memory();
	get_kernel_stats(&st);
	kernel_text = st.kernel_text;
	kernel_stack = report_stack();
	base_tasks = st.nr_tasks;
	base_pages = st.free_pages;
	printf("fuzz: seed 0x%llx, %lu calls (replay: fuzz 0x%llx %lu)\n", (unsigned long long)seed,
	       count, (unsigned long long)seed, count);

	clock_gettime(CLOCK_MONOTONIC, &t0);
	fuzz_loop(count);
	check_invariants();
	clock_gettime(CLOCK_MONOTONIC, &t1);

	CHECK("user.fuzz.getpid", !failures[INV_GETPID], "%d checks failed (seed 0x%llx)",
	      failures[INV_GETPID], (unsigned long long)seed);
	CHECK("user.fuzz.stackleak_check", !failures[INV_STACKLEAK],
	      "%d checks failed (seed 0x%llx)", failures[INV_STACKLEAK], (unsigned long long)seed);
	CHECK("user.fuzz.no_leak", !failures[INV_NO_LEAK], "%d checks failed (seed 0x%llx)",
	      failures[INV_NO_LEAK], (unsigned long long)seed);
	CHECK("user.fuzz.children_end_cleanly", !failures[INV_CHILDREN],
	      "%d children failed (seed 0x%llx)", failures[INV_CHILDREN], (unsigned long long)seed);
	if (old_kstack >= 0)
		trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, old_kstack);
	if (old_stackleak >= 0)
		trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, old_stackleak);
	printf("fuzz: %lu calls in %ld ms (children alongside), seed 0x%llx\n", calls_done,
	       (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000,
	       (unsigned long long)seed);
	return test_failures;
}
