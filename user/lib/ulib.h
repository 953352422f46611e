/* SPDX-License-Identifier: MIT */
/*
 * The user library: a syscall stub per architecture (user/lib/arch/<arch>/
 * syscall.S), thin C wrappers with Linux's names, and printf on top of the
 * kernel's own lib/vsprintf.c. Wrappers return what the kernel returned: a
 * negative errno on error (there is no errno variable).
 */
#ifndef TRAPDOOR_USER_LIB_ULIB_H
#define TRAPDOOR_USER_LIB_ULIB_H

#include <trapdoor/compiler.h>
#include <trapdoor/sprintf.h> /* vsnprintf, snprintf (lib/vsprintf.c) */
#include <trapdoor/string.h>
#include <trapdoor/types.h>
#include <asm/ioctls.h>	  /* this arch's terminal requests (arch/<arch>/include/uapi) */
#include <asm/termbits.h> /* this arch's struct termios and its values */
#include <uapi/errno.h>
#include <uapi/mman.h>
#include <uapi/poll.h>
#include <uapi/trapdoor.h>
#include <uapi/unistd.h>

/* user/lib/arch/<arch>/syscall.S: the syscall instruction with nr and six arguments. */
long __syscall6(long nr, long a0, long a1, long a2, long a3, long a4, long a5);

#define syscall0(nr)		 __syscall6(nr, 0, 0, 0, 0, 0, 0)
#define syscall1(nr, a)		 __syscall6(nr, (long)(a), 0, 0, 0, 0, 0)
#define syscall2(nr, a, b)	 __syscall6(nr, (long)(a), (long)(b), 0, 0, 0, 0)
#define syscall3(nr, a, b, c)	 __syscall6(nr, (long)(a), (long)(b), (long)(c), 0, 0, 0)
#define syscall4(nr, a, b, c, d) __syscall6(nr, (long)(a), (long)(b), (long)(c), (long)(d), 0, 0)

/*
 * user/lib/arch/<arch>/regcheck.S: loads a known pattern into every register the
 * syscall ABI preserves, makes syscall nr, and checks them all. Returns 0 if
 * every one survived, else 1 + the index of the first that changed (the
 * order is listed in that file).
 */
long regcheck_syscall(long nr);

/*
 * user/lib/arch/<arch>/clone.c: clone(2) with its arguments named, put in
 * the order this arch's Linux takes them (they differ: x86_64, s390 and the
 * rest each have their own).
 */
long raw_clone(unsigned long flags, unsigned long newsp, int *ptid, int *ctid, unsigned long tls);
/*
 * The same file: clone(2) in the clone(fn, stack) style. The child runs fn()
 * on stack (its top, 16-byte aligned, with room above for the arch's save
 * area) and exits with fn's result.
 */
long clone_fn(int (*fn)(void), void *stack, unsigned long flags);
/* The same file: this task's thread pointer, the register CLONE_SETTLS sets. */
unsigned long read_thread_pointer(void);

/*
 * user/lib/arch/<arch>/userregs.c: the registers a user program can write
 * that are not in pt_regs' general-purpose set (thread pointers, segment,
 * floating-point or special-purpose registers). The kernel must give every
 * new program 0 in each and keep each task's own across context switches.
 * user_regs_write() loads user_regs_marker[i] into register i.
 */
extern const unsigned int user_regs_nr;
extern const char *const user_regs_names[];
extern const unsigned long user_regs_marker[];
void user_regs_write(const unsigned long *values);
void user_regs_read(unsigned long *values);

/* A fault program run (user/fault.c) and the signal it must end with; 0: it must survive. */
struct fault_case {
	const char *mode;
	int sig;
};

/*
 * user/lib/arch/<arch>/fault_cases.c: the fault modes whose outcome is the
 * architecture's (divide by zero, misaligned access, single step), each with
 * the signal Linux gives on this arch, or 0 where the hardware does not trap.
 */
extern const struct fault_case arch_fault_cases[];
extern const unsigned int arch_nr_fault_cases;
/*
 * An arch's own fault modes, named in its arch_fault_cases (the FP and vector
 * units, say): does the forbidden thing for mode and returns 0 where it did
 * not trap, or -1 for a mode this arch does not have. user/fault.c has a weak
 * default that has none.
 */
int arch_fault(const char *mode);

static inline long write(int fd, const void *buf, size_t n)
{
	return syscall3(__NR_write, fd, buf, n);
}
static inline long read(int fd, void *buf, size_t n)
{
	return syscall3(__NR_read, fd, buf, n);
}
static inline long close(int fd)
{
	return syscall1(__NR_close, fd);
}
/* pipe2(fds, 0): fds[0] reads what fds[1] writes (kernel/pipe.c). */
static inline long pipe2(int fds[2], int flags)
{
	return syscall2(__NR_pipe2, fds, flags);
}
static inline long dup3(int oldfd, int newfd, int flags)
{
	return syscall3(__NR_dup3, oldfd, newfd, flags);
}
/*
 * dup2(): the asm-generic table has only dup3, which refuses oldfd == newfd;
 * dup2 then returns newfd if it is open: a zero-byte write or read (one of
 * them fits either end of a pipe) says whether it is.
 */
static inline long dup2(int oldfd, int newfd)
{
	if (oldfd == newfd)
		return write(oldfd, "", 0) == -EBADF && read(oldfd, NULL, 0) == -EBADF ? -EBADF :
											 newfd;
	return dup3(oldfd, newfd, 0);
}
static inline long getpid(void)
{
	return syscall0(__NR_getpid);
}
static inline long getppid(void)
{
	return syscall0(__NR_getppid);
}
static inline long gettid(void)
{
	return syscall0(__NR_gettid);
}
static inline long sched_yield(void)
{
	return syscall0(__NR_sched_yield);
}
static inline long uname(struct new_utsname *u)
{
	return syscall1(__NR_uname, u);
}
static inline long clock_gettime(int clk, struct timespec *ts)
{
	return syscall2(__NR_clock_gettime, clk, ts);
}
static inline long getrandom(void *buf, size_t n, unsigned int flags)
{
	return syscall3(__NR_getrandom, buf, n, flags);
}
static inline long spawn(const char *name, const char *const *argv)
{
	return syscall4(__NR_spawn, name, argv, NULL, 0);
}
/* spawn() with an environment: envp ends with NULL, as execve's. */
static inline long spawn_env(const char *name, const char *const *argv, const char *const *envp)
{
	return syscall4(__NR_spawn, name, argv, envp, 0);
}
/* spawn() with SPAWN_* flags (include/uapi/trapdoor.h). */
static inline long spawn_flags(const char *name, const char *const *argv, unsigned long flags)
{
	return syscall4(__NR_spawn, name, argv, NULL, flags);
}
static inline long wait4(int pid, int *status, int options, void *rusage)
{
	return syscall4(__NR_wait4, pid, status, options, rusage);
}
static inline long waitpid(int pid, int *status, int options)
{
	return wait4(pid, status, options, NULL);
}
static inline long get_kernel_stats(struct kernel_stats *s)
{
	return syscall1(__NR_kernel_stats, s);
}
/*
 * fork(): the old-style call where the arch's table keeps it (x86_64,
 * powerpc, s390); else clone(SIGCHLD, 0), whose first two arguments are
 * flags and newsp on every arch without fork.
 */
static inline long fork(void)
{
#ifdef __NR_fork
	return syscall0(__NR_fork);
#else
	return syscall2(__NR_clone, SIGCHLD, 0);
#endif
}
static inline long execve(const char *name, const char *const *argv, const char *const *envp)
{
	return syscall3(__NR_execve, name, argv, envp);
}
static inline long kill(int pid, int sig)
{
	return syscall2(__NR_kill, pid, sig);
}
/* Process groups and sessions (docs/tasks.md); getpgrp() is getpgid(0), as on asm-generic Linux. */
static inline long setpgid(int pid, int pgid)
{
	return syscall2(__NR_setpgid, pid, pgid);
}
static inline long getpgid(int pid)
{
	return syscall1(__NR_getpgid, pid);
}
static inline long getpgrp(void)
{
	return syscall1(__NR_getpgid, 0);
}
static inline long setsid(void)
{
	return syscall0(__NR_setsid);
}
static inline long getsid(int pid)
{
	return syscall1(__NR_getsid, pid);
}
static inline long ioctl(int fd, unsigned long request, void *arg)
{
	return syscall3(__NR_ioctl, fd, request, arg);
}
/* The console's foreground process group (TIOCGPGRP, TIOCSPGRP), as libc's; errors negative. */
static inline long tcgetpgrp(int fd)
{
	int pgrp;
	long err = ioctl(fd, TIOCGPGRP, &pgrp);

	return err < 0 ? err : pgrp;
}
static inline long tcsetpgrp(int fd, int pgrp)
{
	return ioctl(fd, TIOCSPGRP, &pgrp);
}
/* The terminal's settings (TCGETS; TCSETS, TCSETSW, TCSETSF by when), as libc's. */
static inline long tcgetattr(int fd, struct termios *t)
{
	return ioctl(fd, TCGETS, t);
}
static inline long tcsetattr(int fd, int when, const struct termios *t)
{
	unsigned long req = when == TCSANOW ? TCSETS : when == TCSADRAIN ? TCSETSW : TCSETSF;

	if (when != TCSANOW && when != TCSADRAIN && when != TCSAFLUSH)
		return -EINVAL;
	return ioctl(fd, req, (void *)t);
}
/* ppoll(fds, nfds, timeout, sigmask, sigsetsize) and poll(fds, nfds, ms) (fs/select.c). */
static inline long ppoll(struct pollfd *fds, unsigned int nfds, struct timespec *tsp,
			 const void *sigmask, size_t sigsetsize)
{
	return __syscall6(__NR_ppoll, (long)fds, nfds, (long)tsp, (long)sigmask, (long)sigsetsize,
			  0);
}
/* poll: the old-style call where the arch has it, else ppoll as libcs make it. */
static inline long poll(struct pollfd *fds, unsigned int nfds, int timeout_ms)
{
#ifdef __NR_poll
	return syscall3(__NR_poll, fds, nfds, timeout_ms);
#else
	struct timespec ts = { .tv_sec = timeout_ms / 1000,
			       .tv_nsec = (timeout_ms % 1000) * 1000000L };

	return ppoll(fds, nfds, timeout_ms < 0 ? NULL : &ts, NULL, 0);
#endif
}
/*
 * For a test that types at the console (TIOCSTI) and reads it back byte by
 * byte: no canonical mode and no echo, the signal keys kept; *saved gets the
 * settings to put back with tcsetattr().
 */
static inline long tty_set_raw(int fd, struct termios *saved)
{
	struct termios t;
	long err = tcgetattr(fd, saved);

	if (err < 0)
		return err;
	t = *saved;
	t.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	return tcsetattr(fd, TCSANOW, &t);
}
/* The test image's terminal controls (TDIOC_*, uapi/trapdoor.h) on the console, fd 0. */
static inline long tty_test_control(unsigned long request, long value)
{
	return syscall3(__NR_ioctl, 0, request, value);
}
static inline long nanosleep(const struct timespec *req, struct timespec *rem)
{
	return syscall2(__NR_nanosleep, req, rem);
}
static inline long task_list(struct task_info *buf, unsigned long n)
{
	return syscall2(__NR_task_list, buf, n);
}
/* user/lib/task.c: pid's task_list state (1 runnable, 2 blocked, 3 zombie), 0 if none. */
int task_state(long pid);
/* Sets a run-time mode (TRAPDOOR_CONFIG_*); value -1 only reads. Returns the old value. */
static inline long trapdoor_config(int key, long value)
{
	return syscall2(__NR_trapdoor_config, key, value);
}
static inline unsigned long report_stack(void)
{
	return (unsigned long)syscall1(__NR_report_stack, 0);
}
/* report_stack() after a sleep of ns nanoseconds (at most 1 s): the syscall may end on another CPU. */
static inline long report_stack_sleep(unsigned long ns)
{
	return syscall1(__NR_report_stack, ns);
}

/*
 * user/lib/migrate.c: a syscall that begins on CPU 0 and ends on CPU 1
 * (docs/kstack-offset.md, "The migration bug"). migrate_start() pins this
 * task to CPU 0, measures the base SP, sets kstack.store= and the mode, and
 * forks the helper on CPU 1. A round: migrate_away() gives the offset A
 * of a syscall that began on CPU 0 and ended on CPU 1, migrate_back() comes
 * back to CPU 0 and gives the offset B of the first syscall to begin there
 * since (offsets in units of 16 bytes); each returns -1 if this task did
 * not end up on the CPU planned. migrate_stop() ends the helper and
 * restores the store and mode.
 */
struct migrate_rig {
	unsigned long base; /* report_stack() with the offset off */
	long helper;	    /* the helper's pid */
	int wfd;	    /* the pipe that wakes it */
	long old_store, old_mode;
};
int migrate_start(struct migrate_rig *rig, long store, long mode);
int migrate_away(struct migrate_rig *rig, long *a);
int migrate_back(struct migrate_rig *rig, long *b);
void migrate_stop(struct migrate_rig *rig);
/* getcpu(): this task's CPU, or a negative errno. */
long migrate_this_cpu(void);

static inline long lkdtm(const char *test, unsigned long arg)
{
	return syscall2(__NR_lkdtm, test, arg);
}
/*
 * CPU affinity (docs/tasks.md). The raw calls, as Linux's: the mask is bit n
 * for CPU n in an array of longs of len bytes; sched_getaffinity returns the
 * bytes it wrote. getcpu's node and cache may be NULL.
 */
static inline long sched_setaffinity(int pid, size_t len, const unsigned long *mask)
{
	return syscall3(__NR_sched_setaffinity, pid, len, mask);
}
static inline long sched_getaffinity(int pid, size_t len, unsigned long *mask)
{
	return syscall3(__NR_sched_getaffinity, pid, len, mask);
}
static inline long getcpu(unsigned int *cpu, unsigned int *node, void *cache)
{
	return syscall3(__NR_getcpu, cpu, node, cache);
}

/*
 * user/lib/arch/<arch>/counter.S: the arch's user-readable counter, the
 * clock the kernel's arch_get_cycles() reads (its rate is the arch's).
 */
u64 user_counter(void);

__noreturn void exit(int status);
/* Powers the machine off; QEMU exits, and the runner reads status. */
__noreturn void poweroff(int status);

/* user/lib/parse.c: a decimal number in 1..max, or 0 if s is anything else. */
unsigned long parse_count(const char *s, unsigned long max);

int printf(const char *fmt, ...) __printf(1, 2);
int puts(const char *s);

/* Test output in the format tools/testsuite counts: "PASS: name" / "FAIL: name: why". */
void test_result(const char *name, bool ok, const char *fmt, ...) __printf(3, 4);

/* Failures so far in this test program: CHECK counts them, main returns them. */
extern int test_failures;

#define CHECK(name, cond, ...)                       \
	do {                                         \
		bool ok_ = (cond);                   \
		test_result(name, ok_, __VA_ARGS__); \
		test_failures += !ok_;               \
	} while (0)

/*
 * The memory calls (docs/memory.md), raw: mmap and brk return an address, or
 * (mmap) a negative errno; brk returns the old end of the heap when it fails.
 */
static inline long brk(unsigned long addr)
{
	return syscall1(__NR_brk, addr);
}
static inline long mmap(void *addr, size_t len, int prot, int flags, int fd, long off)
{
#ifdef __ARCH_WANT_SYS_OLD_MMAP
	/* s390: one pointer to the six arguments (old_mmap), as its libcs call it. */
	unsigned long args[6] = { (unsigned long)addr,	(unsigned long)len, (unsigned long)prot,
				  (unsigned long)flags, (unsigned long)fd,  (unsigned long)off };

	return __syscall6(__NR_mmap, (long)args, 0, 0, 0, 0, 0);
#else
	return __syscall6(__NR_mmap, (long)addr, (long)len, prot, flags, fd, off);
#endif
}
static inline long munmap(void *addr, size_t len)
{
	return syscall2(__NR_munmap, addr, len);
}
static inline long mprotect(void *addr, size_t len, int prot)
{
	return syscall3(__NR_mprotect, addr, len, prot);
}

/*
 * Where a program given by name is: name itself if it holds a '/', else
 * /bin/<name>, as a shell's PATH=/bin finds it. Written to buf (len bytes);
 * returns buf, or name as it is if /bin/<name> does not fit.
 */
const char *program_path(const char *name, char *buf, size_t len);

#endif
