/* SPDX-License-Identifier: MIT */
/* Loading a program from a file, by path (kernel/exec.c). */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_EXEC_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_EXEC_H

#include <trapdoor/compiler.h> /* __user */
#include <trapdoor/types.h>

struct file;
struct mm_struct;

#define MAX_ARGS	    16	 /* the kernel's own spawns (init's argv) */
#define MAX_ARG_LEN	    4096 /* a program's path, with its NUL: Linux's PATH_MAX */
/* The top of the stack a new program finds present (the rest is demand-zero). */
#define USER_STACK_POPULATE (64 * 1024)

/*
 * Linux's limits on the strings of an execve (fs/exec.c): one string, with
 * its NUL, at most MAX_ARG_STRLEN bytes; the program's name, every argv and
 * envp string and one pointer for each at most ARG_STACK_LIMIT bytes, a
 * quarter of Linux's default 8 MiB stack limit. Beyond either: E2BIG.
 */
#define MAX_ARG_STRLEN	(32 * PAGE_SIZE)
#define ARG_STACK_LIMIT (2UL << 20)

/*
 * Linux's binfmt_script: the "#!" line is read from the first BINPRM_BUF_SIZE
 * bytes, and a script may name a script as its interpreter, up to
 * EXEC_MAX_DEPTH files in all before the ELF; one more is -ELOOP.
 */
#define BINPRM_BUF_SIZE 256
#define EXEC_MAX_DEPTH	6
/* The strings the interpreters put in front of argv: each its path and one argument, and the script's path. */
#define EXEC_MAX_PREFIX (2 * EXEC_MAX_DEPTH + 1)

/*
 * The strings of an execve or spawn: argv and envp as user-space arrays
 * (NULL: empty), or, for the kernel's own spawns, kernel strings in kargv.
 * prepare_exec() finds the program and, for a script, puts the interpreter's
 * strings in front of argv; count_exec_args() fills argc, envc and the bytes
 * the strings take.
 */
struct exec_args {
	const char *filename; /* the path as given: AT_EXECFN's string */
	const char __user *const __user *argv;
	const char __user *const __user *envp;
	const char *const *kargv; /* instead of argv and envp when non-NULL ... */
	unsigned int kargc;	  /* ... with this many strings */
	unsigned int argc, envc;
	unsigned long size; /* strings with their NULs, filename included */
	/* prepare_exec()'s: argv is prefix[], then argv from index skip on. */
	const char *prefix[EXEC_MAX_PREFIX];
	unsigned int nprefix, skip;
	struct file *file; /* the ELF file to load (a reference) ... */
	u8 *head;	   /* ... and a page holding its first head_len bytes */
	size_t head_len;
};

/*
 * Opens args->filename (a path, symlinks followed) and, while it is a "#!"
 * script, its interpreter, as Linux's execve: 0, or -ENOENT (no such file,
 * or no such interpreter), -EACCES (not a regular file, or no execute bit),
 * -ENOEXEC (a "#!" line without an interpreter), -ELOOP (interpreters nested
 * too deep, or too many symlinks), -ENOTDIR, -ENAMETOOLONG, -EFAULT, -ENOMEM.
 * No task or address space is made: a spawn asks before it makes one.
 * Whatever it returns, finish_exec() releases what it took.
 */
long prepare_exec(struct exec_args *args);
void finish_exec(struct exec_args *args);

/* What a loaded image starts with: pc, sp, and e_flags for arch_elf_entry(). */
struct exec_image {
	unsigned long entry, sp;
	u32 e_flags;
};

/*
 * Counts args' strings and checks Linux's limits: 0, -E2BIG beyond them,
 * -EFAULT if an array or a string cannot be read.
 */
long count_exec_args(struct exec_args *args);

/*
 * 0 if image is a static ELF64 executable for this architecture (machine,
 * byte order, word size) that passes every check of elf_parse()
 * (kernel/elf.c) against this architecture's user range; else -ENOEXEC.
 */
long elf_check_header(const void *image, size_t size);

/*
 * Maps the program prepare_exec() opened and a stack (mm_setup_stack()) into mm and builds Linux's initial
 * stack from args (counted by count_exec_args()): argc, argv[], NULL,
 * envp[], NULL, the auxiliary vector; the strings at the top. -ENOEXEC if its image is malformed, -ENOMEM if memory ran
 * out, -E2BIG or -EFAULT if the strings changed since they were counted.
 */
long load_program(struct mm_struct *mm, struct exec_args *args, struct exec_image *image);
/* load_program() of an image in kernel memory (the in-kernel tests build their own). */
long load_elf_image(struct mm_struct *mm, const u8 *elf, size_t size, struct exec_args *args,
		    struct exec_image *image);

#endif
