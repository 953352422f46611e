/* SPDX-License-Identifier: MIT */
/* What the s390 boot files share among themselves (common code uses <trapdoor/arch.h>). */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_SETUP_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_SETUP_H

#include <trapdoor/types.h>

/*
 * No handoff variables here, unlike the other arches: QEMU passes nothing in
 * registers. setup.c asks the machine instead (SCLP, STSI, STIDP).
 */

/* console.c: enable the SCLP VT220 console events; arch_setup() calls it first. */
void arch_console_init(void);

/* traps.c: low-address protection (head.S already installed the new PSWs). */
void arch_trap_init(void);

/*
 * mm.c: the empty address space, and execute protection if the CPU has the
 * facility (returns whether it does); arch_setup() calls it.
 */
bool arch_mm_setup(void);

#endif
