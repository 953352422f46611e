// SPDX-License-Identifier: MIT
/* In-kernel tests, group exec: the ELF loader's checks. */
#include <asm/elf.h>
#include <trapdoor/elf.h>
#include <trapdoor/exec.h>
#include <trapdoor/mm.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>

#include "selftest.h"

#ifdef CONFIG_KTEST

/* The loader takes only ELF64 executables for this architecture. */
static void test_elf_check_rejects_foreign(void)
{
	static u8 hdr[64] __aligned(8);
	const struct user_program *init = NULL;

	for (unsigned int i = 0; i < nr_user_programs; i++)
		if (!strcmp(user_programs[i].name, "init"))
			init = &user_programs[i];
	KTEST_EXPECT(init != NULL, "no embedded init program");
	if (!init)
		return;
	KTEST_EXPECT(elf_check_header(init->start, (size_t)(init->end - init->start)) == 0,
		     "init's own header is refused");
	memcpy(hdr, init->start, sizeof(hdr));
	hdr[18] ^= 0x01; /* e_machine: one bit off, in either byte order */
	hdr[19] ^= 0x01;
	KTEST_EXPECT(elf_check_header(hdr, sizeof(hdr)) < 0, "another machine was accepted");
	memcpy(hdr, init->start, sizeof(hdr));
	hdr[5] ^= 0x03; /* EI_DATA: the other byte order */
	KTEST_EXPECT(elf_check_header(hdr, sizeof(hdr)) < 0, "the other byte order was accepted");
	memcpy(hdr, init->start, sizeof(hdr));
	hdr[4] = 1; /* EI_CLASS: ELFCLASS32 */
	KTEST_EXPECT(elf_check_header(hdr, sizeof(hdr)) < 0, "a 32-bit ELF was accepted");
	KTEST_EXPECT(elf_check_header(init->start, 16) < 0, "a truncated header was accepted");
}

/*
 * Two segments sharing a page, as Linux merges them: text (read+execute) then
 * data (read+write) starting in the text's last page. That page holds both
 * segments' bytes and the later segment's protection, never both write and
 * execute; the data's own pages and the text's other page keep their own.
 */
#define MERGE_TEXT 0x100 /* file offset of the text: PAGE_SIZE + 0x800 bytes of it */
static void test_segments_sharing_a_page(void)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	static u8 elf[3 * 16384] __aligned(8);
	const unsigned long text_size = PAGE_SIZE + 0x800, data_off = MERGE_TEXT + text_size;
	const unsigned long data = USER_BASE + text_size;
	struct elf64_ehdr *eh = (struct elf64_ehdr *)elf;
	struct elf64_phdr *ph = (struct elf64_phdr *)(elf + sizeof(*eh));
	static const char *const argv[] = { "merge" };
	struct exec_args args = { .filename = "merge", .kargv = argv, .kargc = 1 };
	const struct vm_area_struct *vma;
	struct exec_image image;
	struct mm_struct *mm;
	u8 got[4] = { 0 };
	long err;

	memset(elf, 0, sizeof(elf));
	memcpy(eh->e_ident, "\177ELF", 4);
	eh->e_ident[EI_CLASS] = ELFCLASS64;
	eh->e_ident[EI_DATA] = ELF_ARCH_DATA;
	eh->e_ident[EI_VERSION] = EV_CURRENT;
	eh->e_type = ET_EXEC;
	eh->e_machine = ELF_ARCH_MACHINE;
	eh->e_version = EV_CURRENT;
	eh->e_entry = USER_BASE;
	eh->e_phoff = sizeof(*eh);
	eh->e_ehsize = sizeof(*eh);
	eh->e_phentsize = sizeof(*ph);
	eh->e_phnum = 2;
	ph[0] = (struct elf64_phdr){ .p_type = PT_LOAD,
				     .p_flags = PF_R | PF_X,
				     .p_offset = MERGE_TEXT,
				     .p_vaddr = USER_BASE,
				     .p_filesz = text_size,
				     .p_memsz = text_size };
	ph[1] = (struct elf64_phdr){ .p_type = PT_LOAD,
				     .p_flags = PF_R | PF_W,
				     .p_offset = data_off,
				     .p_vaddr = data,
				     .p_filesz = 0x10,
				     .p_memsz = 2 * PAGE_SIZE };
	memset(elf + MERGE_TEXT, 0x7e, text_size);
	memset(elf + data_off, 0xda, 0x10);

	mm = mm_create();
	KTEST_EXPECT(mm != NULL, "no address space");
	if (!mm)
		return;
	count_exec_args(&args);
	err = load_elf_image(mm, elf, data_off + 0x10, &args, &image);
	KTEST_EXPECT(err == 0, "load = %ld", err);
	if (err == 0) {
		vma = vma_lookup(mm, USER_BASE);
		KTEST_EXPECT(vma && vma->vm_prot == (PROT_READ | PROT_EXEC),
			     "the text's own page is not read+execute");
		vma = vma_lookup(mm, data - 1);
		KTEST_EXPECT(vma && vma->vm_prot == (PROT_READ | PROT_WRITE),
			     "the shared page has not the later segment's protection");
		vma = vma_lookup(mm, data + PAGE_SIZE);
		KTEST_EXPECT(vma && vma->vm_prot == (PROT_READ | PROT_WRITE),
			     "the data's own page is not read+write");
		mm_copy_from(mm, got, data - 2, sizeof(got));
		KTEST_EXPECT(got[0] == 0x7e && got[1] == 0x7e && got[2] == 0xda && got[3] == 0xda,
			     "the shared page lost a segment's bytes: %x %x %x %x", got[0], got[1],
			     got[2], got[3]);
		KTEST_EXPECT(mm->start_brk == ALIGN(data + 2 * PAGE_SIZE, PAGE_SIZE),
			     "brk starts at 0x%lx", mm->start_brk);
	}
	mm_destroy(mm);
}

const struct ktest ktests_exec[] = {
	{ "exec.elf_check_rejects_foreign", test_elf_check_rejects_foreign },
	{ "exec.segments_sharing_a_page", test_segments_sharing_a_page },
	{ NULL, NULL }
};

#endif /* CONFIG_KTEST */
