// SPDX-License-Identifier: MIT
/*
 * The serial console: the 16550-compatible UART of QEMU's loongarch virt board (the same UART
 * block as the Loongson 3A5000's), polled. Registers are one byte apart (stride 1).
 */
#include <trapdoor/arch.h>
#include <asm/io.h>

#include <asm/setup.h>

/* QEMU 7.2 hw/loongarch/virt.c, VIRT_UART_BASE; also the device tree's /serial@1fe001e0. */
#define VIRT_UART_BASE		0x1fe001e0

/* 16550 register offsets and bits (TI PC16550D data sheet, table "register summary"). */
#define UART_RBR		0	/* receive buffer (read) */
#define UART_THR		0	/* transmit holding (write) */
#define UART_IER		1	/* interrupt enable */
#define UART_FCR		2	/* FIFO control (write) */
#define UART_LCR		3	/* line control */
#define UART_LSR		5	/* line status */
#define UART_FCR_ENABLE_FIFO	0x01
#define UART_FCR_CLEAR_RX	0x02
#define UART_FCR_CLEAR_TX	0x04
#define UART_LCR_WLEN8		0x03	/* 8 data bits, 1 stop bit, no parity */
#define UART_LSR_DR		0x01	/* a received byte is waiting */
#define UART_LSR_THRE		0x20	/* the transmit holding register is empty */

static volatile void *uart_reg(unsigned int reg)
{
	return (volatile u8 *)ioremap(VIRT_UART_BASE) + reg;
}

/*
 * No interrupts, FIFOs on and empty, 8N1. The baud-rate divisor stays as it is: QEMU ignores
 * it, and on hardware the firmware has set it for its own console already.
 */
void console_init(void)
{
	writeb(0, uart_reg(UART_IER));
	writeb(UART_FCR_ENABLE_FIFO | UART_FCR_CLEAR_RX | UART_FCR_CLEAR_TX, uart_reg(UART_FCR));
	writeb(UART_LCR_WLEN8, uart_reg(UART_LCR));
}

void arch_console_putc(char c)
{
	while (!(readb(uart_reg(UART_LSR)) & UART_LSR_THRE))
		;
	writeb((u8)c, uart_reg(UART_THR));
}

int arch_console_getc(void)
{
	if (!(readb(uart_reg(UART_LSR)) & UART_LSR_DR))
		return -1;
	return readb(uart_reg(UART_RBR));
}

/* No receive interrupt wired up yet: common code polls on every timer tick. */
bool arch_console_irq_init(void)
{
	return false;
}
