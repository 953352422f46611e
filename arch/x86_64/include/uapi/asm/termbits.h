/* SPDX-License-Identifier: MIT */
/* Terminal settings: this architecture uses Linux's generic struct termios and values. */
#ifndef TRAPDOOR_ASM_UAPI_TERMBITS_H
#define TRAPDOOR_ASM_UAPI_TERMBITS_H

#include <uapi/asm-generic/termbits.h>

#endif
