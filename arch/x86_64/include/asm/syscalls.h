/* SPDX-License-Identifier: MIT */
/* The handlers of x86_64's own system calls (uapi/asm/unistd.h), for kernel/syscall.c's table. */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_SYSCALLS_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_SYSCALLS_H

#include <trapdoor/syscall.h>

/* arch/x86_64/process.c */
long sys_arch_prctl(const struct pt_regs *regs);

#endif
