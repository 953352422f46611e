// SPDX-License-Identifier: MIT
/*
 * The console: the PL011 UART of QEMU virt, polled. Register offsets and bits
 * are from the Arm PrimeCell UART (PL011) Technical Reference Manual (DDI 0183),
 * "Register descriptions"; the address from QEMU's hw/arm/virt.c memory map.
 */
#include <asm/io.h>
#include <asm/setup.h>
#include <trapdoor/arch.h>

#define PL011_BASE	0x09000000UL	/* QEMU virt: VIRT_UART */

#define UARTDR		0x000		/* data register: write to send, read to receive */
#define UARTFR		0x018		/* flag register */
#define UARTCR		0x030		/* control register */

#define UARTFR_RXFE	(1U << 4)	/* receive FIFO empty */
#define UARTFR_TXFF	(1U << 5)	/* transmit FIFO full */
#define UARTCR_UARTEN	(1U << 0)	/* UART enable */
#define UARTCR_TXE	(1U << 8)	/* transmit enable */
#define UARTCR_RXE	(1U << 9)	/* receive enable */

#define UARTDR_DATA	0xffU		/* the received byte; bits [11:8] are error flags */

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

/* No receive interrupt wired up yet: common code polls on every timer tick. */
bool arch_console_irq_init(void)
{
	return false;
}
