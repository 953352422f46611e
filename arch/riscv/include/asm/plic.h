/* SPDX-License-Identifier: MIT */
/* The PLIC driver (drivers/plic.c), as the console (console.c) and do_trap() (traps.c) use it. */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_PLIC_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_PLIC_H

#include <trapdoor/types.h>

/* Sources 1-1023 (RISC-V PLIC Specification 1.0.0, chapter 1); 0 means "no interrupt". */
#define PLIC_MAX_SOURCES 1024

/* Masks every source for this hart's S-mode context, threshold 0, sie.SEIE on. */
void plic_init(unsigned long hartid);
/* Gives source irq priority 1 and enables it for this hart's S-mode context. */
void plic_enable(unsigned int irq);
/* Claims the highest-priority pending source; 0 if none is pending. */
u32 plic_claim(void);
/* Tells the PLIC that the claimed source irq has been served. */
void plic_complete(u32 irq);

#endif
