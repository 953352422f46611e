/* SPDX-License-Identifier: MIT */
/*
 * Where the virt board's PCIe host bridge puts configuration space and its two windows, for
 * drivers/pci.c and the drivers that place BARs (include/trapdoor/pci.h).
 */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PCI_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_PCI_H

/* QEMU 7.2 include/hw/pci-host/ls7a.h; the same in the device tree's /pcie@20000000. */
#define PCI_ECAM_BASE	  0x20000000 /* ECAM: 1 MiB of config space per bus */
#define PCI_MEM_BASE	  0x40000000 /* 32-bit MMIO window, PCI address = CPU address */
/*
 * The I/O window: PCI I/O port P is the CPU's physical address PCI_IO_PHYS + P. QEMU 7.2
 * maps ports PCI_IO_FIRST_PORT..0xffff there (VIRT_PCI_IO_BASE 0x18004000, size 0xc000, an
 * alias of the I/O space from port 0x4000 on); ports below 0x4000 are not reachable.
 */
#define PCI_IO_PHYS	  0x18000000
#define PCI_IO_FIRST_PORT 0x4000 /* the first port the window decodes */

#endif
