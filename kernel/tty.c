// SPDX-License-Identifier: MIT
/*
 * Console input: a ring buffer filled from the console's receive interrupt
 * (or, where the console cannot interrupt, by a poll on every timer tick) and
 * emptied by read(0, ...). A full buffer drops what arrives, as a UART's FIFO
 * would.
 */
#include <trapdoor/arch.h>
#include <trapdoor/console.h>

#define TTY_BUF_SIZE	256	/* a power of two */

static char tty_buf[TTY_BUF_SIZE];
static unsigned int tty_head, tty_tail;	/* free-running: head - tail bytes waiting */
static bool tty_irq;

void console_input_init(void)
{
	tty_irq = arch_console_irq_init();
}

void console_rx_interrupt(void)
{
	int c;

	while ((c = arch_console_getc()) >= 0) {
		if (tty_head - tty_tail == TTY_BUF_SIZE)
			continue;	/* full: drop, and keep draining the device */
		tty_buf[tty_head++ % TTY_BUF_SIZE] = (char)c;
	}
}

void console_tick(void)
{
	if (!tty_irq)
		console_rx_interrupt();
}

int console_getc(void)
{
	/* Interrupts are masked in the kernel: take what the device holds now too. */
	console_rx_interrupt();
	if (tty_head == tty_tail)
		return -1;
	return (unsigned char)tty_buf[tty_tail++ % TTY_BUF_SIZE];
}
