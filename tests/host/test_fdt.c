// SPDX-License-Identifier: MIT
/*
 * lib/fdt.c against blobs built here token by token, shaped like the ones
 * QEMU's virt machines hand over: /memory@40000000, /chosen, /cpus/cpu@0.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <trapdoor/fdt.h>

/* The arches' device-tree parsers (ARCH_DT), built for the host (tests/host.mk). */
#include "../../arch/arm64/include/asm/dt.h"
#include "../../arch/riscv/include/asm/dt.h"

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
	begin(b, "flash@0");	/* a sibling before the one we want */
	tok(b, 4);		/* NOP tokens may appear anywhere */
	begin(b, "memory-ish"); /* nested decoy with a similar name */
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
	put32(blob + 36, 0x7fffffff); /* structure block larger than the blob */
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
		       "a 4 KiB property in a %u-byte structure block was returned",
		       (unsigned)b.slen);
}

/*
 * Hostile trees, as firmware or a bootloader could hand over: every walk
 * ends, every read stays inside the blob (ASan), every value the arches take
 * is checked (arch/arm64/dt.c, arch/riscv/dt.c).
 */

/* The blob in a heap buffer of exactly its size: ASan sees any read past it. */
static uint8_t *exact_copy(const void *fdt, size_t size)
{
	uint8_t *p = malloc(size);

	memcpy(p, fdt, size);
	return p;
}

/* Offset (in the blob) of the length field of the first property named name. */
static size_t prop_len_offset(struct builder *b, const char *name)
{
	uint32_t nameoff = 0;

	while (strcmp(b->strings + nameoff, name) != 0)
		nameoff += (uint32_t)strlen(b->strings + nameoff) + 1;
	for (size_t off = 0; off + 12 <= b->slen; off += 4) {
		const uint8_t *t = b->strct + off;

		if (t[3] == 3 && t[0] == 0 && t[1] == 0 && t[2] == 0 &&
		    (uint32_t)(t[8] << 24 | t[9] << 16 | t[10] << 8 | t[11]) == nameoff)
			return 40 + 16 + off + 4;
	}
	cr_assert_fail("no property %s", name);
	return 0;
}

/* /cpus with three harts (0, 1, 2), and a property of cpu@1 that is easy to find. */
static const void *cpus_tree(struct builder *b)
{
	memset(b, 0, sizeof(*b));
	begin(b, "");
	prop32(b, "#address-cells", 2);
	prop32(b, "#size-cells", 2);
	begin(b, "cpus");
	prop32(b, "#address-cells", 1);
	prop32(b, "#size-cells", 0);
	prop32(b, "timebase-frequency", 10000000);
	for (uint32_t i = 0; i < 3; i++) {
		char name[16];

		snprintf(name, sizeof(name), "cpu@%u", i);
		begin(b, name);
		prop(b, "device_type", "cpu", 4);
		prop32(b, "reg", i);
		if (i == 1)
			prop32(b, "wrapme", 0);
		prop(b, "enable-method", "psci", 5);
		tok(b, 2);
	}
	tok(b, 2);
	tok(b, 2);
	tok(b, 9);
	return finish(b);
}

Test(fdt_hostile, children_of_cpus)
{
	struct builder b;
	const void *fdt = cpus_tree(&b);
	unsigned long harts[8];
	unsigned int refused;
	uint64_t hwid[8];
	bool psci[8];
	int cpus = fdt_path_offset(fdt, "/cpus"), n = 0;

	for (int c = fdt_first_subnode(fdt, cpus); c >= 0; c = fdt_next_subnode(fdt, c))
		n++;
	cr_expect_eq(n, 3);
	cr_expect_eq(fdt_first_subnode(fdt, fdt_path_offset(fdt, "/cpus/cpu@2")), -1,
		     "no children");
	cr_expect_eq(riscv_dt_harts(fdt, 1, harts, 8, &refused), 3);
	cr_expect(harts[0] == 1 && harts[1] == 0 && harts[2] == 2,
		  "boot hart first, then the tree's order");
	cr_expect_eq(arm64_dt_cpus(fdt, 0, hwid, psci, 8), 3);
	cr_expect(hwid[1] == 1 && hwid[2] == 2 && psci[1] && psci[2]);
	cr_expect_eq(riscv_dt_harts(fdt, 0, harts, 2, &refused), 3, "counts past max");
}

/*
 * A property length that wraps: off + 12 + len comes back to off, and a
 * walker that adds without checking loops for ever (the timeout fails it).
 */
Test(fdt_hostile, wrapping_property_length_ends_the_walk, .timeout = 5)
{
	struct builder b;
	const void *fdt = cpus_tree(&b);
	size_t at = prop_len_offset(&b, "wrapme");
	unsigned long harts[8];
	unsigned int refused;
	uint64_t hwid[8];
	bool psci[8];
	uint8_t *blob;
	int cpus;

	put32(b.blob + at, 0xfffffff4);
	blob = exact_copy(fdt, fdt_totalsize(fdt));
	cpus = fdt_path_offset(blob, "/cpus");
	cr_assert_geq(cpus, 0, "/cpus comes before the broken property");
	cr_expect_eq(riscv_dt_harts(blob, 0, harts, 8, &refused), -1, "malformed /cpus");
	cr_expect_eq(arm64_dt_cpus(blob, 0, hwid, psci, 8), -1, "malformed /cpus");
	cr_expect_eq(fdt_path_offset(blob, "/cpus/cpu@2"), -1);
	cr_expect_null(
	    fdt_getprop(blob, fdt_path_offset(blob, "/cpus/cpu@1"), "enable-method", NULL));
	for (uint32_t len = 0xfffffff0; len != 0; len++) {
		put32(blob + at, len);
		cr_expect_lt(riscv_dt_harts(blob, 0, harts, 8, &refused), 0, "length 0x%x", len);
	}
	free(blob);
}

/*
 * A blob cut short: the structure block ends inside cpu@1 and the header
 * says so, or the header claims far more than there is.
 */
Test(fdt_hostile, truncated_blob)
{
	struct builder b;
	size_t cut;

	cpus_tree(&b);
	cut = prop_len_offset(&b, "wrapme") + 2;
	unsigned long harts[8];
	unsigned int refused;
	uint8_t *blob;

	/* Structure block up to the middle of a length field, no strings block. */
	put32(b.blob + 4, (uint32_t)cut);
	put32(b.blob + 12, (uint32_t)cut);
	put32(b.blob + 32, 0);
	put32(b.blob + 36, (uint32_t)(cut - 56));
	blob = exact_copy(b.blob, cut);
	cr_assert(fdt_valid(blob));
	cr_expect_eq(riscv_dt_harts(blob, 0, harts, 8, &refused), -1);
	cr_expect_null(
	    fdt_getprop_string(blob, fdt_path_offset(blob, "/cpus/cpu@1"), "device_type"));
	free(blob);

	/* A header that claims 3 GiB of blocks behind a few hundred bytes. */
	cpus_tree(&b);
	put32(b.blob + 4, 0xc0000000);
	put32(b.blob + 36, 0xc0000000 - 56 - (uint32_t)b.stlen - 64);
	put32(b.blob + 12, 0xc0000000 - (uint32_t)b.stlen);
	blob = exact_copy(b.blob, 40 + 16 + b.slen + b.stlen);
	cr_expect_not(fdt_valid(blob), "a 3 GiB device tree");
	cr_expect_eq(riscv_dt_harts(blob, 0, harts, 8, &refused), 1, "not a tree: the boot hart");
	free(blob);
}

/*
 * Unterminated strings: a value that runs to the end of the blob, and a
 * property name cut short by the end of the strings block ("mo" is not
 * "model").
 */
Test(fdt_hostile, unterminated_strings)
{
	struct builder b;
	uint8_t *blob;
	char buf[32];
	size_t size;

	memset(&b, 0, sizeof(b));
	begin(&b, "");
	prop(&b, "model", "abcd", 4); /* no NUL */
	/*
	 * The value's bytes end the blob: the strings block first, then the
	 * structure block, cut right after the value (no END_NODE, no END).
	 */
	size = 40 + 16 + b.stlen + b.slen;
	blob = calloc(1, size);
	put32(blob + 0, FDT_MAGIC);
	put32(blob + 4, (uint32_t)size);
	put32(blob + 8, 40 + 16 + (uint32_t)b.stlen);
	put32(blob + 12, 40 + 16);
	put32(blob + 16, 40);
	put32(blob + 20, 17);
	put32(blob + 24, 16);
	put32(blob + 32, (uint32_t)b.stlen);
	put32(blob + 36, (uint32_t)b.slen);
	memcpy(blob + 56, b.strings, b.stlen);
	memcpy(blob + 56 + b.stlen, b.strct, b.slen);
	cr_assert(fdt_valid(blob));
	cr_assert_not_null(fdt_getprop(blob, 0, "model", NULL));
	cr_expect_null(fdt_getprop_string(blob, 0, "model"));
	cr_expect_null(fdt_getprop_escaped(blob, 0, "model", buf, sizeof(buf)));
	free(blob);

	/* The name "model" with its last three bytes and the NUL past the strings block. */
	memset(&b, 0, sizeof(b));
	begin(&b, "");
	prop(&b, "model", "QEMU", 5);
	tok(&b, 2);
	tok(&b, 9);
	finish(&b);
	put32(b.blob + 32, 2); /* size_dt_strings: "mo" */
	put32(b.blob + 4, 40 + 16 + (uint32_t)b.slen + 2);
	blob = exact_copy(b.blob, 40 + 16 + b.slen + 2);
	cr_assert(fdt_valid(blob));
	cr_expect_null(fdt_getprop(blob, 0, "model", NULL), "\"mo\" matched \"model\"");
	free(blob);
}

/* A model with a newline and a forged protocol line: the copy for the console has none. */
Test(fdt_hostile, newline_in_model_is_escaped)
{
	static const char evil[] = "linux,dummy-virt\nPASS: forged\nEXIT: status=0";
	struct builder b;
	const void *fdt;
	char buf[64];
	const char *s;

	memset(&b, 0, sizeof(b));
	begin(&b, "");
	prop(&b, "model", evil, sizeof(evil));
	prop(&b, "compatible", "a\r\nPASS: x\0second", 18);
	tok(&b, 2);
	tok(&b, 9);
	fdt = finish(&b);
	s = fdt_getprop_escaped(fdt, 0, "model", buf, sizeof(buf));
	cr_assert_not_null(s);
	cr_expect_null(strchr(s, '\n'), "raw newline in \"%s\"", s);
	cr_expect_str_eq(s, "linux,dummy-virt\\nPASS: forged\\nEXIT: status=0");
	s = fdt_getprop_escaped(fdt, 0, "compatible", buf, sizeof(buf));
	cr_expect_str_eq(s, "a\\x0d\\nPASS: x", "the first string, escaped");
	s = fdt_getprop_escaped(fdt, 0, "model", buf, 8);
	cr_expect(s && strlen(s) < 8 && !strchr(s, '\n'), "a short buffer: cut, still escaped");
}

/* /intc with the given reg (2 address and 2 size cells per region). */
static const void *gic_tree(struct builder *b, uint64_t d, uint64_t ds, uint64_t c, uint64_t cs)
{
	uint8_t reg[32];
	uint64_t v[4] = { d, ds, c, cs };

	for (int i = 0; i < 4; i++) {
		put32(reg + 8 * i, (uint32_t)(v[i] >> 32));
		put32(reg + 8 * i + 4, (uint32_t)v[i]);
	}
	memset(b, 0, sizeof(*b));
	begin(b, "");
	prop32(b, "#address-cells", 2);
	prop32(b, "#size-cells", 2);
	begin(b, "intc");
	prop(b, "compatible", "arm,cortex-a15-gic", 19);
	prop(b, "reg", reg, sizeof(reg));
	tok(b, 2);
	begin(b, "pl011@9000000");
	tok(b, 2);
	tok(b, 2);
	tok(b, 9);
	return finish(b);
}

Test(fdt_hostile, gic_regions_are_checked)
{
	static const struct {
		uint64_t d, ds, c, cs;
		bool taken;
	} cases[] = {
		{ 0x08000000, 0x10000, 0x08010000, 0x10000, true }, /* QEMU virt's */
		{ 0x2f000000, 0x1000, 0x2f001000, 0x2000, true },
		{ 0x40000000, 0x10000, 0x08010000, 0x10000, false }, /* RAM, the kernel */
		{ 0x08010000, 0x10000, 0x48000000, 0x10000, false }, /* CPU interface in RAM */
		{ 0x08000800, 0x10000, 0x08010000, 0x10000, false }, /* not page-aligned */
		{ 0x08000000, 0x100, 0x08010000, 0x10000, false }, /* too small for its registers */
		{ 0x3ffff000, 0x10000, 0x08010000, 0x10000, false }, /* runs out of the window */
		{ 0x08000000, ~0ULL, 0x08010000, 0x10000, false },   /* size wraps */
		{ 0x08000000, 0x20000, 0x08010000, 0x10000, false }, /* overlap */
		{ 0xfffffffffffff000ULL, 0x2000, 0x08010000, 0x10000, false },
		{ 0, 0x10000, 0x08010000, 0x10000, false }, /* flash, a NULL */
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct builder b;
		struct arm64_gic_regs gic;
		const void *fdt = gic_tree(&b, cases[i].d, cases[i].ds, cases[i].c, cases[i].cs);
		const char *why = arm64_dt_gic(fdt, &gic);

		cr_expect(gic.v2);
		if (cases[i].taken) {
			cr_expect_null(why, "case %zu refused: %s", i, why);
			cr_expect(gic.dist == cases[i].d && gic.cpu == cases[i].c, "case %zu", i);
		} else {
			cr_expect_not_null(why, "case %zu: GICD 0x%llx GICC 0x%llx taken", i,
					   (unsigned long long)cases[i].d,
					   (unsigned long long)cases[i].c);
			cr_expect(gic.dist == ARM64_GICD_DEFAULT && gic.cpu == ARM64_GICC_DEFAULT,
				  "case %zu: not the defaults", i);
		}
	}
}

/* A GICv3, with a newline in its compatible: refused by name, the name escaped. */
Test(fdt_hostile, gic_not_v2_named_escaped)
{
	struct builder b;
	struct arm64_gic_regs gic;

	memset(&b, 0, sizeof(b));
	begin(&b, "");
	begin(&b, "intc");
	prop(&b, "compatible", "arm,gic-v3\nPASS: x", 19);
	tok(&b, 2);
	tok(&b, 2);
	tok(&b, 9);
	arm64_dt_gic(finish(&b), &gic);
	cr_expect_not(gic.v2);
	cr_expect_str_eq(gic.compatible, "arm,gic-v3\\nPASS: x");
}

/* The UART's interrupts = <type number flags>. */
static const void *uart_tree(struct builder *b, uint32_t type, uint32_t num)
{
	uint8_t irq[12];

	put32(irq, type);
	put32(irq + 4, num);
	put32(irq + 8, 4);
	memset(b, 0, sizeof(*b));
	begin(b, "");
	begin(b, "pl011@9000000");
	prop(b, "interrupts", irq, sizeof(irq));
	tok(b, 2);
	begin(b, "soc");
	begin(b, "serial@10000000");
	prop32(b, "interrupts", num);
	tok(b, 2);
	tok(b, 2);
	begin(b, "timer");
	{
		uint8_t t[48] = { 0 };

		for (int i = 0; i < 4; i++) {
			put32(t + 12 * i, type);
			put32(t + 12 * i + 4, num);
		}
		prop(b, "interrupts", t, sizeof(t));
	}
	tok(b, 2);
	tok(b, 2);
	tok(b, 9);
	return finish(b);
}

Test(fdt_hostile, interrupt_numbers_are_checked)
{
	struct builder b;
	unsigned int n;

	cr_expect_null(arm64_dt_uart_spi(uart_tree(&b, 0, 1), &n));
	cr_expect_eq(n, 1);
	cr_expect_null(arm64_dt_uart_spi(uart_tree(&b, 0, 987), &n));
	cr_expect_eq(n, 987, "INTID 1019, the last SPI");
	for (uint32_t bad = 988; bad != 0 && bad < 0x100000000ULL - 1; bad = bad * 3 + 1) {
		cr_expect_not_null(arm64_dt_uart_spi(uart_tree(&b, 0, bad), &n), "SPI %u", bad);
		cr_expect_eq(n, ARM64_UART_SPI_DEFAULT);
		if (bad > 0x40000000)
			break;
	}
	cr_expect_not_null(arm64_dt_uart_spi(uart_tree(&b, 0, 0xffffffff), &n));
	cr_expect_eq(n, ARM64_UART_SPI_DEFAULT);
	cr_expect_not_null(arm64_dt_uart_spi(uart_tree(&b, 1, 1), &n), "a PPI is not the UART's");
	cr_expect_null(arm64_dt_timer_ppi(uart_tree(&b, 1, 11), &n));
	cr_expect_eq(n, 11);
	cr_expect_not_null(arm64_dt_timer_ppi(uart_tree(&b, 1, 16), &n));
	cr_expect_eq(n, ARM64_TIMER_PPI_DEFAULT);
	cr_expect_null(riscv_dt_uart_irq(uart_tree(&b, 0, 10), &n));
	cr_expect_eq(n, 10);
	cr_expect_not_null(riscv_dt_uart_irq(uart_tree(&b, 0, 0), &n));
	cr_expect_not_null(riscv_dt_uart_irq(uart_tree(&b, 0, 1024), &n));
	cr_expect_eq(n, RISCV_UART_IRQ_DEFAULT);
}

Test(fdt_hostile, timebase_and_hart_ids_are_checked)
{
	struct builder b;
	const void *fdt = cpus_tree(&b);
	size_t tb = prop_len_offset(&b, "timebase-frequency") + 8;
	unsigned long harts[8];
	unsigned int refused;
	uint64_t hz;

	cr_expect_null(riscv_dt_timebase(fdt, &hz));
	cr_expect_eq(hz, 10000000);
	put32(b.blob + tb, 1);
	cr_expect_not_null(riscv_dt_timebase(fdt, &hz), "a 1 Hz time base");
	cr_expect_eq(hz, RISCV_TIMEBASE_DEFAULT);
	/* cpu@2's reg: a hart id no PLIC context exists for. */
	{
		size_t off = 0;
		int seen = 0;

		/* The third reg property is cpu@2's. */
		for (size_t i = 0; i + 12 <= b.slen; i += 4)
			if (b.strct[i + 3] == 3 && !b.strct[i] && !b.strct[i + 1] &&
			    !b.strct[i + 2] &&
			    !strcmp(b.strings + (b.strct[i + 11] | b.strct[i + 10] << 8), "reg") &&
			    ++seen == 3)
				off = 40 + 16 + i + 12;
		cr_assert(off);
		put32(b.blob + off, 0xffffffff);
	}
	cr_expect_eq(riscv_dt_harts(fdt, 0, harts, 8, &refused), 2);
	cr_expect_eq(refused, 1);
}

/* /memory must hold the kernel and the tree, and must not wrap. */
Test(fdt_hostile, memory_is_checked)
{
	const void *fdt = virt_tree(); /* 128 MiB at 0x40000000 */
	uint64_t start, size;

	cr_expect_null(fdt_memory(fdt, 0x40200000, 0x40400000, &start, &size));
	cr_expect(start == 0x40000000 && size == 128 << 20);
	cr_expect_not_null(fdt_memory(fdt, 0x80200000, 0x80400000, &start, &size),
			   "RAM without the kernel in it");
	cr_expect(start == 0 && size == 0);
	{
		/* reg = <0xffffffff 0xfffff000  0 0x2000>: wraps. */
		uint8_t *reg =
		    (uint8_t *)fdt_getprop(fdt, fdt_path_offset(fdt, "/memory"), "reg", NULL);

		put32(reg, 0xffffffff);
		put32(reg + 4, 0xfffff000);
		put32(reg + 8, 0);
		put32(reg + 12, 0x2000);
		cr_expect_not_null(
		    fdt_memory(fdt, 0xfffffffffffff000ULL, 0xfffffffffffff100ULL, &start, &size),
		    "a bank that wraps");
	}
}
