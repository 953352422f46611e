// SPDX-License-Identifier: MIT
/*
 * kernel/elf.c's elf_parse() against hostile images: headers and program
 * headers built here field by field, each case one lie -- offsets past the
 * file, sizes that wrap, segments outside the user range or on top of each
 * other, an entry point nowhere, absurd header counts, truncation. Then every
 * single-byte corruption of a good image: whatever is accepted must still
 * keep every promise the loader relies on.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include <trapdoor/elf.h>
#include <uapi/errno.h>

#define PAGE	4096UL
#define BASE	0x400000UL
#define TOP	0x800000UL /* the stack's bottom: segments end at or below it */
#define MACHINE 62

static const struct elf_target target = {
	.machine = MACHINE,
	.data = ELFDATA2LSB,
	.page_size = PAGE,
	.user_base = BASE,
	.user_top = TOP,
};

/* An image: the ELF header, up to 40 program headers, then 8 KiB of "file". */
#define FILE_SIZE (sizeof(struct elf64_ehdr) + 40 * sizeof(struct elf64_phdr) + 8192)
static union {
	uint8_t bytes[FILE_SIZE];
	struct elf64_ehdr eh;
} img;
static struct elf64_phdr *ph;
static struct elf_info info;

static void set_ph(int i, uint32_t flags, uint64_t off, uint64_t vaddr, uint64_t filesz,
		   uint64_t memsz)
{
	ph[i] = (struct elf64_phdr){ .p_type = PT_LOAD,
				     .p_flags = flags,
				     .p_offset = off,
				     .p_vaddr = vaddr,
				     .p_filesz = filesz,
				     .p_memsz = memsz,
				     .p_align = PAGE };
}

/* A good image: text r-x at BASE (entry inside), data rw- on the next page with bss. */
static void good(void)
{
	memset(&img, 0, sizeof(img));
	memcpy(img.eh.e_ident, "\177ELF", 4);
	img.eh.e_ident[EI_CLASS] = ELFCLASS64;
	img.eh.e_ident[EI_DATA] = ELFDATA2LSB;
	img.eh.e_ident[EI_VERSION] = EV_CURRENT;
	img.eh.e_type = ET_EXEC;
	img.eh.e_machine = MACHINE;
	img.eh.e_version = EV_CURRENT;
	img.eh.e_entry = BASE + 0x10;
	img.eh.e_phoff = sizeof(struct elf64_ehdr);
	img.eh.e_ehsize = sizeof(struct elf64_ehdr);
	img.eh.e_phentsize = sizeof(struct elf64_phdr);
	img.eh.e_phnum = 2;
	ph = (struct elf64_phdr *)(img.bytes + img.eh.e_phoff);
	set_ph(0, PF_R | PF_X, 0x1000, BASE, 0x800, 0x800);
	set_ph(1, PF_R | PF_W, 0x1800, BASE + PAGE, 0x100, 0x3000);
}

static long parse(void)
{
	return elf_parse(img.bytes, FILE_SIZE, &target, &info);
}

Test(elf, good_image_is_accepted)
{
	good();
	cr_assert_eq(parse(), 0);
	cr_assert_eq(info.entry, BASE + 0x10);
	cr_assert_eq(info.nr_segments, 2);
	cr_assert_eq(info.seg[0].start, BASE);
	cr_assert_eq(info.seg[0].end, BASE + PAGE);
	cr_assert_eq(info.seg[1].start, BASE + PAGE);
	cr_assert_eq(info.seg[1].end, BASE + 4 * PAGE);
	cr_assert_eq(info.seg[1].flags, PF_R | PF_W);
}

Test(elf, truncated_header)
{
	good();
	for (size_t n = 0; n < sizeof(struct elf64_ehdr); n++)
		cr_expect_eq(elf_parse(img.bytes, n, &target, &info), -ENOEXEC, "size %zu", n);
}

Test(elf, truncated_program_headers)
{
	good();
	/* The table ends at 64 + 2 * 56 = 176: one byte short of it is refused. */
	cr_expect_eq(elf_parse(img.bytes, 175, &target, &info), -ENOEXEC);
}

/* One case a line, the change and its verdict side by side */
/* clang-format off */
Test(elf, foreign_images)
{
	good(); img.eh.e_machine = 183;			cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_ident[EI_CLASS] = 1;		cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_ident[EI_DATA] = ELFDATA2MSB;	cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_ident[EI_VERSION] = 0;		cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_type = 3;			cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_ident[0] = 0;			cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_ehsize = 52;			cr_expect_eq(parse(), -ENOEXEC);
}

Test(elf, program_header_table_past_the_file)
{
	good(); img.eh.e_phoff = FILE_SIZE;			cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_phoff = FILE_SIZE - 55;		cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_phoff = UINT64_MAX - 8;		cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_phoff = UINT64_MAX / 56 * 56;		cr_expect_eq(parse(), -ENOEXEC);
}

Test(elf, phnum_zero_huge_and_too_many)
{
	good(); img.eh.e_phnum = 0;			cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_phnum = 0xffff;		cr_expect_eq(parse(), -ENOEXEC);
	/* Fits in the file, but more than any program of ours needs. */
	good(); img.eh.e_phnum = ELF_MAX_PHNUM + 1;	cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_phentsize = 32;		cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_phentsize = 64;		cr_expect_eq(parse(), -ENOEXEC);
}

Test(elf, too_many_load_segments)
{
	good();
	img.eh.e_phnum = ELF_MAX_SEGMENTS + 1;
	for (int i = 0; i < ELF_MAX_SEGMENTS + 1; i++)
		set_ph(i, i ? PF_R : PF_R | PF_X, 0x1000, BASE + i * PAGE, 0x20, 0x20);
	cr_expect_eq(parse(), -ENOEXEC);
	img.eh.e_phnum = ELF_MAX_SEGMENTS;
	cr_expect_eq(parse(), 0, "exactly ELF_MAX_SEGMENTS is fine");
}

Test(elf, segment_file_part_past_the_file)
{
	good(); ph[0].p_offset = FILE_SIZE + 1;			cr_expect_eq(parse(), -ENOEXEC);
	good(); ph[0].p_offset = FILE_SIZE - 0x10;		cr_expect_eq(parse(), -ENOEXEC);
	/* offset + filesz wraps to a small number */
	good(); ph[0].p_offset = 0x1000; ph[0].p_filesz = UINT64_MAX - 0xfff;
	ph[0].p_memsz = UINT64_MAX - 0xfff;			cr_expect_eq(parse(), -ENOEXEC);
	good(); ph[0].p_offset = UINT64_MAX;			cr_expect_eq(parse(), -ENOEXEC);
}

Test(elf, filesz_above_memsz)
{
	good();
	ph[1].p_filesz = ph[1].p_memsz + 1;
	cr_expect_eq(parse(), -ENOEXEC);
}

Test(elf, vaddr_above_the_user_range)
{
	/* Above the range, top - p_vaddr would underflow: a check written that way passes it. */
	good(); ph[1].p_vaddr = TOP + 0x100000;			cr_expect_eq(parse(), -ENOEXEC);
	good(); ph[1].p_vaddr = UINT64_MAX - 0xfff;		cr_expect_eq(parse(), -ENOEXEC);
	good(); ph[1].p_vaddr = BASE - PAGE;			cr_expect_eq(parse(), -ENOEXEC);
	good(); ph[1].p_vaddr = 0;				cr_expect_eq(parse(), -ENOEXEC);
}

Test(elf, vaddr_plus_memsz_wraps_or_reaches_the_stack)
{
	good(); ph[1].p_memsz = UINT64_MAX;			cr_expect_eq(parse(), -ENOEXEC);
	good(); ph[1].p_memsz = UINT64_MAX - ph[1].p_vaddr + 1;	cr_expect_eq(parse(), -ENOEXEC);
	/* One byte into the stack's first page. */
	good(); ph[1].p_memsz = TOP - ph[1].p_vaddr + 1;	cr_expect_eq(parse(), -ENOEXEC);
	/* Exactly up to it is fine. */
	good(); ph[1].p_memsz = TOP - ph[1].p_vaddr;		cr_expect_eq(parse(), 0);
	cr_expect_eq(info.seg[1].end, TOP);
}

Test(elf, overlapping_segments)
{
	good(); ph[1].p_vaddr = BASE + 0x400;			cr_expect_eq(parse(), -ENOEXEC);
	/* One byte of the second on the first's last byte. */
	good(); ph[1].p_vaddr = BASE + 0x7ff;			cr_expect_eq(parse(), -ENOEXEC);
	/* The second one wholly around the first. */
	good(); ph[1].p_vaddr = BASE; ph[1].p_memsz = 0x10000;	cr_expect_eq(parse(), -ENOEXEC);
	good(); set_ph(1, PF_R, 0x1000, BASE, 0x800, 0x800);	cr_expect_eq(parse(), -ENOEXEC);
}

/* clang-format on */

/* Not a byte in common, but a page: accepted, as Linux maps them (the loader merges the page). */
Test(elf, segments_sharing_a_page)
{
	good();
	ph[1].p_vaddr = BASE + 0x800;
	cr_assert_eq(parse(), 0);
	cr_expect_eq(info.seg[0].end, BASE + PAGE);
	cr_expect_eq(info.seg[1].start, BASE);
	cr_expect_eq(info.seg[1].end, BASE + 4 * PAGE);
	good();
	ph[1].p_vaddr = BASE + 0x900;
	cr_expect_eq(parse(), 0);
}

/* AT_PHDR: the program headers' address, where a segment's file part holds them. */
Test(elf, phdr_address)
{
	good();
	cr_assert_eq(parse(), 0);
	cr_expect_eq(info.phdr, 0, "no segment loads file offset e_phoff");
	cr_expect_eq(info.phnum, 2);
	good();
	set_ph(0, PF_R | PF_X, 0, BASE, 0x800, 0x800);
	cr_assert_eq(parse(), 0);
	cr_expect_eq(info.phdr, BASE + sizeof(struct elf64_ehdr));
	/* The table runs past the file part: not loaded. */
	good();
	set_ph(0, PF_R | PF_X, 0, BASE, sizeof(struct elf64_ehdr) + 0x40, 0x800);
	cr_assert_eq(parse(), 0);
	cr_expect_eq(info.phdr, 0);
}

/* clang-format off */
Test(elf, writable_and_executable)
{
	good();
	ph[0].p_flags = PF_R | PF_W | PF_X;
	cr_expect_eq(parse(), -ENOEXEC);
}

Test(elf, entry_outside_every_segment)
{
	good(); img.eh.e_entry = 0;				cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_entry = BASE - 1;			cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_entry = BASE + 0x800;			cr_expect_eq(parse(), -ENOEXEC);
	/* In the data segment's bss: nothing the file gave is there. */
	good(); img.eh.e_entry = BASE + PAGE + 0x200;		cr_expect_eq(parse(), -ENOEXEC);
	good(); img.eh.e_entry = UINT64_MAX;			cr_expect_eq(parse(), -ENOEXEC);
	/* The only executable segment is not PT_LOAD. */
	good(); ph[0].p_type = 4;				cr_expect_eq(parse(), -ENOEXEC);
}

/* clang-format on */

/* In a data segment's file part: a function descriptor (ppc64 ELFv1), arch_elf_entry()'s to read. */
Test(elf, entry_in_data_segment)
{
	good();
	img.eh.e_entry = BASE + PAGE + 8;
	cr_expect_eq(parse(), 0);
	cr_expect_eq(info.flags, 0);
	img.eh.e_flags = 1;
	cr_expect_eq(parse(), 0);
	cr_expect_eq(info.flags, 1);
}

/* clang-format off */
Test(elf, no_load_segment)
{
	good();
	ph[0].p_type = ph[1].p_type = 6;
	cr_expect_eq(parse(), -ENOEXEC);
}
/* clang-format on */

/* The promises load_program() relies on, for an image elf_parse() accepted. */
static void expect_promises(size_t at)
{
	bool entry_in_x = false;

	cr_assert_leq(info.nr_segments, ELF_MAX_SEGMENTS);
	for (unsigned int i = 0; i < info.nr_segments; i++) {
		const struct elf_segment *s = &info.seg[i];

		cr_assert(s->offset <= FILE_SIZE && s->filesz <= FILE_SIZE - s->offset, "byte %zu",
			  at);
		cr_assert(s->filesz <= s->memsz, "byte %zu", at);
		cr_assert(s->vaddr >= BASE && s->memsz <= TOP - s->vaddr, "byte %zu", at);
		cr_assert(s->start <= s->vaddr && s->end >= s->vaddr + s->memsz && s->end <= TOP &&
			      s->start % PAGE == 0 && s->end % PAGE == 0,
			  "byte %zu", at);
		cr_assert(!((s->flags & PF_W) && (s->flags & PF_X)), "byte %zu", at);
		for (unsigned int j = 0; j < i; j++)
			cr_assert(s->vaddr + s->memsz <= info.seg[j].vaddr ||
				      info.seg[j].vaddr + info.seg[j].memsz <= s->vaddr,
				  "byte %zu: segments %u and %u share a byte", at, j, i);
		if (info.entry >= s->vaddr && info.entry - s->vaddr < s->filesz)
			entry_in_x = true;
	}
	cr_assert(entry_in_x, "byte %zu: entry 0x%lx outside every segment's file part", at,
		  info.entry);
}

Test(elf, every_single_byte_corruption_keeps_the_promises)
{
	static const uint8_t values[] = { 0x00, 0x01, 0x7f, 0x80, 0xff };
	const size_t header_bytes = sizeof(struct elf64_ehdr) + 2 * sizeof(struct elf64_phdr);
	unsigned long accepted = 0;

	for (size_t at = 0; at < header_bytes; at++) {
		for (size_t v = 0; v < sizeof(values); v++) {
			good();
			img.bytes[at] = values[v];
			if (parse() == 0) {
				accepted++;
				expect_promises(at);
			}
		}
	}
	/* Many bytes do not matter (p_align, p_paddr, e_shoff ...): some must pass. */
	cr_expect_gt(accepted, 100);
}
