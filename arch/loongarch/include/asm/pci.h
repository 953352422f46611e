/* SPDX-License-Identifier: MIT */
/*
 * Just enough PCI to find one device on the virt board's PCIe host bridge and give it a BAR:
 * configuration space through ECAM, and the board's memory window to place BARs in.
 */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PCI_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PCI_H

/* QEMU 7.2 include/hw/pci-host/ls7a.h; the same in the device tree's /pcie@20000000. */
#define VIRT_PCI_CFG_BASE	0x20000000	/* ECAM: 1 MiB of config space per bus */
#define VIRT_PCI_MEM_BASE	0x40000000	/* 32-bit MMIO window, PCI address = CPU address */

/* ECAM address of a function's config register (PCI Express Base spec, §7.2.2). */
#define PCI_ECAM_OFFSET(bus, dev, fn, reg)					\
	((unsigned long)(bus) << 20 | (unsigned long)(dev) << 15 |		\
	 (unsigned long)(fn) << 12 | (reg))
#define PCI_MAX_DEVICES		32		/* device numbers on one bus */

/* Type 0 configuration header (PCI Local Bus spec 3.0, §6.2). */
#define PCI_VENDOR_ID		0x00		/* 16 bits; 0xffff: no function here */
#define PCI_DEVICE_ID		0x02		/* 16 bits */
#define PCI_COMMAND		0x04		/* 16 bits */
#define  PCI_COMMAND_MEMORY	0x2		/* respond to memory-space accesses */
#define PCI_BASE_ADDRESS_0	0x10		/* BAR0, 32 bits */
#define  PCI_BASE_ADDRESS_SPACE_IO	0x1	/* bit 0: I/O BAR (else memory) */
#define  PCI_BASE_ADDRESS_MEM_TYPE_64	0x4	/* bits 2:1 = 2: a 64-bit BAR, upper half in BAR1 */

/* QEMU's pvpanic-pci (QEMU docs/specs/pvpanic.rst): Red Hat's vendor ID, device 0x0011. */
#define PCI_VENDOR_ID_REDHAT		0x1b36
#define PCI_DEVICE_ID_REDHAT_PVPANIC	0x0011
#define PVPANIC_PANICKED		0x1	/* event bit 0: "guest panicked", byte in BAR0 */

#endif
