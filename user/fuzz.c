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
 * address space. A file call's paths and descriptors are now and then ones
 * it knows: existing files, names inside a scratch tree of its own
 * (/tmp/fuzz-<pid>), descriptors calls returned; the calls that make,
 * remove or rename names run only on scratch names (see learn_args()).
 *
 * Calls that would end the fuzzer or the machine are changed or skipped:
 * exit and exit_group, rt_sigreturn (a random frame kills), rt_sigsuspend (it
 * would wait for ever), rt_sigaction with a new action (a random handler would
 * run), reboot with its magic numbers, kill() of a group or
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
 * heap emptied, the descriptors closed and the scratch tree removed, the
 * number of tasks and of free pages are what they were at the start. One PASS/FAIL line per
 * invariant at the end; every FAIL names the seed and the call to replay.
 */
#include "lib/ulib.h"
#include <uapi/fcntl.h>
#include <uapi/prctl.h>
#include <uapi/dirent.h>

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
	__NR_mkdirat,
	__NR_unlinkat,
	__NR_symlinkat,
	__NR_readlinkat,
	__NR_renameat2,
	__NR_faccessat,
	__NR_ftruncate,
	__NR_chdir,
	__NR_fchdir,
	__NR_getcwd,
	__NR_umask,
#ifdef __NR_renameat
	__NR_renameat,
#endif
#ifdef __NR_rename
	__NR_rename,
	__NR_mkdir,
	__NR_rmdir,
	__NR_unlink,
	__NR_symlink,
	__NR_readlink,
	__NR_access,
	__NR_creat,
	__NR_stat,
	__NR_lstat,
#endif
	__NR_brk,
	__NR_mmap,
	__NR_munmap,
	__NR_mprotect,
};

static long pick_file_nr(void);

static long pick_nr(void)
{
	switch (below(10)) {
	case 2:
	case 3:
		return pick_file_nr(); /* the file calls, which learn paths and fds */
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

/*
 * Memory our calls may have written, whose bytes read as a time may mean
 * years: buf, the image, the arena and the heap's window (with 64 KiB more:
 * brk rounds up to the kernel's page). A power of two that pick_arg()
 * chooses can be the heap's first byte where pages are 16 KiB.
 */
static bool in_our_memory(unsigned long p)
{
	return in_buf(p, 1) || in_image(p) || (p >= arena && p - arena < ARENA_SIZE) ||
	       (p >= heap_start && p - heap_start < HEAP_SPAN + 65536);
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

/*
 * Paths and descriptors it learns. A path argument is now and then one it
 * writes into a slot at the top of buf (above anything a pointer and a
 * length from pick_arg() reach): an existing file or directory, or a name
 * inside a scratch directory of its own, /tmp/fuzz-<pid>, where the calls
 * that make, remove, rename or cut files may act. A descriptor argument is
 * now and then one a call returned (or one since closed, or a huge one).
 */
#define PATH_SLOT  5120 /* PATH_MAX and a byte more: the over-long names */
#define PATH_SLOTS 4
#define FD_POOL	   32

enum path_kind {
	PK_NONE,   /* not ours: a random value */
	PK_SYSTEM, /* an existing file or directory, read only */
	PK_ABS,	   /* /tmp/fuzz-<pid>/...: never above the scratch root */
	PK_REL,	   /* relative, with scratch_dirfd as its directory */
	PK_TARGET, /* a symlink's target: regular names only, so it stays inside */
};

enum fd_kind {
	FK_NONE,
	FK_OTHER,
	FK_SCRATCH, /* opened by a scratch name */
};

static char scratch_root[32];
static char start_cwd[256];
static int scratch_dirfd = -1;
static u8 fd_kind[NR_OPEN];
static unsigned long names_changed, fds_learned; /* what the scratch calls did, for the log */
static int fd_pool[FD_POOL];
static unsigned int fd_pool_next;

static const char *const system_paths[] = {
	"/",	       "/bin",	       "/bin/init",	 "/dev/null",
	"/dev/zero",   "/dev/urandom", "/proc/self/exe", "/etc/passwd",
	"/bin/",       "/etc/passwd/", "/./bin//init",	 "/bin/../etc/passwd",
	"/dev/null/x", "/nonexistent", "/tmp",
};

static const char *const scratch_names[] = { "a", "b", "d", "f", "x", "l1", "l2", "self" };

static char *path_slot(int k)
{
	return (char *)buf + BUF_SIZE - (PATH_SLOTS - k) * PATH_SLOT;
}

/* Appends s at *p, never past end (one byte kept for the NUL). */
static void put(char **p, char *end, const char *s)
{
	while (*s && *p < end)
		*(*p)++ = *s++;
}

static void put_repeat(char **p, char *end, char c, unsigned long n)
{
	while (n-- && *p < end)
		*(*p)++ = c;
}

/* A regular name: a short one, or one of NAME_MAX bytes, or one byte over. */
static void put_name(char **p, char *end)
{
	if (below(16) == 0)
		put_repeat(p, end, 'n', NAME_MAX + below(2));
	else
		put(p, end, scratch_names[below(ARRAY_SIZE(scratch_names))]);
}

/*
 * A scratch name, absolute or relative to the scratch root: one to four
 * components, with "." and "x/.." inside (never a ".." that climbs above the
 * root) and now and then a trailing slash or "/."; or a deep one of exactly
 * PATH_MAX - 1 or PATH_MAX bytes.
 */
static void gen_scratch(char *s, bool absolute)
{
	char *p = s, *end = s + PATH_SLOT - 1;

	if (absolute) {
		put(&p, end, scratch_root);
		put(&p, end, "/");
	}
	if (below(12) == 0) {
		unsigned long want = PATH_MAX - 1 + below(2); /* without the NUL */

		while ((unsigned long)(p - s) + 201 < want) {
			put_repeat(&p, end, 'd', 200);
			put(&p, end, "/");
		}
		put_repeat(&p, end, 'd', want - (unsigned long)(p - s));
		*p = 0;
		return;
	}
	for (unsigned long n = below(4) ? 1 + below(2) : 3 + below(2), i = 0; i < n; i++) {
		if (i)
			put(&p, end, "/");
		switch (below(10)) {
		case 0:
			put(&p, end, "./");
			break;
		case 1:
			put_name(&p, end);
			put(&p, end, "/../");
			break;
		}
		put_name(&p, end);
	}
	switch (below(10)) {
	case 0:
		put(&p, end, "/");
		break;
	case 1:
		put(&p, end, "/.");
		break;
	}
	*p = 0;
}

/* A symlink's target: one or two regular names, relative or under the root. */
static void gen_target(char *s)
{
	char *p = s, *end = s + PATH_SLOT - 1;

	if (below(2)) {
		put(&p, end, scratch_root);
		put(&p, end, "/");
	}
	put_name(&p, end);
	if (below(3) == 0) {
		put(&p, end, "/");
		put_name(&p, end);
	}
	*p = 0;
}

static void learn_fd(long fd, u8 kind)
{
	if (fd < 0 || fd >= NR_OPEN)
		return;
	fd_kind[fd] = kind;
	fds_learned++;
	fd_pool[fd_pool_next++ % FD_POOL] = (int)fd;
}

static unsigned long pick_fd(void)
{
	static const unsigned long huge[] = { NR_OPEN - 1, NR_OPEN,	 65536,
					      0x7fffffff,  0xffffffffUL, ~0UL };

	switch (below(10)) {
	case 0:
		return (unsigned long)scratch_dirfd;
	case 1:
		return 3 + below(60); /* likely closed */
	case 2:
		return huge[below(ARRAY_SIZE(huge))];
	default:
		return fd_pool_next ?
			   (unsigned long)
			       fd_pool[below(fd_pool_next < FD_POOL ? fd_pool_next : FD_POOL)] :
			   (unsigned long)scratch_dirfd;
	}
}

/* Where a file call takes its descriptors and paths; -1 for none. */
struct file_call {
	long nr;
	s8 dirfd[2], path[2], fd[2];
	bool changes; /* makes, removes or renames a name: only scratch paths */
	bool target0; /* path[0] is a symlink's target */
};

static const struct file_call file_calls[] = {
	{ __NR_openat, { 0, -1 }, { 1, -1 }, { -1, -1 }, false, false },
	{ __NR_mkdirat, { 0, -1 }, { 1, -1 }, { -1, -1 }, true, false },
	{ __NR_unlinkat, { 0, -1 }, { 1, -1 }, { -1, -1 }, true, false },
	{ __NR_symlinkat, { -1, 1 }, { 0, 2 }, { -1, -1 }, true, true },
	{ __NR_readlinkat, { 0, -1 }, { 1, -1 }, { -1, -1 }, false, false },
	{ __NR_renameat2, { 0, 2 }, { 1, 3 }, { -1, -1 }, true, false },
	{ __NR_faccessat, { 0, -1 }, { 1, -1 }, { -1, -1 }, false, false },
	{ __NR_statx, { 0, -1 }, { 1, -1 }, { -1, -1 }, false, false },
	{ __NR_chdir, { -1, -1 }, { 0, -1 }, { -1, -1 }, true, false },
	{ __NR_fchdir, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_ftruncate, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_getdents64, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_read, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_write, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_readv, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_writev, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_pread64, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_pwrite64, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_lseek, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_close, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_dup, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_dup3, { -1, -1 }, { -1, -1 }, { 0, 1 }, false, false },
	{ __NR_fcntl, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_ioctl, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
	{ __NR_sendfile, { -1, -1 }, { -1, -1 }, { 0, 1 }, false, false },
#ifdef __NR_newfstatat
	{ __NR_newfstatat, { 0, -1 }, { 1, -1 }, { -1, -1 }, false, false },
	{ __NR_fstat, { -1, -1 }, { -1, -1 }, { 0, -1 }, false, false },
#endif
#ifdef __NR_renameat
	{ __NR_renameat, { 0, 2 }, { 1, 3 }, { -1, -1 }, true, false },
#endif
#ifdef __NR_dup2
	{ __NR_dup2, { -1, -1 }, { -1, -1 }, { 0, 1 }, false, false },
#endif
#ifdef __NR_rename
	{ __NR_open, { -1, -1 }, { 0, -1 }, { -1, -1 }, false, false },
	{ __NR_creat, { -1, -1 }, { 0, -1 }, { -1, -1 }, true, false },
	{ __NR_rename, { -1, -1 }, { 0, 1 }, { -1, -1 }, true, false },
	{ __NR_mkdir, { -1, -1 }, { 0, -1 }, { -1, -1 }, true, false },
	{ __NR_rmdir, { -1, -1 }, { 0, -1 }, { -1, -1 }, true, false },
	{ __NR_unlink, { -1, -1 }, { 0, -1 }, { -1, -1 }, true, false },
	{ __NR_symlink, { -1, -1 }, { 0, 1 }, { -1, -1 }, true, true },
	{ __NR_readlink, { -1, -1 }, { 0, -1 }, { -1, -1 }, false, false },
	{ __NR_access, { -1, -1 }, { 0, -1 }, { -1, -1 }, false, false },
	{ __NR_stat, { -1, -1 }, { 0, -1 }, { -1, -1 }, false, false },
	{ __NR_lstat, { -1, -1 }, { 0, -1 }, { -1, -1 }, false, false },
#endif
};

static long pick_file_nr(void)
{
	return file_calls[below(ARRAY_SIZE(file_calls))].nr;
}

static const struct file_call *find_file_call(long nr)
{
	for (unsigned long i = 0; i < ARRAY_SIZE(file_calls); i++)
		if (file_calls[i].nr == nr)
			return &file_calls[i];
	return NULL;
}

/* The kinds of this call's path arguments, for make_safe() and learn(). */
static u8 arg_kind[6];

/* Puts learned paths and descriptors into a file call's arguments, now and then. */
static void learn_args(const struct file_call *fc, unsigned long *a)
{
	memset(arg_kind, PK_NONE, sizeof(arg_kind));
	if (!fc || below(4) == 0)
		return;
	for (int i = 0; i < 2; i++) {
		if (fc->fd[i] >= 0 && below(4))
			a[fc->fd[i]] = pick_fd();
		if (fc->dirfd[i] >= 0 && below(4))
			a[fc->dirfd[i]] = below(2) ? (unsigned long)(long)AT_FDCWD : pick_fd();
		if (fc->path[i] < 0 || below(5) == 0)
			continue;
		char *s = path_slot(fc->path[i]);

		a[fc->path[i]] = (unsigned long)s;
		if (i == 0 && fc->target0) {
			gen_target(s);
			arg_kind[fc->path[i]] = PK_TARGET;
		} else if (below(3) == 0) {
			strscpy(s, system_paths[below(ARRAY_SIZE(system_paths))], PATH_SLOT);
			arg_kind[fc->path[i]] = PK_SYSTEM;
		} else if (fc->dirfd[i] >= 0 && below(2)) {
			gen_scratch(s, false);
			a[fc->dirfd[i]] = (unsigned long)scratch_dirfd;
			arg_kind[fc->path[i]] = PK_REL;
		} else {
			gen_scratch(s, true);
			arg_kind[fc->path[i]] = PK_ABS;
		}
	}
	/* Half the time, flags that a call with these names may take, so that names do change. */
	if (below(2))
		return;
	switch (fc->nr) {
	case __NR_openat:
		a[2] = (below(2) ? O_RDWR : O_RDONLY) | (below(2) ? O_CREAT : 0) |
		       (below(4) ? 0 : O_TRUNC) | (below(4) ? 0 : O_EXCL) |
		       (below(4) ? 0 : O_DIRECTORY) | (below(4) ? 0 : O_NOFOLLOW);
		a[3] = 0644;
		break;
	case __NR_mkdirat:
		a[2] = 0755;
		break;
	case __NR_unlinkat:
		a[2] = below(2) ? 0 : AT_REMOVEDIR;
		break;
	case __NR_renameat2:
		a[4] = below(2) ? 0 : below(2) ? RENAME_NOREPLACE : RENAME_EXCHANGE;
		break;
	}
}

/* Every path of the call is a scratch name (a target where one is), so it may change names. */
static bool scratch_only(const struct file_call *fc, const unsigned long *a)
{
	for (int i = 0; i < 2; i++) {
		int p = fc->path[i];

		if (p < 0)
			continue;
		if (a[p] != (unsigned long)path_slot(p))
			return false;
		if (i == 0 && fc->target0) {
			if (arg_kind[p] != PK_TARGET)
				return false;
		} else if (arg_kind[p] == PK_REL) {
			if (fc->dirfd[i] < 0 || (int)a[fc->dirfd[i]] != scratch_dirfd)
				return false;
		} else if (arg_kind[p] != PK_ABS) {
			return false;
		}
	}
	return true;
}

/* What a successful call teaches: the descriptors it returned or closed. */
static void learn(long nr, const struct file_call *fc, const unsigned long *a, long r)
{
	unsigned int old = (unsigned int)a[0];
	u8 old_kind = old < NR_OPEN ? fd_kind[old] : FK_NONE;

	if (r == 0 &&
	    (nr == __NR_pipe2
#ifdef __NR_pipe
	     || nr == __NR_pipe
#endif
	     ) &&
	    in_buf(a[0], 8)) {
		learn_fd(((int *)a[0])[0], FK_OTHER);
		learn_fd(((int *)a[0])[1], FK_OTHER);
	}
	if (r < 0 || !fc)
		return;
	if (old == (unsigned int)scratch_dirfd)
		old_kind = FK_SCRATCH;
	switch (nr) {
	case __NR_openat:
#ifdef __NR_rename
	case __NR_open:
	case __NR_creat:
#endif
		learn_fd(r, scratch_only(fc, a) ? FK_SCRATCH : FK_OTHER);
		break;
	case __NR_dup:
		learn_fd(r, old_kind ? old_kind : FK_OTHER);
		break;
	case __NR_dup3:
#ifdef __NR_dup2
	case __NR_dup2:
#endif
		learn_fd((unsigned int)a[1], old_kind ? old_kind : FK_OTHER);
		break;
	case __NR_fcntl:
		if ((int)a[1] == F_DUPFD || (int)a[1] == F_DUPFD_CLOEXEC)
			learn_fd(r, old_kind ? old_kind : FK_OTHER);
		break;
	case __NR_close:
		if (old < NR_OPEN)
			fd_kind[old] = FK_NONE;
		break;
	}
}

static long sys_at(long nr, long a, long b, long c)
{
	return __syscall6(nr, a, b, c, 0, 0, 0);
}

/* The scratch root, made afresh: empty but for two symlinks that loop and one to itself. */
static void make_scratch(void)
{
	sys_at(__NR_mkdirat, AT_FDCWD, (long)scratch_root, 0755);
	scratch_dirfd =
	    (int)sys_at(__NR_openat, AT_FDCWD, (long)scratch_root, O_RDONLY | O_DIRECTORY);
	sys_at(__NR_symlinkat, (long)"l2", scratch_dirfd, (long)"l1");
	sys_at(__NR_symlinkat, (long)"l1", scratch_dirfd, (long)"l2");
	sys_at(__NR_symlinkat, (long)"self", scratch_dirfd, (long)"self");
}

/*
 * Removes the scratch tree, deepest names first: from the root down to a
 * directory's first entry, which goes if it can (anything but a directory
 * with entries) or is walked into; then again from the root. By descriptors
 * (openat from the directory above), as names may be longer than PATH_MAX.
 */
static bool remove_scratch(void)
{
	static char dents[1024] __aligned(8);
	char name[NAME_MAX + 2], dir_name[NAME_MAX + 2];

	for (int rounds = 0; rounds < 100000; rounds++) {
		int dir = (int)sys_at(__NR_openat, AT_FDCWD, (long)scratch_root,
				      O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
		int parent = -1;
		bool removed = false;

		if (dir < 0)
			return true;
		while (!removed) {
			long n = sys_at(__NR_getdents64, dir, (long)dents, sizeof(dents));
			long off = 0;

			name[0] = 0;
			while (off < n && !name[0]) {
				struct linux_dirent64 *d = (struct linux_dirent64 *)(dents + off);

				if (strcmp(d->d_name, ".") && strcmp(d->d_name, ".."))
					strscpy(name, d->d_name, sizeof(name));
				off += d->d_reclen;
			}
			if (n > 0 && !name[0])
				continue; /* only . and .. in this batch */
			if (!name[0]) {
				/* Empty: remove this directory from its parent, or the root. */
				if (parent < 0)
					removed = !sys_at(__NR_unlinkat, AT_FDCWD,
							  (long)scratch_root, AT_REMOVEDIR);
				else
					removed = !sys_at(__NR_unlinkat, parent, (long)dir_name,
							  AT_REMOVEDIR);
				if (!removed) {
					close(dir);
					if (parent >= 0)
						close(parent);
					return false;
				}
				break;
			}
			if (!sys_at(__NR_unlinkat, dir, (long)name, 0) ||
			    !sys_at(__NR_unlinkat, dir, (long)name, AT_REMOVEDIR)) {
				removed = true;
				break;
			}
			int next = (int)sys_at(__NR_openat, dir, (long)name,
					       O_RDONLY | O_DIRECTORY | O_NOFOLLOW);

			if (next < 0) {
				close(dir);
				if (parent >= 0)
					close(parent);
				return false;
			}
			if (parent >= 0)
				close(parent);
			parent = dir;
			dir = next;
			memcpy(dir_name, name, sizeof(name));
		}
		close(dir);
		if (parent >= 0)
			close(parent);
	}
	return false;
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
	const struct file_call *fc = find_file_call(nr);

	keep_off_own_image(a);
	switch (nr) {
	case __NR_exit:
	case __NR_exit_group:
		return false;
	case __NR_rt_sigreturn: /* a frame of random bytes: SIGSEGV */
#ifdef __NR_sigreturn
	case __NR_sigreturn:
#endif
	case __NR_rt_sigsuspend: /* waits for a signal nobody sends */
		return false;
	case __NR_rt_sigaction:
		/* A handler at a random address would run: only the reads and the refusals. */
		if (a[1])
			a[1] = bad_ptr();
		return true;
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
		/* The console stays open (the results go there), and so does the scratch root. */
		return (unsigned int)a[0] > 2 && (unsigned int)a[0] != (unsigned int)scratch_dirfd;
	case __NR_dup3:
		return (unsigned int)a[1] > 2 && (unsigned int)a[1] != (unsigned int)scratch_dirfd;
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
		/* A new file or one emptied only by a scratch name. */
		if (!scratch_only(fc, a))
			a[2] &= ~(unsigned long)(O_CREAT | O_TRUNC);
		return true;
#ifdef __NR_open
	case __NR_open:
		if (!fc || !scratch_only(fc, a))
			a[1] &= ~(unsigned long)(O_CREAT | O_TRUNC);
		return true;
#endif
	case __NR_fcntl:
		/* The console's file is every task's: its O_NONBLOCK would reach the shell. */
		return (unsigned int)a[1] != F_SETFL;
	/*
	 * The calls that make, remove or rename names, or move the working
	 * directory: the tree is every later test's, so only scratch names
	 * (the scratch tree goes at each check).
	 */
	case __NR_mkdirat:
	case __NR_symlinkat:
	case __NR_unlinkat:
	case __NR_renameat2:
	case __NR_chdir:
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
		return fc && scratch_only(fc, a);
	case __NR_fchdir:
	case __NR_ftruncate: {
		/* A scratch descriptor, or one no task may have. */
		unsigned int fd = (unsigned int)a[0];

		if (nr == __NR_ftruncate && a[1] >= (1UL << 20) && a[1] < (1UL << 62))
			a[1] = below(65536); /* a file's pages, but not all of memory */
		return fd >= NR_OPEN || fd == (unsigned int)scratch_dirfd ||
		       fd_kind[fd] == FK_SCRATCH;
	}
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
		} else if (!a[2] || in_our_memory(a[2])) {
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
		return !in_our_memory(a[2]);
	case __NR_nanosleep:
		if (in_buf(a[0], sizeof(struct timespec))) {
			struct timespec ts = { 0, (long)below(200000) };

			if (below(8) == 0)
				ts.tv_nsec = below(2) ? -1 : 1000000000L; /* -EINVAL */
			memcpy((void *)a[0], &ts, sizeof(ts));
		} else if (in_our_memory(a[0])) {
			/*
			 * Straddles buf's end; or code, data or the heap read as a time: for ever,
			 * maybe. A small number is such a pointer where programs are linked low
			 * (0x10000).
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
		/* The console stays open, and so does the scratch root. */
		return (unsigned int)a[1] > 2 && (unsigned int)a[1] != (unsigned int)scratch_dirfd;
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

static int failures[5];
enum {
	INV_GETPID,
	INV_STACKLEAK,
	INV_NO_LEAK,
	INV_CHILDREN,
	INV_SCRATCH
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

/* After the last check the scratch root is not made again. */
static void check_invariants(bool last)
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
	memset(fd_kind, 0, sizeof(fd_kind));
	fd_pool_next = 0;
	scratch_dirfd = -1;
	/* Back where it started, and the scratch tree gone. */
	syscall1(__NR_chdir, start_cwd);
	if (!remove_scratch() && !failures[INV_SCRATCH]++)
		fail("user.fuzz.scratch_removed", "%s stays", scratch_root);
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
	if (!last)
		make_scratch();
}

/*
 * make_safe()'s rule for the calls that wait, tried on the memory our calls
 * write (the heap's window at its first page and further in, the arena): a
 * time there is refused or rewritten into buf, never read as it lies. The
 * random stream is left as it was, so the calls stay the seed's.
 */
static bool waits_stay_short(void)
{
	static const long nrs[] = { __NR_nanosleep, __NR_clock_nanosleep, __NR_ppoll };
	const unsigned long where[] = { heap_start, heap_start + HEAP_SPAN / 2, arena };
	u64 saved = rng_state;
	bool ok = true;

	for (unsigned int i = 0; i < ARRAY_SIZE(nrs); i++) {
		for (unsigned int j = 0; j < ARRAY_SIZE(where); j++) {
			unsigned long a[6] = { 0 };
			int at = nrs[i] == __NR_nanosleep ? 0 : 2;

			a[at] = where[j];
			if (make_safe(nrs[i], a) && !in_buf(a[at], sizeof(struct timespec))) {
				printf("fuzz: call %ld would read its time at 0x%lx\n", nrs[i],
				       a[at]);
				ok = false;
			}
		}
	}
	rng_state = saved;
	return ok;
}

static void fuzz_loop(unsigned long count)
{
	for (unsigned long i = 0; i < count; i++) {
		const struct file_call *fc;
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
		fc = find_file_call(nr);
		learn_args(fc, a);
		if (!make_safe(nr, a))
			continue;
		if (!is_child && calls_done >= trace_from)
			printf("fuzz: call %lu: %ld (0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx)\n",
			       calls_done, nr, a[0], a[1], a[2], a[3], a[4], a[5]);
		r = __syscall6(nr, (long)a[0], (long)a[1], (long)a[2], (long)a[3], (long)a[4],
			       (long)a[5]);
		learn(nr, fc, a, r);
		if (r >= 0 && fc && fc->changes)
			names_changed++;
		if (!is_child && calls_done >= trace_from)
			printf("fuzz: = %ld\n", r);
		if (!is_child) {
			recent[calls_done % CHECK_EVERY].n = calls_done;
			recent[calls_done % CHECK_EVERY].nr = nr;
			recent[calls_done % CHECK_EVERY].ret = r;
			memcpy(recent[calls_done % CHECK_EVERY].a, a, sizeof(a));
		}
		if (!is_child && (calls_done % CHECK_EVERY == 0 || calls_done >= trace_from))
			check_invariants(false);
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
	long old_umask;

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
	old_umask = syscall1(__NR_umask, 022);
	snprintf(scratch_root, sizeof(scratch_root), "/tmp/fuzz-%ld", my_pid);
	if (syscall2(__NR_getcwd, start_cwd, sizeof(start_cwd)) < 0)
		strscpy(start_cwd, "/", sizeof(start_cwd));
	remove_scratch();
	memset(buf, 0, sizeof(buf));
	setup_memory();
	get_kernel_stats(&st);
	kernel_text = st.kernel_text;
	kernel_stack = report_stack();
	base_tasks = st.nr_tasks;
	base_pages = st.free_pages;
	make_scratch();
	printf("fuzz: seed 0x%llx, %lu calls (replay: fuzz 0x%llx %lu)\n", (unsigned long long)seed,
	       count, (unsigned long long)seed, count);

	clock_gettime(CLOCK_MONOTONIC, &t0);
	fuzz_loop(count);
	check_invariants(true);
	clock_gettime(CLOCK_MONOTONIC, &t1);

	CHECK("user.fuzz.getpid", !failures[INV_GETPID], "%d checks failed (seed 0x%llx)",
	      failures[INV_GETPID], (unsigned long long)seed);
	CHECK("user.fuzz.stackleak_check", !failures[INV_STACKLEAK],
	      "%d checks failed (seed 0x%llx)", failures[INV_STACKLEAK], (unsigned long long)seed);
	CHECK("user.fuzz.no_leak", !failures[INV_NO_LEAK], "%d checks failed (seed 0x%llx)",
	      failures[INV_NO_LEAK], (unsigned long long)seed);
	CHECK("user.fuzz.children_end_cleanly", !failures[INV_CHILDREN],
	      "%d children failed (seed 0x%llx)", failures[INV_CHILDREN], (unsigned long long)seed);
	CHECK("user.fuzz.scratch_removed", !failures[INV_SCRATCH], "%d checks failed (seed 0x%llx)",
	      failures[INV_SCRATCH], (unsigned long long)seed);
	CHECK("user.fuzz.waits_stay_short", waits_stay_short(),
	      "a sleep or poll would read its time from memory the calls write");
	/* At this length some scratch names must have changed and some descriptors been learned. */
	if (count >= 10000)
		CHECK("user.fuzz.learns_paths_and_fds", names_changed && fds_learned,
		      "%lu names changed, %lu fds learned (seed 0x%llx)", names_changed,
		      fds_learned, (unsigned long long)seed);
	syscall1(__NR_umask, old_umask);
	if (old_kstack >= 0)
		trapdoor_config(TRAPDOOR_CONFIG_KSTACK_MODE, old_kstack);
	if (old_stackleak >= 0)
		trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, old_stackleak);
	printf("fuzz: %lu scratch names changed, %lu descriptors learned\n", names_changed,
	       fds_learned);
	printf("fuzz: %lu calls in %ld ms (children alongside), seed 0x%llx\n", calls_done,
	       (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000,
	       (unsigned long long)seed);
	return test_failures;
}
