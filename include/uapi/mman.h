/* SPDX-License-Identifier: MIT */
/*
 * mmap(), mprotect() and munmap(): protections and flags, with Linux's values
 * (asm-generic/mman-common.h, the same on the six arches for these).
 */
#ifndef TRAPDOOR_INCLUDE_UAPI_MMAN_H
#define TRAPDOOR_INCLUDE_UAPI_MMAN_H

#define PROT_NONE  0x0
#define PROT_READ  0x1
#define PROT_WRITE 0x2
#define PROT_EXEC  0x4

#define MAP_SHARED	    0x01
#define MAP_PRIVATE	    0x02
#define MAP_SHARED_VALIDATE 0x03
#define MAP_TYPE	    0x0f     /* the bits that say shared or private */
#define MAP_FIXED	    0x10     /* exactly at addr, replacing what was there */
#define MAP_ANONYMOUS	    0x20     /* no file: zero-filled memory */
#define MAP_STACK	    0x20000  /* accepted; means nothing more */
#define MAP_FIXED_NOREPLACE 0x100000 /* exactly at addr, or EEXIST if anything is there */

#define MAP_FAILED ((void *)-1)

#endif
