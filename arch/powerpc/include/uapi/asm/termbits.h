/* SPDX-License-Identifier: MIT */
/*
 * Terminal settings on powerpc: Linux's own layout and values
 * (arch/powerpc/include/uapi/asm/termbits.h). c_line comes after c_cc, the
 * speeds follow (44 bytes), and the c_cc indices and most flag bits differ
 * from the other architectures'.
 */
#ifndef TRAPDOOR_ASM_UAPI_TERMBITS_H
#define TRAPDOOR_ASM_UAPI_TERMBITS_H

#include <uapi/asm-generic/termbits-common.h>

struct termios {
	tcflag_t c_iflag;
	tcflag_t c_oflag;
	tcflag_t c_cflag;
	tcflag_t c_lflag;
	cc_t c_cc[NCCS];
	cc_t c_line;
	speed_t c_ispeed;
	speed_t c_ospeed;
};

/* c_cc indices */
#define VINTR	 0
#define VQUIT	 1
#define VERASE	 2
#define VKILL	 3
#define VEOF	 4
#define VMIN	 5
#define VEOL	 6
#define VTIME	 7
#define VEOL2	 8
#define VSWTC	 9
#define VWERASE	 10
#define VREPRINT 11
#define VSUSP	 12
#define VSTART	 13
#define VSTOP	 14
#define VLNEXT	 15
#define VDISCARD 16

/* c_iflag */
#define IXON	0x0200
#define IXOFF	0x0400
#define IUCLC	0x1000
#define IMAXBEL 0x2000
#define IUTF8	0x4000

/* c_oflag */
#define ONLCR 0x00002
#define OLCUC 0x00004

/* c_cflag */
#define CBAUD  0x000000ff
#define CSIZE  0x00000300
#define CS8    0x00000300
#define CSTOPB 0x00000400
#define CREAD  0x00000800
#define PARENB 0x00001000
#define HUPCL  0x00004000
#define CLOCAL 0x00008000

/* c_lflag */
#define ISIG	0x00000080
#define ICANON	0x00000100
#define ECHO	0x00000008
#define ECHOE	0x00000002
#define ECHOK	0x00000004
#define ECHONL	0x00000010
#define NOFLSH	0x80000000
#define TOSTOP	0x00400000
#define ECHOCTL 0x00000040
#define ECHOPRT 0x00000020
#define ECHOKE	0x00000001
#define IEXTEN	0x00000400

#endif
