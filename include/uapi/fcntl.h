/* SPDX-License-Identifier: MIT */
/*
 * Files: open() flags (this arch's <asm/fcntl.h>, as some differ by arch),
 * the *at() calls' special descriptor and flags, lseek()'s whence, and the
 * limits on names. Linux's values.
 */
#ifndef TRAPDOOR_UAPI_FCNTL_H
#define TRAPDOOR_UAPI_FCNTL_H

#include <asm/fcntl.h>

#define AT_FDCWD	    -100 /* the *at() calls: relative to the working directory */
#define AT_SYMLINK_NOFOLLOW 0x100
#define AT_EACCESS	    0x200
#define AT_REMOVEDIR	    0x200
#define AT_SYMLINK_FOLLOW   0x400
#define AT_NO_AUTOMOUNT	    0x800
#define AT_EMPTY_PATH	    0x1000
#define AT_STATX_SYNC_TYPE  0x6000

/* renameat2() */
#define RENAME_NOREPLACE (1 << 0)
#define RENAME_EXCHANGE	 (1 << 1)
#define RENAME_WHITEOUT	 (1 << 2)

/* faccessat() */
#define F_OK 0
#define X_OK 1
#define W_OK 2
#define R_OK 4

/* lseek() */
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

#define PATH_MAX 4096 /* bytes in a path, its NUL included */
#define NAME_MAX 255  /* bytes in one component */

#endif
