/* SPDX-License-Identifier: MIT */
/*
 * What riscv takes from the device tree, parsed and checked (dt.c): pure
 * code over the blob, no CSR, SBI call or MMIO, so that the host tests and
 * the fuzz target (tests/host/test_fdt.c, tests/fuzz/fuzz_fdt.c) run it on
 * hostile trees. The tree comes from firmware or a bootloader: every number
 * is checked before the kernel uses it. Each parser returns NULL if it took
 * the tree's value, else why it did not (for the boot console); its output
 * then holds the QEMU virt default.
 */
#ifndef TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_DT_H
#define TRAPDOOR_ARCH_RISCV_INCLUDE_ASM_DT_H

#include <trapdoor/types.h>

/* QEMU virt's timebase (RISCV_ACLINT_DEFAULT_TIMEBASE_FREQ) and the range we believe. */
#define RISCV_TIMEBASE_DEFAULT 10000000ULL
#define RISCV_TIMEBASE_MIN     10000ULL	      /* 10 kHz: at 100 Hz, 100 counts a tick */
#define RISCV_TIMEBASE_MAX     10000000000ULL /* 10 GHz */
/* The UART's PLIC source (hw/riscv/virt.c UART0_IRQ); sources are 1-1023. */
#define RISCV_UART_IRQ_DEFAULT 10
#define RISCV_PLIC_MAX_SOURCE  1023
/* QEMU virt's PLIC has two contexts for each of 512 harts (VIRT_CPUS_MAX). */
#define RISCV_MAX_HARTID       511

/* /cpus/timebase-frequency, one or two cells, within the range above. */
const char *riscv_dt_timebase(const void *fdt, u64 *hz);

/* The UART's PLIC source from /soc/serial@10000000's "interrupts". */
const char *riscv_dt_uart_irq(const void *fdt, unsigned int *irq);

/*
 * The harts: every child of /cpus with device_type "cpu", a status that is absent or
 * "okay" and a hart id (reg) up to RISCV_MAX_HARTID. boot_hartid is entry 0, the others
 * follow in the tree's order, up to max entries. Returns how many the tree lists (the boot
 * hart included, possibly more than max), or -1 if /cpus is malformed (then only the boot
 * hart). *refused counts the harts whose id is out of range.
 */
int riscv_dt_harts(const void *fdt, unsigned long boot_hartid, unsigned long *hartids,
		   unsigned int max, unsigned int *refused);

#endif
