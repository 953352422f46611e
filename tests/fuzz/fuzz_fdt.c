// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: lib/fdt.c and the arches' device-tree parsers
 * (arch/arm64/dt.c, arch/riscv/dt.c) on arbitrary blobs. The header's
 * totalsize is set to the input's size (the kernel trusts the firmware for
 * that much), the blob lies in a heap copy of exactly that size, and the
 * lookups the kernels make at boot run on it: ASan reports any read outside,
 * a walk that never ends is a timeout. A property the walker returns must lie
 * inside the blob; every value a parser returns must be one the arch allows.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <trapdoor/fdt.h>

#include "../../arch/arm64/include/asm/dt.h"
#include "../../arch/riscv/include/asm/dt.h"

#define HDR_LEN 40

static void check_prop(const uint8_t *blob, size_t size, int node, const char *name)
{
	int len = -1;
	const uint8_t *p = fdt_getprop(blob, node, name, &len);

	if (!p)
		return;
	if (p < blob || len < 0 || (size_t)(p - blob) > size ||
	    (size_t)len > size - (size_t)(p - blob))
		abort();
	if (len >= 4)
		(void)fdt_read_cells(p, len >= 8 ? 2 : 1);
}

/* A string for the console: terminated, no byte outside printable ASCII. */
static void check_display(const char *s, const char *buf, size_t size)
{
	if (!s)
		return;
	if (s != buf || !memchr(s, 0, size))
		abort();
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			abort();
}

static void check_arch_parsers(const uint8_t *blob)
{
	struct arm64_gic_regs gic;
	unsigned int n, refused;
	unsigned long harts[8];
	uint64_t hwid[8], hz, start, size;
	bool psci[8];
	char buf[48];
	int cpus;

	arm64_dt_gic(blob, &gic);
	if (gic.dist < ARM64_DEVICE_WINDOW_START || gic.dist >= ARM64_DEVICE_WINDOW_END ||
	    gic.cpu < ARM64_DEVICE_WINDOW_START || gic.cpu >= ARM64_DEVICE_WINDOW_END ||
	    gic.dist == gic.cpu)
		abort();
	check_display(gic.compatible, gic.compatible, sizeof(gic.compatible));
	arm64_dt_uart_spi(blob, &n);
	if (n > ARM64_GIC_MAX_SPI)
		abort();
	arm64_dt_timer_ppi(blob, &n);
	if (n >= 16)
		abort();
	cpus = arm64_dt_cpus(blob, 0, hwid, psci, 8);
	if (cpus < -1 || cpus == 0)
		abort();
	riscv_dt_timebase(blob, &hz);
	if (hz < RISCV_TIMEBASE_MIN || hz > RISCV_TIMEBASE_MAX)
		abort();
	riscv_dt_uart_irq(blob, &n);
	if (n == 0 || n > RISCV_PLIC_MAX_SOURCE)
		abort();
	cpus = riscv_dt_harts(blob, 0, harts, 8, &refused);
	if (cpus < -1 || cpus == 0)
		abort();
	for (int i = 1; i < cpus && i < 8; i++)
		if (harts[i] > RISCV_MAX_HARTID)
			abort();
	if (!fdt_memory(blob, 0x40200000, 0x40400000, &start, &size) &&
	    (start > 0x40200000 || size < 0x40400000 - start))
		abort();
	check_display(fdt_getprop_escaped(blob, 0, "model", buf, sizeof(buf)), buf, sizeof(buf));
	check_display(fdt_getprop_escaped(blob, 0, "compatible", buf, sizeof(buf)), buf,
		      sizeof(buf));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const paths[] = { "/",	    "/chosen",
					     "/memory",	    "/memory@40000000",
					     "/cpus/cpu@0", "/cpus",
					     "//chosen/",   "/a/b/c/d" };
	uint8_t *blob;

	if (size < HDR_LEN || size > 1 << 20)
		return 0;
	blob = malloc(size);
	memcpy(blob, data, size);
	/* totalsize (offset 4, big-endian) = the real size */
	blob[4] = (uint8_t)(size >> 24);
	blob[5] = (uint8_t)(size >> 16);
	blob[6] = (uint8_t)(size >> 8);
	blob[7] = (uint8_t)size;
	if (fdt_valid(blob)) {
		for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
			int node = fdt_path_offset(blob, paths[i]);

			if (node < -1)
				abort();
			check_prop(blob, size, node, "bootargs");
			check_prop(blob, size, node, "reg");
			check_prop(blob, size, node, "timebase-frequency");
			(void)fdt_address_cells(blob, node);
			(void)fdt_size_cells(blob, node);
			for (int c = fdt_first_subnode(blob, node); c >= 0;
			     c = fdt_next_subnode(blob, c))
				if ((size_t)c >= size)
					abort();
		}
		check_arch_parsers(blob);
	}
	free(blob);
	return 0;
}
