/* SPDX-License-Identifier: MIT */
/* open() flags: powerpc has its own values for these four (Linux's arch/powerpc/include/uapi/asm/fcntl.h). */
#ifndef TRAPDOOR_ASM_UAPI_FCNTL_H
#define TRAPDOOR_ASM_UAPI_FCNTL_H

#define O_DIRECTORY 040000
#define O_NOFOLLOW  0100000
#define O_LARGEFILE 0200000
#define O_DIRECT    0400000

#include <uapi/asm-generic/fcntl.h>

#endif
