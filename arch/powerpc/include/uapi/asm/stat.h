/* SPDX-License-Identifier: MIT */
/* struct stat: powerpc64's own layout (Linux's arch/powerpc/include/uapi/asm/stat.h). */
#ifndef TRAPDOOR_ASM_UAPI_STAT_H
#define TRAPDOOR_ASM_UAPI_STAT_H

struct stat {
	unsigned long st_dev;
	unsigned long st_ino;
	unsigned long st_nlink;
	unsigned int st_mode;
	unsigned int st_uid;
	unsigned int st_gid;
	unsigned long st_rdev;
	long st_size;
	unsigned long st_blksize;
	unsigned long st_blocks;
	unsigned long st_atime;
	unsigned long st_atime_nsec;
	unsigned long st_mtime;
	unsigned long st_mtime_nsec;
	unsigned long st_ctime;
	unsigned long st_ctime_nsec;
	unsigned long __unused4;
	unsigned long __unused5;
	unsigned long __unused6;
};

#endif
