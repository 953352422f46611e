/* SPDX-License-Identifier: MIT */
/* One user address space as the s390x DAT hardware sees it (arch/s390/mm.c). */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_MMU_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_MMU_H

#include <trapdoor/types.h>

struct arch_mm {
	/*
	 * The region-third table: 512 eight-byte entries, one 4 KiB page,
	 * each entry either invalid or the real address of a segment table of
	 * 2048 entries (2 GiB, 16 KiB, from mm.c's pool), whose entries are in
	 * turn invalid or the real address of a page table of 256 entries
	 * (1 MiB of 4 KiB pages). There is no address-space id: s390 tags its
	 * TLB entries with the table they came from, and arch_switch_mm()
	 * purges the TLB whenever CR1 changes.
	 */
	u64 *region3_table;
	/* The address-space-control element CR1 gets: origin, type, length. */
	unsigned long asce;
};

#endif
