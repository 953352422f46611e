// SPDX-License-Identifier: MIT
/*
 * The kernel's own symbol table (include/trapdoor/kallsyms.h), generated at
 * link time by tools/gen-kallsyms, and the oops printer's "function+0xoff/0xsize".
 */
#include <trapdoor/kallsyms.h>
#include <trapdoor/printk.h>
#include <trapdoor/sections.h>
#include <trapdoor/stackleak.h>

/* The generated kallsyms.S of each image (the Makefile's two links). */
extern const unsigned long kallsyms_addresses[];
extern const u32 kallsyms_name_offsets[];
extern const char kallsyms_names[];
extern const u32 kallsyms_num_syms;

const char *kallsyms_lookup(unsigned long addr, unsigned long *size, unsigned long *offset)
{
	const struct kallsyms_table table = {
		.addresses = kallsyms_addresses,
		.name_offsets = kallsyms_name_offsets,
		.names = kallsyms_names,
		.num = kallsyms_num_syms,
		.end = (unsigned long)_etext,
	};

	return kallsyms_search(&table, addr, size, offset);
}

void print_ip_sym(const char *label, unsigned long addr)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	unsigned long size, offset;
	const char *name = kallsyms_lookup(addr, &size, &offset);

	if (name)
		printk("%s[<%016lx>] %s+0x%lx/0x%lx\n", label, addr, name, offset, size);
	else
		printk("%s[<%016lx>] (not kernel text)\n", label, addr);
}
