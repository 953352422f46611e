/* SPDX-License-Identifier: MIT */
/*
 * The system call handlers. Each is defined with SYSCALL_DEFINEn and its
 * typed arguments (include/trapdoor/syscall.h); all have the one C type the
 * table holds, syscall_fn_t, so the dispatcher can call any of them.
 */
#ifndef TRAPDOOR_KERNEL_SYSCALLS_H
#define TRAPDOOR_KERNEL_SYSCALLS_H

#include <trapdoor/syscall.h>
#include <uapi/unistd.h> /* NR_syscalls */

/*
 * An entry of the table: the handler and its flags. SYSCALL_LOCKLESS: the
 * call runs without the kernel lock (docs/smp.md, "Locks"); it touches only
 * the caller's own state, which no other CPU changes while it runs, and never
 * sleeps. Every other handler runs with the lock held.
 */
struct syscall_entry {
	syscall_fn_t fn;
	unsigned long flags;
};

#define SYSCALL_LOCKLESS 1UL

/* kernel/syscall_table.c: indexed by number; an empty slot (NULL) is -ENOSYS. */
extern const struct syscall_entry sys_call_table[NR_syscalls];

/* Declares the handler sys_<name> with the table's type. */
#define SYSCALL_DECLARE(name) long sys_##name(const struct pt_regs *regs)

/* kernel/sys.c */
SYSCALL_DECLARE(exit);
SYSCALL_DECLARE(exit_group);
SYSCALL_DECLARE(sched_yield);
SYSCALL_DECLARE(reboot);
SYSCALL_DECLARE(uname);
SYSCALL_DECLARE(getpid);
SYSCALL_DECLARE(getppid);
SYSCALL_DECLARE(gettid);
SYSCALL_DECLARE(getrandom);
/* kernel/syscall.c */
SYSCALL_DECLARE(kernel_stats);
SYSCALL_DECLARE(report_stack);
SYSCALL_DECLARE(trapdoor_config);
/* kernel/task.c */
SYSCALL_DECLARE(task_list);
/* kernel/fork.c */
SYSCALL_DECLARE(spawn);
SYSCALL_DECLARE(clone);
SYSCALL_DECLARE(fork);
SYSCALL_DECLARE(set_tid_address);
SYSCALL_DECLARE(execve);
/* kernel/exit.c */
SYSCALL_DECLARE(wait4);
/* kernel/signal.c */
SYSCALL_DECLARE(kill);
SYSCALL_DECLARE(tkill);
SYSCALL_DECLARE(tgkill);
SYSCALL_DECLARE(rt_sigaction);
SYSCALL_DECLARE(rt_sigprocmask);
SYSCALL_DECLARE(rt_sigpending);
SYSCALL_DECLARE(rt_sigsuspend);
SYSCALL_DECLARE(sigaltstack);
/* arch/<arch>/signal.c */
SYSCALL_DECLARE(rt_sigreturn);
SYSCALL_DECLARE(sigreturn);
/* kernel/exit.c */
SYSCALL_DECLARE(waitid);
/* kernel/resource.c */
SYSCALL_DECLARE(getrlimit);
SYSCALL_DECLARE(setrlimit);
SYSCALL_DECLARE(prlimit64);
SYSCALL_DECLARE(getuid);
SYSCALL_DECLARE(geteuid);
SYSCALL_DECLARE(getgid);
SYSCALL_DECLARE(getegid);
SYSCALL_DECLARE(prctl);
SYSCALL_DECLARE(set_robust_list);
SYSCALL_DECLARE(rseq);
/* kernel/time.c */
SYSCALL_DECLARE(clock_gettime);
SYSCALL_DECLARE(clock_getres);
SYSCALL_DECLARE(clock_nanosleep);
SYSCALL_DECLARE(gettimeofday);
SYSCALL_DECLARE(time);
SYSCALL_DECLARE(times);

/* kernel/pgrp.c */
SYSCALL_DECLARE(setpgid);
SYSCALL_DECLARE(getpgid);
SYSCALL_DECLARE(getpgrp);
SYSCALL_DECLARE(getsid);
SYSCALL_DECLARE(setsid);

/* Files (fs/) */
SYSCALL_DECLARE(read);
SYSCALL_DECLARE(write);
SYSCALL_DECLARE(readv);
SYSCALL_DECLARE(writev);
SYSCALL_DECLARE(pread64);
SYSCALL_DECLARE(pwrite64);
SYSCALL_DECLARE(lseek);
SYSCALL_DECLARE(sendfile);
SYSCALL_DECLARE(openat);
SYSCALL_DECLARE(close);
SYSCALL_DECLARE(dup);
SYSCALL_DECLARE(dup2);
SYSCALL_DECLARE(dup3);
SYSCALL_DECLARE(fcntl);
SYSCALL_DECLARE(getdents64);
SYSCALL_DECLARE(newfstatat);
SYSCALL_DECLARE(fstat);
SYSCALL_DECLARE(statx);
SYSCALL_DECLARE(ioctl);
/* kernel/sched.c */
SYSCALL_DECLARE(nanosleep);
SYSCALL_DECLARE(sched_setaffinity);
SYSCALL_DECLARE(sched_getaffinity);
SYSCALL_DECLARE(getcpu);
/* kernel/lkdtm.c: the stack erase's self-check */
SYSCALL_DECLARE(stackleak_check);
/* kernel/lkdtm.c: the test fixtures, wrong on purpose */
SYSCALL_DECLARE(lkdtm);
SYSCALL_DECLARE(stackleak_deep);
SYSCALL_DECLARE(leak_write_secret);
SYSCALL_DECLARE(leak_read_uninit);
/* kernel/pipe.c */
SYSCALL_DECLARE(pipe2);
SYSCALL_DECLARE(pipe);
/* fs/select.c: the terminal's and the files' poll */
SYSCALL_DECLARE(ppoll);
SYSCALL_DECLARE(poll);
/* arch/x86_64/process.c: x86_64's own call, in its table only */
SYSCALL_DECLARE(arch_prctl);
/* mm/mmap.c */
SYSCALL_DECLARE(brk);
SYSCALL_DECLARE(mmap);
SYSCALL_DECLARE(old_mmap);
SYSCALL_DECLARE(munmap);
SYSCALL_DECLARE(mprotect);

/* fs/namei.c, fs/cwd.c, fs/access.c, fs/old_calls.c: names, the working directory, umask */
SYSCALL_DECLARE(mkdirat);
SYSCALL_DECLARE(unlinkat);
SYSCALL_DECLARE(symlinkat);
SYSCALL_DECLARE(readlinkat);
SYSCALL_DECLARE(renameat2);
SYSCALL_DECLARE(renameat);
SYSCALL_DECLARE(faccessat);
SYSCALL_DECLARE(fchmodat);
SYSCALL_DECLARE(fchmod);
SYSCALL_DECLARE(chmod);
SYSCALL_DECLARE(ftruncate);
SYSCALL_DECLARE(chdir);
SYSCALL_DECLARE(fchdir);
SYSCALL_DECLARE(getcwd);
SYSCALL_DECLARE(umask);
SYSCALL_DECLARE(rename);
SYSCALL_DECLARE(mkdir);
SYSCALL_DECLARE(rmdir);
SYSCALL_DECLARE(unlink);
SYSCALL_DECLARE(symlink);
SYSCALL_DECLARE(readlink);
SYSCALL_DECLARE(access);
SYSCALL_DECLARE(open);
SYSCALL_DECLARE(creat);
SYSCALL_DECLARE(stat);
SYSCALL_DECLARE(lstat);

#endif
