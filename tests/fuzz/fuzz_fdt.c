// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: lib/fdt.c on arbitrary blobs. The header's totalsize is
 * set to the input's size (the kernel trusts the firmware for that much), the
 * blob lies in a heap copy of exactly that size, and the lookups the kernels
 * make at boot run on it: ASan reports any read outside. A property the walker
 * returns must lie inside the blob.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <trapdoor/fdt.h>

#define HDR_LEN	40

static void check_prop(const uint8_t *blob, size_t size, int node, const char *name)
{
	int len = -1;
	const uint8_t *p = fdt_getprop(blob, node, name, &len);

	if (!p)
		return;
	if (p < blob || len < 0 || (size_t)(p - blob) > size || (size_t)len > size - (size_t)(p - blob))
		abort();
	if (len >= 4)
		(void)fdt_read_cells(p, len >= 8 ? 2 : 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const paths[] = { "/", "/chosen", "/memory", "/memory@40000000",
					     "/cpus/cpu@0", "/cpus", "//chosen/", "/a/b/c/d" };
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
		}
	}
	free(blob);
	return 0;
}
