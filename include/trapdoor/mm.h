/* SPDX-License-Identifier: MIT */
/*
 * Memory (mm/): the physical page allocator, user address spaces and their
 * faults.
 *
 * An address space is a sorted list of areas (VMAs: start, end, protection)
 * and the page tables. The areas say what the task may touch; the page
 * tables, read and written only through the arch hooks (arch_map_user,
 * arch_user_page, arch_protect_user, arch_unmap_user of arch.h), are the one
 * record of which page is present where. A page of an area is allocated on
 * its first touch (demand-zero, do_user_page_fault()). fork shares every
 * present page read-only and counts the sharers (page_count()); the first
 * write to such a page copies it (copy-on-write). docs/memory.md.
 *
 * uaccess checks a user pointer against the areas and copies through the
 * kernel's own view of physical memory: the kernel never dereferences a user
 * address, and a bad pointer can never fault the kernel.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_MM_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_MM_H

#include <trapdoor/types.h>
#include <asm/mmu.h>  /* struct arch_mm */
#include <asm/page.h> /* PAGE_SIZE, USER_BASE, TASK_SIZE, USER_STACK_TOP, virt_to_phys */

#include <uapi/mman.h> /* PROT_* */

/* The user stack: an area of STACK_SIZE below USER_STACK_TOP, and nothing mapped in the gap below. */
#define STACK_SIZE	(8UL << 20)	  /* Linux's default RLIMIT_STACK */
#define STACK_GUARD_GAP (256 * PAGE_SIZE) /* Linux's stack_guard_gap */

/* What an area is for (vm_flags): only where it may grow or shrink. */
#define VM_STACK 0x1 /* the stack area */
#define VM_BRK	 0x2 /* the heap, from start_brk up to brk */

/* Areas per address space: a glibc or musl program uses a dozen or two. */
#define MAX_VMAS 64

/* One area: [vm_start, vm_end), page aligned, with one protection. */
struct vm_area_struct {
	unsigned long vm_start, vm_end;
	unsigned int vm_prot;  /* PROT_* */
	unsigned int vm_flags; /* VM_* */
};

struct mm_struct {
	struct arch_mm arch; /* the page tables: page-table root, ASID, ... */
	unsigned int map_count;
	struct vm_area_struct vmas[MAX_VMAS]; /* sorted by vm_start, never overlapping */
	unsigned int mmap_cache;	      /* vma_lookup()'s last find: an index, a hint only */
	unsigned long start_brk, brk;	      /* the heap: page-aligned end of the image, brk() */
	unsigned long sigpage;		      /* the signal page's user address, 0 if none (exec) */
};

/*
 * mm/page_alloc.c: zeroed 4 KiB pages, by kernel virtual address, each with a
 * reference count. alloc_page() gives one reference; get_page() adds one (a
 * page shared by fork); free_page() drops one and frees the page with the
 * last.
 */
void page_alloc_init(void);
void *alloc_page(void);
void free_page(void *page);
void get_page(void *page);
unsigned int page_count(const void *page);
unsigned long nr_free_pages(void);
/*
 * In-kernel tests only: if page_alloc_fail_after is not 0, alloc_page() and
 * kmalloc() succeed that many times less one, then give NULL.
 */
#ifdef CONFIG_KTEST
extern unsigned long page_alloc_fail_after;
bool should_fail_alloc(void);
#else
static inline bool should_fail_alloc(void)
{
	return false;
}
#endif

/* kernel/traps.c: W^X and stack guard pages for the kernel's own mapping. */
void kernel_protect(void);

/*
 * The address-space API of the loader (kernel/exec.c) and fork, in
 * mm/mmap.c and mm/memory.c. Every call returns 0 or a negative errno.
 *
 *	mm_create()	an empty address space: no area, no page (NULL: none free)
 *	mm_destroy()	frees every page and area of mm, and mm itself
 *	mm_map_area()	a new area [start, start + len) with prot; start and len
 *			page aligned, inside [USER_BASE, TASK_SIZE); -EEXIST if it
 *			overlaps an area. Its pages are zero until written.
 *	mm_setup_stack() the stack area below USER_STACK_TOP (STACK_SIZE)
 *	mm_set_brk()	the heap starts (empty) at end, page aligned up: the end
 *			of the loaded image
 *	mm_copy_to()	copy into mm's areas whatever their protection (the
 *	mm_copy_from()	loader writes text), making pages present on the way;
 *			-EFAULT if a byte lies outside every area, -ENOMEM
 *	mm_populate()	makes every page of [start, start + len) present now, as
 *			if touched (Linux's MAP_POPULATE); -EFAULT outside the areas
 *	mm_dup()	fork: a copy of mm in the new (empty) mm, pages shared COW
 *	mm_mprotect()	mprotect(2) on mm: its areas and present pages get prot
 *	mm_map_special_page() a kernel page (the signal page) into mm where an
 *			mmap would go, with prot; its address or an errno
 */
struct mm_struct *mm_create(void);
void mm_destroy(struct mm_struct *mm);
int mm_map_area(struct mm_struct *mm, unsigned long start, unsigned long len, unsigned int prot,
		unsigned int vm_flags);
int mm_setup_stack(struct mm_struct *mm);
void mm_set_brk(struct mm_struct *mm, unsigned long end);
int mm_copy_to(struct mm_struct *mm, unsigned long va, const void *src, size_t n);
int mm_copy_from(struct mm_struct *mm, void *dst, unsigned long va, size_t n);
int mm_populate(struct mm_struct *mm, unsigned long start, unsigned long len);
int mm_dup(struct mm_struct *dst, struct mm_struct *src);
int mm_mprotect(struct mm_struct *mm, unsigned long start, size_t len, unsigned long prot);
long mm_map_special_page(struct mm_struct *mm, void *page, unsigned int prot);

/* mm/mmap.c: the area containing addr, or NULL. */
struct vm_area_struct *vma_lookup(struct mm_struct *mm, unsigned long addr);

/*
 * mm/memory.c: makes page va of vma present, and private and writable if
 * write (copying a shared page). 0, -ENOMEM.
 */
int handle_mm_fault(struct mm_struct *mm, struct vm_area_struct *vma, unsigned long va, bool write);

#endif
