// SPDX-License-Identifier: MIT
/*
 * The physical page allocator. Pages never used yet are handed out from the
 * bottom of RAM upwards by moving a pointer; a freed page goes on a free list,
 * linked through its own first word (as xv6's kalloc does), and is reused
 * first. Touching only what is used keeps boot fast when RAM is large. Pages
 * are handed out zeroed, so no task ever sees what another left behind.
 *
 * Every page has a reference count (page_refs[], at the bottom of free RAM):
 * fork shares a task's pages instead of copying them (docs/memory.md), and a
 * shared page is freed only when its last user drops it. The counts change
 * under the kernel lock, as everything here.
 */
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>

extern char _end[]; /* end of the kernel image, from arch/<arch>/kernel.lds */

struct free_page {
	struct free_page *next;
};

static struct free_page *free_list;
static unsigned long free_count;	      /* pages on free_list */
static unsigned long next_unused, end_unused; /* physical; never handed out yet */
static unsigned long refs_base;		      /* the physical page page_refs[0] counts */
static u16 *page_refs;			      /* one count per page from refs_base up */

static bool is_reserved(unsigned long pa)
{
	for (unsigned int i = 0; i < boot_info.nr_reserved; i++)
		if (pa + PAGE_SIZE > boot_info.reserved[i].start &&
		    pa < boot_info.reserved[i].start + boot_info.reserved[i].size)
			return true;
	return false;
}

void page_alloc_init(void)
{
	unsigned long start = ALIGN(virt_to_phys(_end), PAGE_SIZE);
	unsigned long end = ALIGN_DOWN(boot_info.mem_start + boot_info.mem_size, PAGE_SIZE);

	/* The kernel may sit below the RAM range the firmware described. */
	if (start < boot_info.mem_start)
		start = ALIGN(boot_info.mem_start, PAGE_SIZE);
	if (end <= start)
		panic("no free memory: kernel ends at 0x%lx, RAM 0x%llx+0x%llx", start,
		      (unsigned long long)boot_info.mem_start,
		      (unsigned long long)boot_info.mem_size);
	/* The counts take the first pages of the range; they count the rest. */
	page_refs = phys_to_virt(start);
	start += ALIGN((end - start) / PAGE_SIZE * sizeof(*page_refs), PAGE_SIZE);
	if (end <= start)
		panic("no free memory after the page counts");
	memset(page_refs, 0, (end - start) / PAGE_SIZE * sizeof(*page_refs));
	refs_base = start;
	next_unused = start;
	end_unused = end;
	printk("memory:  %lu pages free (0x%lx-0x%lx)\n", nr_free_pages(), start, end);
}

/* The next never-used page that is not reserved, or 0 when none is left. */
static unsigned long take_unused(void)
{
	while (next_unused < end_unused) {
		unsigned long pa = next_unused;

		next_unused += PAGE_SIZE;
		if (!is_reserved(pa))
			return pa;
	}
	return 0;
}

/* page's reference count; a page this allocator never handed out is a bug. */
static u16 *page_ref(const void *page)
{
	unsigned long pa = virt_to_phys(page);

	BUG_ON(!page || (pa & (PAGE_SIZE - 1)) || pa < refs_base || pa >= end_unused);
	return &page_refs[(pa - refs_base) / PAGE_SIZE];
}

#ifdef CONFIG_KTEST
unsigned long page_alloc_fail_after;

/* The in-kernel tests' out-of-memory: page_alloc_fail_after - 1 more allocations, then none. */
bool should_fail_alloc(void)
{
	if (!page_alloc_fail_after)
		return false;
	if (page_alloc_fail_after == 1)
		return true;
	page_alloc_fail_after--;
	return false;
}
#endif

void *alloc_page(void)
{
	struct free_page *p = free_list;
	unsigned long pa;

	if (should_fail_alloc())
		return NULL;
	if (p) {
		free_list = p->next;
		free_count--;
	} else {
		pa = take_unused();
		if (!pa)
			return NULL;
		p = phys_to_virt(pa);
	}
	memset(p, 0, PAGE_SIZE);
	*page_ref(p) = 1;
	return p;
}

void get_page(void *page)
{
	u16 *ref = page_ref(page);

	BUG_ON(*ref == 0 || *ref == 0xffff);
	(*ref)++;
}

unsigned int page_count(const void *page)
{
	return *page_ref(page);
}

void free_page(void *page)
{
	struct free_page *p = page;
	u16 *ref = page_ref(page);

	BUG_ON(*ref == 0); /* freed twice */
	if (--*ref)
		return; /* still shared */
	p->next = free_list;
	free_list = p;
	free_count++;
}

unsigned long nr_free_pages(void)
{
	unsigned long n = free_count;

	for (unsigned long pa = next_unused; pa < end_unused; pa += PAGE_SIZE)
		n += !is_reserved(pa);
	return n;
}
