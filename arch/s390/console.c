// SPDX-License-Identifier: MIT
/*
 * The console: SCLP "ASCII console data" events (type 0x1a), which QEMU's
 * s390-ccw-virtio machine connects to the serial line (-nographic: stdio).
 * There is no UART to poke: each character is an SCLP Write Event Data
 * command (drivers/sclp.c), and input arrives by asking with Read Event Data.
 * The SCLP announces input with a service-signal external interruption,
 * whose handler (sclp_service_signal()) drains it into the tty buffer.
 */
#include <trapdoor/arch.h>
#include <trapdoor/string.h>
#include <asm/sclp.h>
#include <asm/setup.h>

/* The SCCBs: 8-byte aligned; aligned to their size so that none crosses a page. */
static struct write_event_mask_sccb mask_sccb __aligned(32);

#define VT220_WRITE_MAX 16
static struct {
	struct sccb_header header;
	struct evbuf_header evbuf;
	char data[VT220_WRITE_MAX];
} write_sccb __aligned(32);

static struct {
	struct sccb_header header;
	u8 data[SCCB_SIZE - sizeof(struct sccb_header)];
} read_sccb __aligned(SCCB_SIZE);

BUILD_BUG_ON(__builtin_offsetof(__typeof__(write_sccb), data) != 14);
BUILD_BUG_ON(sizeof(mask_sccb) > 32);
BUILD_BUG_ON(sizeof(write_sccb) > 32);
BUILD_BUG_ON(sizeof(read_sccb) != SCCB_SIZE);

static bool console_ready;

/* Input already read from the SCLP, not yet handed out: inside read_sccb. */
static const u8 *input;
static size_t input_len;

/*
 * Write Event Mask: tell the SCLP we send and receive VT220 events. Until
 * this is done the SCLP keeps console input to itself.
 */
void arch_console_init(void)
{
	memset(&mask_sccb, 0, sizeof(mask_sccb));
	mask_sccb.header.length = sizeof(mask_sccb);
	mask_sccb.mask_length = SCLP_EVENT_MASK_LEN;
	mask_sccb.cp_receive_mask = EVTYP_VT220MSG_MASK;
	mask_sccb.cp_send_mask = EVTYP_VT220MSG_MASK;
	sclp_service_call(SCLP_CMD_WRITE_EVENT_MASK, &mask_sccb.header);
	/* Even if refused, writing may still work: try it rather than go silent. */
	console_ready = true;
}

static void sclp_vt220_write(const char *s, size_t n)
{
	if (!console_ready)
		arch_console_init();
	memset(&write_sccb, 0, sizeof(write_sccb));
	memcpy(write_sccb.data, s, n);
	write_sccb.evbuf.length = sizeof(write_sccb.evbuf) + n;
	write_sccb.evbuf.type = EVTYP_VT220MSG;
	write_sccb.header.length = sizeof(write_sccb.header) + write_sccb.evbuf.length;
	write_sccb.header.function_code = SCLP_FC_NORMAL_WRITE;
	sclp_service_call(SCLP_CMD_WRITE_EVENT_DATA, &write_sccb.header);
}

/* One character, one SCLP command: simple, and nothing is lost if we crash. */
void arch_console_putc(char c)
{
	sclp_vt220_write(&c, 1);
}

/*
 * Read Event Data: the SCLP fills the page with event buffers, one per
 * pending event type we enabled; ours carries the typed characters.
 */
static void sclp_vt220_read(void)
{
	size_t len, off;

	memset(&read_sccb.header, 0, sizeof(read_sccb.header));
	read_sccb.header.length = SCCB_SIZE;
	read_sccb.header.function_code = SCLP_FC_UNCONDITIONAL_READ;
	/* Ask the SCLP to shrink header.length to what it stored. */
	read_sccb.header.control_mask[2] = SCLP_VARIABLE_LENGTH_RESPONSE;
	if (sclp_service_call(SCLP_CMD_READ_EVENT_DATA, &read_sccb.header) !=
	    SCLP_RC_NORMAL_COMPLETION)
		return; /* usually SCLP_RC_NO_EVENT_BUFFERS_STORED: no input */

	len = read_sccb.header.length;
	if (len < sizeof(read_sccb.header) || len > SCCB_SIZE)
		return;
	len -= sizeof(read_sccb.header);
	for (off = 0; off + sizeof(struct evbuf_header) <= len;) {
		const struct evbuf_header *ev = (const void *)&read_sccb.data[off];

		if (ev->length < sizeof(*ev) || off + ev->length > len)
			return; /* malformed: ignore the rest */
		/*
		 * A VT220 input buffer starts with a session byte: 0x00 =
		 * characters follow; session started/ended carry none.
		 */
		if (ev->type == EVTYP_VT220MSG && ev->length > sizeof(*ev) + 1 &&
		    *(const u8 *)(ev + 1) == SCLP_VT220_SESSION_DATA) {
			input = (const u8 *)(ev + 1) + 1;
			input_len = ev->length - sizeof(*ev) - 1;
			return;
		}
		off += ev->length;
	}
}

int arch_console_getc(void)
{
	if (!console_ready)
		arch_console_init();
	if (input_len == 0)
		sclp_vt220_read();
	if (input_len == 0)
		return -1;
	input_len--;
	return *input++;
}

/*
 * Input by interrupt: arch_console_init() already asked the SCLP for VT220
 * input events, and the SCLP raises a service signal when one is waiting;
 * CR0 lets it through from now on. Like the tick, it is taken in user mode
 * and in the idle wait (arch_cpu_idle(), entry.S), the two PSWs that enable
 * external interruptions.
 */
bool arch_console_irq_init(void)
{
	sclp_enable_service_signal();
	return true;
}
