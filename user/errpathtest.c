// SPDX-License-Identifier: MIT
/*
 * errpathtest: every syscall in the table, called with arguments that take its
 * error paths (bad pointers, a kernel pointer, bad fds, names that do not
 * exist, bad flags and values), each followed by the stackleak self-check
 * (stackleak_check, docs/stackleak.md): after every return, on every path, the
 * stack below the erase's start must be all poison. A handler that fails early
 * leaves its frame partly unwritten above deeper calls' leftovers -- the case
 * the erase's search depth exists for.
 *
 * Each case also checks the error it got, and runs a few times (the kernel-
 * stack offset moves the frames). Then every other number up to NR_syscalls
 * must answer -ENOSYS: a syscall added to the table without a case here makes
 * this test fail. One PASS/FAIL line per case; exits with the failure count.
 */
#include "lib/ulib.h"
#include <uapi/fcntl.h>

#include <uapi/stackleak.h>


#define REPEAT	      4
#define BAD_LOW	      8L	/* in the unmapped page at 0 */
#define BAD_HIGH      (-4096L)	/* the top page: never user memory */
#define TOP_64K	      (-65536L) /* the top 64 KiB, aligned for any page size here */
/*
 * Longer than the kernel copies in (MAX_ARG_LEN in include/trapdoor/exec.h,
 * which user code does not include). Linux's limits on execve's strings
 * (MAX_ARG_STRLEN and ARG_STACK_LIMIT there): one string of at most 32
 * pages (512 KiB with loongarch's 16 KiB pages, the largest), all of them
 * with a pointer each at most 2 MiB.
 */
#define LONG_NAME_LEN 4097
#define ARG_TOO_LONG  (512 * 1024 + 1) /* a string past every arch's MAX_ARG_STRLEN */
#define ARG_PIECE     (127 * 1024)     /* a string within it ... */
#define ARGS_TOO_BIG  17	       /* ... this many times: past 2 MiB */

/* Placeholders for arguments only known at run time; fill_in() replaces them. */
#define P_KERNEL       (-1001L) /* a kernel stack address (report_stack()) */
#define P_NOENT	       (-1002L) /* "nonexistent" */
#define P_LONG_NAME    (-1003L)
#define P_TOO_MANY     (-1004L) /* argv of ARGS_TOO_BIG strings of ARG_PIECE bytes */
#define P_TOO_LONG     (-1014L) /* argv with one string of ARG_TOO_LONG bytes */
/* A program that exists (this one): its argv is read only after the file is found, as in Linux. */
#define P_PROGRAM      (-1015L)
#define P_BAD_ARGV     (-1005L) /* argv whose second entry is a bad pointer */
#define P_NEG_SEC      (-1006L) /* struct timespec { -1, 0 } */
#define P_BIG_NSEC     (-1007L) /* struct timespec { 0, 2000000000 } */
#define P_MASK_ZERO    (-1008L) /* a CPU mask with no CPU in it */
#define P_MASK_BUF     (-1009L) /* room for a CPU mask */
#define P_TS_BUF       (-1010L) /* room for a struct timespec */
/*
 * An int or unsigned int argument is its register's low 32 bits, as in
 * Linux (SYSCALL_DEFINEn's types): whatever the upper half holds is ignored,
 * and a negative int is negative whether user space sign- or zero-extended it.
 */
#define UPPER_GARBAGE  (long)0xdeadbeef00000000UL
#define P_PID_GARBAGE  (-1011L) /* our pid, garbage above it */
#define P_PGRP_GARBAGE (-1012L) /* -(our pid) as an int, garbage above it: our group */
#define P_PGRP_ZEXT    (-1013L) /* -(our pid) as an int, zero-extended: our group */

/* Wanted results besides a plain value. */
#define ANY_OK	  1000001L /* any value >= 0 */
#define ANY	  1000002L /* any value at all (returns data, not a status) */
#define ELSEWHERE 1000003L /* not called here: it would fork this test (user/abitest.c calls it) */

struct errcase {
	const char *name;
	long nr;
	long a[4];
	long want;
};

static char long_name[LONG_NAME_LEN];
static const char *too_many_args[ARGS_TOO_BIG + 1];
static char arg_too_long[ARG_TOO_LONG + 1], arg_piece[ARG_PIECE + 1];
static const char *one_long_arg[] = { "x", arg_too_long, NULL };
static const char *bad_argv[] = { "x", (const char *)BAD_LOW, NULL };
static struct timespec neg_sec = { -1, 0 }, big_nsec = { 0, 2000000000L };
static unsigned long mask_zero, mask_buf;
static struct timespec ts_buf;

static const struct errcase cases[] = {
	{ "read.bad_fd", __NR_read, { 7, 0, 16 }, -EBADF },
	{ "read.zero_count", __NR_read, { 0, 0, 0 }, 0 },
	{ "write.bad_fd", __NR_write, { 9, 0, 4 }, -EBADF },
	{ "write.null_buf", __NR_write, { 1, BAD_LOW, 4 }, -EFAULT },
	{ "write.kernel_buf", __NR_write, { 1, P_KERNEL, 16 }, -EFAULT },
	{ "write.wrapping_count", __NR_write, { 1, BAD_HIGH, 8192 }, -EFAULT },
	{ "nanosleep.bad_ptr", __NR_nanosleep, { BAD_LOW }, -EFAULT },
	{ "nanosleep.negative", __NR_nanosleep, { P_NEG_SEC }, -EINVAL },
	{ "nanosleep.nsec_range", __NR_nanosleep, { P_BIG_NSEC }, -EINVAL },
	{ "clock_gettime.bad_clock", __NR_clock_gettime, { 99, 0 }, -EINVAL },
	{ "clock_gettime.bad_ptr", __NR_clock_gettime, { CLOCK_MONOTONIC, BAD_HIGH }, -EFAULT },
	{ "sched_yield", __NR_sched_yield, { 0 }, 0 },
	{ "kill.bad_signal", __NR_kill, { 1, 65 }, -EINVAL },
	{ "kill.negative_signal", __NR_kill, { 1, -1 }, -EINVAL },
	{ "kill.pid_int_min", __NR_kill, { INT_MIN, SIGKILL }, -ESRCH },
	{ "kill.no_such_group", __NR_kill, { -99999, SIGKILL }, -ESRCH },
	{ "ioctl.bad_fd", __NR_ioctl, { 9, TIOCGPGRP, 0 }, -EBADF },
	{ "ioctl.bad_request", __NR_ioctl, { 0, 0x7401, 0 }, -ENOTTY },
	{ "ioctl.tiocsti_refused", __NR_ioctl, { 0, TIOCSTI, BAD_LOW }, -EIO },
	{ "ioctl.tcgets_bad_ptr", __NR_ioctl, { 0, TCGETS, BAD_LOW }, -EFAULT },
	{ "ioctl.tcsets_kernel_ptr", __NR_ioctl, { 0, TCSETS, P_KERNEL }, -EFAULT },
	{ "ioctl.tiocgwinsz_bad_ptr", __NR_ioctl, { 0, TIOCGWINSZ, BAD_HIGH }, -EFAULT },
	/* poll (fs/select.c): tsp NULL, no sigmask. */
	{ "ppoll.bad_fds", __NR_ppoll, { BAD_LOW, 1, 0, 0 }, -EFAULT },
	{ "ppoll.kernel_fds", __NR_ppoll, { P_KERNEL, 1, 0, 0 }, -EFAULT },
	{ "ppoll.too_many_fds", __NR_ppoll, { 0, 1025, 0, 0 }, -EINVAL },
	{ "ppoll.bad_timespec", __NR_ppoll, { 0, 0, BAD_LOW, 0 }, -EFAULT },
	{ "ppoll.nsec_range", __NR_ppoll, { 0, 0, P_BIG_NSEC, 0 }, -EINVAL },
	{ "setpgid.negative", __NR_setpgid, { 0, -1 }, -EINVAL },
	{ "setpgid.no_such_pid", __NR_setpgid, { 99999, 0 }, -ESRCH },
	{ "getpgid.no_such_pid", __NR_getpgid, { 99999 }, -ESRCH },
	{ "getsid.no_such_pid", __NR_getsid, { 99999 }, -ESRCH },
	{ "setpgid.own_group", __NR_setpgid, { 0, 0 }, 0 },
	{ "setsid.group_leader", __NR_setsid, { 0 }, -EPERM },
	/* Typed arguments: only the low 32 bits count (after setpgid.own_group: -our pid is our group). */
	{ "kill.pid_upper_garbage", __NR_kill, { P_PID_GARBAGE, UPPER_GARBAGE | 0 }, 0 },
	{ "kill.pgrp_upper_garbage", __NR_kill, { P_PGRP_GARBAGE, 0 }, 0 },
	{ "kill.pgrp_zero_extended", __NR_kill, { P_PGRP_ZEXT, 0 }, 0 },
	{ "getpgid.pid_upper_garbage", __NR_getpgid, { P_PID_GARBAGE }, ANY_OK },
	{ "clock_gettime.clock_upper_garbage",
	  __NR_clock_gettime,
	  { UPPER_GARBAGE | CLOCK_MONOTONIC, P_TS_BUF },
	  0 },
	{ "getrandom.flags_upper_garbage",
	  __NR_getrandom, /* GRND_INSECURE */
	  { P_MASK_BUF, sizeof(long), UPPER_GARBAGE | 0x0004 },
	  sizeof(long) },
	{ "kill.no_such_pid", __NR_kill, { 99999, SIGKILL }, -ESRCH },
	{ "kill.init", __NR_kill, { 1, SIGKILL }, -EPERM },
	{ "reboot.bad_magic", __NR_reboot, { 1, 2, 3 }, -EINVAL },
	{ "reboot.bad_cmd",
	  __NR_reboot,
	  { (long)LINUX_REBOOT_MAGIC1, (long)LINUX_REBOOT_MAGIC2, 7 },
	  -EINVAL },
	{ "uname.bad_ptr", __NR_uname, { BAD_LOW }, -EFAULT },
	{ "uname.kernel_ptr", __NR_uname, { P_KERNEL }, -EFAULT },
	{ "getpid", __NR_getpid, { 0 }, ANY_OK },
	{ "getppid", __NR_getppid, { 0 }, ANY_OK },
	{ "gettid", __NR_gettid, { 0 }, ANY_OK },
	/* CLONE_VM (0x100) in both first arguments: the flags on every arch. */
	{ "clone.bad_flags", __NR_clone, { 0x100, 0x100 }, -EINVAL },
	{ "execve.no_such_program", __NR_execve, { P_NOENT, 0, 0 }, -ENOENT },
	{ "execve.bad_name", __NR_execve, { BAD_LOW, 0, 0 }, -EFAULT },
	{ "execve.bad_argv", __NR_execve, { P_PROGRAM, BAD_HIGH, 0 }, -EFAULT },
	{ "execve.bad_arg", __NR_execve, { P_PROGRAM, P_BAD_ARGV, 0 }, -EFAULT },
	{ "execve.args_too_big", __NR_execve, { P_PROGRAM, P_TOO_MANY, 0 }, -E2BIG },
	{ "execve.arg_too_long", __NR_execve, { P_PROGRAM, 0, P_TOO_LONG }, -E2BIG },
	{ "execve.name_too_long", __NR_execve, { P_LONG_NAME, 0, 0 }, -ENAMETOOLONG },
	{ "wait4.no_child", __NR_wait4, { 12345, 0, 0, 0 }, -ECHILD },
	{ "wait4.bad_options", __NR_wait4, { -1, 0, 0x100, 0 }, -EINVAL },
	{ "set_robust_list.enosys", __NR_set_robust_list, { 0, 24 }, -ENOSYS },
	{ "rseq.enosys", __NR_rseq, { 0, 32, 0, 0 }, -ENOSYS },
	{ "rt_sigaction.sigsetsize", __NR_rt_sigaction, { SIGINT, 0, 0, 4 }, -EINVAL },
	{ "prlimit64.bad_resource", __NR_prlimit64, { 0, 16, 0, 0 }, -EINVAL },
	{ "waitid.no_options", __NR_waitid, { 0, 0, 0, 0 }, -EINVAL },
	{ "clock_getres.bad_clock", __NR_clock_getres, { 99, 0 }, -EINVAL },
	{ "clock_getres.bad_ptr", __NR_clock_getres, { CLOCK_MONOTONIC, BAD_LOW }, -EFAULT },
	{ "clock_nanosleep.bad_clock", __NR_clock_nanosleep, { 99, 0, 0, 0 }, -EINVAL },
	{ "clock_nanosleep.bad_ptr",
	  __NR_clock_nanosleep,
	  { CLOCK_MONOTONIC, 0, BAD_LOW, 0 },
	  -EFAULT },
	{ "tkill.bad_tid", __NR_tkill, { 0, 0 }, -EINVAL },
	{ "tgkill.bad_tgid", __NR_tgkill, { 0, 1, 0 }, -EINVAL },
	{ "rt_sigprocmask.sigsetsize", __NR_rt_sigprocmask, { 0, 0, 0, 4 }, -EINVAL },
	{ "rt_sigpending.bad_ptr", __NR_rt_sigpending, { BAD_LOW, 8 }, -EFAULT },
	{ "rt_sigsuspend.sigsetsize", __NR_rt_sigsuspend, { 0, 4 }, -EINVAL },
	{ "rt_sigsuspend.bad_ptr", __NR_rt_sigsuspend, { BAD_LOW, 8 }, -EFAULT },
	{ "sigaltstack.bad_ptr", __NR_sigaltstack, { BAD_LOW, 0 }, -EFAULT },
	{ "sigaltstack.bad_old_ptr", __NR_sigaltstack, { 0, BAD_LOW }, -EFAULT },
	/* A forged frame kills the caller: user/sroptest.c forks for it. */
	{ "rt_sigreturn", __NR_rt_sigreturn, { 0 }, ELSEWHERE },
#ifdef __NR_sigreturn
	{ "sigreturn", __NR_sigreturn, { 0 }, ELSEWHERE },
#endif
	{ "times.bad_ptr", __NR_times, { BAD_LOW }, -EFAULT },
	{ "prctl.bad_option", __NR_prctl, { 9999, 0 }, -EINVAL },
	{ "gettimeofday.bad_ptr", __NR_gettimeofday, { BAD_LOW, 0 }, -EFAULT },
	{ "getuid", __NR_getuid, { 0 }, 0 },
	{ "geteuid", __NR_geteuid, { 0 }, 0 },
	{ "getgid", __NR_getgid, { 0 }, 0 },
	{ "getegid", __NR_getegid, { 0 }, 0 },
#ifdef __NR_getrlimit
	{ "getrlimit.bad_ptr", __NR_getrlimit, { 0, BAD_LOW }, -EFAULT },
	{ "setrlimit.bad_ptr", __NR_setrlimit, { 0, BAD_LOW }, -EFAULT },
#endif
#ifdef __NR_ugetrlimit
	{ "ugetrlimit.bad_resource", __NR_ugetrlimit, { 16, 0 }, -EINVAL },
#endif
#ifdef __NR_time
	{ "time.bad_ptr", __NR_time, { BAD_LOW }, -EFAULT },
#endif
	{ "wait4.rusage_no_child", __NR_wait4, { -1, 0, 0, BAD_LOW }, -ECHILD },
	{ "getrandom.bad_flags", __NR_getrandom, { 0, 16, 0x80 }, -EINVAL },
	{ "getrandom.bad_ptr", __NR_getrandom, { BAD_LOW, 16, 0 }, -EFAULT },
	{ "getrandom.kernel_ptr", __NR_getrandom, { P_KERNEL, 64, 0 }, -EFAULT },
	{ "spawn.no_such_program", __NR_spawn, { P_NOENT, 0 }, -ENOENT },
	{ "spawn.bad_name", __NR_spawn, { BAD_HIGH, 0 }, -EFAULT },
	{ "spawn.bad_argv", __NR_spawn, { P_PROGRAM, BAD_LOW }, -EFAULT },
	{ "spawn.bad_arg", __NR_spawn, { P_PROGRAM, P_BAD_ARGV }, -EFAULT },
	{ "spawn.args_too_big", __NR_spawn, { P_PROGRAM, 0, P_TOO_MANY }, -E2BIG },
	{ "spawn.arg_too_long", __NR_spawn, { P_PROGRAM, P_TOO_LONG }, -E2BIG },
	{ "spawn.name_too_long", __NR_spawn, { P_LONG_NAME, 0 }, -ENAMETOOLONG },
	{ "spawn.bad_flags", __NR_spawn, { P_NOENT, 0, 0, 4 }, -EINVAL },
	{ "spawn.tcsetpgroup_alone", __NR_spawn, { P_NOENT, 0, 0, SPAWN_TCSETPGROUP }, -EINVAL },
	{ "kernel_stats.bad_ptr", __NR_kernel_stats, { BAD_LOW }, -EFAULT },
	{ "report_stack", __NR_report_stack, { 0 }, ANY },
	{ "task_list.bad_ptr", __NR_task_list, { BAD_LOW, 4 }, -EFAULT },
	{ "trapdoor_config.bad_key", __NR_trapdoor_config, { 77, 0 }, -EINVAL },
	{ "trapdoor_config.bad_kstack_mode",
	  __NR_trapdoor_config,
	  { TRAPDOOR_CONFIG_KSTACK_MODE, NR_KSTACK_MODES },
	  -EINVAL },
	{ "trapdoor_config.bad_stackleak",
	  __NR_trapdoor_config,
	  { TRAPDOOR_CONFIG_STACKLEAK, 5 },
	  -EINVAL },
	{ "stackleak_check", __NR_stackleak_check, { STACKLEAK_CHECK_QUIET }, 0 },
	{ "stackleak_deep", __NR_stackleak_deep, { 0 }, ANY },
	{ "leak_write_secret", __NR_leak_write_secret, { 0x1234 }, ANY },
	{ "leak_read_uninit", __NR_leak_read_uninit, { 0 }, ANY },
	{ "close.bad_fd", __NR_close, { 99 }, -EBADF },
	{ "close.negative_fd", __NR_close, { -1 }, -EBADF },
	{ "dup3.bad_fd", __NR_dup3, { 99, 5, 0 }, -EBADF },
	{ "dup3.same_fd", __NR_dup3, { 1, 1, 0 }, -EINVAL },
	{ "dup3.bad_flags", __NR_dup3, { 1, 5, 0x7 }, -EINVAL },
	{ "pipe2.bad_ptr", __NR_pipe2, { BAD_LOW, 0 }, -EFAULT },
	{ "pipe2.kernel_ptr", __NR_pipe2, { P_KERNEL, 0 }, -EFAULT },
	{ "pipe2.bad_flags", __NR_pipe2, { P_KERNEL, 0x4 }, -EINVAL },
	{ "writev.bad_fd", __NR_writev, { 99, P_KERNEL, 1 }, -EBADF },
	{ "writev.bad_vector", __NR_writev, { 1, BAD_LOW, 1 }, -EFAULT },
	{ "writev.kernel_vector", __NR_writev, { 1, P_KERNEL, 1 }, -EFAULT },
	{ "writev.too_many", __NR_writev, { 1, BAD_LOW, 1025 }, -EINVAL },
	{ "set_tid_address.bad_ptr", __NR_set_tid_address, { BAD_LOW }, ANY_OK },
	/* Files (fs/): descriptors, reads and writes, metadata. */
	{ "openat.no_such_file", __NR_openat, { AT_FDCWD, P_NOENT, 0, 0 }, -ENOENT },
	{ "openat.bad_ptr", __NR_openat, { AT_FDCWD, BAD_LOW, 0, 0 }, -EFAULT },
	{ "openat.kernel_ptr", __NR_openat, { AT_FDCWD, P_KERNEL, 0, 0 }, -EFAULT },
	{ "openat.bad_dfd", __NR_openat, { 99, P_NOENT, 0, 0 }, -EBADF },
	{ "readv.bad_fd", __NR_readv, { 99, P_KERNEL, 1 }, -EBADF },
	{ "readv.kernel_vector", __NR_readv, { 1, P_KERNEL, 1 }, -EFAULT },
	{ "readv.too_many", __NR_readv, { 1, BAD_LOW, 1025 }, -EINVAL },
	{ "pread64.bad_fd", __NR_pread64, { 99, 0, 0, 0 }, -EBADF },
	{ "pread64.console", __NR_pread64, { 1, 0, 0, 0 }, -ESPIPE },
	{ "pwrite64.bad_fd", __NR_pwrite64, { 99, 0, 0, 0 }, -EBADF },
	{ "pwrite64.console", __NR_pwrite64, { 1, 0, 0, 0 }, -ESPIPE },
	{ "lseek.bad_fd", __NR_lseek, { 99, 0, 0 }, -EBADF },
	{ "lseek.console", __NR_lseek, { 1, 0, 0 }, -ESPIPE },
	{ "lseek.bad_whence", __NR_lseek, { 1, 0, 7 }, -EINVAL },
	{ "getdents64.bad_fd", __NR_getdents64, { 99, BAD_LOW, 64 }, -EBADF },
	{ "getdents64.not_a_directory", __NR_getdents64, { 1, BAD_LOW, 64 }, -ENOTDIR },
	{ "statx.reserved_mask", __NR_statx, { AT_FDCWD, P_NOENT, 0, 0x80000000L }, -EINVAL },
	{ "statx.no_such_file", __NR_statx, { AT_FDCWD, P_NOENT, 0, 0 }, -ENOENT },
	{ "statx.bad_flags", __NR_statx, { AT_FDCWD, P_NOENT, 0x10000, 0 }, -EINVAL },
	{ "dup.bad_fd", __NR_dup, { 99 }, -EBADF },
	{ "fcntl.bad_fd", __NR_fcntl, { 99, F_GETFD, 0 }, -EBADF },
	{ "fcntl.bad_cmd", __NR_fcntl, { 1, 9999, 0 }, -EINVAL },
	{ "fcntl.dupfd_past_limit", __NR_fcntl, { 1, F_DUPFD, 1024 }, -EINVAL },
	{ "sendfile.refused", __NR_sendfile, { 1, 0, 0, 16 }, -EINVAL },
#ifdef __NR_newfstatat
	{ "newfstatat.no_such_file", __NR_newfstatat, { AT_FDCWD, P_NOENT, P_KERNEL, 0 }, -ENOENT },
	{ "newfstatat.bad_ptr", __NR_newfstatat, { AT_FDCWD, BAD_LOW, P_KERNEL, 0 }, -EFAULT },
	{ "newfstatat.bad_flags", __NR_newfstatat, { AT_FDCWD, P_NOENT, P_KERNEL, 0x7 }, -EINVAL },
	{ "fstat.bad_fd", __NR_fstat, { 99, P_KERNEL }, -EBADF },
	{ "fstat.kernel_ptr", __NR_fstat, { 1, P_KERNEL }, -EFAULT },
#endif
	/* Files: names, the working directory, umask. */
	{ "getcwd.bad_ptr", __NR_getcwd, { BAD_LOW, 64 }, -EFAULT },
	{ "getcwd.too_small", __NR_getcwd, { P_KERNEL, 1 }, -ERANGE },
	{ "mkdirat.bad_ptr", __NR_mkdirat, { AT_FDCWD, BAD_LOW, 0755 }, -EFAULT },
	{ "unlinkat.no_such_file", __NR_unlinkat, { AT_FDCWD, P_NOENT, 0 }, -ENOENT },
	{ "symlinkat.bad_ptr", __NR_symlinkat, { BAD_LOW, AT_FDCWD, P_NOENT }, -EFAULT },
	{ "readlinkat.no_such_file",
	  __NR_readlinkat,
	  { AT_FDCWD, P_NOENT, P_KERNEL, 16 },
	  -ENOENT },
	{ "renameat2.no_such_file",
	  __NR_renameat2,
	  { AT_FDCWD, P_NOENT, AT_FDCWD, P_NOENT },
	  -ENOENT },
	{ "faccessat.no_such_file", __NR_faccessat, { AT_FDCWD, P_NOENT, 0 }, -ENOENT },
	{ "ftruncate.bad_fd", __NR_ftruncate, { 99, 0 }, -EBADF },
	{ "fchmodat.no_such_file", __NR_fchmodat, { AT_FDCWD, P_NOENT, 0644 }, -ENOENT },
	{ "fchmod.bad_fd", __NR_fchmod, { 99, 0644 }, -EBADF },
	{ "chdir.no_such_dir", __NR_chdir, { P_NOENT }, -ENOENT },
	{ "chdir.bad_ptr", __NR_chdir, { BAD_LOW }, -EFAULT },
	{ "fchdir.bad_fd", __NR_fchdir, { 99 }, -EBADF },
	{ "umask.default", __NR_umask, { 022 }, ANY_OK },
#ifdef __NR_renameat
	{ "renameat.no_such_file",
	  __NR_renameat,
	  { AT_FDCWD, P_NOENT, AT_FDCWD, P_NOENT },
	  -ENOENT },
#endif
#ifdef __NR_rename
	{ "open.no_such_file", __NR_open, { P_NOENT, 0, 0 }, -ENOENT },
	{ "creat.bad_ptr", __NR_creat, { BAD_LOW, 0644 }, -EFAULT },
	{ "stat.no_such_file", __NR_stat, { P_NOENT, P_KERNEL }, -ENOENT },
	{ "lstat.no_such_file", __NR_lstat, { P_NOENT, P_KERNEL }, -ENOENT },
	{ "access.no_such_file", __NR_access, { P_NOENT, 0 }, -ENOENT },
	{ "chmod.no_such_file", __NR_chmod, { P_NOENT, 0644 }, -ENOENT },
	{ "rename.no_such_file", __NR_rename, { P_NOENT, P_NOENT }, -ENOENT },
	{ "mkdir.bad_ptr", __NR_mkdir, { BAD_LOW, 0755 }, -EFAULT },
	{ "rmdir.no_such_dir", __NR_rmdir, { P_NOENT }, -ENOENT },
	{ "unlink.no_such_file", __NR_unlink, { P_NOENT }, -ENOENT },
	{ "symlink.bad_ptr", __NR_symlink, { BAD_LOW, P_NOENT }, -EFAULT },
	{ "readlink.no_such_file", __NR_readlink, { P_NOENT, P_KERNEL, 16 }, -ENOENT },
#endif
/* The old-style calls, where this arch's table has them. */
#ifdef __NR_pipe
	{ "pipe.bad_ptr", __NR_pipe, { BAD_LOW }, -EFAULT },
	{ "pipe.kernel_ptr", __NR_pipe, { P_KERNEL }, -EFAULT },
#endif
#ifdef __NR_dup2
	{ "dup2.bad_fd", __NR_dup2, { 99, 5 }, -EBADF },
	{ "dup2.same_closed_fd", __NR_dup2, { 99, 99 }, -EBADF },
#endif
#ifdef __NR_fork
	{ "fork", __NR_fork, { 0 }, ELSEWHERE },
#endif
#ifdef __NR_getpgrp
	{ "getpgrp", __NR_getpgrp, { 0 }, ANY_OK },
#endif
#ifdef __NR_poll
	{ "poll.bad_fds", __NR_poll, { BAD_LOW, 1, 0 }, -EFAULT },
	{ "poll.too_many_fds", __NR_poll, { 0, 1025, 0 }, -EINVAL },
#endif
	/* The memory calls: fd and offset (mmap's fifth and sixth) are 0 here, so fd 0 is the console. */
	{ "brk.query", __NR_brk, { 0 }, ANY_OK },
	{ "brk.below_start", __NR_brk, { BAD_LOW }, ANY_OK },
#ifdef __ARCH_WANT_SYS_OLD_MMAP
	/* s390's mmap reads its six arguments from memory (old_mmap). */
	{ "old_mmap.bad_args", __NR_mmap, { BAD_LOW }, -EFAULT },
	{ "old_mmap.kernel_args", __NR_mmap, { P_KERNEL }, -EFAULT },
#else
	{ "mmap.len0", __NR_mmap, { 0, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS }, -EINVAL },
	{ "mmap.no_type", __NR_mmap, { 0, 4096, PROT_READ, MAP_ANONYMOUS }, -EINVAL },
	{ "mmap.huge",
	  __NR_mmap,
	  { 0, BAD_HIGH, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS },
	  -ENOMEM },
	{ "mmap.console", __NR_mmap, { 0, 4096, PROT_READ, MAP_PRIVATE }, -ENODEV },
	{ "mmap.fixed_unaligned",
	  __NR_mmap,
	  { BAD_LOW, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED },
	  -EINVAL },
	{ "mmap.kernel_fixed",
	  __NR_mmap,
	  { TOP_64K, 65536, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED },
	  -ENOMEM },
#endif
	{ "munmap.unaligned", __NR_munmap, { BAD_LOW, 4096 }, -EINVAL },
	{ "munmap.len0", __NR_munmap, { 65536, 0 }, -EINVAL },
	{ "munmap.wraps", __NR_munmap, { BAD_HIGH, 8192 }, -EINVAL },
	{ "mprotect.unaligned", __NR_mprotect, { BAD_LOW, 4096, PROT_READ }, -EINVAL },
	{ "mprotect.bad_prot", __NR_mprotect, { 65536, 65536, 0x80 }, -EINVAL },
	{ "mprotect.unmapped", __NR_mprotect, { TOP_64K, 65536, PROT_READ }, -ENOMEM },
	{ "lkdtm.bad_name_ptr", __NR_lkdtm, { BAD_LOW, 0 }, -EFAULT },
	{ "lkdtm.no_such_test", __NR_lkdtm, { P_NOENT, 0 }, -EINVAL },
	{ "lkdtm.long_name", __NR_lkdtm, { P_LONG_NAME, 0 }, -ENAMETOOLONG },
	{ "sched_setaffinity.bad_ptr", __NR_sched_setaffinity, { 0, 8, BAD_LOW }, -EFAULT },
	{ "sched_setaffinity.kernel_ptr", __NR_sched_setaffinity, { 0, 8, P_KERNEL }, -EFAULT },
	{ "sched_setaffinity.no_such_pid",
	  __NR_sched_setaffinity,
	  { 99999, 8, P_MASK_BUF },
	  -ESRCH },
	{ "sched_setaffinity.no_cpu", __NR_sched_setaffinity, { 0, 8, P_MASK_ZERO }, -EINVAL },
	{ "sched_getaffinity.len_zero", __NR_sched_getaffinity, { 0, 0, P_MASK_BUF }, -EINVAL },
	{ "sched_getaffinity.len_odd", __NR_sched_getaffinity, { 0, 12, P_MASK_BUF }, -EINVAL },
	{ "sched_getaffinity.bad_ptr", __NR_sched_getaffinity, { 0, 8, BAD_LOW }, -EFAULT },
	{ "sched_getaffinity.no_such_pid",
	  __NR_sched_getaffinity,
	  { 99999, 8, P_MASK_BUF },
	  -ESRCH },
	{ "getcpu.bad_ptr", __NR_getcpu, { BAD_LOW, 0, 0 }, -EFAULT },
	{ "getcpu.bad_node_ptr", __NR_getcpu, { 0, P_KERNEL, 0 }, -EFAULT },
#ifdef __NR_arch_prctl
	{ "arch_prctl.bad_code", __NR_arch_prctl, { 0x9999, 0 }, -EINVAL },
	{ "arch_prctl.get_fs_bad_ptr",
	  __NR_arch_prctl,
	  { 0x1003 /* ARCH_GET_FS */, BAD_LOW },
	  -EFAULT },
	{ "arch_prctl.get_gs_kernel_ptr",
	  __NR_arch_prctl,
	  { 0x1004 /* ARCH_GET_GS */, P_KERNEL },
	  -EFAULT },
	{ "arch_prctl.set_fs_top_page",
	  __NR_arch_prctl,
	  { 0x1002 /* ARCH_SET_FS */, BAD_HIGH },
	  -EPERM },
#endif
	{ "unknown.below_trapdoor_base", 999, { 0 }, -ENOSYS }, /* no arch's table reaches 999 */
	{ "unknown.between", 500, { BAD_LOW, BAD_LOW }, -ENOSYS },
	{ "unknown.nr_syscalls", NR_syscalls, { 0 }, -ENOSYS },
	{ "unknown.negative", -1, { 0 }, -ENOSYS },
};

/* exit and exit_group never return: nothing to check after them (leaktest checks after a task dies). */
static bool never_returns(long nr)
{
	return nr == __NR_exit || nr == __NR_exit_group;
}

static bool has_case(long nr)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(cases); i++)
		if (cases[i].nr == nr)
			return true;
	return never_returns(nr);
}

static long fill_in(long a)
{
	switch (a) {
	case P_KERNEL:
		return (long)report_stack();
	case P_NOENT:
		return (long)"nonexistent";
	case P_PROGRAM:
		return (long)"/bin/errpathtest";
	case P_LONG_NAME:
		return (long)long_name;
	case P_TOO_MANY:
		return (long)too_many_args;
	case P_TOO_LONG:
		return (long)one_long_arg;
	case P_BAD_ARGV:
		return (long)bad_argv;
	case P_NEG_SEC:
		return (long)&neg_sec;
	case P_BIG_NSEC:
		return (long)&big_nsec;
	case P_MASK_ZERO:
		return (long)&mask_zero;
	case P_MASK_BUF:
		return (long)&mask_buf;
	case P_TS_BUF:
		return (long)&ts_buf;
	case P_PID_GARBAGE:
		return UPPER_GARBAGE | getpid();
	case P_PGRP_GARBAGE:
		return UPPER_GARBAGE | (unsigned int)-getpid();
	case P_PGRP_ZEXT:
		return (long)(unsigned int)-getpid();
	default:
		return a;
	}
}

/* One case: REPEAT times the call, each followed by the self-check; all must be right. */
static void run_case(const struct errcase *c)
{
	long a[4], ret = 0, check = 0;
	char name[64];
	bool ok = true;

	for (unsigned int i = 0; i < ARRAY_SIZE(a); i++)
		a[i] = fill_in(c->a[i]);
	for (int r = 0; r < REPEAT && ok; r++) {
		ret = __syscall6(c->nr, a[0], a[1], a[2], a[3], 0, 0);
		check = syscall1(__NR_stackleak_check, STACKLEAK_CHECK_QUIET);
		ok = (c->want == ANY || (c->want == ANY_OK ? ret >= 0 : ret == c->want)) &&
		     check == 0;
	}
	snprintf(name, sizeof(name), "user.errpath.%s", c->name);
	if (c->want == ANY || c->want == ANY_OK)
		CHECK(name, ok, "returned %ld, then stackleak_check() = %ld", ret, check);
	else
		CHECK(name, ok, "returned %ld (want %ld), then stackleak_check() = %ld", ret,
		      c->want, check);
}

int main(void)
{
	long old_stackleak = trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, 1);
	long nr, ret = 0;

	memset(long_name, 'n', sizeof(long_name) - 1);
	memset(arg_too_long, 'a', ARG_TOO_LONG);
	memset(arg_piece, 'p', ARG_PIECE);
	for (unsigned int i = 0; i < ARGS_TOO_BIG; i++)
		too_many_args[i] = arg_piece;

	for (unsigned int i = 0; i < ARRAY_SIZE(cases); i++)
		if (cases[i].want != ELSEWHERE)
			run_case(&cases[i]);

	/* Every number the table holds has a case above; every other one is -ENOSYS. */
	for (nr = 0; nr <= NR_syscalls; nr++) {
		if (has_case(nr))
			continue;
		ret = __syscall6(nr, BAD_LOW, BAD_LOW, BAD_LOW, BAD_LOW, BAD_LOW, BAD_LOW);
		if (ret != -ENOSYS)
			break;
	}
	CHECK("user.errpath.every_syscall_has_a_case", nr > NR_syscalls,
	      "syscall %ld returned %ld, not -ENOSYS, and has no case here", nr, ret);
	CHECK("user.errpath.check_after_enosys_sweep",
	      syscall1(__NR_stackleak_check, STACKLEAK_CHECK_QUIET) == 0,
	      "stackleak_check() failed");

	trapdoor_config(TRAPDOOR_CONFIG_STACKLEAK, old_stackleak);
	return test_failures;
}
