// SPDX-License-Identifier: MIT
/*
 * In-kernel tests, group mm: the address-space API of mm/ that fork and the
 * loader use (include/trapdoor/mm.h). The address spaces here never run: the
 * tests look at the page tables through the arch hooks and at the pages'
 * reference counts. They run once, at boot, before any task.
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <trapdoor/string.h>
#include <uapi/errno.h>

#include "selftest.h"

#ifdef CONFIG_KTEST

#define TEST_VA (USER_BASE + 64 * PAGE_SIZE)
#define PROT_RW (PROT_READ | PROT_WRITE)

/* The page at va of mm: its physical address, 0 if none; *prot its protection. */
static unsigned long page_at(struct mm_struct *mm, unsigned long va, unsigned int *prot)
{
	unsigned long pa;

	return arch_user_page(mm, va, &pa, prot) == 0 ? pa : 0;
}

/*
 * fork's sharing and the write that breaks it: after mm_dup() both spaces
 * map the same page read-only, counted twice; a write in the child copies
 * it; the parent's write then finds itself the last holder and gets its page
 * back writable, uncopied. Every page is free again afterwards.
 */
static __stackleak_frame_exempt void test_dup_cow(void)
{
	unsigned long before = nr_free_pages(), pa, cpa;
	struct mm_struct *mm = mm_create(), *child = mm_create();
	unsigned int prot = ~0U, cprot = ~0U;
	char got[4] = "";
	int err;

	KTEST_EXPECT(mm && child, "mm_create failed");
	if (!mm || !child)
		return;
	err = mm_map_area(mm, TEST_VA, 4 * PAGE_SIZE, PROT_RW, 0);
	KTEST_EXPECT(err == 0, "mm_map_area gave %d", err);
	err = mm_map_area(mm, TEST_VA + PAGE_SIZE, PAGE_SIZE, PROT_RW, 0);
	KTEST_EXPECT(err == -EEXIST, "an overlapping area gave %d, want -EEXIST", err);
	KTEST_EXPECT(page_at(mm, TEST_VA, &prot) == 0, "a page before the first touch");
	err = mm_copy_to(mm, TEST_VA + 10, "abc", 4);
	KTEST_EXPECT(err == 0, "mm_copy_to gave %d", err);
	err = mm_copy_to(mm, TEST_VA + 4 * PAGE_SIZE, "x", 1);
	KTEST_EXPECT(err == -EFAULT, "a copy past the area gave %d, want -EFAULT", err);
	pa = page_at(mm, TEST_VA, &prot);
	KTEST_EXPECT(pa && (prot & PROT_WRITE) && page_count(phys_to_virt(pa)) == 1,
		     "after the copy: pa 0x%lx, prot %u", pa, prot);

	err = mm_dup(child, mm);
	cpa = page_at(child, TEST_VA, &cprot);
	page_at(mm, TEST_VA, &prot);
	KTEST_EXPECT(err == 0 && cpa == pa && !(prot & PROT_WRITE) && !(cprot & PROT_WRITE) &&
			 page_count(phys_to_virt(pa)) == 2,
		     "mm_dup %d: child pa 0x%lx (parent 0x%lx), prot %u/%u, count %u", err, cpa, pa,
		     prot, cprot, page_count(phys_to_virt(pa)));
	KTEST_EXPECT(page_at(child, TEST_VA + PAGE_SIZE, &cprot) == 0,
		     "fork made a page nobody touched");

	err = handle_mm_fault(child, vma_lookup(child, TEST_VA), TEST_VA, true);
	cpa = page_at(child, TEST_VA, &cprot);
	mm_copy_from(child, got, TEST_VA + 10, 4);
	KTEST_EXPECT(err == 0 && cpa && cpa != pa && (cprot & PROT_WRITE) && !strcmp(got, "abc") &&
			 page_count(phys_to_virt(pa)) == 1,
		     "the child's write: %d, pa 0x%lx, prot %u, \"%s\", old count %u", err, cpa,
		     cprot, got, page_count(phys_to_virt(pa)));
	err = handle_mm_fault(mm, vma_lookup(mm, TEST_VA), TEST_VA, true);
	KTEST_EXPECT(err == 0 && page_at(mm, TEST_VA, &prot) == pa && (prot & PROT_WRITE),
		     "the parent's write: %d, prot %u (a copy, or still read-only)", err, prot);

	mm_destroy(child);
	mm_destroy(mm);
	KTEST_EXPECT(nr_free_pages() == before, "%lu free pages before, %lu after", before,
		     nr_free_pages());
}

/*
 * One fork and its writes with memory running out after n pages: mm_dup()
 * of two areas with present pages, then a write to every page in the child
 * and the parent, and a copy across pages. Any step may fail with -ENOMEM;
 * none may free a page twice (free_page()'s BUG) and, both spaces gone,
 * every page must be back. True if memory never ran out.
 */
static bool dup_cow_fails_after(unsigned long n, unsigned long *lost)
{
	/* Pages on both sides of a page table's end (4 KiB pages): fork can fail between them. */
	static const unsigned long areas[][2] = { { TEST_VA, 8 },
						  { (2UL << 20) - 4 * PAGE_SIZE, 8 },
						  { (1UL << 30) - 4 * PAGE_SIZE, 8 } };
	unsigned long before = nr_free_pages();
	struct mm_struct *mm = mm_create(), *child = mm_create();
	static char data[2 * PAGE_SIZE];
	bool ran_out = false;
	int err;

	if (!mm || !child) {
		*lost = 1;
		return true;
	}
	memset(data, 0x5a, sizeof(data));
	for (unsigned int a = 0; a < ARRAY_SIZE(areas); a++) {
		mm_map_area(mm, areas[a][0], areas[a][1] * PAGE_SIZE, PROT_RW, 0);
		for (unsigned long i = 0; i < areas[a][1]; i += 2)
			mm_copy_to(mm, areas[a][0] + i * PAGE_SIZE, data, PAGE_SIZE);
	}
	page_alloc_fail_after = n;
	err = mm_dup(child, mm);
	ran_out |= err == -ENOMEM;
	for (unsigned int a = 0; !err && a < ARRAY_SIZE(areas); a++) {
		for (unsigned long i = 0; i < areas[a][1]; i++) {
			unsigned long va = areas[a][0] + i * PAGE_SIZE;

			ran_out |=
			    handle_mm_fault(child, vma_lookup(child, va), va, true) == -ENOMEM;
			ran_out |= handle_mm_fault(mm, vma_lookup(mm, va), va, true) == -ENOMEM;
		}
		ran_out |= mm_copy_to(child, areas[a][0] + 100, data, sizeof(data)) == -ENOMEM;
	}
	page_alloc_fail_after = 0;
	mm_destroy(child);
	mm_destroy(mm);
	*lost = before - nr_free_pages();
	return !ran_out;
}

/* dup_cow_fails_after() for every n until memory no longer runs out. */
static __stackleak_frame_exempt void test_dup_cow_oom(void)
{
	unsigned long n, lost = 0;
	bool done = false;

	for (n = 1; n < 200 && !done && !lost; n++)
		done = dup_cow_fails_after(n, &lost);
	KTEST_EXPECT(done && !lost, "out of memory after %lu pages: %lu pages not back%s", n - 1,
		     lost, done ? "" : ", or still out of memory after 200");
}

const struct ktest ktests_mm[] = {
	{ "mm.dup_cow", test_dup_cow },
	{ "mm.dup_cow_oom", test_dup_cow_oom },
	{ NULL, NULL },
};

#endif /* CONFIG_KTEST */
