/* SPDX-License-Identifier: MIT */
/* prctl(2) options, Linux's (linux/prctl.h): the ones trapdoor has. */
#ifndef TRAPDOOR_INCLUDE_UAPI_PRCTL_H
#define TRAPDOOR_INCLUDE_UAPI_PRCTL_H

#define PR_SET_NAME 15 /* the task's name (comm), up to 15 bytes and a NUL */
#define PR_GET_NAME 16

#endif
