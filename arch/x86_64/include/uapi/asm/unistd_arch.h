/* SPDX-License-Identifier: MIT */
/*
 * The system calls only x86_64 has, numbered after trapdoor's own calls
 * (include/uapi/unistd.h): arch_prctl(code, addr) sets and reads the FS and
 * GS bases (codes in <asm/prctl.h>; arch/x86_64/process.c). Not named
 * unistd.h: a cross compiler's own Linux <asm/unistd.h> would stand in for it
 * on an arch without this file.
 */
#ifndef TRAPDOOR_ASM_UAPI_UNISTD_ARCH_H
#define TRAPDOOR_ASM_UAPI_UNISTD_ARCH_H

#include <uapi/unistd.h>

#define __NR_arch_prctl (__NR_trapdoor_base + 10)

#endif
