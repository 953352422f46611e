/* SPDX-License-Identifier: MIT */
/*
 * What arm64 takes from the device tree, parsed and checked (dt.c): pure
 * code over the blob, no MMIO, so that the host tests and the fuzz target
 * (tests/host/test_fdt.c, tests/fuzz/fuzz_fdt.c) run it on hostile trees.
 * The tree comes from firmware or a bootloader: every address and number is
 * checked against the board's map before the kernel touches it. Each parser
 * returns NULL if it took the tree's values, else why it did not (a string
 * for the boot console); its outputs then hold the QEMU virt defaults.
 */
#ifndef TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_DT_H
#define TRAPDOOR_ARCH_ARM64_INCLUDE_ASM_DT_H

#include <trapdoor/types.h>

/* QEMU virt (hw/arm/virt.c base_memmap[]): devices below RAM, in head.S's device map. */
#define ARM64_DEVICE_WINDOW_START 0x08000000UL
#define ARM64_DEVICE_WINDOW_END	  0x40000000UL
#define ARM64_GICD_DEFAULT	  0x08000000UL /* VIRT_GIC_DIST */
#define ARM64_GICC_DEFAULT	  0x08010000UL /* VIRT_GIC_CPU */
/* What drivers/gic.c touches of each: the distributor's 4 KiB, the CPU interface's first page. */
#define ARM64_GICD_MIN_SIZE	  0x1000UL
#define ARM64_GICC_MIN_SIZE	  0x1000UL
/* SPI 1: the PL011's (a15irqmap[VIRT_UART]); PPI 11: the virtual timer's. */
#define ARM64_UART_SPI_DEFAULT	  1
#define ARM64_TIMER_PPI_DEFAULT	  11
/* An SPI's INTID (32 + n) is at most 1019 (IHI 0048B, 2.2.1). */
#define ARM64_GIC_MAX_SPI	  (1019 - 32)

struct arm64_gic_regs {
	u64 dist, cpu;	     /* base of the distributor (GICD) and the CPU interface (GICC) */
	bool v2;	     /* "compatible" is absent or names a GICv2 */
	char compatible[48]; /* /intc's compatible, escaped for the console; "" if none */
};

/* /intc's "reg": two regions, each 4 KiB-aligned, inside the device window, apart. */
const char *arm64_dt_gic(const void *fdt, struct arm64_gic_regs *gic);

/* The PL011's SPI number from /pl011@9000000's "interrupts" (type 0 = SPI, number, flags). */
const char *arm64_dt_uart_spi(const void *fdt, unsigned int *spi);

/* The virtual timer's PPI number: /timer's third interrupt (arm,armv8-timer binding). */
const char *arm64_dt_timer_ppi(const void *fdt, unsigned int *ppi);

/*
 * The CPUs under /cpus (device_type "cpu"), in the tree's order, by their MPIDR affinity
 * ("reg"): self (the boot CPU) is entry 0, the others follow, up to max entries; psci[i]
 * says whether the tree starts CPU i with PSCI. Returns how many CPUs the tree lists (self
 * included, possibly more than max), or -1 if /cpus is malformed (then only self).
 */
int arm64_dt_cpus(const void *fdt, u64 self, u64 *hwid, bool *psci, unsigned int max);

#endif
