/* SPDX-License-Identifier: MIT */
/*
 * The local APIC, in xAPIC mode: a 4 KiB page of 32-bit registers, each at a
 * 16-byte aligned offset, at the physical address IA32_APIC_BASE names (SDM
 * Vol. 3A chapter "Advanced Programmable Interrupt Controller (APIC)",
 * Table "Local APIC Register Address Map"). Names as in Linux's
 * arch/x86/include/asm/apicdef.h. Only what drivers/apic.c uses.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_APIC_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_APIC_H

/* IA32_APIC_BASE (SDM Vol. 4 Table 2-2, MSR 0x1b; Vol. 3A "Local APIC Status and Location"). */
#define MSR_IA32_APICBASE	 0x0000001b
#define MSR_IA32_APICBASE_X2APIC (1 << 10)	       /* x2APIC mode: registers are MSRs */
#define MSR_IA32_APICBASE_ENABLE (1 << 11)	       /* the APIC is globally enabled */
#define MSR_IA32_APICBASE_BASE	 0x000ffffffffff000ULL /* bits 51:12: the page */

/* Register offsets from the base. */
#define APIC_ID	     0x020 /* bits 31:24: this CPU's local APIC ID */
#define APIC_TASKPRI 0x080 /* task priority: accept vectors above class TPR[7:4] */
#define APIC_EOI     0x0b0 /* end of interrupt: write 0 */
#define APIC_SPIV    0x0f0 /* spurious-interrupt vector register */
#define APIC_ICR     0x300 /* interrupt command, low half: writing it sends */
#define APIC_ICR2    0x310 /* interrupt command, high half: the destination */
#define APIC_LVTT    0x320 /* local vector table: the timer */
#define APIC_LVT0    0x350 /* LVT: the LINT0 pin (the 8259's INTR on a PC) */
#define APIC_LVT1    0x360 /* LVT: the LINT1 pin (NMI on a PC) */
#define APIC_LVTERR  0x370 /* LVT: APIC internal errors */
#define APIC_TMICT   0x380 /* timer initial count: writing starts the count */
#define APIC_TMCCT   0x390 /* timer current count (read-only) */
#define APIC_TDCR    0x3e0 /* timer divide configuration */

/* APIC_SPIV bits (SDM Vol. 3A "Spurious-Interrupt Vector Register"). */
#define APIC_SPIV_APIC_ENABLED (1 << 8) /* software enable; 0 masks every LVT entry */

/*
 * APIC_ICR (SDM Vol. 3A "Interrupt Command Register (ICR)"): bits 7:0 the
 * vector, 10:8 the delivery mode, 11 the destination mode (0: physical, an
 * APIC ID), 12 the delivery status, 14 the level, 15 the trigger mode,
 * 19:18 the destination shorthand (0: none, the ID in APIC_ICR2 bits 31:24).
 */
#define APIC_DM_FIXED	0x000  /* the vector, to the destination */
#define APIC_DM_INIT	0x500  /* INIT: the CPU resets and waits for a start-up IPI */
#define APIC_DM_STARTUP 0x600  /* start-up (SIPI): run real-mode code at vector << 12 */
#define APIC_ICR_BUSY	0x1000 /* delivery status: the last IPI is not sent yet */
#define APIC_INT_ASSERT 0x4000 /* level: assert (INIT level de-assert uses 0) */
#define APIC_DEST_SHIFT 24     /* APIC_ICR2: the destination APIC ID */

/* LVT entry bits 7:0 hold the vector (SDM Vol. 3A "Local Vector Table"). */
#define APIC_LVT_MASKED		(1 << 16) /* delivers nothing */
#define APIC_LVT_TIMER_ONESHOT	(0 << 17) /* bits 18:17 = 00: count to 0 once */
#define APIC_LVT_TIMER_PERIODIC (1 << 17) /* 01: reload the initial count at 0 */

/*
 * APIC_TDCR: the timer counts the bus (core crystal) clock divided by this
 * (SDM Vol. 3A "Divide Configuration Register": bits 3, 1, 0 = 011 -> 16).
 * 16 is Linux's choice too (APIC_DIVISOR).
 */
#define APIC_TDR_DIV_16 0x3
#define APIC_DIVISOR	16

#ifndef __ASSEMBLY__
#include <trapdoor/types.h>

/* drivers/apic.c */
void apic_init(void);		/* find it, enable it, mask all but the timer */
u64 apic_timer_calibrate(void); /* the timer's counts per second */
void apic_timer_start_periodic(u32 count);
void apic_eoi(void);			 /* done with the vector in service */
u32 apic_read_id(void);			 /* this CPU's local APIC ID */
bool apic_send_IPI(u32 apicid, u32 icr); /* icr: APIC_DM_* | vector; false: not sent */
#endif

#endif
