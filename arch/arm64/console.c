// SPDX-License-Identifier: MIT
/*
 * The console: the PL011 UART of QEMU virt. Output is polled; input arrives
 * by the UART's receive interrupt, through the GIC. Register offsets and bits
 * are from the Arm PrimeCell UART (PL011) Technical Reference Manual (DDI 0183),
 * "Register descriptions"; the address from QEMU's hw/arm/virt.c memory map.
 */
#include <asm/dt.h>
#include <asm/gic.h>
#include <asm/io.h>
#include <asm/setup.h>
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <trapdoor/printk.h>

#define PL011_BASE 0x09000000UL /* QEMU virt: VIRT_UART */

#define UARTDR	 0x000 /* data register: write to send, read to receive */
#define UARTFR	 0x018 /* flag register */
#define UARTCR	 0x030 /* control register */
#define UARTIMSC 0x038 /* interrupt mask set/clear: 1 = enabled */
#define UARTICR	 0x044 /* interrupt clear: write 1 to clear */

#define UARTFR_RXFE   (1U << 4) /* receive FIFO empty */
#define UARTFR_TXFF   (1U << 5) /* transmit FIFO full */
#define UARTCR_UARTEN (1U << 0) /* UART enable */
#define UARTCR_TXE    (1U << 8) /* transmit enable */
#define UARTCR_RXE    (1U << 9) /* receive enable */
#define UART_RXI      (1U << 4) /* receive interrupt (IMSC, ICR) */
#define UART_RTI      (1U << 6) /* receive timeout interrupt (IMSC, ICR) */

#define UARTDR_DATA 0xffU /* the received byte; bits [11:8] are error flags */

/*
 * QEMU's PL011 works without any setup, as firmware leaves a real one. Make
 * sure it is enabled anyway; baud rate and format do not matter to QEMU.
 */
void arch_console_init(void)
{
	u32 cr = readl(PL011_BASE + UARTCR);

	writel(cr | UARTCR_UARTEN | UARTCR_TXE | UARTCR_RXE, PL011_BASE + UARTCR);
}

void arch_console_putc(char c)
{
	while (readl(PL011_BASE + UARTFR) & UARTFR_TXFF)
		cpu_relax();
	writel((u8)c, PL011_BASE + UARTDR);
}

int arch_console_getc(void)
{
	if (readl(PL011_BASE + UARTFR) & UARTFR_RXFE)
		return -1;
	return (int)(readl(PL011_BASE + UARTDR) & UARTDR_DATA);
}

/*
 * The UART's interrupt: SPI 1 on QEMU virt (hw/arm/virt.c, a15irqmap[]
 * VIRT_UART), which the device tree's /pl011@9000000 node says as
 * "interrupts" = <0 1 4>: type (0 = SPI), number, flags (4 = level high).
 * dt.c reads and checks it.
 */

/* No INTID yet: the spurious INTID, which handle_irq() never dispatches. */
unsigned int console_intid = GIC_INTID_SPURIOUS;

/*
 * Receive by interrupt: the PL011 raises its receive interrupt when a byte
 * arrives (RXI; RTI when bytes wait in an enabled FIFO), the GIC delivers it
 * as an IRQ, in user mode or in arch_cpu_idle(), and handle_irq() (traps.c)
 * calls arm64_console_interrupt().
 */
bool arch_console_irq_init(void)
{
	unsigned int spi;
	const char *why = arm64_dt_uart_spi(boot_fdt, &spi);

	if (why)
		printk("arm64: device tree: %s: the PL011 on QEMU virt's SPI %u\n", why, spi);
	if (!gic_enable_spi(GIC_SPI_BASE + spi))
		return false; /* console.c polls instead */
	console_intid = GIC_SPI_BASE + spi;
	writel(UART_RXI | UART_RTI, PL011_BASE + UARTICR); /* nothing stale */
	writel(UART_RXI | UART_RTI, PL011_BASE + UARTIMSC);
	printk("console: PL011 receive interrupt via GICv2 INTID %u\n", console_intid);
	return true;
}

/*
 * Clear first, then drain: a byte that arrives after the clear raises the
 * interrupt again, so none waits unseen until the next one. The line is
 * level-triggered and drops once the UART has nothing to report, before
 * handle_irq() ends the interrupt at the GIC.
 */
void arm64_console_interrupt(void)
{
	writel(UART_RXI | UART_RTI, PL011_BASE + UARTICR);
	console_rx_interrupt();
}
