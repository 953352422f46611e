/* SPDX-License-Identifier: MIT */
/* Terminal ioctl requests: this architecture uses Linux's generic values. */
#ifndef TRAPDOOR_ASM_UAPI_IOCTLS_H
#define TRAPDOOR_ASM_UAPI_IOCTLS_H

#include <uapi/asm-generic/ioctls.h>

#endif
