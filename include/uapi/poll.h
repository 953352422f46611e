/* SPDX-License-Identifier: MIT */
/* poll() and ppoll(): Linux's struct pollfd and event bits (include/uapi/asm-generic/poll.h). */
#ifndef TRAPDOOR_INCLUDE_UAPI_POLL_H
#define TRAPDOOR_INCLUDE_UAPI_POLL_H

struct pollfd {
	int fd;	       /* negative: skipped, revents 0 */
	short events;  /* what to wait for */
	short revents; /* what is so: of events, and POLLERR, POLLHUP, POLLNVAL always */
};

#define POLLIN	   0x0001 /* a read would not block */
#define POLLPRI	   0x0002
#define POLLOUT	   0x0004 /* a write would not block */
#define POLLERR	   0x0008 /* an error: a pipe's write end with no reader */
#define POLLHUP	   0x0010 /* hung up: a pipe's read end with no writer */
#define POLLNVAL   0x0020 /* fd is not open */
#define POLLRDNORM 0x0040
#define POLLRDBAND 0x0080
#define POLLWRNORM 0x0100
#define POLLWRBAND 0x0200

#endif
