/* SPDX-License-Identifier: MIT */
/* open() flags: this architecture uses Linux's generic values. */
#ifndef TRAPDOOR_ASM_UAPI_FCNTL_H
#define TRAPDOOR_ASM_UAPI_FCNTL_H

#include <uapi/asm-generic/fcntl.h>

#endif
