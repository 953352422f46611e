// SPDX-License-Identifier: MIT
/*
 * The serial console: the NS16550A UART of QEMU's virt board. Output is polled; input arrives
 * by the UART's receive interrupt, through the PLIC (drivers/plic.c).
 *
 * OpenSBI has already programmed it (baud rate, 8N1, FIFOs) for its own banner, so we only
 * move bytes. Registers are one byte apart (reg-shift 0 in the device tree's
 * /soc/serial@10000000). Register layout: TI/National PC16550D data sheet, "Registers".
 */
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <trapdoor/printk.h>
#include <asm/dt.h>
#include <asm/io.h>
#include <asm/plic.h>
#include <asm/processor.h>
#include <asm/setup.h>

/* QEMU hw/riscv/virt.c: virt_memmap[VIRT_UART0], 0x10000000, in the linear map (asm/page.h) */
#define UART0_BASE (PAGE_OFFSET + 0x10000000UL)

#define UART_RBR      0	   /* receive buffer (read) */
#define UART_THR      0	   /* transmit holding register (write) */
#define UART_IER      1	   /* interrupt enable register */
#define UART_LSR      5	   /* line status register */
#define UART_IER_RDI  0x01 /* IER bit 0: received data available (or FIFO timeout) */
#define UART_LSR_DR   0x01 /* LSR bit 0: data ready, a byte waits in RBR */
#define UART_LSR_THRE 0x20 /* LSR bit 5: THR empty, we may write the next byte */

/* The UART's PLIC source; 0 (no source) until arch_console_irq_init(). */
unsigned int console_irq;

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

/*
 * Receive by interrupt: the UART raises its line while received data is available (or the
 * FIFO holds bytes nobody read for 4 character times), the PLIC turns it into a supervisor
 * external interrupt of this hart's S-mode context, taken in U-mode or in arch_cpu_idle(),
 * and do_trap() (traps.c) calls riscv_console_interrupt().
 */
bool arch_console_irq_init(void)
{
	const char *why = riscv_dt_uart_irq(boot_fdt, &console_irq);

	if (why)
		printk("riscv: device tree: %s: the UART on QEMU virt's source %u\n", why,
		       console_irq);
	plic_enable(console_irq);
	writeb(UART_IER_RDI, UART0_BASE + UART_IER);
	printk("console: ns16550 receive interrupt via PLIC source %u, hart %lu S-mode\n",
	       console_irq, boot_hartid);
	return true;
}

/*
 * Draining RBR until LSR.DR is 0 is what lowers the UART's line: the 16550 has no separate
 * acknowledge for a receive interrupt. do_trap() completes the source at the PLIC afterwards.
 */
void riscv_console_interrupt(void)
{
	console_rx_interrupt();
}
