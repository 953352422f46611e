/* SPDX-License-Identifier: MIT */
/*
 * _AC(0x1000, UL): a constant with a C suffix that the assembler and the
 * linker script (both preprocessed with __ASSEMBLY__) see without it — Linux's
 * uapi/linux/const.h idea, so one header can serve C, .S and .lds files.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_CONST_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_CONST_H

#ifdef __ASSEMBLY__
#define _AC(x, suffix) x
#else
#define __AC(x, suffix) x##suffix
#define _AC(x, suffix)	__AC(x, suffix)
#endif

#endif
