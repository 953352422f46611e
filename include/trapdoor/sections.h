/* SPDX-License-Identifier: MIT */
/*
 * The kernel image's sections, as every arch/<arch>/kernel.lds names them:
 *
 *	_stext .. _etext		text: read + execute
 *	__start_rodata .. __end_rodata	read-only data: read only
 *	__end_rodata .. _end		data, bss, kernel stacks: read + write
 *
 * Where the arch pages its kernel, each boundary is aligned to its page size,
 * so kernel_protect() (kernel/traps.c) can give each part its own permissions.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_SECTIONS_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_SECTIONS_H

extern char _stext[], _etext[];
extern char __start_rodata[], __end_rodata[];
extern char _end[];

#endif
