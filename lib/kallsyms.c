// SPDX-License-Identifier: MIT
/*
 * Address to symbol (include/trapdoor/kallsyms.h): a binary search of a
 * sorted table. Pure code, host-tested in tests/host/test_kallsyms.c.
 */
#include <trapdoor/kallsyms.h>

const char *kallsyms_search(const struct kallsyms_table *table, unsigned long addr,
			    unsigned long *size, unsigned long *offset)
{
	u32 lo = 0, hi = table->num;
	unsigned long next;

	if (!table->num || addr < table->addresses[0] || addr >= table->end)
		return NULL;
	/* The last symbol that starts at or below addr: addresses[lo] <= addr < addresses[hi]. */
	while (hi - lo > 1) {
		u32 mid = lo + (hi - lo) / 2;

		if (table->addresses[mid] <= addr)
			lo = mid;
		else
			hi = mid;
	}
	next = lo + 1 < table->num ? table->addresses[lo + 1] : table->end;
	*size = next - table->addresses[lo];
	*offset = addr - table->addresses[lo];
	return table->names + table->name_offsets[lo];
}
