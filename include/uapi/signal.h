/* SPDX-License-Identifier: MIT */
/*
 * Signals, Linux's numbers and kernel ABI (asm/signal.h, asm-generic/
 * signal-defs.h): the 64 signals, the actions rt_sigaction() stores and the
 * masks rt_sigprocmask() changes. Handlers are stored but never run yet: a
 * caught signal stays pending (docs/signals.md).
 */
#ifndef TRAPDOOR_INCLUDE_UAPI_SIGNAL_H
#define TRAPDOOR_INCLUDE_UAPI_SIGNAL_H

#include <asm/signal.h> /* SA_RESTORER where this arch's struct sigaction has sa_restorer */

#define SIGHUP	  1 /* the terminal's session leader exited */
#define SIGINT	  2 /* Ctrl-C on the console, to its foreground process group */
#define SIGQUIT	  3
#define SIGILL	  4
#define SIGTRAP	  5
#define SIGABRT	  6
#define SIGBUS	  7
#define SIGFPE	  8
#define SIGKILL	  9
#define SIGUSR1	  10
#define SIGSEGV	  11
#define SIGUSR2	  12
#define SIGPIPE	  13 /* wrote to a pipe nobody can read any more */
#define SIGALRM	  14
#define SIGTERM	  15
#define SIGSTKFLT 16
#define SIGCHLD	  17
#define SIGCONT	  18
#define SIGSTOP	  19
#define SIGTSTP	  20
#define SIGTTIN	  21
#define SIGTTOU	  22
#define SIGURG	  23
#define SIGXCPU	  24
#define SIGXFSZ	  25
#define SIGVTALRM 26
#define SIGPROF	  27
#define SIGWINCH  28
#define SIGIO	  29
#define SIGPWR	  30
#define SIGSYS	  31
#define SIGRTMIN  32 /* 32..64: the real-time signals; their default is to terminate */
#define SIGRTMAX  64
#define _NSIG	  64 /* kill() takes 0..64 */

/* A set of signals, as the kernel's ABI has it: bit sig - 1 for signal sig. */
typedef unsigned long sigset_t;
#define sigmask(sig) (1UL << ((sig) - 1))

/* sa_handler's two values that are not handlers. */
#define SIG_DFL ((void (*)(int))0)
#define SIG_IGN ((void (*)(int))1)

/* rt_sigprocmask()'s how. */
#define SIG_BLOCK   0
#define SIG_UNBLOCK 1
#define SIG_SETMASK 2

/* sa_flags, the same on every arch here. */
#define SA_NOCLDSTOP 0x00000001
#define SA_NOCLDWAIT 0x00000002
#define SA_SIGINFO   0x00000004
#define SA_ONSTACK   0x08000000
#define SA_RESTART   0x10000000
#define SA_NODEFER   0x40000000
#define SA_RESETHAND 0x80000000

/*
 * The action rt_sigaction() takes and gives, the kernel's struct sigaction:
 * sa_restorer only where this arch's Linux has it (x86_64, arm64, powerpc,
 * s390; not riscv, loongarch), and the mask last.
 */
struct sigaction {
	void (*sa_handler)(int);
	unsigned long sa_flags;
#ifdef SA_RESTORER
	void (*sa_restorer)(void);
#endif
	sigset_t sa_mask;
};


/* sigaltstack()'s stack_t (the same on the six), and its ss_flags. */
typedef struct sigaltstack {
	void *ss_sp;
	int ss_flags;
	unsigned long ss_size;
} stack_t;
#define SS_ONSTACK 1 /* read only: the task runs on it now */
#define SS_DISABLE 2 /* no alternate stack */

/*
 * si_code: who sent it. Linux's values: a kill (SI_USER), tkill or tgkill
 * (SI_TKILL), the kernel itself (SI_KERNEL), a fault (SEGV_*, ILL_*, ...).
 */
#define SI_USER	    0
#define SI_KERNEL   0x80
#define SI_TKILL    (-6)
#define SEGV_MAPERR 1 /* no mapping at the address */
#define SEGV_ACCERR 2 /* a mapping that forbids the access */
#define CLD_EXITED  1 /* SIGCHLD: the child exited, si_status its exit code */
#define CLD_KILLED  2 /* SIGCHLD: a signal ended it, si_status the signal */

/*
 * The siginfo a SA_SIGINFO handler gets, Linux's 128 bytes: three ints, then
 * a union whose member the signal's kind chooses (kill: pid and uid; a
 * fault: the address; SIGCHLD: the child's pid, uid, status and times).
 */
typedef struct siginfo {
	int si_signo;
	int si_errno;
	int si_code;
	union {
		int _pad[(128 - 16) / sizeof(int)];
		struct { /* kill, tkill, tgkill */
			int _pid;
			unsigned int _uid;
		} _kill;
		struct { /* SIGCHLD */
			int _pid;
			unsigned int _uid;
			int _status;
			long _utime;
			long _stime;
		} _sigchld;
		struct { /* SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP */
			void *_addr;
		} _sigfault;
	} _sifields;
} siginfo_t;
#define si_pid	  _sifields._kill._pid
#define si_uid	  _sifields._kill._uid
#define si_status _sifields._sigchld._status
#define si_utime  _sifields._sigchld._utime
#define si_stime  _sifields._sigchld._stime
#define si_addr	  _sifields._sigfault._addr

#endif
