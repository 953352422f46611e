/* SPDX-License-Identifier: MIT */
/* Structures and constants shared by the kernel and user programs. */
#ifndef TRAPDOOR_INCLUDE_UAPI_TRAPDOOR_H
#define TRAPDOOR_INCLUDE_UAPI_TRAPDOOR_H

#define CLOCK_MONOTONIC		1

struct timespec {
	long tv_sec;
	long tv_nsec;
};

#define __NEW_UTS_LEN		64

struct new_utsname {
	char sysname[__NEW_UTS_LEN + 1];
	char nodename[__NEW_UTS_LEN + 1];
	char release[__NEW_UTS_LEN + 1];
	char version[__NEW_UTS_LEN + 1];
	char machine[__NEW_UTS_LEN + 1];
	char domainname[__NEW_UTS_LEN + 1];
};

/* reboot(2): Linux's magic numbers. trapdoor reads arg as the exit status. */
#define LINUX_REBOOT_MAGIC1		0xfee1deadUL
#define LINUX_REBOOT_MAGIC2		672274793UL
#define LINUX_REBOOT_CMD_POWER_OFF	0x4321FEDCUL

/* Signals a task can be killed with (Linux numbers). */
#define SIGILL		4
#define SIGTRAP		5
#define SIGBUS		7
#define SIGKILL		9
#define SIGSEGV		11

/*
 * wait4() status, encoded as Linux does: exit(n) gives (n & 0xff) << 8, death
 * by signal s gives s.
 */
#define WIFEXITED(st)		(((st) & 0x7f) == 0)
#define WEXITSTATUS(st)		(((st) >> 8) & 0xff)
#define WIFSIGNALED(st)		(((st) & 0x7f) != 0)
#define WTERMSIG(st)		((st) & 0x7f)

struct syscall_stats {
	unsigned long calls;		/* syscalls dispatched, including bad ones */
	unsigned long enosys;		/* numbers with no handler */
	unsigned long user_faults;	/* tasks killed by a fault */
	/*
	 * An address inside the kernel's text, for the isolation tests. There
	 * is no KASLR here: the address is in trapdoor.map anyway.
	 */
	unsigned long kernel_text;
};

#endif
