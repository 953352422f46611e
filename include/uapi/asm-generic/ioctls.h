/* SPDX-License-Identifier: MIT */
/*
 * Terminal ioctl requests: Linux's values (include/uapi/asm-generic/ioctls.h)
 * on every architecture whose own header includes this one. An architecture
 * with other values (powerpc) has its own arch/<arch>/include/uapi/asm/ioctls.h.
 */
#ifndef TRAPDOOR_INCLUDE_UAPI_ASM_GENERIC_IOCTLS_H
#define TRAPDOOR_INCLUDE_UAPI_ASM_GENERIC_IOCTLS_H

#define TCGETS	   0x5401 /* the struct termios (tcgetattr) */
#define TCSETS	   0x5402 /* set it now (tcsetattr TCSANOW) */
#define TCSETSW	   0x5403 /* after the output drains (TCSADRAIN) */
#define TCSETSF	   0x5404 /* after the output drains, input dropped (TCSAFLUSH) */
#define TIOCSCTTY  0x540E /* make this terminal the caller's session's */
#define TIOCGPGRP  0x540F /* the foreground process group (tcgetpgrp) */
#define TIOCSPGRP  0x5410 /* set the foreground process group (tcsetpgrp) */
#define TIOCSTI	   0x5412 /* receive one byte as if typed */
#define TIOCGWINSZ 0x5413 /* the struct winsize */
#define TIOCSWINSZ 0x5414 /* set it */

#endif
