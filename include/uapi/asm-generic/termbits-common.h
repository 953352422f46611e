/* SPDX-License-Identifier: MIT */
/*
 * Terminal settings every architecture shares: Linux's types, the c_iflag and
 * c_oflag bits whose values agree everywhere, tcsetattr's actions, and the
 * window size (TIOCGWINSZ, TIOCSWINSZ). Each arch's <asm/termbits.h> includes
 * this and adds the struct termios and the values of its own.
 */
#ifndef TRAPDOOR_INCLUDE_UAPI_ASM_GENERIC_TERMBITS_COMMON_H
#define TRAPDOOR_INCLUDE_UAPI_ASM_GENERIC_TERMBITS_COMMON_H

typedef unsigned char cc_t;
typedef unsigned int speed_t;
typedef unsigned int tcflag_t;

#define NCCS 19 /* control characters in c_cc */

/* c_iflag */
#define IGNBRK 0x001
#define BRKINT 0x002
#define IGNPAR 0x004
#define PARMRK 0x008
#define INPCK  0x010
#define ISTRIP 0x020
#define INLCR  0x040 /* NL received as CR */
#define IGNCR  0x080 /* CR received is dropped */
#define ICRNL  0x100 /* CR received as NL */
#define IXANY  0x800

/* c_oflag */
#define OPOST  0x01 /* output processing: the rest of c_oflag applies */
#define OCRNL  0x08
#define ONOCR  0x10
#define ONLRET 0x20

#define B0     0x00000000
#define B9600  0x0000000d
#define B38400 0x0000000f

/* tcsetattr()'s when: TCSETS, TCSETSW, TCSETSF */
#define TCSANOW	  0
#define TCSADRAIN 1
#define TCSAFLUSH 2

/* TIOCGWINSZ, TIOCSWINSZ: the terminal's size, which the kernel only stores. */
struct winsize {
	unsigned short ws_row;
	unsigned short ws_col;
	unsigned short ws_xpixel;
	unsigned short ws_ypixel;
};

#endif
