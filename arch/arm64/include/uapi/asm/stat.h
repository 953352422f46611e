/* SPDX-License-Identifier: MIT */
/* struct stat: this architecture uses Linux's generic layout. */
#ifndef TRAPDOOR_ASM_UAPI_STAT_H
#define TRAPDOOR_ASM_UAPI_STAT_H

#include <uapi/asm-generic/stat.h>

#endif
