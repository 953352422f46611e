/* SPDX-License-Identifier: MIT */
/*
 * Kernel symbols, Linux's kallsyms: the kernel's text symbols sorted by
 * address, as a table linked into the image. tools/gen-kallsyms writes it from
 * `nm -n` of a first link of the kernel; the Makefile links a second time with
 * it and fails the build if a symbol moved between the two links. The oops
 * printer names each code address it prints as function+0xoffset/0xsize
 * (docs/howto/read-oops.md).
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_KALLSYMS_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_KALLSYMS_H

#include <trapdoor/types.h>

/*
 * A symbol table: num start addresses in ascending order, one symbol per
 * address; the name of symbol i is the NUL-terminated string at
 * names + name_offsets[i]. A symbol runs up to the next one's start, the last
 * up to end (Linux measures a symbol's size the same way).
 */
struct kallsyms_table {
	const unsigned long *addresses;
	const u32 *name_offsets;
	const char *names;
	u32 num;
	unsigned long end;
};

/*
 * lib/kallsyms.c: the name of the symbol addr lies in, with its size and addr's
 * offset into it; NULL (size and offset untouched) if addr is outside the table.
 */
const char *kallsyms_search(const struct kallsyms_table *table, unsigned long addr,
			    unsigned long *size, unsigned long *offset);

/*
 * kernel/kallsyms.c: the same for the kernel's own table, and one line of an
 * oops: "<label>[<address>] function+0xoffset/0xsize", Linux's print_ip_sym()
 * format, or "(not kernel text)" after the address where it is none.
 */
const char *kallsyms_lookup(unsigned long addr, unsigned long *size, unsigned long *offset);
void print_ip_sym(const char *label, unsigned long addr);

#endif
