// SPDX-License-Identifier: MIT
/*
 * The ELF loader. User programs are static ELF64 executables built for this
 * architecture, files opened by path (the initramfs's, kernel/initramfs.c,
 * or any other), or "#!" scripts whose interpreter is opened the same way,
 * as Linux's binfmt_script runs them. Loading an ELF means mapping
 * each PT_LOAD segment page by page with the permissions its flags ask for
 * (text read+execute, data read+write: never both write and execute) and
 * building Linux's initial stack: the argv and envp strings, the auxiliary
 * vector, argc. Every field is checked first, by elf_parse() (kernel/elf.c):
 * a malformed image is -ENOEXEC, never a kernel fault.
 */
#include <trapdoor/signal.h>
#include <trapdoor/arch.h>
#include <trapdoor/compiler.h>
#include <asm/elf.h>
#include <trapdoor/elf.h>
#include <trapdoor/exec.h>
#include <trapdoor/fs.h>
#include <trapdoor/mm.h>
#include <trapdoor/random.h>
#include <trapdoor/string.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/uaccess.h>
#include <uapi/auxvec.h>
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

static bool spacetab(char c)
{
	return c == ' ' || c == '\t';
}

/* Used under the kernel lock, and the kernel is never preempted: one set serves every call. */
static char script_line[EXEC_MAX_DEPTH][BINPRM_BUF_SIZE];

/*
 * The "#!" line of a script (its first BINPRM_BUF_SIZE bytes, zero-filled, in
 * buf), as Linux's load_script(): the interpreter's path, then at most one
 * argument, everything after the path's end up to the line's, trailing
 * spaces and tabs trimmed. -ENOEXEC if there is no interpreter, or if the
 * line is longer than the buffer and the path does not end within it.
 */
static long parse_script_line(char *buf, const char **interp, const char **arg)
{
	char *end = buf + BINPRM_BUF_SIZE - 1, *i_end, *name, *sep;

	*arg = NULL;
	for (i_end = buf; i_end <= end && *i_end != '\n'; i_end++)
		;
	if (i_end > end) {
		for (i_end = buf + 2; i_end <= end && spacetab(*i_end); i_end++)
			;
		if (i_end > end)
			return -ENOEXEC; /* spaces and tabs only */
		for (sep = i_end; sep <= end && !spacetab(*sep) && *sep; sep++)
			;
		if (sep > end)
			return -ENOEXEC; /* the interpreter's path is cut */
		i_end = end;
	}
	while (i_end > buf + 2 && spacetab(i_end[-1]))
		i_end--;
	for (name = buf + 2; name < i_end && spacetab(*name); name++)
		;
	if (name == i_end)
		return -ENOEXEC;
	for (sep = name; sep < i_end && !spacetab(*sep) && *sep; sep++)
		;
	if (sep < i_end && *sep) {
		char *a = sep;

		while (a < i_end && spacetab(*a))
			a++;
		if (a < i_end)
			*arg = a;
	}
	*i_end = '\0';
	*sep = '\0';
	*interp = name;
	return 0;
}

/* Whether argv has a first string, which a script's interpreter replaces. */
static long has_argv0(const struct exec_args *args)
{
	const char __user *p;

	if (args->kargv)
		return args->kargc > 0;
	if (!args->argv)
		return 0;
	if (copy_from_user(&p, args->argv, sizeof(p)) < 0)
		return -EFAULT;
	return p != NULL;
}

/*
 * Opens path for execve: a regular file with an execute bit (else -EACCES, as
 * Linux's may_open() for a directory or a device), with its first bytes, up
 * to a page, in args->head. Opened without waiting and without taking a
 * terminal: a FIFO or a tty must be refused, not waited on or acquired.
 */
static long open_exec(struct exec_args *args, const char *path)
{
	struct file *f = filp_open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY, 0);
	loff_t pos = 0;
	ssize_t n;

	if (IS_ERR(f))
		return PTR_ERR(f);
	if (!S_ISREG(f->f_inode->i_mode) || !(f->f_inode->i_mode & 0111)) {
		fput(f);
		return -EACCES;
	}
	n = kernel_read(f, args->head, PAGE_SIZE, &pos);
	if (n < 0) {
		fput(f);
		return n;
	}
	args->file = f;
	args->head_len = (size_t)n;
	return 0;
}

void finish_exec(struct exec_args *args)
{
	if (args->file)
		fput(args->file);
	if (args->head)
		free_page(args->head);
	args->file = NULL;
	args->head = NULL;
}

long prepare_exec(struct exec_args *args)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	const char *path = args->filename;

	args->nprefix = 0;
	args->skip = 0;
	args->file = NULL;
	args->head = alloc_page();
	if (!args->head)
		return -ENOMEM;
	for (unsigned int depth = 0;; depth++) {
		const char *interp, *arg;
		char *line;
		long err;

		if (depth == EXEC_MAX_DEPTH)
			return -ELOOP;
		err = open_exec(args, path);
		if (err < 0)
			return err;
		if (args->head_len < 2 || args->head[0] != '#' || args->head[1] != '!')
			return 0;
		fput(args->file);
		args->file = NULL;
		line = script_line[depth];
		memset(line, 0, BINPRM_BUF_SIZE);
		memcpy(line, args->head,
		       args->head_len < BINPRM_BUF_SIZE ? args->head_len : BINPRM_BUF_SIZE);
		err = parse_script_line(line, &interp, &arg);
		if (err < 0)
			return err;
		/* argv[0] goes; the script's path, the argument and the interpreter come in front. */
		if (depth == 0) {
			err = has_argv0(args);
			if (err < 0)
				return err;
			args->skip = (unsigned int)err;
			args->prefix[0] = path;
			args->nprefix = 1;
		}
		/* Deeper, the argv[0] that goes is the previous interpreter's path, which comes back. */
		memmove(&args->prefix[arg ? 2 : 1], &args->prefix[0],
			args->nprefix * sizeof(args->prefix[0]));
		args->prefix[0] = interp;
		if (arg)
			args->prefix[1] = arg;
		args->nprefix += arg ? 2 : 1;
		path = interp;
	}
}

/*
 * Where a string is read from: the caller's user memory, the kernel's own
 * memory (kargv), or the new image's stack (mm) once the strings are there.
 */
struct arg_source {
	struct mm_struct *mm;
	bool kernel;
};

static long arg_read(const struct arg_source *src, void *dst, unsigned long addr, size_t n)
{
	if (src->mm)
		return mm_copy_from(src->mm, dst, addr, n);
	if (src->kernel)
		memcpy(dst, (const void *)addr, n);
	else
		return copy_from_user(dst, (const void __user *)addr, n);
	return 0;
}

#define ARG_CHUNK 64

/*
 * The length with its NUL of the string at addr, read in pieces that never
 * cross a page (a string may end just before an unmapped one): -E2BIG if
 * no NUL comes within max bytes, -EFAULT if a piece cannot be read.
 */
static long arg_strlen(const struct arg_source *src, unsigned long addr, size_t max)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	char buf[ARG_CHUNK];
	size_t len = 0;

	while (len < max) {
		unsigned long at = addr + len;
		size_t n = PAGE_SIZE - (at & (PAGE_SIZE - 1)), k;

		if (at < addr)
			return -EFAULT; /* wrapped around the top */
		if (n > sizeof(buf))
			n = sizeof(buf);
		if (n > max - len)
			n = max - len;
		if (arg_read(src, buf, at, n) < 0)
			return -EFAULT;
		k = strnlen(buf, n);
		if (k < n)
			return (long)(len + k + 1);
		len += n;
	}
	return -E2BIG;
}

/*
 * String i of argv (env false) or envp: its address in *addr, 0 past the end;
 * *src where to read it from (a script's interpreter strings are the kernel's).
 */
static long arg_pointer(const struct exec_args *args, bool env, unsigned int i, unsigned long *addr,
			struct arg_source *src)
{
	const char __user *const __user *array = env ? args->envp : args->argv;
	const char __user *p;

	*src = (struct arg_source){ .kernel = args->kargv != NULL };
	if (!env) {
		if (i < args->nprefix) {
			*addr = (unsigned long)args->prefix[i];
			src->kernel = true;
			return 0;
		}
		i = i - args->nprefix + args->skip;
	}
	if (args->kargv) {
		*addr = env || i >= args->kargc ? 0 : (unsigned long)args->kargv[i];
		return 0;
	}
	if (!array) {
		*addr = 0;
		return 0;
	}
	if (copy_from_user(&p, array + i, sizeof(p)) < 0)
		return -EFAULT;
	*addr = user_addr(p);
	return 0;
}

/*
 * Counts one array and adds its strings to *size; *count is its length. The
 * pointers alone may not reach the limit, so the walk ends even for an array
 * with no NULL (Linux's prepare_arg_pages() gives E2BIG for the same).
 */
static long count_strings(struct exec_args *args, bool env, unsigned int *count)
{
	struct arg_source src;
	unsigned long addr;
	long len;

	for (*count = 0;; (*count)++) {
		if ((args->argc + *count + 1) * sizeof(void *) >= ARG_STACK_LIMIT)
			return -E2BIG;
		if (arg_pointer(args, env, *count, &addr, &src) < 0)
			return -EFAULT;
		if (!addr)
			return 0;
		len = arg_strlen(&src, addr, MAX_ARG_STRLEN);
		if (len < 0)
			return len;
		args->size += (unsigned long)len;
		if (args->size > ARG_STACK_LIMIT)
			return -E2BIG;
	}
}

long count_exec_args(struct exec_args *args)
{
	unsigned long pointers;
	long err;

	args->argc = args->envc = 0;
	args->size = strnlen(args->filename, MAX_ARG_LEN - 1) + 1;
	err = count_strings(args, false, &args->argc);
	if (err < 0)
		return err;
	err = count_strings(args, true, &args->envc);
	if (err < 0)
		return err;
	/* Linux's limit: a pointer for each string (argv[0] even if argc is 0) and the strings. */
	pointers = ((args->argc ? args->argc : 1) + args->envc) * sizeof(void *);
	if (pointers >= ARG_STACK_LIMIT || args->size > ARG_STACK_LIMIT - pointers)
		return -E2BIG;
	return 0;
}

static unsigned int segment_prot(const struct elf_segment *seg)
{
	return ((seg->flags & PF_R) ? PROT_READ : 0) | ((seg->flags & PF_W) ? PROT_WRITE : 0) |
	       ((seg->flags & PF_X) ? PROT_EXEC : 0);
}

/* The protection page va ends with: that of the last segment from i on that covers it. */
static unsigned int page_prot(const struct elf_info *info, unsigned int i, unsigned long va)
{
	unsigned int prot = segment_prot(&info->seg[i]);

	for (unsigned int j = i + 1; j < info->nr_segments; j++)
		if (va >= info->seg[j].start && va < info->seg[j].end)
			prot = segment_prot(&info->seg[j]);
	return prot;
}

/*
 * Maps segment i of a checked image (kernel/elf.c) as areas and copies its
 * file part in. A page two segments share holds both's bytes and the
 * protection of the later one, as a later MAP_FIXED mapping wins in Linux:
 * never the union, so no page is writable and executable (each segment is
 * W^X, elf_parse()). The page gets its area, with that final protection,
 * from whichever segment comes to it first; runs of pages with one
 * protection make one area.
 */
/*
 * Where a segment's bytes come from: an image in kernel memory, or a file
 * read a page at a time through buf.
 */
struct elf_source {
	const u8 *image;
	struct file *file;
	u8 *buf;
};

static long copy_file_part(struct mm_struct *mm, const struct elf_source *src,
			   const struct elf_segment *seg)
{
	loff_t pos = (loff_t)seg->offset;

	if (!src->file)
		return mm_copy_to(mm, seg->vaddr, src->image + seg->offset, seg->filesz);
	for (unsigned long done = 0; done < seg->filesz;) {
		size_t n = seg->filesz - done > PAGE_SIZE ? PAGE_SIZE : seg->filesz - done;
		ssize_t got = kernel_read(src->file, src->buf, n, &pos);

		if (got <= 0)
			return got < 0 ? got : -ENOEXEC; /* the file shrank since it was checked */
		if (mm_copy_to(mm, seg->vaddr + done, src->buf, (size_t)got) < 0)
			return -ENOMEM;
		done += (unsigned long)got;
	}
	return 0;
}

static long load_segment(struct mm_struct *mm, const struct elf_source *src,
			 const struct elf_info *info, unsigned int i)
{
	const struct elf_segment *seg = &info->seg[i];
	unsigned long va = seg->start;
	long err;

	while (va < seg->end) {
		unsigned long end = va + PAGE_SIZE;
		unsigned int prot = page_prot(info, i, va);

		if (vma_lookup(mm, va)) {
			va = end; /* an earlier segment's page */
			continue;
		}
		while (end < seg->end && !vma_lookup(mm, end) && page_prot(info, i, end) == prot)
			end += PAGE_SIZE;
		err = mm_map_area(mm, va, end - va, prot, 0);
		if (err < 0)
			return err;
		va = end;
	}
	/*
	 * The whole image is present from the start, bss included: a program's
	 * own footprint then changes only with its stack, brk and mmap (the tests
	 * that count free pages from inside a program rely on it).
	 */
	err = mm_populate(mm, seg->start, seg->end - seg->start);
	if (!err)
		err = copy_file_part(mm, src, seg);
	if (err < 0)
		return err;
	/* brk starts at the end of the bss, page-aligned, as Linux's. */
	if (seg->end > mm->start_brk)
		mm_set_brk(mm, seg->end);
	return 0;
}

/*
 * Copies count strings of one array into the new stack, the last first,
 * each below the one before, from *p down. Their lengths are measured again:
 * what was counted may have changed since, and the limit still holds.
 */
static long copy_strings(struct mm_struct *mm, struct exec_args *args, bool env, unsigned int count,
			 unsigned long *p, unsigned long floor)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct arg_source src;
	char buf[ARG_CHUNK];

	for (unsigned int i = count; i-- > 0;) {
		unsigned long addr;
		long len;

		if (arg_pointer(args, env, i, &addr, &src) < 0 || !addr)
			return -EFAULT;
		len = arg_strlen(&src, addr, MAX_ARG_STRLEN);
		if (len < 0)
			return len;
		if ((unsigned long)len > *p - floor)
			return -E2BIG;
		*p -= (unsigned long)len;
		for (long done = 0; done < len;) {
			long n = len - done > ARG_CHUNK ? ARG_CHUNK : len - done;

			if (arg_read(&src, buf, addr + (unsigned long)done, (size_t)n) < 0)
				return -EFAULT;
			if (mm_copy_to(mm, *p + (unsigned long)done, buf, (size_t)n) < 0)
				return -ENOMEM;
			done += n;
		}
		/* A NUL, whatever came. */
		if (mm_copy_to(mm, *p + (unsigned long)len - 1, "", 1) < 0)
			return -ENOMEM;
	}
	return 0;
}

/* Words for the new stack, written in batches; err keeps the first failure. */
struct stack_writer {
	struct mm_struct *mm;
	unsigned long at;
	unsigned int n;
	int err;
	unsigned long words[16];
};

static void flush_words(struct stack_writer *w)
{
	if (!w->err)
		w->err = mm_copy_to(w->mm, w->at, w->words, w->n * sizeof(unsigned long));
	w->at += w->n * sizeof(unsigned long);
	w->n = 0;
}

static void push_word(struct stack_writer *w, unsigned long word)
{
	w->words[w->n++] = word;
	if (w->n == ARRAY_SIZE(w->words))
		flush_words(w);
}

/* One pointer per string, walking up the new stack from *p. */
static void push_pointers(struct stack_writer *w, unsigned int count, unsigned long *p)
{
	const struct arg_source src = { .mm = w->mm };

	for (unsigned int i = 0; i < count; i++) {
		long len = arg_strlen(&src, *p, MAX_ARG_STRLEN);

		push_word(w, *p);
		if (len < 0) {
			w->err = w->err ? w->err : (int)len;
			len = 1;
		}
		*p += (unsigned long)len;
	}
	push_word(w, 0);
}

/* AT_CLKTCK: the unit of times() and /proc's clock ticks, Linux's USER_HZ. */
#define USER_HZ 100

/* The auxiliary vector's pairs below, AT_NULL's included, AT_PLATFORM's not. */
#define AUXV_PAIRS 18

/*
 * Linux's initial stack (fs/binfmt_elf.c), from the top down: a NULL word,
 * the program's name (AT_EXECFN), the envp strings, the argv strings; then,
 * 16-byte aligned, the platform string and AT_RANDOM's 16 bytes; then sp,
 * 16-byte aligned: argc, argv[], NULL, envp[], NULL, the auxv pairs ending
 * with AT_NULL. The stack area (mm_setup_stack()) has its top
 * USER_STACK_POPULATE present; the copies make whatever else they touch
 * present, and the rest comes on first touch.
 * Not inlined: its buffers and load_program()'s struct elf_info each make a
 * frame of a few hundred bytes; together they would come near the stackleak
 * search depth that every frame must stay under (tools/check-frames).
 */
static __noinline long setup_stack(struct mm_struct *mm, struct exec_args *args,
				   const struct elf_info *info, unsigned long *sp_out)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	const char *platform = arch_elf_platform();
	unsigned long top = USER_STACK_TOP - sizeof(void *), p = top, floor, execfn;
	unsigned long strings, u_platform = 0, u_random, items, sp;
	struct stack_writer w = { .mm = mm };
	size_t len = strnlen(args->filename, MAX_ARG_LEN - 1) + 1;
	u8 random[16];
	long err;

	/* The strings may take what count_exec_args() allowed, less their pointers. */
	floor =
	    top - (ARG_STACK_LIMIT - ((args->argc ? args->argc : 1) + args->envc) * sizeof(void *));
	err = mm_setup_stack(mm);
	if (!err)
		err = mm_populate(mm, USER_STACK_TOP - USER_STACK_POPULATE, USER_STACK_POPULATE);
	if (!err)
		err = setup_sigpage(mm); /* the handlers' return trampoline (kernel/signal.c) */
	if (err < 0)
		return err;
	p -= len;
	if (mm_copy_to(mm, p, args->filename, len - 1) < 0 ||
	    mm_copy_to(mm, p + len - 1, "", 1) < 0)
		return -ENOMEM;
	execfn = p;
	err = copy_strings(mm, args, true, args->envc, &p, floor);
	if (err < 0)
		return err;
	err = copy_strings(mm, args, false, args->argc, &p, floor);
	if (err < 0)
		return err;
	strings = p;

	p = ALIGN_DOWN(p, 16);
	if (platform) {
		len = strlen(platform) + 1;
		p -= len;
		if (mm_copy_to(mm, p, platform, len) < 0)
			return -ENOMEM;
		u_platform = p;
	}
	get_random_bytes(random, sizeof(random));
	p -= sizeof(random);
	if (mm_copy_to(mm, p, random, sizeof(random)) < 0)
		return -ENOMEM;
	u_random = p;

	items = (args->argc + 1) + (args->envc + 1) + 1 + 2 * (AUXV_PAIRS + (platform ? 1 : 0));
	sp = ALIGN_DOWN(p - items * sizeof(unsigned long), 16);
	w.at = sp;
	push_word(&w, args->argc);
	push_pointers(&w, args->argc, &strings);
	/* envp's strings lie above argv's, in order: the walk goes on from there. */
	push_pointers(&w, args->envc, &strings);
	push_word(&w, AT_HWCAP), push_word(&w, arch_elf_hwcap());
	push_word(&w, AT_PAGESZ), push_word(&w, PAGE_SIZE);
	push_word(&w, AT_CLKTCK), push_word(&w, USER_HZ);
	push_word(&w, AT_PHDR), push_word(&w, info->phdr);
	push_word(&w, AT_PHENT), push_word(&w, sizeof(struct elf64_phdr));
	push_word(&w, AT_PHNUM), push_word(&w, info->phnum);
	push_word(&w, AT_BASE), push_word(&w, 0);
	push_word(&w, AT_FLAGS), push_word(&w, 0);
	push_word(&w, AT_ENTRY), push_word(&w, info->entry);
	push_word(&w, AT_UID), push_word(&w, 0);
	push_word(&w, AT_EUID), push_word(&w, 0);
	push_word(&w, AT_GID), push_word(&w, 0);
	push_word(&w, AT_EGID), push_word(&w, 0);
	push_word(&w, AT_SECURE), push_word(&w, 0);
	push_word(&w, AT_RANDOM), push_word(&w, u_random);
	push_word(&w, AT_HWCAP2), push_word(&w, arch_elf_hwcap2());
	push_word(&w, AT_EXECFN), push_word(&w, execfn);
	if (u_platform)
		push_word(&w, AT_PLATFORM), push_word(&w, u_platform);
	push_word(&w, AT_NULL), push_word(&w, 0);
	flush_words(&w);
	*sp_out = sp;
	return w.err;
}

static long load_elf(struct mm_struct *mm, const u8 *head, size_t head_len, size_t size,
		     const struct elf_source *src, struct exec_args *args, struct exec_image *image)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	struct elf_info info;
	long err;

	err = elf_parse_head(head, head_len, size, &this_arch, &info);
	if (err < 0)
		return err;
	for (unsigned int i = 0; i < info.nr_segments; i++) {
		err = load_segment(mm, src, &info, i);
		if (err < 0)
			return err;
	}
	image->entry = info.entry;
	image->e_flags = info.flags;
	return setup_stack(mm, args, &info, &image->sp);
}

long load_elf_image(struct mm_struct *mm, const u8 *elf, size_t size, struct exec_args *args,
		    struct exec_image *image)
{
	const struct elf_source src = { .image = elf };

	return load_elf(mm, elf, size, size, &src, args, image);
}

long load_program(struct mm_struct *mm, struct exec_args *args, struct exec_image *image)
{
	const struct elf_source src = { .file = args->file, .buf = args->head };
	loff_t size = args->file->f_inode->i_size;

	if (size < 0 || (unsigned long long)size > (size_t)-1)
		return -ENOEXEC;
	/* The headers are checked in the first page; then that page holds each piece read. */
	return load_elf(mm, args->head, args->head_len, (size_t)size, &src, args, image);
}
