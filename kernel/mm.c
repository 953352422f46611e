// SPDX-License-Identifier: MIT
/*
 * User address spaces. The architecture builds the page tables (arch_mm_init,
 * arch_map_user); this file decides what is mapped and remembers it.
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <uapi/errno.h>

/* Address spaces come from a fixed pool: one per task at most. */
#define NR_MMS 128
static struct mm_struct mm_pool[NR_MMS];
static bool mm_used[NR_MMS];

struct mm_struct *mm_create(void)
{
	for (int i = 0; i < NR_MMS; i++) {
		if (mm_used[i])
			continue;
		mm_used[i] = true;
		mm_pool[i].nr_pages = 0;
		mm_pool[i].brk = 0;
		if (arch_mm_init(&mm_pool[i]) < 0) {
			mm_used[i] = false;
			return NULL;
		}
		return &mm_pool[i];
	}
	return NULL;
}

void mm_destroy(struct mm_struct *mm)
{
	/* Unmap first, then free what was mapped. */
	arch_mm_destroy(mm);
	for (unsigned int i = 0; i < mm->nr_pages; i++)
		free_page(phys_to_virt(mm->pages[i].pa));
	mm->nr_pages = 0;
	mm_used[mm - mm_pool] = false;
}

const struct user_page *mm_find_page(const struct mm_struct *mm, unsigned long va)
{
	va &= ~(PAGE_SIZE - 1);
	for (unsigned int i = 0; i < mm->nr_pages; i++)
		if (mm->pages[i].va == va)
			return &mm->pages[i];
	return NULL;
}

int mm_map_page(struct mm_struct *mm, unsigned long va, unsigned int prot)
{
	void *page;
	int err;

	if (va & (PAGE_SIZE - 1) || va < USER_BASE || va >= USER_STACK_TOP)
		return -EINVAL;
	if (mm_find_page(mm, va))
		return -EBUSY;
	if (mm->nr_pages == MAX_USER_PAGES)
		return -ENOMEM;
	page = alloc_page();
	if (!page)
		return -ENOMEM;
	err = arch_map_user(mm, va, virt_to_phys(page), prot);
	if (err < 0) {
		free_page(page);
		return err;
	}
	mm->pages[mm->nr_pages++] = (struct user_page){
		.va = va, .pa = virt_to_phys(page), .prot = prot,
	};
	return 0;
}
