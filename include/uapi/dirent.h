/* SPDX-License-Identifier: MIT */
/*
 * getdents64()'s records, Linux's struct linux_dirent64: each starts on an
 * 8-byte boundary, d_reclen bytes long, its name NUL-terminated. d_type is
 * one of DT_* (the file type, as S_IFMT's bits shifted down by 12).
 */
#ifndef TRAPDOOR_UAPI_DIRENT_H
#define TRAPDOOR_UAPI_DIRENT_H

struct linux_dirent64 {
	unsigned long long d_ino;
	long long d_off; /* the offset to lseek() to for the next record */
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

#define DT_UNKNOWN 0
#define DT_FIFO	   1
#define DT_CHR	   2
#define DT_DIR	   4
#define DT_BLK	   6
#define DT_REG	   8
#define DT_LNK	   10
#define DT_SOCK	   12

#endif
