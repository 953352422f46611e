/* SPDX-License-Identifier: MIT */
/*
 * A read-only walker for the flattened device tree (DTB) that firmware hands
 * to arm64 and riscv kernels: enough to find /memory, /chosen and /cpus.
 * Format: the Devicetree Specification, chapter 5 (all fields big-endian).
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_FDT_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_FDT_H

#include <trapdoor/types.h>

#define FDT_MAGIC	0xd00dfeed

/* True if fdt points at a blob with the right magic and a sane version. */
bool fdt_valid(const void *fdt);

/* Total size of the blob in bytes (its header's totalsize). */
u32 fdt_totalsize(const void *fdt);

/*
 * Offset of the node at path, e.g. "/chosen" or "/cpus/cpu@0"; -1 if absent.
 * A component without '@' also matches a node named name@unit, so "/memory"
 * finds "memory@40000000" (the first such node).
 */
int fdt_path_offset(const void *fdt, const char *path);

/* The value of property name of the node at offset node; NULL if absent. */
const void *fdt_getprop(const void *fdt, int node, const char *name, int *lenp);

/* #address-cells and #size-cells that node gives its children (defaults 2, 1). */
int fdt_address_cells(const void *fdt, int node);
int fdt_size_cells(const void *fdt, int node);

/* Big-endian loads from property values, which need not be aligned. */
u32 fdt32_ld(const void *p);
u64 fdt64_ld(const void *p);
/* A number of ncells 32-bit cells (1 or 2), as in reg properties. */
u64 fdt_read_cells(const void *p, int ncells);

#endif
