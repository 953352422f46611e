/* SPDX-License-Identifier: MIT */
/*
 * Checking an ELF64 executable before anything of it is mapped (kernel/elf.c).
 * Pure: no task, no address space, no architecture header -- what the image
 * must match comes in a struct elf_target -- so the host tests and the fuzz
 * target (tests/host/test_elf.c, tests/fuzz/fuzz_elf.c) run the very code the
 * loader (kernel/exec.c) runs.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_ELF_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_ELF_H

#include <trapdoor/types.h>

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

#define EI_CLASS    4
#define EI_DATA	    5
#define EI_VERSION  6
#define ELFCLASS64  2
#define ELFDATA2LSB 1
#define ELFDATA2MSB 2
#define EV_CURRENT  1
#define ET_EXEC	    2
#define PT_LOAD	    1
#define PF_X	    1
#define PF_W	    2
#define PF_R	    4

/*
 * Sane bounds: our programs have 2-4 program headers, 2-3 of them PT_LOAD.
 * A header table longer than ELF_MAX_PHNUM is refused outright, before any
 * loop runs over it.
 */
#define ELF_MAX_PHNUM	 32
#define ELF_MAX_SEGMENTS 8

/* What an image must be to run here, and where its segments may go. */
struct elf_target {
	u16 machine; /* e_machine: asm/elf.h's ELF_ARCH_MACHINE */
	u8 data;     /* e_ident[EI_DATA]: ELF_ARCH_DATA */
	unsigned long page_size;
	/* Segments must lie in [user_base, user_top): user_top is the stack's bottom. */
	unsigned long user_base, user_top;
};

/*
 * One PT_LOAD segment, checked: its pages are [start, end). Its bytes
 * [vaddr, vaddr + memsz) are disjoint from every other segment's; its first
 * and last page may be another segment's too (the loader merges them).
 */
struct elf_segment {
	unsigned long vaddr, memsz;   /* vaddr + memsz <= end <= user_top, no wrap */
	unsigned long offset, filesz; /* offset + filesz <= image size, filesz <= memsz */
	unsigned long start, end;     /* page-aligned */
	unsigned int flags;	      /* p_flags' PF_R|PF_W|PF_X, never both PF_W and PF_X */
};

struct elf_info {
	unsigned long entry; /* inside the file part of a segment */
	unsigned long phdr;  /* the program headers' address once loaded (AT_PHDR), or 0 */
	unsigned int phnum;  /* e_phnum (AT_PHNUM) */
	u32 flags;	     /* e_flags, for arch_elf_entry() */
	unsigned int nr_segments;
	struct elf_segment seg[ELF_MAX_SEGMENTS];
};

/*
 * Checks every field the loader uses, with arithmetic that cannot overflow,
 * and fills *info. 0, or -ENOEXEC for anything malformed or foreign.
 */
long elf_parse(const void *image, size_t size, const struct elf_target *t, struct elf_info *info);
/*
 * elf_parse() of a file of size bytes of which only the first head are in
 * image: the ELF header and the program header table must lie in those, the
 * segments' file parts in the whole file.
 */
long elf_parse_head(const void *image, size_t head, size_t size, const struct elf_target *t,
		    struct elf_info *info);

#endif
