/* SPDX-License-Identifier: MIT */
/*
 * struct stat as fstat() and newfstatat() fill it: Linux's generic layout
 * (include/uapi/asm-generic/stat.h), for arm64, riscv and loongarch.
 */
#ifndef TRAPDOOR_UAPI_ASM_GENERIC_STAT_H
#define TRAPDOOR_UAPI_ASM_GENERIC_STAT_H

struct stat {
	unsigned long st_dev;
	unsigned long st_ino;
	unsigned int st_mode;
	unsigned int st_nlink;
	unsigned int st_uid;
	unsigned int st_gid;
	unsigned long st_rdev;
	unsigned long __pad1;
	long st_size;
	int st_blksize;
	int __pad2;
	long st_blocks;
	long st_atime;
	unsigned long st_atime_nsec;
	long st_mtime;
	unsigned long st_mtime_nsec;
	long st_ctime;
	unsigned long st_ctime_nsec;
	unsigned int __unused4;
	unsigned int __unused5;
};

#endif
