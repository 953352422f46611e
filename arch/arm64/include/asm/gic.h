/* SPDX-License-Identifier: MIT */
/* The GICv2 driver (drivers/gic.c), as setup.c, the timer (time.c), the console (console.c)
 * and the IRQ handler (traps.c) use it. */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_GIC_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_GIC_H

#include <trapdoor/types.h>

/* INTIDs (IHI 0048B, 2.2.1): 0-15 SGIs, 16-31 PPIs (per CPU), 32 and up SPIs. */
#define GIC_NR_SGIS	   16
#define GIC_PPI_BASE	   16
#define GIC_NR_PPIS	   16
#define GIC_SPI_BASE	   32
#define GIC_INTID_MASK	   0x3ffU /* GICC_IAR[9:0] */
#define GIC_INTID_SPURIOUS 1023	  /* IAR read with nothing pending */

/* Finds the GIC in the device tree, enables the distributor and this CPU's interface. */
void gic_init(const void *fdt);
/* This CPU's own part of the GIC (banked registers, CPU interface): every CPU calls it. */
void gic_cpu_init(void);
/* Sends software generated interrupt sgi (0-15) to logical CPU cpu. */
void gic_send_sgi(unsigned int cpu, unsigned int sgi);
/* Enables private peripheral interrupt intid (16-31) for this CPU. */
void gic_enable_ppi(unsigned int intid);
/*
 * Enables shared peripheral interrupt intid (32 and up), level-triggered, for CPU 0;
 * false (and says so) if this GIC has no such INTID.
 */
bool gic_enable_spi(unsigned int intid);
/* Acknowledges the highest pending interrupt; returns the raw GICC_IAR value. */
u32 gic_ack(void);
/* Ends the interrupt acknowledged with that IAR value. */
void gic_eoi(u32 iar);

#endif
