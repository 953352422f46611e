/* SPDX-License-Identifier: MIT */
/*
 * The I/O APIC: where a PC's device interrupt lines (the ISA IRQs among them)
 * become messages to a local APIC. Two registers in one page at
 * IO_APIC_DEFAULT_PHYS_BASE, an index (IOREGSEL) and a window (IOWIN) onto
 * 32-bit internal registers; the redirection table holds one 64-bit entry per
 * input pin (Intel 82093AA I/O APIC datasheet, §3.2). Names as in Linux's
 * arch/x86/include/asm/io_apic.h and apicdef.h. Only what drivers/ioapic.c uses.
 */
#ifndef TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_IO_APIC_H
#define TRAPDOOR_ARCH_X86_64_INCLUDE_ASM_IO_APIC_H

/* Where QEMU's -M microvm and -M pc (and a PC's firmware, by default) put it. */
#define IO_APIC_DEFAULT_PHYS_BASE 0xfec00000

#define IO_APIC_REGSEL 0x00 /* index of the internal register */
#define IO_APIC_WIN    0x10 /* its value */

#define IO_APIC_VERSION		 0x01 /* bits 23:16: the highest redirection entry */
#define IO_APIC_MAX_REDIR_SHIFT	 16
#define IO_APIC_REDIR_TABLE(pin) (0x10 + 2 * (pin)) /* low half; + 1: high half */

/* Redirection entry, low half: vector in 7:0, fixed delivery, physical destination. */
#define IO_APIC_REDIR_MASKED	 (1 << 16) /* delivers nothing */
#define IO_APIC_REDIR_LEVEL	 (1 << 15) /* level-triggered (0: edge, as ISA lines are) */
#define IO_APIC_REDIR_ACTIVE_LOW (1 << 13) /* (0: active high, as ISA lines are) */
/* High half: bits 31:24 hold the destination local APIC ID. */
#define IO_APIC_REDIR_DEST_SHIFT 24

#ifndef __ASSEMBLY__
#include <trapdoor/types.h>

/* drivers/ioapic.c: ISA IRQ irq -> vector, on this CPU; false if there is no I/O APIC. */
bool io_apic_route_isa_irq(unsigned int irq, unsigned int vector);
#endif

#endif
