/* SPDX-License-Identifier: MIT */
/*
 * Terminal ioctl requests on powerpc: Linux's values (arch/powerpc/include/
 * uapi/asm/ioctls.h). Most keep the old _IOR/_IOW form, with powerpc's
 * field layout (3 direction bits at the top, read 2, write 4; 13 size bits):
 * TCGETS is _IOR('t', 19, struct termios), 44 bytes; TIOCSPGRP is
 * _IOW('t', 118, int) and TIOCGPGRP _IOR('t', 119, int).
 */
#ifndef TRAPDOOR_ASM_UAPI_IOCTLS_H
#define TRAPDOOR_ASM_UAPI_IOCTLS_H

#define TCGETS	   0x402c7413
#define TCSETS	   0x802c7414
#define TCSETSW	   0x802c7415
#define TCSETSF	   0x802c7416
#define TIOCSWINSZ 0x80087467
#define TIOCGWINSZ 0x40087468
#define TIOCSCTTY  0x540E
#define TIOCSPGRP  0x80047476
#define TIOCGPGRP  0x40047477
#define TIOCSTI	   0x5412

#endif
