// SPDX-License-Identifier: MIT
/*
 * In-kernel tests, group pgtable: the user-page hooks of the arch's page tables
 * (arch_map_user(), arch_user_page(), arch_protect_user(), arch_unmap_user()), which are the
 * one record of what a task has mapped. Each test builds an address space of its own that
 * never runs, so only the tables are looked at, never a TLB. The tests run once, at boot,
 * before any task: their frames are exempt from the stackleak search depth.
 */
#include <trapdoor/arch.h>
#include <trapdoor/mm.h>
#include <uapi/errno.h>

#include "selftest.h"

#ifdef CONFIG_KTEST

static struct mm_struct test_mm;

/* A page in the middle of the user range, and its last page. */
#define TEST_VA	 (USER_BASE + 16 * PAGE_SIZE)
#define LAST_VA	 (TASK_SIZE - PAGE_SIZE)
#define PROT_RW	 (PROT_READ | PROT_WRITE)
#define PROT_RX	 (PROT_READ | PROT_EXEC)
#define PROT_RWX (PROT_READ | PROT_WRITE | PROT_EXEC)

/* Lookup of va: its result, *pa and *prot (~0 where the hook left them alone). */
static int lookup(unsigned long va, unsigned long *pa, unsigned int *prot)
{
	*pa = ~0UL;
	*prot = ~0U;
	return arch_user_page(&test_mm, va, pa, prot);
}

/* A fresh address space and a page for it; false (after a failed expectation) if none. */
static bool setup(void **page)
{
	int err = arch_mm_init(&test_mm);

	KTEST_EXPECT(err == 0, "arch_mm_init gave %d", err);
	*page = err ? NULL : alloc_page();
	KTEST_EXPECT(err || *page, "no page");
	if (!err && !*page)
		arch_mm_destroy(&test_mm);
	return *page;
}

static void teardown(void *page)
{
	arch_mm_destroy(&test_mm);
	free_page(page);
}

/* What is mapped reads back: pa and prot, from any byte of the page; -EBUSY over it. */
static __stackleak_frame_exempt void test_map_lookup(void)
{
	static const unsigned int prots[] = { PROT_READ, PROT_RW, PROT_RX, PROT_RWX };
	unsigned long pa, got_pa;
	unsigned int got_prot;
	void *page;
	int ret;

	if (!setup(&page))
		return;
	pa = virt_to_phys(page);
	for (unsigned int i = 0; i < ARRAY_SIZE(prots); i++) {
		unsigned long va = TEST_VA + i * PAGE_SIZE;

		ret = arch_map_user(&test_mm, va, pa, prots[i]);
		KTEST_EXPECT(ret == 0, "map 0x%lx prot %u gave %d", va, prots[i], ret);
		ret = lookup(va + 123, &got_pa, &got_prot);
		KTEST_EXPECT(ret == 0 && got_pa == pa && got_prot == prots[i],
			     "lookup 0x%lx gave %d, pa 0x%lx prot %u; want pa 0x%lx prot %u",
			     va + 123, ret, got_pa, got_prot, pa, prots[i]);
	}
	ret = arch_map_user(&test_mm, TEST_VA, pa, PROT_READ);
	KTEST_EXPECT(ret == -EBUSY, "mapping a mapped page gave %d, want -EBUSY", ret);
	ret = lookup(TEST_VA - PAGE_SIZE, &got_pa, &got_prot);
	KTEST_EXPECT(ret == -ENOENT, "lookup of an unmapped neighbour gave %d, want -ENOENT", ret);
	ret = lookup(TEST_VA + 0x40000000UL, &got_pa, &got_prot);
	KTEST_EXPECT(ret == -ENOENT || TEST_VA + 0x40000000UL >= TASK_SIZE,
		     "lookup 1 GiB further (no tables there) gave %d, want -ENOENT", ret);
	ret = arch_map_user(&test_mm, LAST_VA, pa, PROT_RW);
	KTEST_EXPECT(ret == 0, "map of the last user page 0x%lx gave %d", LAST_VA, ret);
	ret = lookup(LAST_VA, &got_pa, &got_prot);
	KTEST_EXPECT(ret == 0 && got_pa == pa && got_prot == PROT_RW,
		     "lookup of the last page gave %d, pa 0x%lx prot %u", ret, got_pa, got_prot);
	teardown(page);
}

/* protect changes prot and keeps pa; PROT_NONE keeps the page too; unmapped is -ENOENT. */
static __stackleak_frame_exempt void test_protect(void)
{
	static const unsigned int prots[] = { PROT_READ, PROT_RX, 0, PROT_RW, PROT_RWX, PROT_READ };
	unsigned long pa, got_pa;
	unsigned int got_prot;
	void *page;
	int ret;

	if (!setup(&page))
		return;
	pa = virt_to_phys(page);
	ret = arch_map_user(&test_mm, TEST_VA, pa, PROT_RW);
	KTEST_EXPECT(ret == 0, "map gave %d", ret);
	for (unsigned int i = 0; i < ARRAY_SIZE(prots); i++) {
		ret = arch_protect_user(&test_mm, TEST_VA, prots[i]);
		KTEST_EXPECT(ret == 0, "protect to %u gave %d", prots[i], ret);
		ret = lookup(TEST_VA, &got_pa, &got_prot);
		KTEST_EXPECT(
		    ret == 0 && got_pa == pa && got_prot == prots[i],
		    "after protect to %u: lookup gave %d, pa 0x%lx prot %u (want pa 0x%lx)",
		    prots[i], ret, got_pa, got_prot, pa);
	}
	ret = arch_protect_user(&test_mm, TEST_VA + PAGE_SIZE, PROT_READ);
	KTEST_EXPECT(ret == -ENOENT, "protect of an unmapped page gave %d, want -ENOENT", ret);
	ret = arch_map_user(&test_mm, TEST_VA, pa, PROT_RW);
	KTEST_EXPECT(ret == -EBUSY, "map over a protected page gave %d, want -EBUSY", ret);
	teardown(page);
}

/* unmap returns the page and leaves nothing; unmapping again returns 0; PROT_NONE too. */
static __stackleak_frame_exempt void test_unmap(void)
{
	unsigned long pa, got_pa, ret_pa;
	unsigned int got_prot;
	void *page;
	int ret;

	if (!setup(&page))
		return;
	pa = virt_to_phys(page);
	ret = arch_map_user(&test_mm, TEST_VA, pa, PROT_RW);
	KTEST_EXPECT(ret == 0, "map gave %d", ret);
	ret_pa = arch_unmap_user(&test_mm, TEST_VA);
	KTEST_EXPECT(ret_pa == pa, "unmap gave 0x%lx, want 0x%lx", ret_pa, pa);
	ret = lookup(TEST_VA, &got_pa, &got_prot);
	KTEST_EXPECT(ret == -ENOENT, "lookup after unmap gave %d (pa 0x%lx), want -ENOENT", ret,
		     got_pa);
	ret = arch_protect_user(&test_mm, TEST_VA, PROT_READ);
	KTEST_EXPECT(ret == -ENOENT, "protect after unmap gave %d, want -ENOENT", ret);
	ret_pa = arch_unmap_user(&test_mm, TEST_VA);
	KTEST_EXPECT(ret_pa == 0, "unmapping an unmapped page gave 0x%lx, want 0", ret_pa);
	ret_pa = arch_unmap_user(&test_mm, TEST_VA + 0x40000000UL);
	KTEST_EXPECT(ret_pa == 0, "unmapping where no table is gave 0x%lx, want 0", ret_pa);
	ret = arch_map_user(&test_mm, TEST_VA, pa, PROT_READ);
	KTEST_EXPECT(ret == 0, "map after unmap gave %d", ret);
	ret = arch_protect_user(&test_mm, TEST_VA, 0);
	KTEST_EXPECT(ret == 0, "protect to none gave %d", ret);
	ret_pa = arch_unmap_user(&test_mm, TEST_VA);
	KTEST_EXPECT(ret_pa == pa, "unmap of a PROT_NONE page gave 0x%lx, want 0x%lx", ret_pa, pa);
	ret = lookup(TEST_VA, &got_pa, &got_prot);
	KTEST_EXPECT(ret == -ENOENT, "lookup after that unmap gave %d, want -ENOENT", ret);
	teardown(page);
}

/* Every hook refuses a page outside [USER_BASE, TASK_SIZE), or not page-aligned. */
static __stackleak_frame_exempt void test_bounds(void)
{
	const unsigned long bad[] = { USER_BASE - PAGE_SIZE, TASK_SIZE, 0, TEST_VA + 8 };
	unsigned long pa, got_pa;
	unsigned int got_prot;
	void *page;
	int ret;

	if (!setup(&page))
		return;
	pa = virt_to_phys(page);
	for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++) {
		unsigned long va = bad[i];

		ret = arch_map_user(&test_mm, va, pa, PROT_RW);
		KTEST_EXPECT(ret == -EINVAL, "map 0x%lx gave %d, want -EINVAL", va, ret);
		ret = arch_protect_user(&test_mm, va, PROT_READ);
		KTEST_EXPECT(ret == -EINVAL, "protect 0x%lx gave %d, want -EINVAL", va, ret);
		KTEST_EXPECT(arch_unmap_user(&test_mm, va) == 0, "unmap 0x%lx did not give 0", va);
		if (va != TEST_VA + 8) { /* a lookup takes any byte of a page */
			ret = lookup(va, &got_pa, &got_prot);
			KTEST_EXPECT(ret == -EINVAL, "lookup 0x%lx gave %d, want -EINVAL", va, ret);
		}
	}
	/* The page just below TASK_SIZE is still a user page: map and unmap both work. */
	ret = arch_map_user(&test_mm, LAST_VA, pa, PROT_READ);
	KTEST_EXPECT(ret == 0, "map of the last page gave %d", ret);
	KTEST_EXPECT(arch_unmap_user(&test_mm, LAST_VA) == pa, "unmap of the last page failed");
	teardown(page);
}

/*
 * A task may map 64 MiB plus an 8 MiB stack: more than 18,500 pages. All of them map (the
 * same page, so only the tables cost memory), read back, unmap, and every table is freed.
 */
#define MANY_PAGES 20480 /* 80 MiB */

static __stackleak_frame_exempt void test_many_pages(void)
{
	unsigned long before = nr_free_pages(), pa, got_pa, failed = 0;
	unsigned int got_prot;
	void *page;
	int ret = 0;

	if (!setup(&page))
		return;
	pa = virt_to_phys(page);
	for (unsigned long i = 0; i < MANY_PAGES && !ret; i++)
		ret = arch_map_user(&test_mm, USER_BASE + i * PAGE_SIZE, pa, PROT_RW);
	KTEST_EXPECT(ret == 0, "a map of %u pages failed: %d", MANY_PAGES, ret);
	for (unsigned long i = 0; i < MANY_PAGES; i += 97) {
		ret = lookup(USER_BASE + i * PAGE_SIZE, &got_pa, &got_prot);
		failed += ret != 0 || got_pa != pa || got_prot != PROT_RW;
	}
	KTEST_EXPECT(!failed, "%lu lookups of mapped pages failed", failed);
	for (unsigned long i = 0; i < MANY_PAGES; i += 2)
		failed += arch_unmap_user(&test_mm, USER_BASE + i * PAGE_SIZE) != pa;
	KTEST_EXPECT(!failed, "%lu unmaps failed", failed);
	teardown(page);
	KTEST_EXPECT(nr_free_pages() == before, "%ld pages not freed",
		     (long)(before - nr_free_pages()));
}

const struct ktest ktests_pgtable[] = {
	{ "pgtable.map_lookup", test_map_lookup }, { "pgtable.protect", test_protect },
	{ "pgtable.unmap", test_unmap },	   { "pgtable.bounds", test_bounds },
	{ "pgtable.many_pages", test_many_pages }, { NULL, NULL }
};

#endif /* CONFIG_KTEST */
