// SPDX-License-Identifier: MIT
/*
 * The ELF loader. User programs are static ELF64 executables built for this
 * architecture and linked into the kernel image; loading one means mapping
 * each PT_LOAD segment page by page with the permissions its flags ask for
 * (text read+execute, data read+write: never both write and execute) and
 * building the initial stack. Every field is checked first, by elf_parse()
 * (kernel/elf.c): a malformed image is -ENOEXEC, never a kernel fault.
 */
#include <trapdoor/compiler.h>
#include <asm/elf.h>
#include <trapdoor/elf.h>
#include <trapdoor/exec.h>
#include <trapdoor/mm.h>
#include <trapdoor/string.h>
#include <trapdoor/stackleak.h>
#include <uapi/errno.h>

/* This architecture's executables, and where their segments may go: below the stack. */
static const struct elf_target this_arch = {
	.machine = ELF_ARCH_MACHINE,
	.data = ELF_ARCH_DATA,
	.page_size = PAGE_SIZE,
	.user_base = USER_BASE,
	.user_top = USER_STACK_TOP - STACK_SIZE - STACK_GUARD_GAP,
};

long elf_check_header(const void *image, size_t size)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct elf_info info;

	return elf_parse(image, size, &this_arch, &info);
}

static const struct user_program *find_program(const char *name)
{
	for (unsigned int i = 0; i < nr_user_programs; i++)
		if (strcmp(user_programs[i].name, name) == 0)
			return &user_programs[i];
	return NULL;
}

/* Maps one checked segment (kernel/elf.c) as an area and copies its file part in. */
static long load_segment(struct mm_struct *mm, const u8 *image, const struct elf_segment *seg)
{
	unsigned int prot = 0;
	int err;

	if (seg->flags & PF_R)
		prot |= PROT_READ;
	if (seg->flags & PF_W)
		prot |= PROT_WRITE;
	if (seg->flags & PF_X)
		prot |= PROT_EXEC;
	err = mm_map_area(mm, seg->start, seg->end - seg->start, prot, 0);
	if (err < 0)
		return err;
	/*
	 * The whole image is present from the start, bss included: a program's
	 * own footprint then changes only with its stack, brk and mmap (the tests
	 * that count free pages from inside a program rely on it).
	 */
	err = mm_populate(mm, seg->start, seg->end - seg->start);
	if (!err)
		err = mm_copy_to(mm, seg->vaddr, image + seg->offset, seg->filesz);
	if (err < 0)
		return err;
	if (seg->end > mm->start_brk)
		mm_set_brk(mm, seg->end);
	return 0;
}

/*
 * argc, argv[], NULL, envp NULL, auxv AT_NULL pair: Linux's initial stack.
 * Not inlined: its arrays and load_program()'s struct elf_info each make a
 * frame of a few hundred bytes; together they would come near the stackleak
 * search depth that every frame must stay under (tools/check-frames).
 */
static __noinline long setup_stack(struct mm_struct *mm, const char *const *argv, int argc,
				   unsigned long *sp_out)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	unsigned long sp = USER_STACK_TOP, uargv[MAX_ARGS];
	unsigned long words[MAX_ARGS + 5];
	int n = 0, err;

	if (argc < 0 || argc > MAX_ARGS)
		return -E2BIG;
	/* The stack's top USER_STACK_POPULATE is present at once; the rest comes on first touch. */
	err = mm_setup_stack(mm);
	if (!err)
		err = mm_populate(mm, USER_STACK_TOP - USER_STACK_POPULATE, USER_STACK_POPULATE);
	if (err < 0)
		return err;
	/* The strings go at the very top. */
	for (int i = argc - 1; i >= 0; i--) {
		size_t len = strnlen(argv[i], MAX_ARG_LEN - 1) + 1;

		sp -= len;
		if ((err = mm_copy_to(mm, sp, argv[i], len - 1)) < 0 ||
		    (err = mm_copy_to(mm, sp + len - 1, "", 1)) < 0)
			return err;
		uargv[i] = sp;
	}
	words[n++] = (unsigned long)argc;
	for (int i = 0; i < argc; i++)
		words[n++] = uargv[i];
	words[n++] = 0; /* end of argv */
	words[n++] = 0; /* envp: empty */
	words[n++] = 0; /* auxv: AT_NULL ... */
	words[n++] = 0; /* ... and its value */
	sp = ALIGN_DOWN(sp - n * sizeof(unsigned long), 16);
	err = mm_copy_to(mm, sp, words, n * sizeof(unsigned long));
	*sp_out = sp;
	return err;
}

long load_program(struct mm_struct *mm, const char *name, const char *const *argv, int argc,
		  unsigned long *entry, unsigned long *sp)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	const struct user_program *prog = find_program(name);
	struct elf_info info;
	long err;

	if (!prog)
		return -ENOENT;
	err = elf_parse(prog->start, (size_t)(prog->end - prog->start), &this_arch, &info);
	if (err < 0)
		return err;
	for (unsigned int i = 0; i < info.nr_segments; i++) {
		err = load_segment(mm, prog->start, &info.seg[i]);
		if (err < 0)
			return err;
	}
	*entry = info.entry;
	return setup_stack(mm, argv, argc, sp);
}
