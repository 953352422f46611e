// SPDX-License-Identifier: MIT
/*
 * The LS7A bridge's platform interrupt controller (PCH-PIC) on QEMU's loongarch virt board: 64
 * inputs from the board's devices, each sent on as one of the 256 vectors of the extended I/O
 * interrupt controller (extioi.c). Nothing has programmed it before us (no firmware): every
 * input is masked, level-triggered, active high, and would send vector 0.
 * Register offsets: Loongson 7A1000 bridge user manual, "Interrupt controller".
 */
#include <asm/extioi.h>
#include <asm/io.h>

/* QEMU 7.2 include/hw/loongarch/virt.h, VIRT_PCH_REG_BASE; the device tree's /platic. */
#define VIRT_PCH_PIC_BASE 0x10000000

#define PCH_PIC_INT_MASK  0x020 /* 64 bits, one per input: 1 = masked */
#define PCH_PIC_HTMSI_VEC 0x200 /* one byte per input: the extioi vector it raises */

static volatile u8 *pch_pic_reg(unsigned int reg)
{
	return (volatile u8 *)ioremap(VIRT_PCH_PIC_BASE) + reg;
}

/*
 * Input irq raises extioi vector irq too (the board wires pch-pic's outputs to extioi's inputs
 * one to one); then unmask it. Level-triggered, as the reset left it: the line stays up as
 * long as the device wants service, and nothing needs acknowledging here.
 */
void pch_pic_enable(unsigned int irq)
{
	volatile u8 *mask = pch_pic_reg(PCH_PIC_INT_MASK + irq / 32 * 4);

	writeb((u8)irq, pch_pic_reg(PCH_PIC_HTMSI_VEC + irq));
	writel(readl(mask) & ~(1U << (irq % 32)), mask);
}
