// SPDX-License-Identifier: MIT
/*
 * The ELF loader. User programs are static ELF64 executables built for this
 * architecture and linked into the kernel image; loading one means mapping
 * each PT_LOAD segment page by page with the permissions its flags ask for
 * (text read+execute, data read+write: never both write and execute) and
 * building the initial stack. Every field is checked: a malformed image is
 * -ENOEXEC, never a kernel fault.
 */
#include <trapdoor/compiler.h>
#include <asm/elf.h>
#include <trapdoor/exec.h>
#include <trapdoor/mm.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <uapi/errno.h>

/* ELF64 layout (System V ABI, "ELF-64 Object File Format" 1.5). */
struct elf64_ehdr {
	u8 e_ident[16];
	u16 e_type, e_machine;
	u32 e_version;
	u64 e_entry, e_phoff, e_shoff;
	u32 e_flags;
	u16 e_ehsize, e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx;
};

struct elf64_phdr {
	u32 p_type, p_flags;
	u64 p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_align;
};

#define ET_EXEC		2
#define PT_LOAD		1
#define PF_X		1
#define PF_W		2
#define PF_R		4
#define ELFCLASS64	2
#define EI_CLASS	4
#define EI_DATA		5

long elf_check_header(const void *image, size_t size)
{
	const struct elf64_ehdr *eh = image;

	if (size < sizeof(*eh) || memcmp(eh->e_ident, "\177ELF", 4) != 0)
		return -ENOEXEC;
	/* A program for another architecture, word size or byte order is not ours to run. */
	if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_ident[EI_DATA] != ELF_ARCH_DATA ||
	    eh->e_machine != ELF_ARCH_MACHINE || eh->e_type != ET_EXEC)
		return -ENOEXEC;
	if (eh->e_phentsize != sizeof(struct elf64_phdr) || eh->e_phoff > size ||
	    eh->e_phnum > (size - eh->e_phoff) / sizeof(struct elf64_phdr))
		return -ENOEXEC;
	return 0;
}

static const struct user_program *find_program(const char *name)
{
	for (unsigned int i = 0; i < nr_user_programs; i++)
		if (strcmp(user_programs[i].name, name) == 0)
			return &user_programs[i];
	return NULL;
}

static long load_segment(struct mm_struct *mm, const u8 *image, size_t size,
			 const struct elf64_phdr *ph)
{
	unsigned int prot = 0;
	unsigned long start, end, va;
	int err;

	if (ph->p_filesz > ph->p_memsz || ph->p_offset > size || ph->p_filesz > size - ph->p_offset)
		return -ENOEXEC;
	if (ph->p_vaddr < USER_BASE || ph->p_memsz > USER_STACK_TOP - ph->p_vaddr)
		return -ENOEXEC;
	if (ph->p_flags & PF_R)
		prot |= PROT_READ;
	if (ph->p_flags & PF_W)
		prot |= PROT_WRITE;
	if (ph->p_flags & PF_X)
		prot |= PROT_EXEC;
	if ((prot & PROT_WRITE) && (prot & PROT_EXEC))
		return -ENOEXEC;	/* W^X: user/user.lds never asks for it */

	start = ALIGN_DOWN((unsigned long)ph->p_vaddr, PAGE_SIZE);
	end = ALIGN((unsigned long)(ph->p_vaddr + ph->p_memsz), PAGE_SIZE);
	for (va = start; va < end; va += PAGE_SIZE) {
		err = mm_map_page(mm, va, prot);
		if (err < 0)
			return err == -EBUSY ? -ENOEXEC : err;	/* segments share a page */
	}
	mm_copy_to(mm, ph->p_vaddr, image + ph->p_offset, ph->p_filesz);
	if (end > mm->brk)
		mm->brk = end;
	return 0;
}

/* argc, argv[], NULL, envp NULL, auxv AT_NULL pair: Linux's initial stack. */
static long setup_stack(struct mm_struct *mm, const char *const *argv, int argc,
			unsigned long *sp_out)
{
	unsigned long sp = USER_STACK_TOP, uargv[MAX_ARGS];
	unsigned long words[MAX_ARGS + 5];
	int n = 0, err;

	stackleak_track_stack();	/* a big frame: see kernel/stackleak.c */

	if (argc < 0 || argc > MAX_ARGS)
		return -E2BIG;
	for (unsigned long va = USER_STACK_TOP - USER_STACK_PAGES * PAGE_SIZE; va < USER_STACK_TOP;
	     va += PAGE_SIZE) {
		err = mm_map_page(mm, va, PROT_READ | PROT_WRITE);
		if (err < 0)
			return err;
	}
	/* The strings go at the very top. */
	for (int i = argc - 1; i >= 0; i--) {
		size_t len = strnlen(argv[i], MAX_ARG_LEN - 1) + 1;

		sp -= len;
		mm_copy_to(mm, sp, argv[i], len - 1);
		mm_copy_to(mm, sp + len - 1, "", 1);
		uargv[i] = sp;
	}
	words[n++] = (unsigned long)argc;
	for (int i = 0; i < argc; i++)
		words[n++] = uargv[i];
	words[n++] = 0;		/* end of argv */
	words[n++] = 0;		/* envp: empty */
	words[n++] = 0;		/* auxv: AT_NULL ... */
	words[n++] = 0;		/* ... and its value */
	sp = ALIGN_DOWN(sp - n * sizeof(unsigned long), 16);
	mm_copy_to(mm, sp, words, n * sizeof(unsigned long));
	*sp_out = sp;
	return 0;
}

long load_program(struct mm_struct *mm, const char *name, const char *const *argv, int argc,
		  unsigned long *entry, unsigned long *sp)
{
	const struct user_program *prog = find_program(name);
	const struct elf64_ehdr *eh;
	size_t size;
	long err;

	if (!prog)
		return -ENOENT;
	eh = (const struct elf64_ehdr *)prog->start;
	size = (size_t)(prog->end - prog->start);
	err = elf_check_header(prog->start, size);
	if (err < 0)
		return err;

	for (unsigned int i = 0; i < eh->e_phnum; i++) {
		struct elf64_phdr ph;

		/* memcpy: the program header table need not be aligned in the image. */
		memcpy(&ph, prog->start + eh->e_phoff + i * sizeof(ph), sizeof(ph));
		if (ph.p_type != PT_LOAD)
			continue;
		err = load_segment(mm, prog->start, size, &ph);
		if (err < 0)
			return err;
	}
	if (!mm_find_page(mm, eh->e_entry))
		return -ENOEXEC;
	*entry = eh->e_entry;
	return setup_stack(mm, argv, argc, sp);
}
