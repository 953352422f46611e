/* SPDX-License-Identifier: MIT */
/*
 * Symbols in assembly, as Linux's include/linux/linkage.h names them, so that
 * every arch/<arch>/entry.S marks its entry points the same way:
 *
 *	SYM_FUNC_START(name) ... SYM_FUNC_END(name)
 *		a function C calls with its ABI (arch_switch_to)
 *	SYM_CODE_START(name) ... SYM_CODE_END(name)
 *		code with its own rules, reached by the hardware or by a jump
 *		(entry_syscall, ret_to_user, ret_from_fork)
 *	SYM_CODE_START_LOCAL / SYM_FUNC_START_LOCAL
 *		the same, not visible outside the file
 *
 * Each emits .type and .size, so gdb, objdump and trapdoor.map show every
 * entry point with its length.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_LINKAGE_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_LINKAGE_H

#ifdef __ASSEMBLY__

/* The alignment of an entry point; an arch may ask for more in its asm/linkage.h. */
#ifndef SYM_ALIGN
#define SYM_ALIGN 4
#endif

/* sym_type, not type: cpp would rewrite the .type directive too. */
#define SYM_START(name, bind, sym_type) \
	bind name;                      \
	.type name, sym_type;           \
	.balign SYM_ALIGN;              \
name:

#define SYM_END(name) .size name, .- name

#define SYM_FUNC_START(name)	   SYM_START(name, .globl, @function)
#define SYM_FUNC_START_LOCAL(name) SYM_START(name, .local, @function)
#define SYM_FUNC_END(name)	   SYM_END(name)
#define SYM_CODE_START(name)	   SYM_START(name, .globl, @function)
#define SYM_CODE_START_LOCAL(name) SYM_START(name, .local, @function)
#define SYM_CODE_END(name)	   SYM_END(name)

#endif /* __ASSEMBLY__ */

#endif
