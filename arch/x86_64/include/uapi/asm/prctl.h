/* SPDX-License-Identifier: MIT */
/* arch_prctl()'s codes, Linux's x86_64 values: set or get the FS or GS base. */
#ifndef TRAPDOOR_ASM_UAPI_PRCTL_H
#define TRAPDOOR_ASM_UAPI_PRCTL_H

#define ARCH_SET_GS 0x1001
#define ARCH_SET_FS 0x1002
#define ARCH_GET_FS 0x1003
#define ARCH_GET_GS 0x1004

#endif
