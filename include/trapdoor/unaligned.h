/* SPDX-License-Identifier: MIT */
/*
 * Little-endian words at any byte address, Linux's names (include/linux/unaligned.h): one
 * byte at a time, so neither the alignment nor the CPU's own byte order matters (powerpc
 * and s390 are big-endian). A lib header: kernel, lib and user code may all include it.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_UNALIGNED_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_UNALIGNED_H

#include <trapdoor/types.h>

static inline u32 get_unaligned_le32(const void *p)
{
	const u8 *b = p;

	return (u32)b[0] | (u32)b[1] << 8 | (u32)b[2] << 16 | (u32)b[3] << 24;
}

static inline void put_unaligned_le32(u32 val, void *p)
{
	u8 *b = p;

	b[0] = (u8)val;
	b[1] = (u8)(val >> 8);
	b[2] = (u8)(val >> 16);
	b[3] = (u8)(val >> 24);
}

#endif
