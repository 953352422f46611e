/* SPDX-License-Identifier: MIT */
/*
 * Terminal settings (TCGETS, TCSETS): Linux's struct termios and values
 * (include/uapi/asm-generic/termbits.h) on every architecture whose own
 * <asm/termbits.h> includes this one. powerpc has its own layout and values.
 */
#ifndef TRAPDOOR_INCLUDE_UAPI_ASM_GENERIC_TERMBITS_H
#define TRAPDOOR_INCLUDE_UAPI_ASM_GENERIC_TERMBITS_H

#include <uapi/asm-generic/termbits-common.h>

/* What TCGETS returns and TCSETS takes: 36 bytes, no speeds. */
struct termios {
	tcflag_t c_iflag; /* input processing */
	tcflag_t c_oflag; /* output processing */
	tcflag_t c_cflag; /* the line: size, speed */
	tcflag_t c_lflag; /* the line discipline: canonical mode, echo, signals */
	cc_t c_line;	  /* which line discipline: 0, N_TTY */
	cc_t c_cc[NCCS];  /* the control characters, by the V* indices */
};

/* c_cc indices */
#define VINTR	 0
#define VQUIT	 1
#define VERASE	 2
#define VKILL	 3
#define VEOF	 4
#define VTIME	 5
#define VMIN	 6
#define VSWTC	 7
#define VSTART	 8
#define VSTOP	 9
#define VSUSP	 10
#define VEOL	 11
#define VREPRINT 12
#define VDISCARD 13
#define VWERASE	 14
#define VLNEXT	 15
#define VEOL2	 16

/* c_iflag */
#define IUCLC	0x0200
#define IXON	0x0400
#define IXOFF	0x1000
#define IMAXBEL 0x2000
#define IUTF8	0x4000

/* c_oflag */
#define OLCUC 0x00002
#define ONLCR 0x00004 /* NL written as CR NL */

/* c_cflag */
#define CBAUD  0x0000100f
#define CSIZE  0x00000030
#define CS8    0x00000030
#define CSTOPB 0x00000040
#define CREAD  0x00000080
#define PARENB 0x00000100
#define HUPCL  0x00000400
#define CLOCAL 0x00000800

/* c_lflag */
#define ISIG	0x00001 /* VINTR, VQUIT, VSUSP send signals */
#define ICANON	0x00002 /* canonical mode: lines, erase, kill, EOF */
#define ECHO	0x00008
#define ECHOE	0x00010 /* VERASE erases the character on the screen */
#define ECHOK	0x00020
#define ECHONL	0x00040
#define NOFLSH	0x00080
#define TOSTOP	0x00100
#define ECHOCTL 0x00200 /* control characters echo as ^X */
#define ECHOPRT 0x00400
#define ECHOKE	0x00800 /* VKILL erases the line on the screen */
#define IEXTEN	0x08000

#endif
