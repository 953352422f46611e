/* SPDX-License-Identifier: MIT */
/*
 * Bit rotations, Linux's names (include/linux/bitops.h). Any shift, 0 included, is
 * defined: the two halves' counts are taken mod 32. A lib header: kernel, lib and user
 * code may all include it.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_BITOPS_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_BITOPS_H

#include <trapdoor/types.h>

/* Rotate a 32-bit word left by shift bits. */
static inline u32 rol32(u32 word, unsigned int shift)
{
	return (word << (shift & 31)) | (word >> ((-shift) & 31));
}

/* Rotate a 32-bit word right by shift bits. */
static inline u32 ror32(u32 word, unsigned int shift)
{
	return (word >> (shift & 31)) | (word << ((-shift) & 31));
}

#endif
