// SPDX-License-Identifier: MIT
/*
 * The console: COM1, a 16550A UART at I/O port 0x3f8. QEMU connects it to
 * stdio (-serial mon:stdio in Makefile.arch). Output is polled; input raises
 * ISA IRQ 4, which the I/O APIC (drivers/ioapic.c) turns into vector
 * ISA_IRQ_VECTOR(COM1_IRQ). Register map and bits: TI PC16550D datasheet,
 * Table 2 and §8.
 */
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <asm/apic.h>
#include <asm/io.h>
#include <asm/io_apic.h>
#include <asm/irq_vectors.h>
#include <asm/setup.h>

#define COM1_BASE 0x3f8 /* PC/AT I/O map; QEMU's first isa-serial */

#define UART_RX	 0 /* read, DLAB = 0: receiver buffer */
#define UART_TX	 0 /* write, DLAB = 0: transmitter holding */
#define UART_DLL 0 /* DLAB = 1: divisor latch, low byte */
#define UART_IER 1 /* DLAB = 0: interrupt enable */
#define UART_DLM 1 /* DLAB = 1: divisor latch, high byte */
#define UART_FCR 2 /* write: FIFO control */
#define UART_LCR 3 /* line control */
#define UART_MCR 4 /* modem control */
#define UART_LSR 5 /* line status */

#define UART_IER_RDI	     0x01 /* interrupt when a received byte is waiting */
#define UART_LCR_WLEN8	     0x03 /* 8 data bits, 1 stop bit, no parity */
#define UART_LCR_DLAB	     0x80 /* divisor latch access: offsets 0/1 become DLL/DLM */
#define UART_FCR_ENABLE_FIFO 0x01
#define UART_FCR_CLEAR_RCVR  0x02
#define UART_FCR_CLEAR_XMIT  0x04
#define UART_MCR_DTR	     0x01 /* data terminal ready */
#define UART_MCR_RTS	     0x02 /* request to send */
#define UART_MCR_OUT2	     0x08 /* on a PC: connects the UART's interrupt to its IRQ line */
#define UART_LSR_DR	     0x01 /* a received byte is waiting */
#define UART_LSR_THRE	     0x20 /* the transmitter can take a byte */
#define UART_LSR_ABSENT	     0xff /* what reading an empty I/O port returns */

/* 1.8432 MHz crystal / 16 = 115200 baud at divisor 1 (PC16550D §8.10). */
#define UART_DIVISOR_115200 1

static void serial_out(unsigned int reg, u8 value)
{
	outb(value, COM1_BASE + reg);
}

static u8 serial_in(unsigned int reg)
{
	return inb(COM1_BASE + reg);
}

/*
 * QEMU's UART works without any of this; a real one (or another emulator)
 * needs speed and format set. Interrupts off until arch_console_irq_init().
 */
void arch_console_init(void)
{
	serial_out(UART_IER, 0);
	serial_out(UART_LCR, UART_LCR_DLAB);
	serial_out(UART_DLL, UART_DIVISOR_115200 & 0xff);
	serial_out(UART_DLM, UART_DIVISOR_115200 >> 8);
	serial_out(UART_LCR, UART_LCR_WLEN8);
	serial_out(UART_FCR, UART_FCR_ENABLE_FIFO | UART_FCR_CLEAR_RCVR | UART_FCR_CLEAR_XMIT);
	serial_out(UART_MCR, UART_MCR_DTR | UART_MCR_RTS);
}

void arch_console_putc(char c)
{
	/* Without a UART the port reads 0xff, THRE included: no endless wait. */
	while (!(serial_in(UART_LSR) & UART_LSR_THRE))
		cpu_relax();
	serial_out(UART_TX, (u8)c);
}

int arch_console_getc(void)
{
	u8 lsr = serial_in(UART_LSR);

	if (lsr == UART_LSR_ABSENT || !(lsr & UART_LSR_DR))
		return -1;
	return serial_in(UART_RX);
}

/*
 * The receive interrupt: the UART raises IRQ 4 while a received byte waits
 * (IER.RDI), gated onto the line by MCR.OUT2 on a PC. The I/O APIC sends it,
 * edge-triggered, to this CPU as ISA_IRQ_VECTOR(COM1_IRQ). Without an I/O APIC
 * (or without a UART) common code polls on every tick instead.
 */
bool arch_console_irq_init(void)
{
	if (serial_in(UART_LSR) == UART_LSR_ABSENT)
		return false;
	if (!io_apic_route_isa_irq(COM1_IRQ, ISA_IRQ_VECTOR(COM1_IRQ)))
		return false;
	serial_out(UART_MCR, UART_MCR_DTR | UART_MCR_RTS | UART_MCR_OUT2);
	serial_out(UART_IER, UART_IER_RDI);
	return true;
}

/*
 * From do_trap() (traps.c). Draining every waiting byte lowers the line, so
 * the next byte raises a new edge; the EOI after it lets that one through.
 */
void serial_interrupt(void)
{
	console_rx_interrupt(); /* kernel/tty.c: into the input buffer */
	apic_eoi();
}
