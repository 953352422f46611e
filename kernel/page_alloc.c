// SPDX-License-Identifier: MIT
/*
 * The physical page allocator: every 4 KiB page of RAM above the kernel image
 * goes on a free list, linked through the first word of each free page (as
 * xv6's kalloc does). Pages are handed out zeroed, so no task ever sees what
 * another left behind.
 */
#include <trapdoor/mm.h>
#include <trapdoor/panic.h>
#include <trapdoor/printk.h>
#include <trapdoor/setup.h>
#include <trapdoor/string.h>

extern char _end[];	/* end of the kernel image, from arch/<arch>/kernel.lds */

struct free_page {
	struct free_page *next;
};

static struct free_page *free_list;
static unsigned long free_count;

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
	/* Free from the top down so that the list hands out low pages first. */
	for (unsigned long pa = end - PAGE_SIZE; pa >= start; pa -= PAGE_SIZE) {
		struct free_page *p = phys_to_virt(pa);

		if (is_reserved(pa))
			continue;
		p->next = free_list;
		free_list = p;
		free_count++;
	}
	printk("memory:  %lu pages free (0x%lx-0x%lx)\n", free_count, start, end);
}

void *alloc_page(void)
{
	struct free_page *p = free_list;

	if (!p)
		return NULL;
	free_list = p->next;
	free_count--;
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
	return free_count;
}
