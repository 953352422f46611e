/* SPDX-License-Identifier: MIT */
/*
 * Terminal ioctl requests on powerpc: Linux's values (arch/powerpc/include/
 * uapi/asm/ioctls.h). The process-group pair keeps the old _IOR/_IOW form,
 * with powerpc's field layout (3 direction bits at the top, read 2, write 4;
 * 13 size bits): _IOW('t', 118, int) and _IOR('t', 119, int).
 */
#ifndef TRAPDOOR_ASM_UAPI_IOCTLS_H
#define TRAPDOOR_ASM_UAPI_IOCTLS_H

#define TIOCSCTTY 0x540E
#define TIOCSPGRP 0x80047476
#define TIOCGPGRP 0x40047477
#define TIOCSTI	  0x5412

#endif
