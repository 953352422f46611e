// SPDX-License-Identifier: MIT
/*
 * The PLIC, the platform-level interrupt controller of QEMU's virt board: it collects the
 * devices' interrupt lines (sources) and raises the supervisor external interrupt (sip.SEIP,
 * scause = interrupt bit | 9) of a hart when a source it has enabled is pending.
 * Register map: RISC-V Platform-Level Interrupt Controller Specification 1.0.0, chapter 3
 * ("Memory Map") and chapters 4-9.
 *
 * A context is one privilege mode of one hart. QEMU virt gives every hart two, M-mode then
 * S-mode (hw/riscv/virt.c, plic_hart_config "MS"), so hart h's S-mode context is 2 * h + 1;
 * the device tree's /soc/plic@c000000 interrupts-extended lists them in that order.
 * The PLIC lies in the first GiB of physical addresses, which the kernel's linear map covers
 * (asm/page.h, mm.c).
 */
#include <trapdoor/printk.h>
#include <asm/csr.h>
#include <asm/dt.h>
#include <asm/io.h>
#include <asm/plic.h>

/* QEMU hw/riscv/virt.c: virt_memmap[VIRT_PLIC], 0x0c000000, in the linear map (asm/page.h) */
#define PLIC_BASE (PAGE_OFFSET + 0x0c000000UL)

#define PLIC_PRIORITY(irq)  (4 * (irq))			/* per source, 0 = never */
#define PLIC_ENABLE(ctx)    (0x2000 + 0x80 * (ctx))	/* 1 bit per source */
#define PLIC_THRESHOLD(ctx) (0x200000 + 0x1000 * (ctx)) /* priority must exceed it */
#define PLIC_CLAIM(ctx)	    (0x200004 + 0x1000 * (ctx)) /* read: claim, write: complete */

#define PLIC_CONTEXTS_PER_HART 2 /* M-mode, S-mode */
#define PLIC_S_MODE_CONTEXT    1

static unsigned long plic_context;
static bool plic_ready; /* plic_init() found this hart's context */

void plic_init(unsigned long hartid)
{
	/* Past the last hart's contexts lie other registers, or another device. */
	if (hartid > RISCV_MAX_HARTID) {
		printk("plic:    hart %lu has no context on this PLIC: no device interrupts\n",
		       hartid);
		return;
	}
	plic_context = hartid * PLIC_CONTEXTS_PER_HART + PLIC_S_MODE_CONTEXT;
	for (unsigned int i = 0; i < PLIC_MAX_SOURCES / 32; i++)
		writel(0, PLIC_BASE + PLIC_ENABLE(plic_context) + 4 * i);
	writel(0, PLIC_BASE + PLIC_THRESHOLD(plic_context)); /* every priority >= 1 passes */
	plic_ready = true;
	/* SEIP is now raised only for a source plic_enable() turned on. */
	csr_set(sie, SIE_SEIE);
}

void plic_enable(unsigned int irq)
{
	unsigned long enable = PLIC_BASE + PLIC_ENABLE(plic_context) + 4 * (irq / 32);

	if (!plic_ready || irq == 0 || irq >= PLIC_MAX_SOURCES) {
		printk("plic:    no source %u\n", irq);
		return;
	}
	writel(1, PLIC_BASE + PLIC_PRIORITY(irq));
	writel(readl(enable) | 1U << (irq % 32), enable);
}

/* The claim also clears the source's pending bit: until completed it is not raised again. */
u32 plic_claim(void)
{
	return readl(PLIC_BASE + PLIC_CLAIM(plic_context));
}

void plic_complete(u32 irq)
{
	writel(irq, PLIC_BASE + PLIC_CLAIM(plic_context));
}
