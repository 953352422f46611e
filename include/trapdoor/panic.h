/* SPDX-License-Identifier: MIT */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_PANIC_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_PANIC_H

#include <trapdoor/compiler.h>

struct pt_regs;

/*
 * A fatal kernel-mode exception: the arch trap code has decoded the cause into
 * reason ("undefined instruction", "data abort at 0x..."), and die() prints it
 * with the register dump, then powers off with EXIT_OOPS. Never returns.
 */
__noreturn void die(const char *reason, struct pt_regs *regs);

/*
 * A condition the kernel cannot continue from. Prints the message, then raises
 * an undefined-instruction trap so that die() prints the registers at the
 * caller, as Linux's BUG() does.
 */
__noreturn void panic(const char *fmt, ...) __printf(1, 2);

#define BUG_ON(cond)                                                             \
	do {                                                                     \
		if (unlikely(cond))                                              \
			panic("BUG_ON(%s) at %s:%d", #cond, __FILE__, __LINE__); \
	} while (0)

#endif
