// SPDX-License-Identifier: MIT
/*
 * lib/fdt.c against blobs built here token by token, shaped like the ones
 * QEMU's virt machines hand over: /memory@40000000, /chosen, /cpus/cpu@0.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include <trapdoor/fdt.h>

struct builder {
	uint8_t blob[2048];
	uint8_t strct[1024];
	char strings[256];
	size_t slen, stlen;
};

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

static void tok(struct builder *b, uint32_t t)
{
	put32(b->strct + b->slen, t);
	b->slen += 4;
}

static void begin(struct builder *b, const char *name)
{
	size_t n = strlen(name) + 1;

	tok(b, 1);
	memcpy(b->strct + b->slen, name, n);
	b->slen += (n + 3) & ~(size_t)3;
}

static void prop(struct builder *b, const char *name, const void *val, uint32_t len)
{
	uint32_t nameoff = (uint32_t)b->stlen;

	memcpy(b->strings + b->stlen, name, strlen(name) + 1);
	b->stlen += strlen(name) + 1;
	tok(b, 3);
	tok(b, len);
	tok(b, nameoff);
	memcpy(b->strct + b->slen, val, len);
	b->slen += (len + 3) & ~(size_t)3;
}

static void prop32(struct builder *b, const char *name, uint32_t v)
{
	uint8_t be[4];

	put32(be, v);
	prop(b, name, be, 4);
}

/* Header (40 bytes), empty reservation map (16), structure, strings. */
static const void *finish(struct builder *b)
{
	uint32_t off_struct = 40 + 16, off_strings = off_struct + (uint32_t)b->slen;

	memset(b->blob, 0, sizeof(b->blob));
	put32(b->blob + 0, FDT_MAGIC);
	put32(b->blob + 4, off_strings + (uint32_t)b->stlen);
	put32(b->blob + 8, off_struct);
	put32(b->blob + 12, off_strings);
	put32(b->blob + 16, 40);
	put32(b->blob + 20, 17);
	put32(b->blob + 24, 16);
	put32(b->blob + 32, (uint32_t)b->stlen);
	put32(b->blob + 36, (uint32_t)b->slen);
	memcpy(b->blob + off_struct, b->strct, b->slen);
	memcpy(b->blob + off_strings, b->strings, b->stlen);
	return b->blob;
}

static struct builder qemu_like;

static const void *virt_tree(void)
{
	struct builder *b = &qemu_like;
	static const uint8_t reg[16] = { 0, 0, 0, 0, 0x40, 0, 0, 0, 0, 0, 0, 0, 0x08, 0, 0, 0 };

	memset(b, 0, sizeof(*b));
	begin(b, "");
	prop32(b, "#address-cells", 2);
	prop32(b, "#size-cells", 2);
	prop(b, "model", "linux,dummy-virt", 17);
	begin(b, "flash@0");		/* a sibling before the one we want */
	tok(b, 4);			/* NOP tokens may appear anywhere */
	begin(b, "memory-ish");		/* nested decoy with a similar name */
	tok(b, 2);
	tok(b, 2);
	begin(b, "memory@40000000");
	prop(b, "device_type", "memory", 7);
	prop(b, "reg", reg, sizeof(reg));
	tok(b, 2);
	begin(b, "cpus");
	prop32(b, "#address-cells", 1);
	begin(b, "cpu@0");
	prop(b, "compatible", "arm,cortex-a72", 15);
	tok(b, 2);
	tok(b, 2);
	begin(b, "chosen");
	prop(b, "bootargs", "kstack=off", 11);
	tok(b, 2);
	tok(b, 2);
	tok(b, 9);
	return finish(b);
}

Test(fdt, finds_memory_by_name_without_unit_address)
{
	const void *fdt = virt_tree();
	int node = fdt_path_offset(fdt, "/memory"), len;
	const void *reg;

	cr_assert(fdt_valid(fdt));
	cr_assert_geq(node, 0);
	reg = fdt_getprop(fdt, node, "reg", &len);
	cr_assert_not_null(reg);
	cr_expect_eq(len, 16);
	cr_expect_eq(fdt_read_cells(reg, 2), 0x40000000ULL);
	cr_expect_eq(fdt_read_cells((const uint8_t *)reg + 8, 2), 128ULL << 20);
}

Test(fdt, exact_unit_address_and_nested_paths)
{
	const void *fdt = virt_tree();
	int cpu = fdt_path_offset(fdt, "/cpus/cpu@0"), len;

	cr_assert_geq(cpu, 0);
	cr_expect_str_eq(fdt_getprop(fdt, cpu, "compatible", &len), "arm,cortex-a72");
	cr_expect_eq(fdt_path_offset(fdt, "/memory@40000000"), fdt_path_offset(fdt, "/memory"));
	cr_expect_eq(fdt_path_offset(fdt, "/memory@80000000"), -1);
	cr_expect_eq(fdt_address_cells(fdt, fdt_path_offset(fdt, "/cpus")), 1);
	cr_expect_eq(fdt_size_cells(fdt, fdt_path_offset(fdt, "/cpus")), 1, "default is 1");
	cr_expect_eq(fdt_address_cells(fdt, 0), 2);
}

Test(fdt, root_and_chosen_properties)
{
	const void *fdt = virt_tree();

	cr_expect_eq(fdt_path_offset(fdt, "/"), 0);
	cr_expect_str_eq(fdt_getprop(fdt, 0, "model", NULL), "linux,dummy-virt");
	cr_expect_str_eq(fdt_getprop(fdt, fdt_path_offset(fdt, "/chosen"), "bootargs", NULL),
			 "kstack=off");
}

Test(fdt, absent_things_are_absent)
{
	const void *fdt = virt_tree();

	cr_expect_eq(fdt_path_offset(fdt, "/nosuch"), -1);
	cr_expect_eq(fdt_path_offset(fdt, "/cpus/cpu@1"), -1);
	/* "cpu@0" is under /cpus, not the root. */
	cr_expect_eq(fdt_path_offset(fdt, "/cpu@0"), -1);
	cr_expect_null(fdt_getprop(fdt, 0, "nosuch", NULL));
	cr_expect_null(fdt_getprop(fdt, -1, "model", NULL));
	/* A property of a child is not a property of its parent. */
	cr_expect_null(fdt_getprop(fdt, 0, "bootargs", NULL));
}

Test(fdt, rejects_corrupt_blobs)
{
	struct builder *b = &qemu_like;
	uint8_t *blob = (uint8_t *)virt_tree();

	put32(blob, 0xdeadbeef);
	cr_expect_not(fdt_valid(blob));
	cr_expect_eq(fdt_path_offset(blob, "/memory"), -1);

	virt_tree();
	put32(blob + 36, 0x7fffffff);	/* structure block larger than the blob */
	cr_expect_not(fdt_valid(blob));

	virt_tree();
	/* A property whose length runs off the end must not be followed. */
	put32(b->blob + 56 + 8 + 4, 0x00ffffff);
	cr_expect_eq(fdt_path_offset(blob, "/memory"), -1);
	cr_expect_null(fdt_valid(NULL) ? blob : NULL);
}

/*
 * A property whose length runs past the end of the structure block must not
 * be handed out: its length is checked before the match is returned, not
 * only when the walk moves on to the next token (tests/fuzz/fuzz_fdt.c finds
 * this case within seconds).
 */
Test(fdt, property_longer_than_the_structure_block_is_refused)
{
	struct builder b;
	const uint8_t *fdt;
	int chosen, len = -1;

	memset(&b, 0, sizeof(b));
	begin(&b, "");
	begin(&b, "chosen");
	prop(&b, "bootargs", "kstack=off", 11);
	tok(&b, 2);
	tok(&b, 2);
	tok(&b, 9);
	fdt = finish(&b);
	chosen = fdt_path_offset(fdt, "/chosen");
	cr_assert_geq(chosen, 0);
	cr_assert_not_null(fdt_getprop(fdt, chosen, "bootargs", &len));
	/* The bootargs length field: BEGIN_NODE "" (8), BEGIN_NODE "chosen" (12), PROP tag. */
	put32(b.blob + 40 + 16 + 8 + 12 + 4, 0x1000);
	cr_expect_null(fdt_getprop(fdt, chosen, "bootargs", &len),
		       "a 4 KiB property in a %u-byte structure block was returned", (unsigned)b.slen);
}
