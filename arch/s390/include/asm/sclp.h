/* SPDX-License-Identifier: MIT */
/*
 * SCLP, the Service-Call Logical Processor: s390's firmware interface. The
 * kernel fills a Service-Call Control Block (SCCB) in memory and executes
 * SERVICE CALL (servc) with a command word; the SCLP answers in the same SCCB
 * and raises a service-signal external interruption (drivers/sclp.c).
 * It tells us the memory size (Read SCP Info) and carries the console
 * (event type 0x1a, "ASCII console data", which QEMU calls sclpconsole).
 *
 * The SCLP interface is not in the Principles of Operation; the numbers below
 * are those Linux (drivers/s390/char/sclp.h) and QEMU (include/hw/s390x/sclp.h,
 * hw/s390x/event-facility.c) agree on. Everything is big-endian, like the CPU.
 */
#ifndef TRAPDOOR_ARCH_S390_INCLUDE_ASM_SCLP_H
#define TRAPDOOR_ARCH_S390_INCLUDE_ASM_SCLP_H

#include <trapdoor/compiler.h>
#include <trapdoor/types.h>

/* Command words for servc's first operand. */
#define SCLP_CMDW_READ_SCP_INFO	  0x00020001
#define SCLP_CMD_READ_EVENT_DATA  0x00770005
#define SCLP_CMD_WRITE_EVENT_DATA 0x00760005
#define SCLP_CMD_WRITE_EVENT_MASK 0x00780005

/* Response codes the SCLP stores in the SCCB header. */
#define SCLP_RC_NORMAL_READ_COMPLETION	0x0010
#define SCLP_RC_NORMAL_COMPLETION	0x0020
#define SCLP_RC_NO_EVENT_BUFFERS_STORED 0x60f0

/*
 * The service-signal external interruption's parameter (lowcore 0x80): the
 * address of the SCCB just completed, 8-byte aligned, so its low bits are
 * free for "an event buffer is pending" (Linux drivers/s390/char/sclp.c,
 * QEMU hw/s390x/sclp.c agree).
 */
#define SCLP_EXT_PARAM_EVBUF_PENDING 0x1

/* servc's condition code. */
#define SCLP_CC_INITIATED	0
#define SCLP_CC_BUSY		2
#define SCLP_CC_NOT_OPERATIONAL 3

/* An SCCB the SCLP accepts: 8-byte aligned, below 2 GiB, outside the lowcore,
 * within one 4 KiB page; a Read Event Data SCCB must be exactly this long. */
#define SCCB_SIZE 4096

#define SCLP_FC_NORMAL_WRITE	      0x00 /* header function code: Write Event Data */
#define SCLP_FC_UNCONDITIONAL_READ    0x00 /* ... Read Event Data: any enabled type */
#define SCLP_VARIABLE_LENGTH_RESPONSE 0x80 /* control_mask[2]: SCLP trims length */

/* Event types and their bits in a 4-byte event mask (type n is bit n-1 from the left). */
#define EVTYP_VT220MSG	    0x1a
#define EVTYP_VT220MSG_MASK (1U << (32 - EVTYP_VT220MSG))
#define SCLP_EVENT_MASK_LEN 4

/* First data byte of a VT220 input event (Linux drivers/s390/char/sclp_vt220.c). */
#define SCLP_VT220_SESSION_DATA	   0x00
#define SCLP_VT220_SESSION_ENDED   0x01
#define SCLP_VT220_SESSION_STARTED 0x80

struct sccb_header {
	u16 length; /* of the whole SCCB, header included */
	u8 function_code;
	u8 control_mask[3];
	u16 response_code; /* 0 until the SCLP has answered */
};

/* Each event in Write/Read Event Data travels in one of these, data following. */
struct evbuf_header {
	u16 length; /* header + data */
	u8 type;    /* EVTYP_* */
	u8 flags;
	u16 reserved;
};

/* Write Event Mask: which event types we send and want to receive. */
struct write_event_mask_sccb {
	struct sccb_header header;
	u16 reserved;
	u16 mask_length;       /* SCLP_EVENT_MASK_LEN */
	u32 cp_receive_mask;   /* types the kernel (control program) accepts */
	u32 cp_send_mask;      /* types the kernel sends */
	u32 sclp_receive_mask; /* answer: types the SCLP accepts */
	u32 sclp_send_mask;    /* answer: types the SCLP can send */
};

/* Read SCP Info: the machine's configuration; we use the storage size and the CPUs. */
struct read_info_sccb {
	struct sccb_header header; /*   0 */
	u16 rnmax;		   /*   8: storage increments, 0: see rnmax2 */
	u8 rnsize;		   /*  10: increment size in MiB, 0: see rnsize2 */
	u8 reserved0[5];	   /*  11 */
	u16 entries_cpu;	   /*  16: number of CPU entries */
	u16 offset_cpu;		   /*  18: where in the SCCB they start */
	u8 reserved1[80];	   /*  20 */
	u32 rnsize2;		   /* 100 */
	u64 rnmax2;		   /* 104 */
	u8 reserved2[SCCB_SIZE - 112];
};

/* One configured CPU in Read SCP Info (entries_cpu of them at offset_cpu). */
struct sclp_cpu_entry {
	u8 address; /* the CPU address SIGP takes */
	u8 reserved[15];
};

/* The SCLP defines these layouts byte by byte; natural alignment gives exactly them. */
_Static_assert(sizeof(struct sccb_header) == 8, "SCCB header");
_Static_assert(sizeof(struct evbuf_header) == 6, "event buffer header");
_Static_assert(sizeof(struct write_event_mask_sccb) == 28, "Write Event Mask SCCB");
_Static_assert(__builtin_offsetof(struct read_info_sccb, rnsize2) == 100, "rnsize2");
_Static_assert(sizeof(struct sclp_cpu_entry) == 16, "Read SCP Info CPU entry");
_Static_assert(__builtin_offsetof(struct read_info_sccb, rnmax2) == 104, "rnmax2");
_Static_assert(sizeof(struct read_info_sccb) == SCCB_SIZE, "Read SCP Info SCCB is one page");

/*
 * Executes one SCLP command on sccb and waits for the answer. Returns the
 * SCLP response code (SCLP_RC_*), or 0 if there is no SCLP.
 */
u16 sclp_service_call(u32 command, struct sccb_header *sccb);

/* Lets the service signal through (CR0); it arrives when a PSW enables external ones. */
void sclp_enable_service_signal(void);

/* A service signal with its parameter; from do_trap() (traps.c). */
void sclp_service_signal(u32 param);

#endif
