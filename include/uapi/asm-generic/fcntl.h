/* SPDX-License-Identifier: MIT */
/*
 * open() flags: Linux's generic values (include/uapi/asm-generic/fcntl.h),
 * used by every architecture that does not define its own first (an arch's
 * <asm/fcntl.h> defines those that differ, then includes this file).
 */
#ifndef TRAPDOOR_UAPI_ASM_GENERIC_FCNTL_H
#define TRAPDOOR_UAPI_ASM_GENERIC_FCNTL_H

#define O_ACCMODE  00000003
#define O_RDONLY   00000000
#define O_WRONLY   00000001
#define O_RDWR	   00000002
#define O_CREAT	   00000100
#define O_EXCL	   00000200
#define O_NOCTTY   00000400
#define O_TRUNC	   00001000
#define O_APPEND   00002000
#define O_NONBLOCK 00004000
#define O_DSYNC	   00010000
#define FASYNC	   00020000
#ifndef O_DIRECT
#define O_DIRECT 00040000
#endif
#ifndef O_LARGEFILE
#define O_LARGEFILE 00100000
#endif
#ifndef O_DIRECTORY
#define O_DIRECTORY 00200000
#endif
#ifndef O_NOFOLLOW
#define O_NOFOLLOW 00400000
#endif
#define O_NOATIME   01000000
#define O_CLOEXEC   02000000
#define __O_SYNC    04000000
#define O_SYNC	    (__O_SYNC | O_DSYNC)
#define O_PATH	    010000000
#define __O_TMPFILE 020000000
#define O_TMPFILE   (__O_TMPFILE | O_DIRECTORY)
#define O_NDELAY    O_NONBLOCK

#define F_DUPFD		      0
#define F_GETFD		      1
#define F_SETFD		      2
#define F_GETFL		      3
#define F_SETFL		      4
#define F_GETLK		      5
#define F_SETLK		      6
#define F_SETLKW	      7
#define F_LINUX_SPECIFIC_BASE 1024
#define F_DUPFD_CLOEXEC	      (F_LINUX_SPECIFIC_BASE + 6)

#define FD_CLOEXEC 1

#endif
