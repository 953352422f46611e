/* SPDX-License-Identifier: MIT */
/*
 * Just enough PCI to find one device on a host bridge's root bus and give it a BAR:
 * configuration space through ECAM (drivers/pci.c). Where ECAM, the memory window and the
 * I/O window are is the machine's business: asm/pci.h gives PCI_ECAM_BASE, PCI_MEM_BASE,
 * PCI_IO_PHYS and PCI_IO_FIRST_PORT. With no firmware, nothing has assigned any BAR before
 * the kernel: each driver places its own.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_PCI_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_PCI_H

#include <asm/pci.h>

/* ECAM address of a function's config register (PCI Express Base spec, §7.2.2). */
#define PCI_ECAM_OFFSET(bus, dev, fn, reg)                                                     \
	((unsigned long)(bus) << 20 | (unsigned long)(dev) << 15 | (unsigned long)(fn) << 12 | \
	 (reg))
#define PCI_MAX_DEVICES 32 /* device numbers on one bus */

/* Type 0 configuration header (PCI Local Bus spec 3.0, §6.2). */
#define PCI_VENDOR_ID		     0x00    /* 16 bits; 0xffff: no function here */
#define PCI_DEVICE_ID		     0x02    /* 16 bits */
#define PCI_COMMAND		     0x04    /* 16 bits */
#define PCI_COMMAND_IO		     0x1     /* respond to I/O-space accesses */
#define PCI_COMMAND_MEMORY	     0x2     /* respond to memory-space accesses */
#define PCI_COMMAND_MASTER	     0x4     /* may master the bus: DMA to and from RAM */
#define PCI_BASE_ADDRESS_0	     0x10    /* BAR0, 32 bits */
#define PCI_BASE_ADDRESS_SPACE_IO    0x1     /* bit 0: I/O BAR (else memory) */
#define PCI_BASE_ADDRESS_IO_MASK     (~0x3U) /* an I/O BAR's address bits */
#define PCI_BASE_ADDRESS_MEM_TYPE_64 0x4     /* bits 2:1 = 2: a 64-bit BAR, upper half in BAR1 */

/* QEMU's pvpanic-pci (QEMU docs/specs/pvpanic.rst): Red Hat's vendor ID, device 0x0011. */
#define PCI_VENDOR_ID_REDHAT	     0x1b36
#define PCI_DEVICE_ID_REDHAT_PVPANIC 0x0011
#define PVPANIC_PANICKED	     0x1 /* event bit 0: "guest panicked", byte in BAR0 */

#ifndef __ASSEMBLY__

#include <trapdoor/types.h>

/* The config space of the first function 0 on bus 0 with these IDs, or NULL. */
volatile u8 *pci_find_device(u16 vendor, u16 device);

/* The CPU's (uncached) address of PCI I/O port port. */
volatile void *pci_ioport(unsigned long port);

#endif

#endif
