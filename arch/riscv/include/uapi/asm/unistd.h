/* SPDX-License-Identifier: MIT */
/* System call numbers: this architecture uses Linux's generic table. */
#ifndef TRAPDOOR_ASM_UAPI_UNISTD_H
#define TRAPDOOR_ASM_UAPI_UNISTD_H

#define __ARCH_WANT_NEW_STAT /* newfstatat and fstat, as Linux on this arch */
#include <uapi/asm-generic/unistd.h>

#endif
