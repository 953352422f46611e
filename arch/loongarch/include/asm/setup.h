/* SPDX-License-Identifier: MIT */
/* What the loongarch boot files share among themselves (not part of the common contract). */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_SETUP_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_SETUP_H

/* a0, a1, a2 at the entry point, stored by head.S (see there for what they would mean). */
extern unsigned long boot_args[3];

/* console.c: put the UART into a known state; arch_setup() calls it first. */
void console_init(void);

/* traps.c: the interrupt half of trap setup (head.S did the entry points). */
void arch_trap_init(void);

/* mm.c: TLB page sizes, ASID 0, an empty user space, a clean TLB. */
void mmu_init(void);

#endif
