// SPDX-License-Identifier: MIT
/*
 * The serial console: the NS16550A UART of QEMU's virt board, polled.
 *
 * OpenSBI has already programmed it (baud rate, 8N1, FIFOs) for its own banner, so we only
 * move bytes. Registers are one byte apart (reg-shift 0 in the device tree's
 * /soc/serial@10000000). Register layout: TI/National PC16550D data sheet, "Registers".
 */
#include <trapdoor/arch.h>
#include <asm/io.h>
#include <asm/processor.h>

#define UART0_BASE	0x10000000UL	/* QEMU hw/riscv/virt.c: virt_memmap[VIRT_UART0] */

#define UART_RBR	0		/* receive buffer (read) */
#define UART_THR	0		/* transmit holding register (write) */
#define UART_LSR	5		/* line status register */
#define UART_LSR_DR	0x01		/* LSR bit 0: data ready, a byte waits in RBR */
#define UART_LSR_THRE	0x20		/* LSR bit 5: THR empty, we may write the next byte */

void arch_console_putc(char c)
{
	while (!(readb(UART0_BASE + UART_LSR) & UART_LSR_THRE))
		cpu_relax();
	writeb((u8)c, UART0_BASE + UART_THR);
}

int arch_console_getc(void)
{
	if (!(readb(UART0_BASE + UART_LSR) & UART_LSR_DR))
		return -1;
	return readb(UART0_BASE + UART_RBR);
}

/* No receive interrupt wired up yet: common code polls on every timer tick. */
bool arch_console_irq_init(void)
{
	return false;
}
