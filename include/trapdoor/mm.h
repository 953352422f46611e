/* SPDX-License-Identifier: MIT */
/*
 * Memory: a physical page allocator and the user address space of a task.
 *
 * The kernel keeps, for every address space, a list of the user pages it
 * mapped (virtual page, physical page, protection). The architecture keeps the
 * page tables the MMU reads; common code keeps this list, so uaccess can check
 * a user pointer against it and copy through the kernel's own view of physical
 * memory — it never dereferences a user address, and a bad pointer can never
 * fault the kernel.
 */
#ifndef TRAPDOOR_INCLUDE_TRAPDOOR_MM_H
#define TRAPDOOR_INCLUDE_TRAPDOOR_MM_H

#include <trapdoor/types.h>
#include <asm/mmu.h>  /* struct arch_mm */
#include <asm/page.h> /* PAGE_SIZE, USER_BASE, USER_STACK_TOP, virt_to_phys */

#define PROT_READ  0x1
#define PROT_WRITE 0x2
#define PROT_EXEC  0x4

#define MAX_USER_PAGES 512 /* 2 MiB of user memory per task */

struct user_page {
	unsigned long va; /* user virtual address of the page */
	unsigned long pa; /* physical address backing it */
	unsigned int prot;
};

struct mm_struct {
	struct arch_mm arch; /* page-table root, ASID, ... */
	unsigned int nr_pages;
	struct user_page pages[MAX_USER_PAGES];
	unsigned long brk; /* end of the loaded image */
};

/* kernel/page_alloc.c: zeroed 4 KiB pages, by kernel virtual address. */
void page_alloc_init(void);
void *alloc_page(void);
void free_page(void *page);
unsigned long nr_free_pages(void);

/* kernel/traps.c: W^X and stack guard pages for the kernel's own mapping. */
void kernel_protect(void);

/* kernel/mm.c */
struct mm_struct *mm_create(void);
void mm_destroy(struct mm_struct *mm);
/* Allocates a zeroed page and maps it at va (page aligned) with prot. */
int mm_map_page(struct mm_struct *mm, unsigned long va, unsigned int prot);
/* The page holding va, or NULL if va is not mapped. */
const struct user_page *mm_find_page(const struct mm_struct *mm, unsigned long va);
/* Copy to or from mapped pages of mm; every page of the range must be mapped. */
void mm_copy_to(struct mm_struct *mm, unsigned long va, const void *src, size_t n);
void mm_copy_from(struct mm_struct *mm, void *dst, unsigned long va, size_t n);

#endif
