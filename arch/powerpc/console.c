// SPDX-License-Identifier: MIT
/*
 * The pseries console: a virtual terminal ("vty") the hypervisor provides, reached with two
 * hcalls instead of a UART's registers. vtermno is the vty's unit address from the device
 * tree (prom_init reads /chosen/stdout). Before prom_init has run it is 0, which QEMU
 * takes to mean the vty with the lowest address (hw/char/spapr_vty.c, vty_lookup): handy
 * for early output.
 */
#include <trapdoor/arch.h>
#include <trapdoor/console.h>
#include <asm/hcall.h>
#include <asm/prom.h>
#include <asm/xics.h>

/*
 * H_PUT_TERM_CHAR: r4 = vtermno, r5 = byte count, r6 and r7 = up to 16 bytes, packed
 * big-endian: the first byte is the most significant byte of r6. One byte per call is slow
 * but simple; QEMU writes it to the chardev before the hcall returns, so no busy wait.
 */
#define HVC_BYTE0_SHIFT 56 /* the first byte's position in r6 */

void arch_console_putc(char c)
{
	hcall(H_PUT_TERM_CHAR, NULL, prom.vtermno, 1, (unsigned long)(u8)c << HVC_BYTE0_SHIFT, 0);
}

/*
 * H_GET_TERM_CHAR returns as many bytes as are waiting, up to 16 (r4 = count, r5 and r6 =
 * the bytes), so keep the ones we have not handed out yet.
 */
static u8 rx_buf[HVC_CHARS_MAX];
static unsigned int rx_len, rx_pos;

int arch_console_getc(void)
{
	unsigned long ret[HCALL_RET_MAX];

	if (rx_pos == rx_len) {
		if (hcall(H_GET_TERM_CHAR, ret, prom.vtermno, 0, 0, 0) != H_SUCCESS)
			return -1;
		rx_len = ret[0] < HVC_CHARS_MAX ? (unsigned int)ret[0] : HVC_CHARS_MAX;
		rx_pos = 0;
		for (unsigned int i = 0; i < rx_len; i++)
			rx_buf[i] = (u8)(ret[1 + i / 8] >> (HVC_BYTE0_SHIFT - 8 * (i % 8)));
		if (!rx_len)
			return -1;
	}
	return rx_buf[rx_pos++];
}

/*
 * Receive by interrupt: the vty has an interrupt source of its own (prom.vty_irq, from its
 * device-tree node), which XICS delivers as the external interrupt once it is unmasked
 * (drivers/xics.c); the handler calls console_rx_interrupt(). QEMU pulses the source
 * whenever bytes arrive in an empty buffer (hw/char/spapr_vty.c, vty_receive), with no
 * H_VIO_SIGNAL switch for a vty: an edge, not a level, so the buffer is drained here once,
 * and every handler drains it completely, or no edge would ever come again.
 */
bool arch_console_irq_init(void)
{
	if (!prom.vty_irq || !xics_enable_irq(prom.vty_irq))
		return false;
	console_rx_interrupt();
	return true;
}
