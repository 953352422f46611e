// SPDX-License-Identifier: MIT
/* In-kernel tests, group exec: the ELF loader's checks, its entry, and the user range. */
#include <asm/elf.h>
#include <trapdoor/arch.h>
#include <trapdoor/elf.h>
#include <trapdoor/cpio.h>
#include <trapdoor/exec.h>
#include <trapdoor/fs.h>
#include <trapdoor/initramfs.h>
#include <trapdoor/mm.h>
#include <trapdoor/sections.h>
#include <trapdoor/stackleak.h>
#include <trapdoor/string.h>
#include <asm/elf.h> /* ELF_FUNC_DESC_E_FLAGS */
#include <uapi/errno.h>

#include "selftest.h"

#ifdef CONFIG_KTEST

/* /bin/init in the initramfs: the program every test image has. */
struct init_image {
	const u8 *start, *end;
};

static const struct init_image *find_init(void)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	static struct init_image init;
	struct cpio_reader r;
	struct cpio_entry e;

	cpio_init(&r, __initramfs_start, (size_t)(__initramfs_end - __initramfs_start));
	while (cpio_next(&r, &e) == CPIO_ENTRY) {
		if (!strcmp(e.name, "bin/init")) {
			init.start = e.data;
			init.end = e.data + e.size;
			return &init;
		}
	}
	return NULL;
}

/* The loader takes only ELF64 executables for this architecture. */
static void test_elf_check_rejects_foreign(void)
{
	static u8 hdr[64] __aligned(8);
	const struct init_image *init = find_init();

	KTEST_EXPECT(init != NULL, "no /bin/init in the initramfs");
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

/* The ABI the user programs are built for is this arch's: its entry is e_entry itself. */
static __stackleak_frame_exempt void test_elf_entry_own_abi(void)
{
	const struct init_image *init = find_init();
	struct mm_struct *mm = mm_create();
	struct elf64_ehdr hdr;
	struct pt_regs regs;
	int err;

	KTEST_EXPECT(init != NULL && mm != NULL, "no /bin/init in the initramfs, or no mm");
	if (!init || !mm)
		return;
	memcpy(&hdr, init->start, sizeof(hdr));
	arch_init_user_regs(&regs, hdr.e_entry, USER_STACK_TOP);
	err = arch_elf_entry(mm, &regs, hdr.e_flags);
	mm_destroy(mm);
	KTEST_EXPECT(err == 0, "init's e_flags 0x%x refused: %d", hdr.e_flags, err);
	KTEST_EXPECT(instruction_pointer(&regs) == hdr.e_entry, "pc moved to 0x%lx",
		     instruction_pointer(&regs));
}

/* One page at va with prot, present now: what a loader does for a segment's page. */
static int map_test_page(struct mm_struct *mm, unsigned long va, unsigned int prot)
{
	int err = mm_map_area(mm, va, PAGE_SIZE, prot, 0);

	return err ? err : mm_populate(mm, va, PAGE_SIZE);
}

#ifdef ELF_FUNC_DESC_E_FLAGS

/*
 * An image whose e_entry is a function descriptor starts at the descriptor's first
 * doubleword; a descriptor that is not wholly in mapped pages is refused.
 */
static __stackleak_frame_exempt void test_elf_entry_descriptor(void)
{
	const unsigned long desc[3] = { USER_TEXT_BASE + 0x100, USER_TEXT_BASE + 0x8000, 0 };
	const unsigned long bad[] = { USER_TEXT_BASE + PAGE_SIZE - 8, USER_TEXT_BASE + PAGE_SIZE, 0,
				      TASK_SIZE - 8 };
	struct mm_struct *mm = mm_create();
	struct pt_regs regs;
	int err;

	KTEST_EXPECT(mm != NULL, "mm_create failed");
	if (!mm)
		return;
	KTEST_EXPECT(map_test_page(mm, USER_TEXT_BASE, PROT_READ | PROT_WRITE) == 0, "no page");
	mm_copy_to(mm, USER_TEXT_BASE, desc, sizeof(desc));
	arch_init_user_regs(&regs, USER_TEXT_BASE, USER_STACK_TOP);
	err = arch_elf_entry(mm, &regs, ELF_FUNC_DESC_E_FLAGS);
	KTEST_EXPECT(err == 0 && instruction_pointer(&regs) == desc[0],
		     "descriptor at 0x%lx: %d, pc 0x%lx, want 0x%lx", USER_TEXT_BASE, err,
		     instruction_pointer(&regs), desc[0]);
	for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++) {
		arch_init_user_regs(&regs, bad[i], USER_STACK_TOP);
		err = arch_elf_entry(mm, &regs, ELF_FUNC_DESC_E_FLAGS);
		KTEST_EXPECT(err == -ENOEXEC, "descriptor at 0x%lx: %d, want -ENOEXEC", bad[i],
			     err);
	}
	mm_destroy(mm);
}
#endif

/*
 * The user range is [USER_BASE, TASK_SIZE): a page at USER_BASE can be mapped, none below
 * it (the NULL page never). Where the kernel's own addresses are numbers inside that range
 * (a kernel that runs untranslated), a user page mapped at the number of the kernel's text is
 * a page of the user's own: writing it leaves the kernel's text as it was.
 */
static __stackleak_frame_exempt void test_user_range(void)
{
	unsigned long text = (unsigned long)_stext & ~(PAGE_SIZE - 1), pa;
	static const char marker[] = "user page";
	struct mm_struct *mm = mm_create();
	char before[sizeof(marker)], back[sizeof(marker)];
	unsigned int prot;

	KTEST_EXPECT(mm != NULL, "mm_create failed");
	if (!mm)
		return;
	KTEST_EXPECT(map_test_page(mm, USER_BASE, PROT_READ) == 0, "USER_BASE 0x%lx not mappable",
		     USER_BASE);
	KTEST_EXPECT(map_test_page(mm, 0, PROT_READ) < 0, "the NULL page was mapped");
	KTEST_EXPECT(USER_BASE < PAGE_SIZE ||
			 map_test_page(mm, USER_BASE - PAGE_SIZE, PROT_READ) < 0,
		     "the page below USER_BASE was mapped");
	KTEST_EXPECT(USER_TEXT_BASE >= USER_BASE && USER_TEXT_BASE < TASK_SIZE,
		     "USER_TEXT_BASE 0x%lx outside the user range", USER_TEXT_BASE);
	if (text >= USER_BASE && text < TASK_SIZE) {
		memcpy(before, (const void *)text, sizeof(before));
		KTEST_EXPECT(map_test_page(mm, text, PROT_READ | PROT_WRITE) == 0,
			     "no user page at 0x%lx", text);
		KTEST_EXPECT(arch_user_page(mm, text, &pa, &prot) == 0 &&
				 pa != virt_to_phys((void *)text),
			     "the user page at 0x%lx is the kernel's own", text);
		mm_copy_to(mm, text, marker, sizeof(marker));
		mm_copy_from(mm, back, text, sizeof(back));
		KTEST_EXPECT(!memcmp(back, marker, sizeof(marker)) &&
				 !memcmp(before, (const void *)text, sizeof(before)),
			     "writing the user page at 0x%lx changed the kernel's text", text);
	}
	mm_destroy(mm);
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

/*
 * A malformed archive is refused whole, with the reader's message, and
 * nothing of it is unpacked: a bad magic in its first member, a cut inside a
 * name, a cut in the middle of the archive (a copy of the real one's start,
 * whose first members would otherwise be made again).
 */
static void test_initramfs_malformed_refused(void)
{
	static u8 bad[512];
	const size_t len = (size_t)(__initramfs_end - __initramfs_start);
	unsigned long free_before = nr_free_pages();

	memcpy(bad, __initramfs_start, sizeof(bad));
	bad[0] = 'X'; /* the first member's magic */
	KTEST_EXPECT(unpack_to_rootfs(bad, sizeof(bad)) == -EINVAL, "a bad magic was accepted");
	bad[0] = '0';
	KTEST_EXPECT(unpack_to_rootfs(bad, CPIO_HEADER_SIZE + 2) == -EINVAL,
		     "an archive cut inside a name was accepted");
	KTEST_EXPECT(unpack_to_rootfs(bad, sizeof(bad)) == -EINVAL,
		     "an archive cut short was accepted");
	KTEST_EXPECT(nr_free_pages() == free_before, "%lu free pages before, %lu after",
		     free_before, nr_free_pages());
	KTEST_EXPECT(initramfs_init(__initramfs_start, len) == 0, "the real archive is refused");
}

/*
 * Memory running out after n pages while /bin/init loads into a new address
 * space (execve before its point of no return): the load fails or not, and
 * the half-built space's teardown frees every page once. True if the load
 * never ran out.
 */
static bool load_fails_after(const struct init_image *init, unsigned long n, unsigned long *lost)
{
	static const char *const argv[] = { "init", "an argument" };
	static struct exec_args args = { .filename = "/bin/init", .kargv = argv, .kargc = 2 };
	unsigned long before = nr_free_pages();
	struct mm_struct *mm = mm_create();
	struct exec_image image;
	long err = -ENOMEM;

	if (mm) {
		count_exec_args(&args);
		page_alloc_fail_after = n;
		err = load_elf_image(mm, init->start, (size_t)(init->end - init->start), &args,
				     &image);
		page_alloc_fail_after = 0;
		mm_destroy(mm);
	}
	*lost = before - nr_free_pages();
	return err != -ENOMEM;
}

static void test_load_oom(void)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	const struct init_image *init = find_init();
	unsigned long n, lost = 0;
	bool done = false;

	KTEST_EXPECT(init != NULL, "no /bin/init in the initramfs");
	if (!init)
		return;
	for (n = 1; n < 1000 && !done && !lost; n++)
		done = load_fails_after(init, n, &lost);
	KTEST_EXPECT(done && !lost, "out of memory after %lu pages: %lu pages not back%s", n - 1,
		     lost, done ? "" : ", or still out of memory after 1000");
}

/*
 * A ramfs file written and cut with memory running out after n pages: the
 * writes cross an index table's end, each truncate gives pages back. Writes
 * stop short (or fail) where memory ends; every page goes back once when the
 * file (unlinked at once) is closed. True if memory never ran out.
 */
static bool ramfs_fails_after(unsigned long n, unsigned long *lost)
{
	static const u8 data[3 * PAGE_SIZE];
	const loff_t edge = (loff_t)(PAGE_SIZE / sizeof(void *)) * PAGE_SIZE; /* one index table */
	const loff_t at[] = { 0, edge - PAGE_SIZE - 100, 5 * edge + 7 };
	unsigned long before = nr_free_pages();
	struct file *f = filp_open("/tmp/.oomtest", O_RDWR | O_CREAT | O_EXCL, 0600);
	bool ran_out = false;

	if (IS_ERR(f)) {
		*lost = 1;
		return true;
	}
	vfs_unlink(f->f_path.dentry->d_parent->d_inode, f->f_path.dentry);
	page_alloc_fail_after = n;
	for (unsigned int i = 0; i < ARRAY_SIZE(at); i++) {
		loff_t pos = at[i];

		ran_out |= kernel_write(f, data, sizeof(data), &pos) != (ssize_t)sizeof(data);
	}
	vfs_truncate(f->f_inode, edge + 10);
	vfs_truncate(f->f_inode, PAGE_SIZE + 1);
	for (unsigned int i = 0; i < ARRAY_SIZE(at); i++) {
		loff_t pos = at[i];

		ran_out |= kernel_write(f, data, sizeof(data), &pos) != (ssize_t)sizeof(data);
	}
	vfs_truncate(f->f_inode, 0);
	page_alloc_fail_after = 0;
	fput(f);
	*lost = before - nr_free_pages();
	return !ran_out;
}

static void test_ramfs_oom(void)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	unsigned long n, lost = 0;
	bool done = false;

	for (n = 1; n < 100 && !done && !lost; n++)
		done = ramfs_fails_after(n, &lost);
	KTEST_EXPECT(done && !lost, "out of memory after %lu pages: %lu pages not back%s", n - 1,
		     lost, done ? "" : ", or still out of memory after 100");
}

/*
 * A rename over an existing file that runs out of memory (the new name is too
 * long for a dentry's inline room) fails as a whole: the target is still
 * there, with its data, and the source keeps its name.
 */
#define RENAME_FROM "/tmp/.oom-rename-from"
#define RENAME_TO   "/tmp/.oom-rename-to-a-name-longer-than-a-dentry-holds-inline"

static void test_rename_oom(void)
{
	stackleak_track_stack(); /* a frame bigger than the stackleak search depth */
	unsigned long before = nr_free_pages();
	struct file *from = filp_open(RENAME_FROM, O_RDWR | O_CREAT | O_EXCL, 0600);
	struct file *to = filp_open(RENAME_TO, O_RDWR | O_CREAT | O_EXCL, 0600), *f;
	struct inode *dir;
	loff_t pos = 0;
	int err;

	KTEST_EXPECT(!IS_ERR(from) && !IS_ERR(to), "cannot create the files");
	if (IS_ERR(from) || IS_ERR(to))
		return;
	kernel_write(to, "target", 6, &pos);
	dir = to->f_path.dentry->d_parent->d_inode;
	page_alloc_fail_after = 1;
	err = dir->i_op->rename(dir, from->f_path.dentry, dir, to->f_path.dentry, 0);
	page_alloc_fail_after = 0;
	f = filp_open(RENAME_TO, O_RDONLY, 0);
	KTEST_EXPECT(err < 0 && !IS_ERR(f) && f->f_inode == to->f_inode,
		     "rename out of memory gave %d, and the target is %s", err,
		     IS_ERR(f)		       ? "gone" :
		     f->f_inode == to->f_inode ? "there" :
						 "another file");
	if (!IS_ERR(f))
		fput(f);
	f = filp_open(RENAME_FROM, O_RDONLY, 0);
	KTEST_EXPECT(!IS_ERR(f), "the source lost its name");
	if (!IS_ERR(f))
		fput(f);
	if (!to->f_path.dentry->d_unlinked)
		vfs_unlink(dir, to->f_path.dentry);
	if (!from->f_path.dentry->d_unlinked)
		vfs_unlink(dir, from->f_path.dentry);
	fput(to);
	fput(from);
	KTEST_EXPECT(nr_free_pages() == before, "%lu free pages before, %lu after", before,
		     nr_free_pages());
}

const struct ktest ktests_exec[] = {
	{ "exec.initramfs_malformed_refused", test_initramfs_malformed_refused },
	{ "exec.user_range", test_user_range },
	{ "exec.elf_check_rejects_foreign", test_elf_check_rejects_foreign },
	{ "exec.elf_entry_own_abi", test_elf_entry_own_abi },
#ifdef ELF_FUNC_DESC_E_FLAGS
	{ "exec.elf_entry_descriptor", test_elf_entry_descriptor },
#endif
	{ "exec.segments_sharing_a_page", test_segments_sharing_a_page },
	{ "exec.load_oom", test_load_oom },
	{ "exec.ramfs_oom", test_ramfs_oom },
	{ "exec.rename_oom", test_rename_oom },
	{ NULL, NULL }
};

#endif /* CONFIG_KTEST */
