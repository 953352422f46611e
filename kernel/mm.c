// SPDX-License-Identifier: MIT
/*
 * User address spaces. The architecture builds the page tables (arch_mm_init,
 * arch_map_user); this file decides what is mapped and remembers it.
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/string.h>
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
		.va = va,
		.pa = virt_to_phys(page),
		.prot = prot,
	};
	return 0;
}

/*
 * Copies between kernel memory and mapped pages of mm, a page at a time,
 * through the kernel's view of physical memory. The caller has checked that
 * every page of [va, va + n) is mapped (uaccess's access_ok, the loader's own
 * mapping).
 */
static void mm_copy(struct mm_struct *mm, unsigned long va, u8 *dst, const u8 *src, size_t n)
{
	while (n) {
		u8 *page = phys_to_virt(mm_find_page(mm, va)->pa);
		unsigned long off = va & (PAGE_SIZE - 1);
		size_t chunk = PAGE_SIZE - off < n ? PAGE_SIZE - off : n;

		if (dst)
			memcpy(dst, page + off, chunk); /* from the user page */
		else
			memcpy(page + off, src, chunk); /* to the user page */
		dst = dst ? dst + chunk : NULL;
		src = src ? src + chunk : NULL;
		va += chunk;
		n -= chunk;
	}
}

void mm_copy_to(struct mm_struct *mm, unsigned long va, const void *src, size_t n)
{
	mm_copy(mm, va, NULL, src, n);
}

void mm_copy_from(struct mm_struct *mm, void *dst, unsigned long va, size_t n)
{
	mm_copy(mm, va, dst, NULL, n);
}
