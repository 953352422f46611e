/* SPDX-License-Identifier: MIT */
/* The interrupt controllers between the board's devices and the core (arch/loongarch/drivers/). */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_EXTIOI_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_EXTIOI_H

/* pch_pic.c: the bridge's input irq raises extioi vector irq, unmasked. */
void pch_pic_enable(unsigned int irq);

/* extioi.c: vector irq interrupts core 0 on HWI0 and runs handler. */
void extioi_enable(unsigned int irq, void (*handler)(void));

/* extioi.c: HWI0 is up (do_trap()): run the handlers of the pending vectors. */
void extioi_handle_irq(void);

#endif
