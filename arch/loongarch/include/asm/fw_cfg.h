/* SPDX-License-Identifier: MIT */
/*
 * QEMU's firmware configuration device, fw_cfg: a key-value store through which QEMU tells the
 * guest what the machine looks like (RAM size, CPU count, ACPI tables, named files).
 * Described in QEMU's docs/specs/fw_cfg.rst; the key numbers are in include/hw/nvram/fw_cfg.h.
 *
 * On loongarch virt it is memory-mapped (QEMU 7.2 hw/loongarch/fw_cfg.c, at VIRT_FWCFG_BASE):
 * write a key to the 16-bit big-endian selector, then read the item's bytes, in order, one at a
 * time (or wider: the data register preserves byte order) from the data register.
 */
#ifndef TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_FW_CFG_H
#define TRAPDOOR_ARCH_LOONGARCH_INCLUDE_ASM_FW_CFG_H

#define VIRT_FWCFG_BASE 0x1e020000 /* QEMU include/hw/loongarch/virt.h */
#define FW_CFG_DATA	0x0	   /* data register, 8 bytes wide */
#define FW_CFG_SELECTOR 0x8	   /* selector register, 16 bits, big-endian */

#define FW_CFG_SIGNATURE 0x00 /* "QEMU" */
#define FW_CFG_RAM_SIZE	 0x03 /* RAM size in bytes, u64 little-endian */
#define FW_CFG_NB_CPUS	 0x05 /* CPUs the machine has, u16 little-endian */
#define FW_CFG_FILE_DIR	 0x19 /* directory of named items, big-endian fields */

#define FW_CFG_SIGNATURE_QEMU "QEMU"

#endif
