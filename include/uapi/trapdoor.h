/* SPDX-License-Identifier: MIT */
/* Structures and constants shared by the kernel and user programs. */
#ifndef TRAPDOOR_INCLUDE_UAPI_TRAPDOOR_H
#define TRAPDOOR_INCLUDE_UAPI_TRAPDOOR_H

#define CLOCK_MONOTONIC 1

struct timespec {
	long tv_sec;
	long tv_nsec;
};

#define __NEW_UTS_LEN 64

struct new_utsname {
	char sysname[__NEW_UTS_LEN + 1];
	char nodename[__NEW_UTS_LEN + 1];
	char release[__NEW_UTS_LEN + 1];
	char version[__NEW_UTS_LEN + 1];
	char machine[__NEW_UTS_LEN + 1];
	char domainname[__NEW_UTS_LEN + 1];
};

/* reboot(2): Linux's magic numbers. trapdoor reads arg as the exit status. */
#define LINUX_REBOOT_MAGIC1	   0xfee1deadUL
#define LINUX_REBOOT_MAGIC2	   672274793UL
#define LINUX_REBOOT_CMD_POWER_OFF 0x4321FEDCUL

#include <uapi/signal.h> /* the signals, their numbers and actions */

/*
 * wait4() status, encoded as Linux does: exit(n) gives (n & 0xff) << 8, death
 * by signal s gives s, with WCOREFLAG added when a core was dumped (never
 * here: RLIMIT_CORE is 0 and there is nowhere to dump one).
 */
/* wait4()'s and waitid()'s options, Linux's. */
#define WNOHANG		0x00000001 /* return 0 at once if no child has changed state */
#define WUNTRACED	0x00000002
#define WSTOPPED	WUNTRACED
#define WEXITED		0x00000004
#define WCONTINUED	0x00000008
#define WNOWAIT		0x01000000
#define __WNOTHREAD	0x20000000
#define __WALL		0x40000000
#define __WCLONE	0x80000000
/* waitid()'s idtype. */
#define P_ALL		0
#define P_PID		1
#define P_PGID		2
#define WCOREFLAG	0x80
#define WCOREDUMP(st)	((st) & WCOREFLAG)
#define WIFEXITED(st)	(((st) & 0x7f) == 0)
#define WEXITSTATUS(st) (((st) >> 8) & 0xff)
#define WIFSIGNALED(st) (((st) & 0x7f) != 0)
#define WTERMSIG(st)	((st) & 0x7f)

struct kernel_stats {
	unsigned long calls;	   /* syscalls dispatched, including bad ones */
	unsigned long enosys;	   /* numbers with no handler */
	unsigned long user_faults; /* tasks killed by a fault */
	unsigned long free_pages;  /* physical pages on the free list now */
	unsigned long nr_tasks;	   /* tasks alive (including zombies) */
	unsigned long ticks;	   /* timer interrupts so far */
	unsigned long context_switches;
	unsigned long stackleak_bytes_total; /* bytes re-poisoned, all erases */
	/*
	 * An address inside the kernel's text, for the isolation tests. There
	 * is no KASLR here: the address is in trapdoor.map anyway.
	 */
	unsigned long kernel_text;
	/* How fast the counter user space reads (user/lib/arch/<arch>/counter.S) counts, Hz. */
	unsigned long counter_hz;
	/* CPUs running the kernel (docs/smp.md). */
	unsigned long cpus_online;
	/* Inodes alive (fs/inode.c): files, directories, links, pipes, open or named. */
	unsigned long nr_inodes;
};


/*
 * spawn(2) flags, as posix_spawn's attributes: the child leads a process group
 * of its own (POSIX_SPAWN_SETPGROUP with pgroup 0), and that group is the
 * console's foreground (glibc's POSIX_SPAWN_TCSETPGROUP). Both take effect
 * before the child runs, so it never runs a moment in its parent's group, or
 * in the background: a shell's job cannot fork out of reach of Ctrl-C, or find
 * the console not yet its own.
 */
#define SPAWN_SETPGROUP	  0x1
#define SPAWN_TCSETPGROUP 0x2

/*
 * clone(2) flags, Linux's values. trapdoor's clone makes a new process as
 * fork does (no CLONE_VM, no threads): the exit signal in the low byte
 * (SIGCHLD or none), plus these four, which every libc's fork passes.
 */
#define CSIGNAL		     0x000000ff /* the signal the parent gets at exit */
#define CLONE_SETTLS	     0x00080000 /* the child's thread pointer is tls */
#define CLONE_PARENT_SETTID  0x00100000 /* the child's tid is stored at ptid, in the parent */
#define CLONE_CHILD_CLEARTID 0x00200000 /* at exit, 0 is stored at ctid, in the child */
#define CLONE_CHILD_SETTID   0x01000000 /* the child's tid is stored at ctid, in the child */

/* task_list(2) entries. */
struct task_info {
	int pid;
	int ppid;
	int state;	 /* 1 runnable, 2 blocked, 3 zombie */
	int exit_status; /* for zombies */
	char comm[16];
	int cpu; /* the CPU it runs on, or ran on last */
};

/* trapdoor_config(2) keys; the value -1 only reads. */
#define TRAPDOOR_CONFIG_KSTACK_MODE	     1 /* enum kstack_mode, see below */
#define TRAPDOOR_CONFIG_STACKLEAK	     2 /* 0 off, 1 on, 2 on and every erase verified */
#define TRAPDOOR_CONFIG_KSTACK_CHACHA_ROUNDS 3 /* chacha-task's rounds: 8, 12 or 20 */
#define TRAPDOOR_CONFIG_TRACE		     4 /* 1: trace the caller's children's syscalls, 0 off */
#define TRAPDOOR_CONFIG_KSTACK_STORE \
	7 /* where counter and crng16 keep the next offset: KSTACK_STORE_* */

/*
 * The test image's terminal controls: ioctl(fd, request, value) on the console,
 * the value itself as the argument, -1 only reads; returns the old value.
 * Elsewhere -ENOTTY, as any request the terminal does not know.
 *   TDIOC_LEGACY_TIOCSTI: 1 lets any task type on the console with
 *     ioctl(TIOCSTI), as Linux's dev.tty.legacy_tiocsti does; 0 (the boot's
 *     value) refuses it with -EIO.
 *   TDIOC_INJECT_IDLE: with legacy_tiocsti on, byte value (0..255) is received
 *     as TIOCSTI would type it, once no CPU runs a task; returns the byte
 *     still pending, or -1.
 */
#define TDIOC_LEGACY_TIOCSTI 0x54e0
#define TDIOC_INJECT_IDLE    0x54e1

/* kstack.store=: the exit-chosen offset kept per task (the fix) or per CPU (docs/kstack-offset.md). */
#define KSTACK_STORE_TASK 0
#define KSTACK_STORE_CPU  1

/* Offset sources for the kernel-stack offset (docs/kstack-offset.md). */
#define KSTACK_MODE_OFF		  0
#define KSTACK_MODE_COUNTER	  1
#define KSTACK_MODE_CRNG16	  2
#define KSTACK_MODE_CRNG8	  3
#define KSTACK_MODE_PRNG_TASK	  4
#define KSTACK_MODE_PRNG_CPU	  5
#define KSTACK_MODE_CHACHA_TASK	  6
#define KSTACK_MODE_CHACHA_SPREAD 7
#define NR_KSTACK_MODES		  8

/* Their names, as kstack= and the demos spell them: an initialiser for a string array. */
#define KSTACK_MODE_NAMES                                      \
	{                                                      \
		[KSTACK_MODE_OFF] = "off",                     \
		[KSTACK_MODE_COUNTER] = "counter",             \
		[KSTACK_MODE_CRNG16] = "crng16",               \
		[KSTACK_MODE_CRNG8] = "crng8",                 \
		[KSTACK_MODE_PRNG_TASK] = "prng-task",         \
		[KSTACK_MODE_PRNG_CPU] = "prng-cpu",           \
		[KSTACK_MODE_CHACHA_TASK] = "chacha-task",     \
		[KSTACK_MODE_CHACHA_SPREAD] = "chacha-spread", \
	}

#endif
