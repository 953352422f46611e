// SPDX-License-Identifier: MIT
/*
 * The physical page allocator. Pages never used yet are handed out from the
 * bottom of RAM upwards by moving a pointer; a freed page goes on a free list,
 * linked through its own first word (as xv6's kalloc does), and is reused
 * first. Touching only what is used keeps boot fast when RAM is large. Pages
 * are handed out zeroed, so no task ever sees what another left behind.
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

void *alloc_page(void)
{
	struct free_page *p = free_list;
	unsigned long pa;

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
	return p;
}

void free_page(void *page)
{
	struct free_page *p = page;

	BUG_ON(!page || ((unsigned long)page & (PAGE_SIZE - 1)));
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
