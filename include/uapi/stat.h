/* SPDX-License-Identifier: MIT */
/*
 * File modes, struct stat (this arch's <asm/stat.h>: its layout differs by
 * arch), struct statx and its mask bits. Linux's values and layouts.
 */
#ifndef TRAPDOOR_UAPI_STAT_H
#define TRAPDOOR_UAPI_STAT_H

#include <asm/stat.h>

#define S_IFMT	 00170000
#define S_IFSOCK 0140000
#define S_IFLNK	 0120000
#define S_IFREG	 0100000
#define S_IFBLK	 0060000
#define S_IFDIR	 0040000
#define S_IFCHR	 0020000
#define S_IFIFO	 0010000
#define S_ISUID	 0004000
#define S_ISGID	 0002000
#define S_ISVTX	 0001000

#define S_ISLNK(m)  (((m) & S_IFMT) == S_IFLNK)
#define S_ISREG(m)  (((m) & S_IFMT) == S_IFREG)
#define S_ISDIR(m)  (((m) & S_IFMT) == S_IFDIR)
#define S_ISCHR(m)  (((m) & S_IFMT) == S_IFCHR)
#define S_ISBLK(m)  (((m) & S_IFMT) == S_IFBLK)
#define S_ISFIFO(m) (((m) & S_IFMT) == S_IFIFO)
#define S_ISSOCK(m) (((m) & S_IFMT) == S_IFSOCK)

#define S_IRWXU 00700
#define S_IRUSR 00400
#define S_IWUSR 00200
#define S_IXUSR 00100
#define S_IRWXG 00070
#define S_IRGRP 00040
#define S_IWGRP 00020
#define S_IXGRP 00010
#define S_IRWXO 00007
#define S_IROTH 00004
#define S_IWOTH 00002
#define S_IXOTH 00001

struct statx_timestamp {
	long long tv_sec;
	unsigned int tv_nsec;
	int __reserved;
};

struct statx {
	unsigned int stx_mask;
	unsigned int stx_blksize;
	unsigned long long stx_attributes;
	unsigned int stx_nlink;
	unsigned int stx_uid;
	unsigned int stx_gid;
	unsigned short stx_mode;
	unsigned short __spare0[1];
	unsigned long long stx_ino;
	unsigned long long stx_size;
	unsigned long long stx_blocks;
	unsigned long long stx_attributes_mask;
	struct statx_timestamp stx_atime;
	struct statx_timestamp stx_btime;
	struct statx_timestamp stx_ctime;
	struct statx_timestamp stx_mtime;
	unsigned int stx_rdev_major;
	unsigned int stx_rdev_minor;
	unsigned int stx_dev_major;
	unsigned int stx_dev_minor;
	unsigned long long stx_mnt_id;
	unsigned int stx_dio_mem_align;
	unsigned int stx_dio_offset_align;
	unsigned long long __spare3[12];
};

#define STATX_TYPE	  0x00000001U
#define STATX_MODE	  0x00000002U
#define STATX_NLINK	  0x00000004U
#define STATX_UID	  0x00000008U
#define STATX_GID	  0x00000010U
#define STATX_ATIME	  0x00000020U
#define STATX_MTIME	  0x00000040U
#define STATX_CTIME	  0x00000080U
#define STATX_INO	  0x00000100U
#define STATX_SIZE	  0x00000200U
#define STATX_BLOCKS	  0x00000400U
#define STATX_BASIC_STATS 0x000007ffU
#define STATX_BTIME	  0x00000800U
#define STATX__RESERVED	  0x80000000U

#endif
