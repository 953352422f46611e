// SPDX-License-Identifier: MIT
/*
 * The ELF64 checks the loader (kernel/exec.c) makes before it maps a single
 * page: the image is untrusted input, and every field that becomes an offset,
 * a size, an address or a loop bound is checked, with arithmetic that cannot
 * wrap -- "a + b <= limit" is always written "a <= limit && b <= limit - a".
 * Pure (include/trapdoor/elf.h): the host tests and the fuzz target run it.
 */
#include <trapdoor/compiler.h>
#include <trapdoor/elf.h>
#include <trapdoor/string.h>
#include <uapi/errno.h>

static bool check_ident(const struct elf64_ehdr *eh, const struct elf_target *t)
{
	return !memcmp(eh->e_ident, "\177ELF", 4) && eh->e_ident[EI_CLASS] == ELFCLASS64 &&
	       eh->e_ident[EI_DATA] == t->data && eh->e_ident[EI_VERSION] == EV_CURRENT &&
	       eh->e_machine == t->machine && eh->e_type == ET_EXEC && eh->e_ehsize == sizeof(*eh);
}

/* One PT_LOAD header into *seg: 0, or -ENOEXEC. memsz 0 is fine and loads nothing. */
static long check_segment(const struct elf64_phdr *ph, size_t size, const struct elf_target *t,
			  struct elf_segment *seg)
{
	const unsigned long page = t->page_size;

	/* The file part lies inside the image. */
	if (ph->p_offset > size || ph->p_filesz > size - ph->p_offset)
		return -ENOEXEC;
	if (ph->p_filesz > ph->p_memsz)
		return -ENOEXEC;
	/* The memory part lies inside the user range, below the stack; it cannot wrap. */
	if (ph->p_vaddr < t->user_base || ph->p_vaddr > t->user_top ||
	    ph->p_memsz > t->user_top - ph->p_vaddr)
		return -ENOEXEC;
	/*
	 * W^X: a writable and executable segment is refused (Linux would map it;
	 * no linker asks for one by default).
	 */
	if ((ph->p_flags & PF_W) && (ph->p_flags & PF_X))
		return -ENOEXEC;

	seg->vaddr = ph->p_vaddr;
	seg->memsz = ph->p_memsz;
	seg->offset = ph->p_offset;
	seg->filesz = ph->p_filesz;
	seg->flags = ph->p_flags & (PF_R | PF_W | PF_X);
	/* user_top is page-aligned and vaddr + memsz <= user_top: no wrap here either. */
	seg->start = ALIGN_DOWN(seg->vaddr, page);
	seg->end = ALIGN(seg->vaddr + seg->memsz, page);
	return 0;
}

/*
 * Two segments may share a page, as Linux allows (the loader gives the page
 * both segments' bytes), but not a byte: no load may overwrite another's.
 */
static bool overlaps(const struct elf_segment *a, const struct elf_segment *b)
{
	return a->vaddr < b->vaddr + b->memsz && b->vaddr < a->vaddr + a->memsz;
}

/*
 * Where the program headers are in memory once loaded, for AT_PHDR: inside
 * the file part of the segment that holds file offset e_phoff, as Linux's
 * load_elf_binary() finds them; 0 if no segment loads them.
 */
static unsigned long phdr_address(const struct elf64_ehdr *eh, const struct elf_segment *seg)
{
	unsigned long table = (unsigned long)eh->e_phnum * sizeof(struct elf64_phdr);

	if (eh->e_phoff < seg->offset || eh->e_phoff - seg->offset > seg->filesz ||
	    table > seg->filesz - (eh->e_phoff - seg->offset))
		return 0;
	return seg->vaddr + (eh->e_phoff - seg->offset);
}

long elf_parse(const void *image, size_t size, const struct elf_target *t, struct elf_info *info)
{
	return elf_parse_head(image, size, size, t, info);
}

long elf_parse_head(const void *image, size_t head, size_t size, const struct elf_target *t,
		    struct elf_info *info)
{
	lib_track_stack(); /* a frame bigger than the stackleak search depth */
	const u8 *bytes = image;
	struct elf64_ehdr eh;
	bool entry_ok = false;

	info->nr_segments = 0;
	info->phdr = 0;
	/* A target the caller got wrong is a bug, but still no reason to loop or wrap. */
	if (!t->page_size || (t->page_size & (t->page_size - 1)) || t->user_base > t->user_top ||
	    (t->user_top & (t->page_size - 1)))
		return -ENOEXEC;
	if (head > size || head < sizeof(eh))
		return -ENOEXEC;
	/* memcpy: nothing says the image is aligned. */
	memcpy(&eh, bytes, sizeof(eh));
	if (!check_ident(&eh, t))
		return -ENOEXEC;
	/* The program header table: whole entries of our size, inside the image, not too many. */
	if (eh.e_phentsize != sizeof(struct elf64_phdr) || eh.e_phnum == 0 ||
	    eh.e_phnum > ELF_MAX_PHNUM || eh.e_phoff > head ||
	    eh.e_phnum > (head - eh.e_phoff) / sizeof(struct elf64_phdr))
		return -ENOEXEC;

	for (unsigned int i = 0; i < eh.e_phnum; i++) {
		struct elf64_phdr ph;
		struct elf_segment *seg;

		memcpy(&ph, bytes + eh.e_phoff + i * sizeof(ph), sizeof(ph));
		if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
			continue;
		if (info->nr_segments == ELF_MAX_SEGMENTS)
			return -ENOEXEC;
		seg = &info->seg[info->nr_segments];
		if (check_segment(&ph, size, t, seg) < 0)
			return -ENOEXEC;
		for (unsigned int j = 0; j < info->nr_segments; j++)
			if (overlaps(seg, &info->seg[j]))
				return -ENOEXEC;
		/*
		 * The entry point lies in the file part of a segment: an instruction,
		 * or where the ABI's entry is a function descriptor (ppc64 ELFv1), the
		 * descriptor, which arch_elf_entry() reads.
		 */
		if (eh.e_entry >= seg->vaddr && eh.e_entry - seg->vaddr < seg->filesz)
			entry_ok = true;
		if (!info->phdr)
			info->phdr = phdr_address(&eh, seg);
		info->nr_segments++;
	}
	if (!info->nr_segments || !entry_ok)
		return -ENOEXEC;
	info->entry = eh.e_entry;
	info->phnum = eh.e_phnum;
	info->flags = eh.e_flags;
	return 0;
}
