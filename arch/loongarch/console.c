// SPDX-License-Identifier: MIT
/*
 * The serial console: the 16550-compatible UART of QEMU's loongarch virt board (the same UART
 * block as the Loongson 3A5000's). Output is polled; input arrives by the receive interrupt,
 * through the bridge's PCH-PIC and the EXTIOI to the core's HWI0 (drivers/). Registers are one
 * byte apart (stride 1).
 */
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <asm/csr.h>
#include <asm/extioi.h>
#include <asm/io.h>
#include <asm/setup.h>

/* QEMU 7.2 hw/loongarch/virt.c, VIRT_UART_BASE; also the device tree's /serial@1fe001e0. */
#define VIRT_UART_BASE	  0x1fe001e0
/* Its interrupt: PCH-PIC input 2 (QEMU 7.2 virt.h: VIRT_UART_IRQ - PCH_PIC_IRQ_OFFSET). */
#define VIRT_UART_PCH_IRQ 2

/* 16550 register offsets and bits (TI PC16550D data sheet, table "register summary"). */
#define UART_RBR	     0 /* receive buffer (read) */
#define UART_THR	     0 /* transmit holding (write) */
#define UART_IER	     1 /* interrupt enable */
#define UART_FCR	     2 /* FIFO control (write) */
#define UART_LCR	     3 /* line control */
#define UART_MCR	     4 /* modem control */
#define UART_LSR	     5 /* line status */
#define UART_FCR_ENABLE_FIFO 0x01
#define UART_FCR_CLEAR_RX    0x02
#define UART_FCR_CLEAR_TX    0x04
#define UART_LCR_WLEN8	     0x03 /* 8 data bits, 1 stop bit, no parity */
#define UART_LSR_DR	     0x01 /* a received byte is waiting */
#define UART_IER_RDI	     0x01 /* interrupt when a received byte is waiting */
#define UART_MCR_OUT2	     0x08 /* on PC-style boards, gates the interrupt output */
#define UART_LSR_THRE	     0x20 /* the transmit holding register is empty */

static volatile void *uart_reg(unsigned int reg)
{
	return (volatile u8 *)ioremap(VIRT_UART_BASE) + reg;
}

/*
 * No interrupts, FIFOs on and empty, 8N1. The baud-rate divisor stays as it is: QEMU ignores
 * it, and on hardware the firmware has set it for its own console already.
 */
void arch_console_init(void)
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

/*
 * Input by interrupt: the UART raises its line while a received byte waits (IER.RDI) and
 * lowers it when the byte is read, so the handler, console_rx_interrupt(), only has to drain
 * it. The line goes PCH-PIC input 2 -> EXTIOI vector 2 -> HWI0, enabled in ECFG. CRMD.IE is 0
 * in the kernel, so the interrupt is taken in user mode or in arch_cpu_idle() (entry.S).
 */
bool arch_console_irq_init(void)
{
	extioi_enable(VIRT_UART_PCH_IRQ, console_rx_interrupt);
	pch_pic_enable(VIRT_UART_PCH_IRQ);
	writeb(UART_MCR_OUT2, uart_reg(UART_MCR));
	writeb(UART_IER_RDI, uart_reg(UART_IER));
	csr_write(LOONGARCH_CSR_ECFG, csr_read(LOONGARCH_CSR_ECFG) | ECFG_LIE_HWI_EXTIOI);
	return true;
}
