// SPDX-License-Identifier: MIT
/*
 * Syscall tracing: `trace on` in the shell (user/sh.c) makes the kernel print
 * one line per syscall of the programs the shell starts, as strace prints it:
 *
 *   trace: 5 write(1, "hi\n", 3)                     = 3  kstack +656  erased 888
 *
 * the pid, then strace's line for the call (its arguments decoded as strace
 * decodes them, lib/strace.c writing the notation), then, two blanks apart,
 * what strace cannot show: the random offset the dispatcher moved its stack
 * pointer down by on the way in (docs/kstack-offset.md) and the bytes the
 * stackleak erase will re-poison on the way out (docs/stackleak.md).
 * docs/shell.md shows it at work beside strace.
 *
 * do_syscall() records the line (the dispatcher has the number, arguments and
 * result); the exit work prints it, the last thing the kernel does for the
 * syscall in C. Around the printing, the exit work copies the free part of
 * the kernel stack aside and back (trace_stack_save(), trapdoor/trace.h), so
 * what the syscall left below its frame is still there for the next one.
 * The erase that follows in entry.S covers everything printk's frames reached.
 *
 * The switch is each task's own (task_struct.trace_children): a task's
 * trace on traces its own children, direct ones only, and never reaches
 * whether the task itself is traced. So a traced program's trace on or off
 * changes only what is traced below it, and cannot take the shell's trace
 * over or switch it off.
 */
#include <asm/ioctls.h>
#include <asm/termbits.h>
#include <trapdoor/printk.h>
#include <trapdoor/spinlock.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/strace.h>
#include <trapdoor/string.h>
#include <trapdoor/task.h>
#include <trapdoor/trace.h>
#include <trapdoor/syscall.h>
#include <trapdoor/uaccess.h>
#include <uapi/dirent.h>
#include <uapi/errno.h>
#include <uapi/fcntl.h>
#include <uapi/mman.h>
#include <uapi/prctl.h>
#include <uapi/resource.h>
#include <uapi/signal.h>
#include <uapi/stat.h>
#include <uapi/time.h>
#include <uapi/trapdoor.h>
#include <uapi/unistd.h>
#ifdef __NR_arch_prctl
#include <asm/prctl.h> /* arch_prctl()'s codes, where the arch has the call */
#endif

int trace_tasks;
bool trace_pending;
unsigned long trace_stack_copies[NR_CPUS][THREAD_SIZE / sizeof(unsigned long)];

/*
 * How trace shows an argument: strace's notation for it. A_DEFAULT is the
 * calls that strace does not know (trapdoor's own): small values in
 * decimal, others in hex.
 */
enum trace_arg {
	A_DEFAULT,
	A_INT,	       /* int, in decimal */
	A_LONG,	       /* long, in decimal */
	A_ULONG,       /* a size or count, in decimal */
	A_HEX,	       /* a number strace shows in hex */
	A_PTR,	       /* an address: NULL or hex */
	A_DIRFD,       /* AT_FDCWD or a descriptor */
	A_PATH,	       /* a path, whole */
	A_STR,	       /* a string, cut as strace cuts it */
	A_BUF_IN,      /* the caller's bytes, as many as the next argument says */
	A_BUF_OUT,     /* bytes the call wrote, as many as it returned */
	A_BUF_OUT_HEX, /* the same, every byte in hex (getrandom's) */
	A_STR_OUT,     /* a string the call wrote (getcwd's) */
	A_OPEN_FLAGS,
	A_OPEN_MODE, /* shown only with O_CREAT in the argument before */
	A_MODE,	     /* a mode, octal */
	A_STAT,	     /* struct stat, filled by the call */
	A_STATX,     /* struct statx, filled by the call */
	A_AT_FLAGS,
	A_STATX_FLAGS,
	A_STATX_MASK,
	A_UNLINK_FLAGS,
	A_ACCESS_MODE,
	A_PROT,
	A_MAP_FLAGS,
	A_SIGNAL,
	A_SIGACTION_IN,
	A_SIGACTION_OUT,
	A_SIGSET_IN,
	A_SIGSET_OUT,
	A_SIGHOW,
	A_ARGV,
	A_ENVP,
	A_DIRENTS, /* getdents64's buffer: its address and the entries read */
	A_IOCTL_CMD,
	A_IOCTL_ARG,
	A_FCNTL_CMD,
	A_FCNTL_ARG,
	A_WHENCE,
	A_PIPEFDS,
	A_PIPE_FLAGS,
	A_WSTATUS,
	A_WAIT_OPTIONS,
	A_TIMESPEC_IN,
	A_TIMESPEC_OUT,
	A_CLOCK,
	A_UTSNAME,
	A_RLIMIT_RESOURCE,
	A_RLIMIT_IN,
	A_RLIMIT_OUT,
	A_RLIMIT64_IN,
	A_RLIMIT64_OUT,
	A_PRCTL_OPTION,
	A_PRCTL_ARG,
	A_ARCH_PRCTL_CODE,
	A_GRND_FLAGS,
	A_IOVEC_IN,
	A_CLONE, /* all of clone's arguments, named as strace names them */
	A_RENAME_FLAGS,
};

/*
 * The result in decimal, hex (an address) or octal (umask's): strace_result()'s
 * base. R_AUTO, for trapdoor's own calls: hex from 65536 up, as a value
 * that big is an address or a random word.
 */
#define R_HEX  16
#define R_OCT  8
#define R_AUTO 1

struct syscall_desc {
	const char *name;
	unsigned char nargs;
	unsigned char ret;
	unsigned char args[6];
};

#define D(nr, n, ...) \
	[nr] = { n, ARRAY_SIZE(((unsigned char[]){ 0, ##__VA_ARGS__ })) - 1, 0, { __VA_ARGS__ } }
#define DR(nr, n, r, ...) \
	[nr] = { n, ARRAY_SIZE(((unsigned char[]){ 0, ##__VA_ARGS__ })) - 1, r, { __VA_ARGS__ } }
/* trapdoor's own calls: strace knows none of them. */
#define DN(nr, n, count) [nr] = { n, count, R_AUTO, { 0 } }

/* clone's arguments: where this arch's order puts each (kernel/fork.c). */
#if defined(CLONE_BACKWARDS)
enum {
	CLONE_ARG_FLAGS,
	CLONE_ARG_STACK,
	CLONE_ARG_PTID,
	CLONE_ARG_TLS,
	CLONE_ARG_CTID
};
#elif defined(CLONE_BACKWARDS2)
enum {
	CLONE_ARG_STACK,
	CLONE_ARG_FLAGS,
	CLONE_ARG_PTID,
	CLONE_ARG_CTID,
	CLONE_ARG_TLS
};
#else
enum {
	CLONE_ARG_FLAGS,
	CLONE_ARG_STACK,
	CLONE_ARG_PTID,
	CLONE_ARG_CTID,
	CLONE_ARG_TLS
};
#endif

static const struct syscall_desc syscall_descs[NR_syscalls] = {
	D(__NR_read, "read", A_INT, A_BUF_OUT, A_ULONG),
	D(__NR_write, "write", A_INT, A_BUF_IN, A_ULONG),
	D(__NR_pread64, "pread64", A_INT, A_BUF_OUT, A_ULONG, A_LONG),
	D(__NR_pwrite64, "pwrite64", A_INT, A_BUF_IN, A_ULONG, A_LONG),
	D(__NR_readv, "readv", A_INT, A_PTR, A_INT),
	D(__NR_writev, "writev", A_INT, A_IOVEC_IN, A_INT),
	D(__NR_sendfile, "sendfile", A_INT, A_INT, A_PTR, A_ULONG),
	D(__NR_close, "close", A_INT),
	D(__NR_dup, "dup", A_INT),
	D(__NR_dup3, "dup3", A_INT, A_INT, A_PIPE_FLAGS),
	D(__NR_fcntl, "fcntl", A_INT, A_FCNTL_CMD, A_FCNTL_ARG),
	D(__NR_ioctl, "ioctl", A_INT, A_IOCTL_CMD, A_IOCTL_ARG),
	D(__NR_lseek, "lseek", A_INT, A_LONG, A_WHENCE),
	D(__NR_ftruncate, "ftruncate", A_INT, A_LONG),
	D(__NR_pipe2, "pipe2", A_PIPEFDS, A_PIPE_FLAGS),
	D(__NR_openat, "openat", A_DIRFD, A_PATH, A_OPEN_FLAGS, A_OPEN_MODE),
	D(__NR_mkdirat, "mkdirat", A_DIRFD, A_PATH, A_MODE),
	D(__NR_unlinkat, "unlinkat", A_DIRFD, A_PATH, A_UNLINK_FLAGS),
	D(__NR_symlinkat, "symlinkat", A_PATH, A_DIRFD, A_PATH),
	D(__NR_readlinkat, "readlinkat", A_DIRFD, A_PATH, A_BUF_OUT, A_ULONG),
	D(__NR_renameat2, "renameat2", A_DIRFD, A_PATH, A_DIRFD, A_PATH, A_RENAME_FLAGS),
	D(__NR_faccessat, "faccessat", A_DIRFD, A_PATH, A_ACCESS_MODE),
	D(__NR_fchmodat, "fchmodat", A_DIRFD, A_PATH, A_MODE),
	D(__NR_fchmod, "fchmod", A_INT, A_MODE),
#ifdef __NR_fstat
	D(__NR_fstat, "fstat", A_INT, A_STAT),
#endif
	D(__NR_statx, "statx", A_DIRFD, A_PATH, A_STATX_FLAGS, A_STATX_MASK, A_STATX),
	D(__NR_getdents64, "getdents64", A_INT, A_DIRENTS, A_ULONG),
	D(__NR_getcwd, "getcwd", A_STR_OUT, A_ULONG),
	D(__NR_chdir, "chdir", A_PATH),
	D(__NR_fchdir, "fchdir", A_INT),
	DR(__NR_umask, "umask", R_OCT, A_MODE),
#ifdef __NR_newfstatat
	D(__NR_newfstatat, "newfstatat", A_DIRFD, A_PATH, A_STAT, A_AT_FLAGS),
#endif
#ifdef __NR_renameat
	D(__NR_renameat, "renameat", A_DIRFD, A_PATH, A_DIRFD, A_PATH),
#endif
#ifdef __NR_rename
	D(__NR_rename, "rename", A_PATH, A_PATH),
	D(__NR_mkdir, "mkdir", A_PATH, A_MODE),
	D(__NR_rmdir, "rmdir", A_PATH),
	D(__NR_unlink, "unlink", A_PATH),
	D(__NR_symlink, "symlink", A_PATH, A_PATH),
	D(__NR_readlink, "readlink", A_PATH, A_BUF_OUT, A_ULONG),
	D(__NR_access, "access", A_PATH, A_ACCESS_MODE),
	D(__NR_chmod, "chmod", A_PATH, A_MODE),
	D(__NR_open, "open", A_PATH, A_OPEN_FLAGS, A_OPEN_MODE),
	D(__NR_creat, "creat", A_PATH, A_MODE),
	D(__NR_stat, "stat", A_PATH, A_STAT),
	D(__NR_lstat, "lstat", A_PATH, A_STAT),
#endif
	D(__NR_exit, "exit", A_INT),
	D(__NR_exit_group, "exit_group", A_INT),
	D(__NR_nanosleep, "nanosleep", A_TIMESPEC_IN, A_PTR),
	D(__NR_clock_gettime, "clock_gettime", A_CLOCK, A_TIMESPEC_OUT),
	D(__NR_clock_getres, "clock_getres", A_CLOCK, A_TIMESPEC_OUT),
	D(__NR_clock_nanosleep, "clock_nanosleep", A_CLOCK, A_INT, A_TIMESPEC_IN, A_PTR),
	D(__NR_gettimeofday, "gettimeofday", A_PTR, A_PTR),
	D(__NR_times, "times", A_PTR),
	D(__NR_sched_yield, "sched_yield"),
	D(__NR_sched_getaffinity, "sched_getaffinity", A_INT, A_ULONG, A_PTR),
	D(__NR_sched_setaffinity, "sched_setaffinity", A_INT, A_ULONG, A_PTR),
	D(__NR_getcpu, "getcpu", A_PTR, A_PTR, A_PTR),
	D(__NR_kill, "kill", A_INT, A_SIGNAL),
	D(__NR_tkill, "tkill", A_INT, A_SIGNAL),
	D(__NR_tgkill, "tgkill", A_INT, A_INT, A_SIGNAL),
	D(__NR_rt_sigaction, "rt_sigaction", A_SIGNAL, A_SIGACTION_IN, A_SIGACTION_OUT, A_ULONG),
	D(__NR_rt_sigprocmask, "rt_sigprocmask", A_SIGHOW, A_SIGSET_IN, A_SIGSET_OUT, A_ULONG),
	D(__NR_rt_sigpending, "rt_sigpending", A_SIGSET_OUT, A_ULONG),
#ifdef __NR_rt_sigreturn
	D(__NR_rt_sigreturn, "rt_sigreturn"),
#endif
#ifdef __NR_sigreturn
	D(__NR_sigreturn, "sigreturn"),
#endif
#ifdef __NR_sigaltstack
	D(__NR_sigaltstack, "sigaltstack", A_PTR, A_PTR),
#endif
#ifdef __NR_rt_sigsuspend
	D(__NR_rt_sigsuspend, "rt_sigsuspend", A_SIGSET_IN, A_ULONG),
#endif
	D(__NR_reboot, "reboot", A_HEX, A_HEX, A_HEX, A_PTR),
	D(__NR_uname, "uname", A_UTSNAME),
	D(__NR_getpid, "getpid"),
	D(__NR_getppid, "getppid"),
	D(__NR_gettid, "gettid"),
	D(__NR_clone, "clone", A_CLONE),
	D(__NR_getuid, "getuid"),
	D(__NR_geteuid, "geteuid"),
	D(__NR_getgid, "getgid"),
	D(__NR_getegid, "getegid"),
	D(__NR_getpgid, "getpgid", A_INT),
	D(__NR_setpgid, "setpgid", A_INT, A_INT),
	D(__NR_getsid, "getsid", A_INT),
	D(__NR_setsid, "setsid"),
	D(__NR_set_tid_address, "set_tid_address", A_PTR),
	D(__NR_set_robust_list, "set_robust_list", A_PTR, A_ULONG),
	D(__NR_rseq, "rseq", A_PTR, A_HEX, A_INT, A_HEX),
	D(__NR_ppoll, "ppoll", A_PTR, A_INT, A_PTR, A_PTR, A_ULONG),
	D(__NR_execve, "execve", A_PATH, A_ARGV, A_ENVP),
	D(__NR_wait4, "wait4", A_INT, A_WSTATUS, A_WAIT_OPTIONS, A_PTR),
	D(__NR_waitid, "waitid", A_INT, A_INT, A_PTR, A_WAIT_OPTIONS, A_PTR),
	D(__NR_getrandom, "getrandom", A_BUF_OUT_HEX, A_ULONG, A_GRND_FLAGS),
	D(__NR_prlimit64, "prlimit64", A_INT, A_RLIMIT_RESOURCE, A_RLIMIT64_IN, A_RLIMIT64_OUT),
	D(__NR_prctl, "prctl", A_PRCTL_OPTION, A_PRCTL_ARG),
	DR(__NR_brk, "brk", R_HEX, A_PTR),
	DR(__NR_mmap, "mmap", R_HEX, A_PTR, A_ULONG, A_PROT, A_MAP_FLAGS, A_INT, A_HEX),
	D(__NR_munmap, "munmap", A_PTR, A_ULONG),
	D(__NR_mprotect, "mprotect", A_PTR, A_ULONG, A_PROT),
#ifdef __NR_poll
	D(__NR_poll, "poll", A_PTR, A_INT, A_INT),
#endif
#ifdef __NR_pipe
	D(__NR_pipe, "pipe", A_PIPEFDS),
#endif
#ifdef __NR_dup2
	D(__NR_dup2, "dup2", A_INT, A_INT),
#endif
#ifdef __NR_fork
	D(__NR_fork, "fork"),
#endif
#ifdef __NR_getpgrp
	D(__NR_getpgrp, "getpgrp"),
#endif
#ifdef __NR_arch_prctl
	D(__NR_arch_prctl, "arch_prctl", A_ARCH_PRCTL_CODE, A_PTR),
#endif
#ifdef __NR_getrlimit
	D(__NR_getrlimit, "getrlimit", A_RLIMIT_RESOURCE, A_RLIMIT_OUT),
	D(__NR_setrlimit, "setrlimit", A_RLIMIT_RESOURCE, A_RLIMIT_IN),
#endif
#ifdef __NR_ugetrlimit
	D(__NR_ugetrlimit, "ugetrlimit", A_RLIMIT_RESOURCE, A_RLIMIT_OUT),
#endif
#ifdef __NR_time
	D(__NR_time, "time", A_PTR),
#endif
	DN(__NR_spawn, "spawn", 4),
	DN(__NR_kernel_stats, "kernel_stats", 1),
	DN(__NR_report_stack, "report_stack", 1),
	DN(__NR_task_list, "task_list", 2),
	DN(__NR_trapdoor_config, "trapdoor_config", 2),
	DN(__NR_stackleak_check, "stackleak_check", 1),
	DN(__NR_leak_write_secret, "leak_write_secret", 1),
	DN(__NR_leak_read_uninit, "leak_read_uninit", 0),
	DN(__NR_stackleak_deep, "stackleak_deep", 1),
	DN(__NR_lkdtm, "lkdtm", 2),
};

/*
 * Lines waiting for their erase, one per task at most: a task may be
 * scheduled out between its syscall and its return to user mode, and another
 * traced task's syscall comes in between.
 */
#define TRACE_SLOTS 8

struct trace_record {
	struct task_struct *task; /* NULL: a free slot */
	int pid;		  /* with task: a record of a task that died is stale */
	unsigned long nr, args[6], offset;
	long ret;
};

static struct trace_record records[TRACE_SLOTS];

/* Under the kernel lock, as every trapdoor_config() is. */
long trace_set(long on)
{
	struct task_struct *t = current;
	long old = t->trace_children;

	if (on != -1 && on != 0 && on != 1)
		return -EINVAL;
	if (on != -1 && on != old) {
		t->trace_children = on;
		WRITE_ONCE(trace_tasks, trace_tasks + (on ? 1 : -1));
	}
	return old;
}

void trace_exit(struct task_struct *t)
{
	if (t->trace_children) {
		t->trace_children = false;
		WRITE_ONCE(trace_tasks, trace_tasks - 1);
	}
}

bool task_traced(const struct task_struct *t)
{
	return t->parent && t->parent->trace_children;
}

static bool record_live(const struct trace_record *r)
{
	return r->task && task_by_pid(r->pid) == r->task && r->task->state != TASK_ZOMBIE;
}

/* The records and the task table: under the kernel lock, which do_syscall() does not hold here. */
static void __trace_syscall(struct pt_regs *regs, long ret, unsigned long offset)
{
	struct trace_record *r = NULL;

	if (!task_traced(current))
		return;
	for (int i = 0; i < TRACE_SLOTS && !r; i++)
		if (!record_live(&records[i]))
			r = &records[i];
	if (!r)
		return; /* more traced tasks in the middle of a syscall than slots */
	r->task = current;
	r->pid = current->pid;
	r->nr = regs_syscall_nr(regs);
	for (int i = 0; i < 6; i++)
		r->args[i] = regs_syscall_arg(regs, i);
	r->ret = ret;
	r->offset = offset;
	trace_pending = true;
}

void trace_syscall(struct pt_regs *regs, long ret, unsigned long offset)
{
	spin_lock(&kernel_lock);
	__trace_syscall(regs, ret, offset);
	spin_unlock(&kernel_lock);
}

/*
 * What the stackleak erase will write at the end of this syscall, in bytes, as
 * things stand now: the erase's plan, with our own live frames counted as used.
 */
static unsigned long stackleak_erase_pending_bytes(void)
{
	struct task_struct *t = current;
	struct stackleak_erase_range r;
	unsigned long sp = current_stack_pointer();

	if (!t->stackleak_enabled)
		return 0;
	stackleak_erase_plan(stackleak_low_bound(t), t->lowest_stack < sp ? t->lowest_stack : sp,
			     t->stackleak_gap_low, t->stackleak_gap_high, stackleak_high_bound(t),
			     &r);
	return stackleak_erase_bytes(&r);
}

/* The names strace gives values and flags, in strace's order. */
#define N(x) { x, #x }
static const struct strace_name errno_names[] = {
	N(EPERM),
	N(ENOENT),
	N(ESRCH),
	N(EINTR),
	N(EIO),
	N(ENXIO),
	N(E2BIG),
	N(ENOEXEC),
	N(EBADF),
	N(ECHILD),
	N(EAGAIN),
	N(ENOMEM),
	N(EACCES),
	N(EFAULT),
	N(EBUSY),
	N(EEXIST),
	N(EXDEV),
	N(ENODEV),
	N(ENOTDIR),
	N(EISDIR),
	N(EINVAL),
	N(ENFILE),
	N(EMFILE),
	N(ENOTTY),
	N(ETXTBSY),
	N(EFBIG),
	N(ENOSPC),
	N(ESPIPE),
	N(EROFS),
	N(EMLINK),
	N(EPIPE),
	N(ERANGE),
	N(ENAMETOOLONG),
	N(ENOSYS),
	N(ENOTEMPTY),
	N(ELOOP),
	N(EOVERFLOW),
	N(EOPNOTSUPP),
	/* A call a signal interrupted, before the restart rules make it EINTR or a rerun: Linux's values. */
	{ 512, "ERESTARTSYS" },
	{ 513, "ERESTARTNOINTR" },
	{ 514, "ERESTARTNOHAND" },
	{ 516, "ERESTART_RESTARTBLOCK" },
};

/* Their texts, strace's own (strerror() has none). */
static const char *const errno_restart_texts[] = {
	"To be restarted if SA_RESTART is set", /* ERESTARTSYS */
	"To be restarted",			/* ERESTARTNOINTR */
	"To be restarted if no handler",	/* ERESTARTNOHAND */
	NULL,
	"Interrupted by signal", /* ERESTART_RESTARTBLOCK */
};

/* strerror()'s text of each, glibc's words (what strace prints on Linux). */
static const char *const errno_texts[] = {
	[EPERM] = "Operation not permitted",
	[ENOENT] = "No such file or directory",
	[ESRCH] = "No such process",
	[EINTR] = "Interrupted system call",
	[EIO] = "Input/output error",
	[ENXIO] = "No such device or address",
	[E2BIG] = "Argument list too long",
	[ENOEXEC] = "Exec format error",
	[EBADF] = "Bad file descriptor",
	[ECHILD] = "No child processes",
	[EAGAIN] = "Resource temporarily unavailable",
	[ENOMEM] = "Cannot allocate memory",
	[EACCES] = "Permission denied",
	[EFAULT] = "Bad address",
	[EBUSY] = "Device or resource busy",
	[EEXIST] = "File exists",
	[EXDEV] = "Invalid cross-device link",
	[ENODEV] = "No such device",
	[ENOTDIR] = "Not a directory",
	[EISDIR] = "Is a directory",
	[EINVAL] = "Invalid argument",
	[ENFILE] = "Too many open files in system",
	[EMFILE] = "Too many open files",
	[ENOTTY] = "Inappropriate ioctl for device",
	[ETXTBSY] = "Text file busy",
	[EFBIG] = "File too large",
	[ENOSPC] = "No space left on device",
	[ESPIPE] = "Illegal seek",
	[EROFS] = "Read-only file system",
	[EMLINK] = "Too many links",
	[EPIPE] = "Broken pipe",
	[ERANGE] = "Numerical result out of range",
	[ENAMETOOLONG] = "File name too long",
	[ENOSYS] = "Function not implemented",
	[ENOTEMPTY] = "Directory not empty",
	[ELOOP] = "Too many levels of symbolic links",
	[EOVERFLOW] = "Value too large for defined data type",
	[EOPNOTSUPP] = "Operation not supported",
};

static const struct strace_name open_flags[] = {
	N(O_CREAT),   N(O_EXCL),  N(O_NOCTTY),	N(O_TRUNC),	N(O_APPEND),   N(O_NONBLOCK),
	N(O_SYNC),    N(O_DSYNC), N(O_DIRECT),	N(O_LARGEFILE), N(O_NOFOLLOW), N(O_NOATIME),
	N(O_CLOEXEC), N(O_PATH),  N(O_TMPFILE), N(O_DIRECTORY), N(FASYNC),
};
static const struct strace_name open_accmodes[] = { N(O_RDONLY), N(O_WRONLY), N(O_RDWR) };
static const struct strace_name at_flags[] = {
	N(AT_SYMLINK_NOFOLLOW),
	N(AT_REMOVEDIR),
	N(AT_SYMLINK_FOLLOW),
	N(AT_NO_AUTOMOUNT),
	N(AT_EMPTY_PATH),
	{ 0x2000, "AT_STATX_FORCE_SYNC" },
	{ 0x4000, "AT_STATX_DONT_SYNC" },
};
static const struct strace_name statx_masks[] = {
	N(STATX_BASIC_STATS), N(STATX_TYPE),
	N(STATX_MODE),	      N(STATX_NLINK),
	N(STATX_UID),	      N(STATX_GID),
	N(STATX_ATIME),	      N(STATX_MTIME),
	N(STATX_CTIME),	      N(STATX_INO),
	N(STATX_SIZE),	      N(STATX_BLOCKS),
	N(STATX_BTIME),	      { 0x1000, "STATX_MNT_ID" },
};
static const struct strace_name unlink_flags[] = { N(AT_REMOVEDIR) };
static const struct strace_name access_modes[] = { N(R_OK), N(W_OK), N(X_OK) };
static const struct strace_name prots[] = { N(PROT_READ), N(PROT_WRITE), N(PROT_EXEC) };
static const struct strace_name map_types[] = { N(MAP_SHARED), N(MAP_PRIVATE),
						N(MAP_SHARED_VALIDATE) };
static const struct strace_name map_flags[] = { N(MAP_FIXED), N(MAP_ANONYMOUS), N(MAP_STACK),
						N(MAP_FIXED_NOREPLACE) };
static const struct strace_name signals[] = {
	N(SIGHUP),  N(SIGINT),	  N(SIGQUIT), N(SIGILL),   N(SIGTRAP),	 N(SIGABRT), N(SIGBUS),
	N(SIGFPE),  N(SIGKILL),	  N(SIGUSR1), N(SIGSEGV),  N(SIGUSR2),	 N(SIGPIPE), N(SIGALRM),
	N(SIGTERM), N(SIGSTKFLT), N(SIGCHLD), N(SIGCONT),  N(SIGSTOP),	 N(SIGTSTP), N(SIGTTIN),
	N(SIGTTOU), N(SIGURG),	  N(SIGXCPU), N(SIGXFSZ),  N(SIGVTALRM), N(SIGPROF), N(SIGWINCH),
	N(SIGIO),   N(SIGPWR),	  N(SIGSYS),  N(SIGRTMIN),
};
static const struct strace_name sa_flags[] = {
	N(SA_NOCLDSTOP), N(SA_NOCLDWAIT), N(SA_SIGINFO),   N(SA_ONSTACK),
#ifdef SA_RESTORER
	N(SA_RESTORER),
#endif
	N(SA_RESTART),	 N(SA_NODEFER),	  N(SA_RESETHAND),
};
static const struct strace_name sighows[] = { N(SIG_BLOCK), N(SIG_UNBLOCK), N(SIG_SETMASK) };
static const struct strace_name ioctl_cmds[] = {
	N(TCGETS),     N(TCSETS),    N(TCSETSW),   N(TCSETSF),	 N(TIOCGWINSZ),
	N(TIOCSWINSZ), N(TIOCGPGRP), N(TIOCSPGRP), N(TIOCSCTTY), N(TIOCSTI),
};
static const struct strace_name fcntl_cmds[] = {
	N(F_DUPFD), N(F_GETFD), N(F_SETFD), N(F_GETFL), N(F_SETFL), N(F_DUPFD_CLOEXEC),
};
static const struct strace_name whences[] = { N(SEEK_SET), N(SEEK_CUR), N(SEEK_END) };
static const struct strace_name pipe_flags[] = { N(O_NONBLOCK), N(O_CLOEXEC) };
static const struct strace_name wait_options[] = { N(WNOHANG), N(WUNTRACED), N(WCONTINUED) };
static const struct strace_name clocks[] = {
	N(CLOCK_REALTIME),	  N(CLOCK_MONOTONIC),	     N(CLOCK_MONOTONIC_RAW),
	N(CLOCK_REALTIME_COARSE), N(CLOCK_MONOTONIC_COARSE), N(CLOCK_BOOTTIME),
};
static const struct strace_name rlimits[] = {
	N(RLIMIT_CPU),	    N(RLIMIT_FSIZE), N(RLIMIT_DATA),   N(RLIMIT_STACK),
	N(RLIMIT_CORE),	    N(RLIMIT_RSS),   N(RLIMIT_NPROC),  N(RLIMIT_NOFILE),
	N(RLIMIT_MEMLOCK),  N(RLIMIT_AS),    N(RLIMIT_LOCKS),  N(RLIMIT_SIGPENDING),
	N(RLIMIT_MSGQUEUE), N(RLIMIT_NICE),  N(RLIMIT_RTPRIO), N(RLIMIT_RTTIME),
};
static const struct strace_name prctl_options[] = { N(PR_SET_NAME), N(PR_GET_NAME) };
#ifdef ARCH_SET_FS
static const struct strace_name arch_prctl_codes[] = { N(ARCH_SET_GS), N(ARCH_SET_FS),
						       N(ARCH_GET_FS), N(ARCH_GET_GS) };
#endif
static const struct strace_name grnd_flags[] = { { 1, "GRND_NONBLOCK" },
						 { 2, "GRND_RANDOM" },
						 { 4, "GRND_INSECURE" } };
static const struct strace_name clone_flags[] = {
	{ 0x00000100, "CLONE_VM" },	 { 0x00000200, "CLONE_FS" },
	{ 0x00000400, "CLONE_FILES" },	 { 0x00000800, "CLONE_SIGHAND" },
	{ 0x00002000, "CLONE_PTRACE" },	 { 0x00004000, "CLONE_VFORK" },
	{ 0x00008000, "CLONE_PARENT" },	 { 0x00010000, "CLONE_THREAD" },
	{ 0x00040000, "CLONE_SYSVSEM" }, N(CLONE_SETTLS),
	N(CLONE_PARENT_SETTID),		 N(CLONE_CHILD_CLEARTID),
	N(CLONE_CHILD_SETTID),
};
static const struct strace_name rename_flags[] = { N(RENAME_NOREPLACE), N(RENAME_EXCHANGE),
						   N(RENAME_WHITEOUT) };
#undef N

/*
 * The line being built and the copies of user memory it shows: one line at
 * a time, under the kernel lock, so static rather than on the stack.
 */
static char trace_line[512];
static char trace_bytes[256];
static union {
	struct stat st;
	struct statx stx;
	struct new_utsname uts;
	struct sigaction sa;
} trace_copy;

/* Up to max bytes of user memory at addr into trace_bytes; how many, or -1. */
static long read_user_bytes(unsigned long addr, size_t len)
{
	if (len > sizeof(trace_bytes))
		len = sizeof(trace_bytes);
	if (!addr || copy_from_user(trace_bytes, u64_to_user_ptr(addr), len))
		return -1;
	return (long)len;
}

static bool read_user(void *dst, unsigned long addr, size_t len)
{
	return addr && !copy_from_user(dst, u64_to_user_ptr(addr), len);
}

/* A NUL-terminated string: quoted, cut at max bytes ("..." after), or its address. */
static void put_user_string(struct strace_buf *b, unsigned long addr, size_t max)
{
	long n;

	if (!addr) {
		strace_puts(b, "NULL");
		return;
	}
	if (max >= sizeof(trace_bytes))
		max = sizeof(trace_bytes) - 1;
	n = strncpy_from_user(trace_bytes, u64_to_user_ptr(addr), max + 1);
	if (n == -EFAULT) {
		strace_ptr(b, addr);
		return;
	}
	if (n < 0) /* no NUL within max + 1 bytes: cut */
		strace_quote(b, trace_bytes, max, true);
	else
		strace_quote(b, trace_bytes, (size_t)n, false);
}

/* len bytes at addr: quoted, cut at STRACE_STRING_MAX, or the address if unreadable. */
static void put_user_buf(struct strace_buf *b, unsigned long addr, unsigned long len, bool hex)
{
	size_t shown = len < STRACE_STRING_MAX ? len : STRACE_STRING_MAX;

	if (read_user_bytes(addr, shown) < 0 && shown) {
		strace_ptr(b, addr);
		return;
	}
	if (hex) {
		strace_quote_hex(b, trace_bytes, shown, shown < len);
		return;
	}
	strace_quote(b, trace_bytes, shown, shown < len);
}

static void put_sigset(struct strace_buf *b, sigset_t set)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	bool first = true;
	unsigned int count = 0;

	for (int sig = 1; sig <= _NSIG; sig++)
		count += !!(set & sigmask(sig));
	/* strace shows a set with more than half the signals as ~[those it lacks]. */
	if (count > _NSIG / 2) {
		set = ~set;
		strace_puts(b, "~");
	}
	strace_puts(b, "[");
	for (int sig = 1; sig <= _NSIG; sig++) {
		if (!(set & sigmask(sig)))
			continue;
		if (!first)
			strace_puts(b, " ");
		first = false;
		if (sig < SIGRTMIN)
			strace_puts(b, signals[sig - 1].name + 3);
		else if (sig == SIGRTMIN)
			strace_puts(b, "RTMIN");
		else
			strace_printf(b, "RT_%d", sig - SIGRTMIN);
	}
	strace_puts(b, "]");
}

static void put_signal(struct strace_buf *b, unsigned long sig)
{
	if (sig > SIGRTMIN && sig <= SIGRTMAX)
		strace_printf(b, "SIGRT_%lu", sig - SIGRTMIN);
	else
		strace_xlat(b, sig, signals, ARRAY_SIZE(signals));
}

static void put_sigaction(struct strace_buf *b, unsigned long addr)
{
	struct sigaction *sa = &trace_copy.sa;

	if (!read_user(sa, addr, sizeof(*sa))) {
		strace_ptr(b, addr);
		return;
	}
	strace_puts(b, "{sa_handler=");
	if (sa->sa_handler == SIG_DFL)
		strace_puts(b, "SIG_DFL");
	else if (sa->sa_handler == SIG_IGN)
		strace_puts(b, "SIG_IGN");
	else
		strace_ptr(b, (unsigned long)sa->sa_handler);
	strace_puts(b, ", sa_mask=");
	put_sigset(b, sa->sa_mask);
	strace_puts(b, ", sa_flags=");
	strace_flags(b, sa->sa_flags, sa_flags, ARRAY_SIZE(sa_flags), NULL);
#ifdef SA_RESTORER
	if (sa->sa_flags & SA_RESTORER) {
		strace_puts(b, ", sa_restorer=");
		strace_ptr(b, (unsigned long)sa->sa_restorer);
	}
#endif
	strace_puts(b, "}");
}

/* strace's makedev(major, minor), from Linux's encoding of a dev_t in a stat. */
static void put_dev(struct strace_buf *b, unsigned long dev)
{
	unsigned long major = ((dev >> 8) & 0xfff) | ((dev >> 32) & ~0xfffUL);
	unsigned long minor = (dev & 0xff) | ((dev >> 12) & ~0xffUL);

	strace_puts(b, "makedev(");
	strace_printf(b, major ? "0x%lx" : "%lu", major);
	strace_printf(b, minor ? ", 0x%lx)" : ", %lu)", minor);
}

static void put_stat(struct strace_buf *b, unsigned long addr)
{
	struct stat *st = &trace_copy.st;

	if (!read_user(st, addr, sizeof(*st))) {
		strace_ptr(b, addr);
		return;
	}
	strace_puts(b, "{st_mode=");
	strace_mode(b, st->st_mode);
	if (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode)) {
		strace_puts(b, ", st_rdev=");
		put_dev(b, st->st_rdev);
	} else {
		strace_printf(b, ", st_size=%ld", (long)st->st_size);
	}
	strace_puts(b, ", ...}");
}

static void put_statx(struct strace_buf *b, unsigned long addr)
{
	struct statx *stx = &trace_copy.stx;

	if (!read_user(stx, addr, sizeof(*stx))) {
		strace_ptr(b, addr);
		return;
	}
	strace_puts(b, "{stx_mask=");
	strace_flags(b, stx->stx_mask, statx_masks, ARRAY_SIZE(statx_masks), NULL);
	strace_printf(b, ", stx_attributes=%s", stx->stx_attributes ? "..." : "0");
	strace_puts(b, ", stx_mode=");
	strace_mode(b, stx->stx_mode);
	strace_printf(b, ", stx_size=%llu, ...}", stx->stx_size);
}

static void put_timespec(struct strace_buf *b, unsigned long addr)
{
	struct timespec ts;

	if (!read_user(&ts, addr, sizeof(ts)))
		strace_ptr(b, addr);
	else
		strace_printf(b, "{tv_sec=%ld, tv_nsec=%ld}", ts.tv_sec, ts.tv_nsec);
}

static void put_rlimit_value(struct strace_buf *b, unsigned long v, const char *infinity)
{
	if (v == RLIM_INFINITY)
		strace_puts(b, infinity);
	else if (v && !(v % 1024))
		strace_printf(b, "%lu*1024", v / 1024);
	else
		strace_printf(b, "%lu", v);
}

static void put_rlimit(struct strace_buf *b, unsigned long addr, const char *infinity)
{
	struct rlimit rl;

	if (!addr) {
		strace_puts(b, "NULL");
		return;
	}
	if (!read_user(&rl, addr, sizeof(rl))) {
		strace_ptr(b, addr);
		return;
	}
	strace_puts(b, "{rlim_cur=");
	put_rlimit_value(b, rl.rlim_cur, infinity);
	strace_puts(b, ", rlim_max=");
	put_rlimit_value(b, rl.rlim_max, infinity);
	strace_puts(b, "}");
}

/* execve's argv: ["ls", "/"], each string cut as strace cuts it. */
static void put_argv(struct strace_buf *b, unsigned long addr)
{
	unsigned long p;

	if (!read_user(&p, addr, sizeof(p))) {
		strace_ptr(b, addr);
		return;
	}
	strace_puts(b, "[");
	for (unsigned int i = 0; p; i++) {
		if (i)
			strace_puts(b, ", ");
		if (i == STRACE_STRING_MAX) {
			strace_puts(b, "...");
			break;
		}
		put_user_string(b, p, STRACE_STRING_MAX);
		if (!read_user(&p, addr + (i + 1) * sizeof(p), sizeof(p)))
			break;
	}
	strace_puts(b, "]");
}

/* execve's envp: its address and how many strings: 0x7ffc... followed by a comment. */
static void put_envp(struct strace_buf *b, unsigned long addr)
{
	unsigned long p = 1;
	unsigned int n = 0;

	strace_ptr(b, addr);
	while (n < 4096 && read_user(&p, addr + n * sizeof(p), sizeof(p)) && p)
		n++;
	if (!p)
		strace_printf(b, " /* %u var%s */", n, n == 1 ? "" : "s");
}

/* getdents64's buffer: its address and the number of entries the call read. */
static void put_dirents(struct strace_buf *b, unsigned long addr, long ret)
{
	unsigned long off = 0;
	unsigned int n = 0;

	strace_ptr(b, addr);
	if (ret < 0)
		return;
	while (off < (unsigned long)ret) {
		unsigned short reclen;

		if (!read_user(&reclen,
			       addr + off + __builtin_offsetof(struct linux_dirent64, d_reclen),
			       sizeof(reclen)) ||
		    !reclen)
			return;
		off += reclen;
		n++;
	}
	strace_printf(b, " /* %u entr%s */", n, n == 1 ? "y" : "ies");
}

static void put_wstatus(struct strace_buf *b, unsigned long addr, long ret)
{
	int s;

	if (!addr || ret <= 0 || !read_user(&s, addr, sizeof(s))) {
		strace_ptr(b, addr);
		return;
	}
	if ((s & 0x7f) == 0) {
		strace_printf(b, "[{WIFEXITED(s) && WEXITSTATUS(s) == %d}]", (s >> 8) & 0xff);
	} else if ((s & 0xff) == 0x7f) {
		strace_puts(b, "[{WIFSTOPPED(s) && WSTOPSIG(s) == ");
		put_signal(b, (s >> 8) & 0xff);
		strace_puts(b, "}]");
	} else {
		strace_puts(b, "[{WIFSIGNALED(s) && WTERMSIG(s) == ");
		put_signal(b, s & 0x7f);
		strace_puts(b, s & 0x80 ? " && WCOREDUMP(s)}]" : "}]");
	}
}

static void put_iovec(struct strace_buf *b, unsigned long addr, unsigned long count)
{
	struct {
		unsigned long base, len;
	} iov;

	strace_puts(b, "[");
	for (unsigned long i = 0; i < count; i++) {
		if (i)
			strace_puts(b, ", ");
		if (i == STRACE_STRING_MAX) {
			strace_puts(b, "...");
			break;
		}
		if (!read_user(&iov, addr + i * sizeof(iov), sizeof(iov))) {
			strace_ptr(b, addr + i * sizeof(iov));
			break;
		}
		strace_puts(b, "{iov_base=");
		put_user_buf(b, iov.base, iov.len, false);
		strace_printf(b, ", iov_len=%lu}", iov.len);
	}
	strace_puts(b, "]");
}

static void put_utsname(struct strace_buf *b, unsigned long addr)
{
	struct new_utsname *u = &trace_copy.uts;

	if (!read_user(u, addr, sizeof(*u))) {
		strace_ptr(b, addr);
		return;
	}
	u->sysname[__NEW_UTS_LEN] = u->nodename[__NEW_UTS_LEN] = '\0';
	strace_puts(b, "{sysname=");
	strace_quote(b, u->sysname, strlen(u->sysname), false);
	strace_puts(b, ", nodename=");
	strace_quote(b, u->nodename, strlen(u->nodename), false);
	strace_puts(b, ", ...}");
}

static void put_ioctl_arg(struct strace_buf *b, unsigned long cmd, unsigned long arg, long ret)
{
	if (ret == 0 && cmd == TIOCGWINSZ) {
		struct winsize ws;

		if (read_user(&ws, arg, sizeof(ws))) {
			strace_printf(b, "{ws_row=%u, ws_col=%u, ws_xpixel=%u, ws_ypixel=%u}",
				      ws.ws_row, ws.ws_col, ws.ws_xpixel, ws.ws_ypixel);
			return;
		}
	}
	if (ret == 0 && (cmd == TIOCGPGRP || cmd == TIOCSPGRP)) {
		int pgrp;

		if (read_user(&pgrp, arg, sizeof(pgrp))) {
			strace_printf(b, "[%d]", pgrp);
			return;
		}
	}
	if (cmd == TIOCSCTTY) {
		strace_printf(b, "%ld", (long)arg);
		return;
	}
	strace_ptr(b, arg);
}

/* clone(child_stack=..., flags=..., and the pointers its flags use), as strace shows it. */
static void put_clone(struct strace_buf *b, const struct trace_record *r)
{
	unsigned long flags = r->args[CLONE_ARG_FLAGS], sig = flags & 0xff;

	strace_puts(b, "child_stack=");
	strace_ptr(b, r->args[CLONE_ARG_STACK]);
	strace_puts(b, ", flags=");
	if (flags & ~0xffUL) {
		strace_flags(b, flags & ~0xffUL, clone_flags, ARRAY_SIZE(clone_flags), NULL);
		if (sig)
			strace_puts(b, "|");
	}
	if (sig || !flags)
		put_signal(b, sig);
	if (flags & CLONE_PARENT_SETTID) {
		strace_puts(b, ", parent_tid=");
		strace_ptr(b, r->args[CLONE_ARG_PTID]);
	}
	if (flags & CLONE_SETTLS) {
		strace_puts(b, ", tls=");
		strace_ptr(b, r->args[CLONE_ARG_TLS]);
	}
	if (flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)) {
		strace_puts(b, ", child_tidptr=");
		strace_ptr(b, r->args[CLONE_ARG_CTID]);
	}
}

static void put_open_flags(struct strace_buf *b, unsigned long flags)
{
	strace_xlat(b, flags & O_ACCMODE, open_accmodes, ARRAY_SIZE(open_accmodes));
	flags &= ~(unsigned long)O_ACCMODE;
	/* O_TMPFILE holds O_DIRECTORY's bit: named whole, or O_DIRECTORY alone. */
	if (flags) {
		strace_puts(b, "|");
		strace_flags(b, flags, open_flags, ARRAY_SIZE(open_flags), NULL);
	}
}

static void put_arg(struct strace_buf *b, const struct syscall_desc *d,
		    const struct trace_record *r, unsigned int i)
{
	unsigned long v = r->args[i];
	long ret = r->ret;
	bool ok = ret >= 0 || ret < -4095;

	switch (d->args[i]) {
	case A_DEFAULT:
		strace_printf(b, (long)v > -4096 && (long)v < 4096 ? "%ld" : "0x%lx", v);
		break;
	case A_INT:
		strace_printf(b, "%d", (int)v);
		break;
	case A_LONG:
		strace_printf(b, "%ld", (long)v);
		break;
	case A_ULONG:
		strace_printf(b, "%lu", v);
		break;
	case A_HEX:
		strace_printf(b, "0x%lx", v);
		break;
	case A_PTR:
		strace_ptr(b, v);
		break;
	case A_DIRFD:
		if ((int)v == AT_FDCWD)
			strace_puts(b, "AT_FDCWD");
		else
			strace_printf(b, "%d", (int)v);
		break;
	case A_PATH:
		put_user_string(b, v, sizeof(trace_bytes) - 1);
		break;
	case A_STR:
		put_user_string(b, v, STRACE_STRING_MAX);
		break;
	case A_BUF_IN:
		put_user_buf(b, v, r->args[i + 1], false);
		break;
	case A_BUF_OUT:
	case A_BUF_OUT_HEX:
		if (ok)
			put_user_buf(b, v, (unsigned long)ret, d->args[i] == A_BUF_OUT_HEX);
		else
			strace_ptr(b, v);
		break;
	case A_STR_OUT:
		if (ok)
			put_user_string(b, v, sizeof(trace_bytes) - 1);
		else
			strace_ptr(b, v);
		break;
	case A_OPEN_FLAGS:
		put_open_flags(b, v);
		break;
	case A_OPEN_MODE:
	case A_MODE:
		strace_mode(b, (unsigned int)v & 07777);
		break;
	case A_STAT:
		if (ok)
			put_stat(b, v);
		else
			strace_ptr(b, v);
		break;
	case A_STATX:
		if (ok)
			put_statx(b, v);
		else
			strace_ptr(b, v);
		break;
	case A_AT_FLAGS:
		strace_flags(b, v, at_flags, ARRAY_SIZE(at_flags), NULL);
		break;
	case A_STATX_FLAGS:
		/* AT_STATX_SYNC_AS_STAT is 0: strace names it, first, when no sync type is set. */
		if (!(v & AT_STATX_SYNC_TYPE)) {
			strace_puts(b, "AT_STATX_SYNC_AS_STAT");
			if (!v)
				break;
			strace_puts(b, "|");
		}
		strace_flags(b, v, at_flags, ARRAY_SIZE(at_flags), NULL);
		break;
	case A_STATX_MASK:
		strace_flags(b, v, statx_masks, ARRAY_SIZE(statx_masks), NULL);
		break;
	case A_UNLINK_FLAGS:
		strace_flags(b, v, unlink_flags, ARRAY_SIZE(unlink_flags), NULL);
		break;
	case A_ACCESS_MODE:
		strace_flags(b, v, access_modes, ARRAY_SIZE(access_modes), "F_OK");
		break;
	case A_PROT:
		strace_flags(b, v, prots, ARRAY_SIZE(prots), "PROT_NONE");
		break;
	case A_MAP_FLAGS:
		strace_xlat(b, v & MAP_TYPE, map_types, ARRAY_SIZE(map_types));
		if (v & ~(unsigned long)MAP_TYPE) {
			strace_puts(b, "|");
			strace_flags(b, v & ~(unsigned long)MAP_TYPE, map_flags,
				     ARRAY_SIZE(map_flags), NULL);
		}
		break;
	case A_SIGNAL:
		put_signal(b, v);
		break;
	case A_SIGACTION_IN:
		put_sigaction(b, v);
		break;
	case A_SIGACTION_OUT:
		if (ok && v)
			put_sigaction(b, v);
		else
			strace_ptr(b, v);
		break;
	case A_SIGSET_IN:
	case A_SIGSET_OUT: {
		sigset_t set;

		if ((d->args[i] == A_SIGSET_OUT && !ok) || !read_user(&set, v, sizeof(set)))
			strace_ptr(b, v);
		else
			put_sigset(b, set);
		break;
	}
	case A_SIGHOW:
		strace_xlat(b, v, sighows, ARRAY_SIZE(sighows));
		break;
	case A_ARGV:
		put_argv(b, v);
		break;
	case A_ENVP:
		put_envp(b, v);
		break;
	case A_DIRENTS:
		put_dirents(b, v, ret);
		break;
	case A_IOCTL_CMD:
		for (size_t k = 0; k < ARRAY_SIZE(ioctl_cmds); k++)
			if (ioctl_cmds[k].val == (unsigned int)v) {
				strace_puts(b, ioctl_cmds[k].name);
				return;
			}
		strace_printf(b, "0x%x", (unsigned int)v);
		break;
	case A_IOCTL_ARG:
		put_ioctl_arg(b, r->args[i - 1], v, ret);
		break;
	case A_FCNTL_CMD:
		strace_xlat(b, v, fcntl_cmds, ARRAY_SIZE(fcntl_cmds));
		break;
	case A_FCNTL_ARG:
		switch (r->args[i - 1]) {
		case F_SETFD:
			strace_puts(b, v == FD_CLOEXEC ? "FD_CLOEXEC" : "0");
			break;
		case F_SETFL:
			put_open_flags(b, v);
			break;
		default:
			strace_printf(b, "%d", (int)v);
		}
		break;
	case A_WHENCE:
		strace_xlat(b, v, whences, ARRAY_SIZE(whences));
		break;
	case A_PIPEFDS: {
		int fds[2];

		if (ok && read_user(fds, v, sizeof(fds)))
			strace_printf(b, "[%d, %d]", fds[0], fds[1]);
		else
			strace_ptr(b, v);
		break;
	}
	case A_PIPE_FLAGS:
		strace_flags(b, v, pipe_flags, ARRAY_SIZE(pipe_flags), NULL);
		break;
	case A_WSTATUS:
		put_wstatus(b, v, ret);
		break;
	case A_WAIT_OPTIONS:
		strace_flags(b, v, wait_options, ARRAY_SIZE(wait_options), NULL);
		break;
	case A_TIMESPEC_IN:
		put_timespec(b, v);
		break;
	case A_TIMESPEC_OUT:
		if (ok)
			put_timespec(b, v);
		else
			strace_ptr(b, v);
		break;
	case A_CLOCK:
		strace_xlat(b, v, clocks, ARRAY_SIZE(clocks));
		break;
	case A_UTSNAME:
		if (ok)
			put_utsname(b, v);
		else
			strace_ptr(b, v);
		break;
	case A_RLIMIT_RESOURCE:
		strace_xlat(b, v, rlimits, ARRAY_SIZE(rlimits));
		break;
	case A_RLIMIT_IN:
	case A_RLIMIT64_IN:
		put_rlimit(b, v, d->args[i] == A_RLIMIT_IN ? "RLIM_INFINITY" : "RLIM64_INFINITY");
		break;
	case A_RLIMIT_OUT:
	case A_RLIMIT64_OUT:
		if (ok)
			put_rlimit(
			    b, v, d->args[i] == A_RLIMIT_OUT ? "RLIM_INFINITY" : "RLIM64_INFINITY");
		else
			strace_ptr(b, v);
		break;
	case A_PRCTL_OPTION:
		strace_xlat(b, v, prctl_options, ARRAY_SIZE(prctl_options));
		break;
	case A_PRCTL_ARG:
		if (r->args[i - 1] == PR_SET_NAME || (r->args[i - 1] == PR_GET_NAME && ok))
			put_user_string(b, v, TASK_COMM_LEN - 1);
		else
			strace_ptr(b, v);
		break;
	case A_ARCH_PRCTL_CODE:
#ifdef ARCH_SET_FS
		strace_xlat(b, v, arch_prctl_codes, ARRAY_SIZE(arch_prctl_codes));
#else
		strace_printf(b, "0x%lx", v);
#endif
		break;
	case A_GRND_FLAGS:
		strace_flags(b, v, grnd_flags, ARRAY_SIZE(grnd_flags), NULL);
		break;
	case A_IOVEC_IN:
		put_iovec(b, v, r->args[i + 1]);
		break;
	case A_CLONE:
		put_clone(b, r);
		break;
	case A_RENAME_FLAGS:
		strace_flags(b, v, rename_flags, ARRAY_SIZE(rename_flags), NULL);
		break;
	}
}

/* Whether strace shows argument i: open's mode only with O_CREAT, fcntl's only with a command that takes one. */
static bool arg_shown(const struct syscall_desc *d, const struct trace_record *r, unsigned int i)
{
	switch (d->args[i]) {
	case A_OPEN_MODE:
		return r->args[i - 1] & (O_CREAT | __O_TMPFILE);
	case A_FCNTL_ARG:
		return r->args[i - 1] != F_GETFD && r->args[i - 1] != F_GETFL;
	default:
		return true;
	}
}

static const char *errno_name(long err)
{
	for (size_t i = 0; i < ARRAY_SIZE(errno_names); i++)
		if ((long)errno_names[i].val == err)
			return errno_names[i].name;
	return NULL;
}

/*
 * The line: "trace: PID " and strace's line for the call, then, apart
 * after two blanks, what strace does not show: the kernel-stack offset and
 * the bytes the stackleak erase will rewrite.
 */
static void trace_print(const struct trace_record *r, unsigned long erased)
{
	const struct syscall_desc *d = r->nr < NR_syscalls ? &syscall_descs[r->nr] : NULL;
	struct strace_buf b;
	size_t start;
	long err = -r->ret;
	const char *text = NULL;
	unsigned int base;

	strace_init(&b, trace_line, sizeof(trace_line));
	strace_printf(&b, "trace: %d ", r->pid);
	start = b.len;
	if (d && d->name) {
		strace_printf(&b, "%s(", d->name);
		for (unsigned int i = 0; i < d->nargs; i++) {
			if (!arg_shown(d, r, i))
				continue;
			if (i)
				strace_puts(&b, ", ");
			put_arg(&b, d, r, i);
		}
	} else {
		/* strace's name for a number it does not know. */
		strace_printf(&b, "syscall_0x%lx(", r->nr);
		for (unsigned int i = 0; i < 6; i++)
			strace_printf(&b, "%s0x%lx", i ? ", " : "", r->args[i]);
	}
	strace_puts(&b, ")");
	base = d && d->name ? d->ret : 0;
	if (base == R_AUTO)
		base = (unsigned long)r->ret < 65536 || (err > 0 && err < 4096) ? 10 : 16;
	if (err > 0 && err < (long)ARRAY_SIZE(errno_texts))
		text = errno_texts[err];
	else if (err >= 512 && err < 512 + (long)ARRAY_SIZE(errno_restart_texts))
		text = errno_restart_texts[err - 512];
	strace_result(&b, start, r->ret, base, errno_name(err), text);
	printk("%s  kstack +%lu  erased %lu\n", trace_line, r->offset, erased);
}

void trace_syscall_exit(void)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	bool any = false;

	spin_lock(&kernel_lock);
	for (int i = 0; i < TRACE_SLOTS; i++) {
		struct trace_record *r = &records[i];

		if (r->task == current && r->pid == current->pid) {
			/* What the erase on the way out will rewrite, printk's frames aside. */
			trace_print(r, stackleak_erase_pending_bytes());
			r->task = NULL;
		}
		any |= record_live(r);
	}
	trace_pending = any;
	spin_unlock(&kernel_lock);
}
