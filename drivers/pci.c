// SPDX-License-Identifier: MIT
/*
 * PCI through ECAM, as little as a firmware-less machine's drivers need (a pvpanic power-off,
 * drivers/virtio_rng.c): find a device on bus 0 by its IDs, and reach the I/O ports a BAR is
 * given. The devices sit straight on the host bridge's root bus — no bridges to walk — and
 * with no firmware every BAR is still unassigned: each driver places its own. The addresses
 * come from the arch's asm/pci.h (include/trapdoor/pci.h says which).
 */
#include <trapdoor/pci.h>
#include <asm/io.h>

volatile u8 *pci_find_device(u16 vendor, u16 device)
{
	volatile u8 *ecam = ioremap(PCI_ECAM_BASE);

	for (unsigned int dev = 0; dev < PCI_MAX_DEVICES; dev++) {
		volatile u8 *cfg = ecam + PCI_ECAM_OFFSET(0, dev, 0, 0);

		if (readw(cfg + PCI_VENDOR_ID) == vendor && readw(cfg + PCI_DEVICE_ID) == device)
			return cfg;
	}
	return NULL;
}

volatile void *pci_ioport(unsigned long port)
{
	return ioremap(PCI_IO_PHYS + port);
}
