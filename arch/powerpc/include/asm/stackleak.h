/* SPDX-License-Identifier: MIT */
/*
 * powerpc's part of the stackleak erase (include/trapdoor/stackleak.h).
 *
 * The erase writes poison below the stack pointer entry.S had when it called
 * it, but ELFv2 lets a leaf function keep data in the 288 bytes below its own
 * r1 (the protected zone) without moving r1, and both compilers do it with
 * the erase (GCC saves r30-r31 there, clang r26-r30): the erase would poison
 * its own saved registers. So entry.S (ret_from_syscall) runs the erase on a
 * stack of its own, stackleak_erase_stack, and the erase takes the task's
 * stack pointer from the task instead of from r1: ret_from_syscall is always
 * entered with r1 at the ABI frame right below task_pt_regs(current)
 * (paca->trap_sp, asm/paca.h). Whatever the compiler keeps in its frame or
 * protected zone lies on the erase stack, never on the task's.
 */
#ifndef TRAPDOOR_ARCH_POWERPC_ASM_STACKLEAK_H
#define TRAPDOOR_ARCH_POWERPC_ASM_STACKLEAK_H

#include <asm/ptrace.h>

/*
 * The erase stack's size: the protected zone (288) and the 32-byte ABI frame
 * above the erase's r1 are all the erase may use (Makefile.arch:
 * STACKLEAK_ERASER_FRAME); the rest leaves room for an exception frame
 * (INT_STACK_SKIP, 672 bytes) and the handler's frames, should the erase
 * itself fault, so that the oops is printed.
 */
#define STACKLEAK_ERASE_STACK_SIZE	4096

#ifndef __ASSEMBLY__
/* The task's stack pointer in ret_from_syscall: the trap frame below pt_regs. */
#define arch_stackleak_sp() \
	((unsigned long)task_pt_regs(current) - STACK_FRAME_MIN_SIZE)
#endif

#endif
