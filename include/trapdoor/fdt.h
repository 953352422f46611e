/* SPDX-License-Identifier: MIT */
/*
 * A read-only walker for the flattened device tree (DTB) that firmware hands
 * to arm64 and riscv kernels: enough to find /memory, /chosen and /cpus.
 * Format: the Devicetree Specification, chapter 5 (all fields big-endian).
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_FDT_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_FDT_H

#include <trapdoor/types.h>

#define FDT_MAGIC 0xd00dfeed

/*
 * The largest blob we accept (Linux arm64's MAX_FDT_SIZE): a header that
 * claims more would let the walker read far past the tree.
 */
#define FDT_MAX_SIZE 0x200000

/*
 * True if fdt points at a blob with the right magic, a sane version, a size
 * up to FDT_MAX_SIZE and its blocks inside that size.
 */
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

/*
 * The first string of a string property; NULL if absent, empty, or not
 * terminated inside the property (a hostile tree's string runs on).
 */
const char *fdt_getprop_string(const void *fdt, int node, const char *name);

/*
 * That string copied into buf for the console (and uname), escaped as
 * string_escape() does: a newline in a hostile tree's "model" could otherwise
 * start a forged line of the test protocol. buf, or NULL if absent.
 */
const char *fdt_getprop_escaped(const void *fdt, int node, const char *name, char *buf,
				size_t size);

/*
 * The children of a node, as libfdt's: the offset of the first child of
 * node, or of the next sibling of the child at node; -1 when there are no
 * more, -2 if the blob is malformed. Every walk ends, whatever the blob.
 *
 *	for (child = fdt_first_subnode(fdt, node); child >= 0;
 *	     child = fdt_next_subnode(fdt, child))
 */
int fdt_first_subnode(const void *fdt, int node);
int fdt_next_subnode(const void *fdt, int node);

/* #address-cells and #size-cells that node gives its children (defaults 2, 1). */
int fdt_address_cells(const void *fdt, int node);
int fdt_size_cells(const void *fdt, int node);

/* Property name of the node at path; NULL if fdt is NULL, or the node or the property is absent. */
const void *fdt_path_getprop(const void *fdt, const char *path, const char *name, int *lenp);

/* Is string property name of node value? An absent property counts as dflt. */
bool fdt_prop_is(const void *fdt, int node, const char *name, const char *value, bool dflt);

/*
 * Calls fn(fdt, node, id, arg) for every CPU node under /cpus: a child whose
 * device_type is "cpu" and whose reg holds at least /cpus's #address-cells
 * cells (1 or 2); id is that reg. 0 when done (no /cpus: no call), -1 if
 * #address-cells is not 1 or 2 or the blob is malformed.
 */
typedef void (*fdt_cpu_fn)(const void *fdt, int node, u64 id, void *arg);
int fdt_for_each_cpu(const void *fdt, fdt_cpu_fn fn, void *arg);

/*
 * RAM: the first (base, size) pair of /memory's "reg", in the root's cell
 * counts. It must hold [lo, hi) (the kernel and the tree: an arch unmaps what
 * is not RAM) and not wrap. NULL if taken, else why not (for the console);
 * *start and *size are 0 then.
 */
const char *fdt_memory(const void *fdt, u64 lo, u64 hi, u64 *start, u64 *size);

/* Big-endian loads from property values, which need not be aligned. */
u32 fdt32_ld(const void *p);
u64 fdt64_ld(const void *p);
/* A number of ncells 32-bit cells (1 or 2), as in reg properties. */
u64 fdt_read_cells(const void *p, int ncells);

#endif
